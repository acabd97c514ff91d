import { describe, expect, it } from 'vitest';
import { blankRow, type MappingRow } from '@ccsc/contract/standard-rows';
import type { StandardRecord, StandardVersionRecord } from '../core/ports/registry';
import { anOrganisation, aSystem, MemoryRegistry } from '../core/testing/memory-registry';
import { bestReceiverRow, classify } from './classify';

const version = (
  n: number,
  status: StandardVersionRecord['status'],
  systemIds: string[],
  rowsKey: string,
): StandardVersionRecord => ({
  version: n,
  status,
  name: `Standard ${rowsKey}`,
  description: null,
  systemIds,
  product: null,
  rowsKey,
  rowCount: 1,
  problemCount: 0,
  basedOnVersion: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'a@example.com',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'a@example.com',
  signature: null,
  retired: null,
});

const standard = (id: string, versions: StandardVersionRecord[]): StandardRecord => ({
  standardId: id,
  organisationId: 'O',
  catalogueVersion: '3.3',
  versions,
  revision: 1,
  writeId: 'w',
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'a@example.com',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'a@example.com',
});

const row = (more: Partial<MappingRow>): MappingRow => ({ ...blankRow(), ...more });

const ROWS: Record<string, MappingRow[]> = {
  site: [
    row({
      sourceCode: 'cv',
      sourceName: 'CV',
      artifactNumber: '05.02.04',
      requiredMetadata: ['personName'],
    }),
    row({
      sourceCode: 'LIC',
      sourceName: 'Licence',
      artifactNumber: '05.02.07',
      subArtifact: 'Medical License',
    }),
    row({ sourceCode: 'PSP', sourceName: 'Signature page', artifactNumber: '05.02.02' }),
  ],
  sponsor: [
    row({
      sourceCode: 'QUAL-WIDE',
      sourceName: 'Any qualification',
      artifactNumber: '05.02.07',
      equivalence: 'wider',
    }),
    row({
      sourceCode: 'QUAL-GCP',
      sourceName: 'GCP training',
      artifactNumber: '05.02.07',
      subArtifact: 'ICH-GCP Evidence of Training',
    }),
    row({
      sourceCode: 'QUAL-MED',
      sourceName: 'Medical licence',
      artifactNumber: '05.02.07',
      subArtifact: 'medical license',
    }),
    row({
      sourceCode: 'CV-WIDE',
      sourceName: 'CVs',
      artifactNumber: '05.02.04',
      equivalence: 'wider',
    }),
    row({
      sourceCode: 'CV-PI',
      sourceName: 'PI CV',
      artifactNumber: '05.02.04',
      equivalence: 'equal',
    }),
  ],
};

const setup = (standards: StandardRecord[]) => {
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation('O', { kind: 'site' }) },
    { type: 'system', record: aSystem('SITE', 'O') },
    { type: 'system', record: aSystem('TMF', 'O') },
    ...standards.map((record) => ({ type: 'standard' as const, record })),
  ]);
  const rows = { get: (key: string) => Promise.resolve(ROWS[key] ?? []) };
  return { registry, rows };
};

const both = () =>
  setup([
    standard('std-site', [version(1, 'published', ['SITE'], 'site')]),
    standard('std-tmf', [version(1, 'published', ['TMF'], 'sponsor')]),
  ]);

const doc = (typeCode: string, personName: string | null = 'Jana Müller') => ({
  senderSystemId: 'SITE',
  receiverSystemId: 'TMF',
  typeCode,
  personName,
  organisationName: null,
});

describe('classify', () => {
  it('takes the sender’s type to the artifact and the artifact to the receiver’s type (code in any case)', async () => {
    const { registry, rows } = both();
    const verdict = await classify(doc(' CV '), await registry.snapshot(), rows);
    expect(verdict).toMatchObject({
      ok: true,
      classification: {
        artifactNumber: '05.02.04',
        artifactName: 'Principal Investigator Curriculum Vitae',
        zoneName: 'Site Management',
        sender: { standardId: 'std-site', typeCode: 'cv' },
        // An equal row before a wider one.
        receiver: { standardId: 'std-tmf', typeCode: 'CV-PI' },
      },
    });
  });

  it('prefers the receiver’s row with the same sub-artifact (any case) to an equal or wider one', async () => {
    const { registry, rows } = both();
    const verdict = await classify(doc('LIC'), await registry.snapshot(), rows);
    expect(verdict.ok && verdict.classification.receiver?.typeCode).toBe('QUAL-MED');
  });

  it('holds with the reason and keeps the half of the path that is known', async () => {
    const { registry, rows } = both();
    const snapshot = await registry.snapshot();
    expect(await classify(doc('NOPE'), snapshot, rows)).toMatchObject({
      ok: false,
      reason: 'sender-type-unmapped',
      classification: null,
    });
    expect(await classify(doc('CV', null), snapshot, rows)).toMatchObject({
      ok: false,
      reason: 'metadata-missing',
      classification: { artifactNumber: '05.02.04', receiver: null },
    });
    const unmapped = await classify(doc('PSP'), snapshot, rows);
    expect(unmapped).toMatchObject({
      ok: false,
      reason: 'receiver-artifact-unmapped',
      classification: { artifactNumber: '05.02.02', receiver: null },
    });
    expect(!unmapped.ok && unmapped.detail).toContain('05.02.02 Protocol Signature Page');
  });

  it('holds when either side has no published standard; a draft or a retired version is none', async () => {
    const onlySite = setup([
      standard('std-site', [version(1, 'published', ['SITE'], 'site')]),
      standard('std-tmf', [
        version(1, 'retired', ['TMF'], 'sponsor'),
        version(2, 'draft', ['TMF'], 'sponsor'),
      ]),
    ]);
    expect(
      await classify(doc('CV'), await onlySite.registry.snapshot(), onlySite.rows),
    ).toMatchObject({ ok: false, reason: 'receiver-no-standard' });
    const none = setup([]);
    expect(await classify(doc('CV'), await none.registry.snapshot(), none.rows)).toMatchObject({
      ok: false,
      reason: 'sender-no-standard',
      classification: null,
    });
  });

  it('picks by sub-artifact in any case and spacing, else holds as ambiguous naming the candidates', async () => {
    // Each case its own rows key: classification keeps indexed rows by their key.
    const cases: Record<string, MappingRow[]> = {
      spaced: [
        row({ sourceCode: 'LIC', artifactNumber: '05.02.07', subArtifact: 'MEDICAL  license ' }),
      ],
      other: [row({ sourceCode: 'X', artifactNumber: '05.02.07', subArtifact: 'Other' })],
      none: [row({ sourceCode: 'Q', artifactNumber: '05.02.07' })],
      'two-subs': (ROWS.sponsor ?? []).filter((r) => r.subArtifact !== ''),
    };
    const run = async (siteKey: string, sponsorKey: string, code: string) => {
      const world = setup([
        standard('std-site', [version(1, 'published', ['SITE'], siteKey)]),
        standard('std-tmf', [version(1, 'published', ['TMF'], sponsorKey)]),
      ]);
      const rows = { get: (key: string) => Promise.resolve(cases[key] ?? ROWS[key] ?? []) };
      return classify(doc(code), await world.registry.snapshot(), rows);
    };
    const picked = await run('spaced', 'sponsor', 'LIC');
    expect(picked.ok && picked.classification.receiver?.typeCode).toBe('QUAL-MED');
    // A sub-artifact the receiver has no row of: its one row for the whole artifact decides.
    const whole = await run('other', 'sponsor', 'X');
    expect(whole.ok && whole.classification.receiver?.typeCode).toBe('QUAL-WIDE');
    // No sub-artifact, and two receiver rows each for a sub-artifact: nothing decides.
    const ambiguous = await run('none', 'two-subs', 'Q');
    expect(ambiguous).toMatchObject({
      ok: false,
      reason: 'ambiguous-mapping',
      classification: { artifactNumber: '05.02.07', receiver: null },
    });
    expect(!ambiguous.ok && ambiguous.detail).toContain('QUAL-GCP “GCP training”');
    expect(!ambiguous.ok && ambiguous.detail).toContain('QUAL-MED “Medical licence”');
  });

  it('never takes the first of several equal rows, and takes the only row whatever it says', () => {
    const candidates = [
      row({ sourceCode: 'A', artifactNumber: '05.02.04' }),
      row({ sourceCode: 'B', artifactNumber: '05.02.04' }),
    ];
    expect(bestReceiverRow(candidates, '')).toEqual({ row: null, candidates });
    expect(bestReceiverRow(candidates.slice(1), 'Anything')).toEqual({ row: candidates[1] });
    const narrower = [row({ sourceCode: 'N', equivalence: 'narrower' }), ...candidates.slice(0, 1)];
    expect(bestReceiverRow(narrower, '').row?.sourceCode).toBe('A');
  });
});
