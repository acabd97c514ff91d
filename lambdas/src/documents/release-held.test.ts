import { describe, expect, it } from 'vitest';
import type { Journal } from '../core/journal';
import type { DocumentWriteDeps } from './document-writes';
import { releaseHeld } from './release-held';
import { SYS } from '../core/testing/connection-test-network';
import { pdf, sendWhole, setUp, SPONSOR_STANDARD_V2, type World } from './document-world-kit';

/**
 * The release of documents held for a mapping (the scheduled job, and after a publication): a
 * document whose hold would not change is passed over without a journaled write; one a standard
 * now maps is delivered by its write.
 */

const ORIGIN = { requestId: 'req-release', by: 'release-held-documents' };

/** A signature page the sponsor's standard (version 1) does not map: held for the receiver. */
const heldSignaturePage = async (w: World) =>
  sendWhole(w, pdf('signature page'), {
    idempotencyKey: 'key-signature',
    typeCode: 'PSP',
    personName: undefined,
  });

/** The world's document writes, counting the writes begun. */
const counted = (w: World) => {
  const runs: string[] = [];
  const writes: Pick<Journal<DocumentWriteDeps>, 'run'> = {
    run: (workflow, subject, input, options) => {
      runs.push(subject);
      return w.deps.writes.run(workflow, subject, input, options);
    },
  };
  return { runs, deps: { ...w.deps, writes } };
};

describe('releaseHeld', () => {
  it('passes over a document that would stay held for the same reason: no write, no audit', async () => {
    const w = setUp();
    const held = await heldSignaturePage(w);
    expect(held).toMatchObject({ state: 'held', holdReason: 'receiver-artifact-unmapped' });
    const audited = w.audit.entries.length;
    const stored = await w.documents.get(held.documentId);
    const { runs, deps } = counted(w);
    expect(await releaseHeld(null, deps, ORIGIN)).toEqual([]);
    expect(runs).toEqual([]);
    expect(await w.documents.get(held.documentId)).toEqual(stored);
    expect(w.audit.entries).toHaveLength(audited);
  });

  it('delivers one a standard published since maps, through its journaled write, audited once in each side’s trail', async () => {
    const w = setUp();
    const held = await heldSignaturePage(w);
    w.registry.seed([{ type: 'standard', record: SPONSOR_STANDARD_V2 }]);
    const { runs, deps } = counted(w);
    const released = await releaseHeld([SYS.sponsor.systemId], deps, ORIGIN);
    expect(released.map((r) => r.documentId)).toEqual([held.documentId]);
    expect(runs).toHaveLength(1);
    expect(await w.documents.get(held.documentId)).toMatchObject({ state: 'delivered' });
    const releases = w.audit.entries.filter((e) => e.action === 'document.released');
    expect(releases.flatMap((e) => [e.organisationId, ...(e.alsoFor ?? [])]).sort()).toEqual(
      [SYS.site.organisationId, SYS.sponsor.organisationId].sort(),
    );
  });

  it('leaves alone what involves none of the systems named', async () => {
    const w = setUp();
    await heldSignaturePage(w);
    w.registry.seed([{ type: 'standard', record: SPONSOR_STANDARD_V2 }]);
    const { runs, deps } = counted(w);
    expect(await releaseHeld([SYS.otherSite.systemId], deps, ORIGIN)).toEqual([]);
    expect(runs).toEqual([]);
  });
});
