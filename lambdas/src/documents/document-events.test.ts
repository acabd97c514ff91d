import { describe, expect, it } from 'vitest';
import { documentRecordOf } from '../core/testing/document-records';
import { anOrganisation } from '../core/testing/memory-registry';
import { heldOrQuarantined } from './document-events';

const snapshot = {
  organisations: new Map([
    ['org-site-a', anOrganisation('org-site-a', { name: 'Klinik Nord' })],
    ['org-sponsor', anOrganisation('org-sponsor', { name: 'Acme Pharma' })],
  ]),
};

/** Issue 35: a document held or quarantined reaches the organisation that can resolve it. */
describe('document events', () => {
  it('tell the receiver of a hold its own standard resolves', () => {
    for (const holdReason of [
      'receiver-no-standard',
      'receiver-artifact-unmapped',
      'ambiguous-mapping',
    ] as const) {
      const [event] = heldOrQuarantined(documentRecordOf({ state: 'held', holdReason }), snapshot);
      expect(event).toMatchObject({
        kind: 'document.held',
        organisationId: 'org-sponsor',
        counterpart: { organisationId: 'org-site-a', name: 'Klinik Nord' },
        reason: holdReason,
      });
    }
  });

  it('tell the sender of a hold on its side or its file, and of a quarantine', () => {
    for (const holdReason of [
      'sender-type-unmapped',
      'metadata-missing',
      'size-mismatch',
      'scan-failed',
    ] as const) {
      const [event] = heldOrQuarantined(documentRecordOf({ state: 'held', holdReason }), snapshot);
      expect(event).toMatchObject({
        organisationId: 'org-site-a',
        counterpart: { name: 'Acme Pharma' },
      });
    }
    expect(
      heldOrQuarantined(
        documentRecordOf({ state: 'quarantined', quarantineReason: 'malware-found' }),
        snapshot,
      ),
    ).toEqual([
      expect.objectContaining({
        kind: 'document.quarantined',
        organisationId: 'org-site-a',
        reason: 'malware-found',
      }),
    ]);
  });

  it('say nothing of any other state', () => {
    for (const state of ['delivered', 'awaiting-scan', 'acknowledged', 'received'] as const) {
      expect(heldOrQuarantined(documentRecordOf({ state }), snapshot)).toEqual([]);
    }
  });
});
