import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { SYS, WHO } from '../core/testing/connection-test-network';
import { silentLogger } from '../core/testing/fakes';
import { retryDocument } from './console.core';
import {
  complete,
  containing,
  DOCUMENTS_BUCKET,
  pdf,
  put,
  scan,
  send,
  sendBody,
  setUp,
  trail,
  type World,
} from './document-world-kit';
import { SCAN_STATUS_TAG } from './scan-event';
import { SCAN_SWEEP_AFTER_MS, sweepAwaitingScan } from './scan-sweep';

/**
 * What keeps a document from waiting for a scan for ever: the documents job's sweep reads the
 * scan's tag on an object whose event never came, and an administrator's retry of a document
 * the scanner gave no verdict for has it scanned again (a copy under a new key).
 */

const awaiting = async (w: World, text = 'CV of Dr. Jana Müller') => {
  const bytes = pdf(text);
  const sent = await send(w, sendBody(bytes, { idempotencyKey: `key-${text.length}-0000` }));
  put(w, sent.upload?.url ?? '', bytes);
  const done = await complete(w, sent.document.documentId);
  const record = await w.documents.get(done.documentId);
  return { documentId: done.documentId, objectKey: record?.objectKey ?? '' };
};

const sweep = (w: World) =>
  sweepAwaitingScan(
    {
      documents: w.documents,
      files: w.files,
      writes: w.deps.writes,
      bucket: DOCUMENTS_BUCKET,
      logger: silentLogger(),
      clock: w.clock,
    },
    { requestId: 'req-sweep', by: 'release-held-documents' },
  );

const retry = async (w: World, documentId: string) => {
  const route = routes['s3documents/retry'];
  return route.response.parse(
    await retryDocument(route.request.parse({ documentId }), WHO.sponsorAdmin, w.deps),
  ).document;
};

describe('the scan sweep', () => {
  it('reads the tag of a document waiting past the sweep’s wait, and applies it', async () => {
    const w = setUp();
    const { documentId, objectKey } = await awaiting(w);
    w.files.scanTags.set(objectKey, 'NO_THREATS_FOUND');
    // Not yet: the event may still come.
    expect(await sweep(w)).toEqual({ applied: 0, waiting: 0 });
    w.clock.advance(SCAN_SWEEP_AFTER_MS + 1000);
    expect(await sweep(w)).toEqual({ applied: 1, waiting: 0 });
    expect(await w.documents.get(documentId)).toMatchObject({ state: 'delivered' });
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toEqual([documentId]);
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'document.scanned',
      after: { via: 'tag', scanResultStatus: 'NO_THREATS_FOUND' },
    });
    // The late event: ignored, nothing recorded twice.
    const entries = w.audit.entries.length;
    expect((await scan(w, documentId)).outcome).toBe('ignored');
    expect(w.audit.entries).toHaveLength(entries);
  });

  it('quarantines by a THREATS_FOUND tag; leaves an untagged object waiting', async () => {
    const w = setUp();
    const infected = await awaiting(w, 'one');
    const unscanned = await awaiting(w, 'second');
    w.files.scanTags.set(infected.objectKey, 'THREATS_FOUND');
    w.clock.advance(SCAN_SWEEP_AFTER_MS + 1000);
    expect(await sweep(w)).toEqual({ applied: 1, waiting: 1 });
    expect(await w.documents.get(infected.documentId)).toMatchObject({
      state: 'quarantined',
      quarantineReason: 'malware-found',
    });
    expect((await w.documents.get(unscanned.documentId))?.state).toBe('awaiting-scan');
    expect(SCAN_STATUS_TAG).toBe('GuardDutyMalwareScanStatus');
  });
});

describe('an administrator’s retry of a scan hold', () => {
  it('copies the file to a new key and awaits its scan again; a verdict on the old key changes nothing', async () => {
    const w = setUp();
    const { documentId, objectKey } = await awaiting(w);
    await scan(w, documentId, 'FAILED');
    expect((await w.documents.get(documentId))?.holdReason).toBe('scan-failed');

    const retried = await retry(w, documentId);
    expect(retried).toMatchObject({ state: 'awaiting-scan', holdReason: null });
    expect(retried.events.slice(-2).map((e) => e.event)).toEqual(['retried', 'scan-requested']);
    const record = await w.documents.get(documentId);
    expect(record?.objectKey).not.toBe(objectKey);
    expect(record?.objectKey).toMatch(new RegExp(`^records/study-1/${documentId}/rescan-`));
    expect(w.files.objects.get(record?.objectKey ?? '')).toEqual(w.files.objects.get(objectKey));
    expect(trail(w).slice(-2)).toEqual([
      'document.retried success org-site',
      'document.retried success org-sponsor',
    ]);

    // The old key's verdict (a late event) is ignored; the new key's delivers.
    w.files.scanTags.set(objectKey, 'THREATS_FOUND');
    expect(
      (
        await sweepAwaitingScan(
          {
            documents: w.documents,
            files: w.files,
            writes: w.deps.writes,
            bucket: DOCUMENTS_BUCKET,
            logger: silentLogger(),
            clock: w.clock,
          },
          { requestId: 'r', by: 't' },
        )
      ).applied,
    ).toBe(0);
    await scan(w, documentId);
    expect((await w.documents.get(documentId))?.state).toBe('delivered');
  });

  it('refuses a retry of a quarantined document (final) with 409, saying so', async () => {
    const w = setUp();
    const { documentId } = await awaiting(w);
    await scan(w, documentId, 'THREATS_FOUND', ['Eicar-Signature']);
    await expect(retry(w, documentId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('quarantined'),
    });
  });
});
