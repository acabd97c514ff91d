import { describe, expect, it } from 'vitest';
import { versionInUse } from '@ccsc/lambdas/adapters';
import { SEED_CONNECTIONS, SEED_STANDARD_ROWS, SEED_STANDARDS } from '../seed-network';
import {
  DOCUMENT_CYCLE,
  plannedDocument,
  SIMULATED_SITE,
  SIMULATED_SPONSOR,
  SIMULATED_STUDY_ID,
  simulatedPdf,
} from './plan';

/** The rows of the standard in use for `systemId` among the seeded ones. */
const rowsInUseFor = (systemId: string) => {
  const version = SEED_STANDARDS.map((s) => versionInUse(s)).find((v) =>
    v?.systemIds.includes(systemId),
  );
  const rows = SEED_STANDARD_ROWS.find((d) => d.key === version?.rowsKey)?.rows;
  if (rows === undefined) throw new Error(`no standard in use for ${systemId}`);
  return rows;
};

describe('the simulated partner systems’ plan', () => {
  it('is an active seeded connection between the two systems, for the study', () => {
    const connection = SEED_CONNECTIONS.find(
      (c) =>
        c.siteSystemId === SIMULATED_SITE.systemId &&
        c.sponsorSystemId === SIMULATED_SPONSOR.systemId &&
        c.studyId === SIMULATED_STUDY_ID,
    );
    expect(connection?.status).toBe('active');
  });

  it('sends types of the site’s published standard: delivered ones map to one eTMF type, the held one to none', () => {
    const site = rowsInUseFor(SIMULATED_SITE.systemId);
    const sponsor = rowsInUseFor(SIMULATED_SPONSOR.systemId);
    for (const planned of DOCUMENT_CYCLE) {
      const rows = site.filter((r) => r.sourceCode === planned.typeCode);
      expect(rows, planned.typeCode).toHaveLength(1);
      const [row] = rows;
      const receiving = sponsor.filter((r) => r.artifactNumber === row?.artifactNumber);
      expect(receiving, planned.typeCode).toHaveLength(planned.expected === 'delivered' ? 1 : 0);
      // A person's document names its person (else it would be held, metadata-missing).
      expect(planned.aboutInvestigator, planned.typeCode).toBe(
        row?.requiredMetadata.includes('personName'),
      );
    }
    expect(DOCUMENT_CYCLE.filter((d) => d.expected === 'held')).toHaveLength(1);
  });

  it('goes round the cycle', () => {
    expect(plannedDocument(0)).toBe(DOCUMENT_CYCLE[0]);
    expect(plannedDocument(DOCUMENT_CYCLE.length + 1)).toBe(DOCUMENT_CYCLE[1]);
  });

  it('makes a PDF per document that says what it is, each its own bytes', () => {
    const a = simulatedPdf('Delegation log (3)', ['one line', 'ümlaut (and) brackets']);
    const b = simulatedPdf('Delegation log (3)', ['another line']);
    const text = Buffer.from(a).toString('latin1');
    expect(text.startsWith('%PDF-1.7\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(Delegation log \\(3\\)) Tj');
    expect(text).toContain('?mlaut \\(and\\) brackets');
    // The cross-reference table points at each object.
    const xrefAt = Number(/startxref\n(\d+)/u.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gmu)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => {
      expect(text.slice(offset).startsWith(`${String(i + 1)} 0 obj`)).toBe(true);
    });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
});
