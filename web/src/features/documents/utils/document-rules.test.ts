import { HOLD_REASONS, MAPPING_HOLD_REASONS, SCAN_HOLD_REASONS } from '@ccsc/contract/documents';
import { describe, expect, it } from 'vitest';
import { rowLookupOf } from '../../../config/standard-paths';
import { CLASSIFIED, documentDetail } from '../../../testing/document-fixtures';
import { type DocumentActor, mappingPath, mappingTarget, mayMap, mayRetry } from './document-rules';

const PLATFORM: DocumentActor = { role: 'PlatformAdmin', organisationId: null };
const SITE_ADMIN: DocumentActor = { role: 'OrgAdmin', organisationId: 'site-1' };
const SPONSOR_ADMIN: DocumentActor = { role: 'OrgAdmin', organisationId: 'sponsor-1' };
const CRO_ADMIN: DocumentActor = { role: 'OrgAdmin', organisationId: 'cro-1' };
const AUDITOR: DocumentActor = { role: 'Auditor', organisationId: null };

describe('who may retry a held document (the server’s retryDocument)', () => {
  it('is a PlatformAdmin, or an OrgAdmin of either side, for a mapping reason or a scan without verdict only', () => {
    for (const reason of HOLD_REASONS) {
      const held = documentDetail(1, { state: 'held', holdReason: reason });
      const mapping = MAPPING_HOLD_REASONS.includes(reason) || SCAN_HOLD_REASONS.includes(reason);
      expect(mayRetry(PLATFORM, held)).toBe(mapping);
      expect(mayRetry(SITE_ADMIN, held)).toBe(mapping);
      expect(mayRetry(SPONSOR_ADMIN, held)).toBe(mapping);
      // A party that sees the document (the study's CRO) but neither sends nor receives it.
      expect(mayRetry(CRO_ADMIN, held)).toBe(false);
      expect(mayRetry(AUDITOR, held)).toBe(false);
      expect(mayRetry({ role: null, organisationId: null }, held)).toBe(false);
    }
    expect(mayRetry(PLATFORM, documentDetail(1))).toBe(false);
    expect(
      mayRetry(
        PLATFORM,
        documentDetail(1, { state: 'quarantined', quarantineReason: 'malware-found' }),
      ),
    ).toBe(false);
  });
});

describe('where a missing mapping is made', () => {
  it("is the sender's standard for sender-* reasons, the receiver's for receiver-*", () => {
    expect(
      mappingTarget(documentDetail(1, { state: 'held', holdReason: 'sender-type-unmapped' })),
    ).toMatchObject({
      side: 'sender',
      system: { systemId: 'sys-eisf', organisationId: 'site-1' },
      standard: { standardId: 'std-klinikum0001', version: 2 },
      lookup: { kind: 'code', value: 'ISF-VL' },
    });
    expect(
      mappingTarget(documentDetail(1, { state: 'held', holdReason: 'receiver-no-standard' })),
    ).toMatchObject({
      side: 'receiver',
      standard: { standardId: 'std-pharma00001', version: 4 },
      lookup: null,
    });
  });

  it("names the standard the side's system uses now, even where the path never reached it", () => {
    expect(
      mappingTarget(
        documentDetail(1, {
          state: 'held',
          holdReason: 'receiver-artifact-unmapped',
          classification: { ...CLASSIFIED, receiver: null },
        }),
      ),
    ).toMatchObject({
      side: 'receiver',
      standard: { standardId: 'std-pharma00001', version: 4 },
      lookup: { kind: 'artifact', value: '05.04.04' },
    });
  });

  it("names no standard when the side's system has none", () => {
    expect(
      mappingTarget(
        documentDetail(1, {
          state: 'held',
          holdReason: 'receiver-artifact-unmapped',
          classification: { ...CLASSIFIED, receiver: null },
          standards: { sender: null, receiver: null },
        }),
      ),
    ).toMatchObject({ side: 'receiver', standard: null });
    expect(
      mappingTarget(
        documentDetail(1, {
          state: 'held',
          holdReason: 'sender-no-standard',
          classification: null,
          standards: { sender: null, receiver: null },
        }),
      ),
    ).toMatchObject({ side: 'sender', standard: null });
  });

  it('looks only for a row the editor will look for (rowLookupOf): a code it takes, an artifact number', () => {
    const lookupOf = (typeCode: string) =>
      mappingTarget(
        documentDetail(1, { state: 'held', holdReason: 'sender-type-unmapped', typeCode }),
      )?.lookup;
    // Trimmed, as the hub matches it.
    expect(lookupOf('  FDA-1572 ')).toEqual({ kind: 'code', value: 'FDA-1572' });
    expect(lookupOf('A'.repeat(100))).toEqual({ kind: 'code', value: 'A'.repeat(100) });
    // Longer than a row's code, with a control character, or blank: nothing promised.
    expect(lookupOf('A'.repeat(101))).toBeNull();
    expect(lookupOf('FDA\n1572')).toBeNull();
    expect(lookupOf('FDA\u00071572')).toBeNull();
    expect(lookupOf('   ')).toBeNull();
    const artifactOf = (artifactNumber: string) =>
      mappingTarget(
        documentDetail(1, {
          state: 'held',
          holdReason: 'receiver-artifact-unmapped',
          classification: { ...CLASSIFIED, artifactNumber },
        }),
      )?.lookup;
    expect(artifactOf('05.04.04')).toEqual({ kind: 'artifact', value: '05.04.04' });
    expect(artifactOf('5.4.4')).toBeNull();
    // Several receiver types for the artifact, none decided: the receiver's rows for it.
    expect(
      mappingTarget(
        documentDetail(1, {
          state: 'held',
          holdReason: 'ambiguous-mapping',
          classification: { ...CLASSIFIED, receiver: null },
        }),
      ),
    ).toMatchObject({ side: 'receiver', lookup: { kind: 'artifact', value: '05.04.04' } });
    // Whatever it names, the editor's address reads back the same.
    for (const typeCode of [' FDA-1572 ', 'A'.repeat(101), 'FDA\n1572', 'Typ & Co']) {
      const target = mappingTarget(
        documentDetail(1, { state: 'held', holdReason: 'sender-type-unmapped', typeCode }),
      );
      expect(target).not.toBeNull();
      if (target === null) return;
      const path = mappingPath(target);
      expect(rowLookupOf(new URL(path, 'http://localhost').searchParams)).toEqual(target.lookup);
    }
  });

  it('is none for a document not held for a mapping', () => {
    expect(mappingTarget(documentDetail(1))).toBeNull();
    expect(
      mappingTarget(documentDetail(1, { state: 'held', holdReason: 'size-mismatch' })),
    ).toBeNull();
  });

  it("is made by a PlatformAdmin or an OrgAdmin of that side's organisation", () => {
    const target = mappingTarget(
      documentDetail(1, { state: 'held', holdReason: 'sender-type-unmapped' }),
    );
    expect(target).not.toBeNull();
    if (target === null) return;
    expect(mayMap(PLATFORM, target)).toBe(true);
    expect(mayMap(SITE_ADMIN, target)).toBe(true);
    expect(mayMap(SPONSOR_ADMIN, target)).toBe(false);
    expect(mayMap(AUDITOR, target)).toBe(false);
  });
});
