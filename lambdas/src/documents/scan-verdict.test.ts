import { describe, expect, it } from 'vitest';
import { SYS } from '../core/testing/connection-test-network';
import { silentLogger } from '../core/testing/fakes';
import { eicar } from '../core/testing/sample-files';
import { documentSubject } from './document-writes';
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
import { receiveScanResult } from './scan-result.core';
import { guardDutyScanEvent } from './scan-test-kit';
import { scanVerdictWrite } from './scan-verdict';

/**
 * The malware scan's verdict (issue 34): GuardDuty's EventBridge event on a document awaiting it
 * — clean: classified and delivered; threats: quarantined; no verdict: held for a scan again —
 * one journaled write, its audit records once; anything else changes nothing.
 */

/** A CV announced, uploaded and completed: awaiting its scan. */
const awaiting = async (w: World, bytes = pdf('CV of Dr. Jana Müller')) => {
  const sent = await send(w, sendBody(bytes));
  put(w, sent.upload?.url ?? '', bytes);
  const done = await complete(w, sent.document.documentId);
  expect(done.state).toBe('awaiting-scan');
  const record = await w.documents.get(done.documentId);
  return { documentId: done.documentId, objectKey: record?.objectKey ?? '' };
};

const deps = (w: World) => ({
  documents: w.documents,
  writes: w.deps.writes,
  bucket: DOCUMENTS_BUCKET,
  logger: silentLogger(),
});
const origin = { requestId: 'req-scan', by: 'test' };

describe('the scan verdict', () => {
  it('clean: classified and delivered, document.scanned in both trails', async () => {
    const w = setUp();
    const { documentId } = await awaiting(w);
    expect(await scan(w, documentId)).toEqual({ outcome: 'applied', documentId });
    expect(await w.documents.get(documentId)).toMatchObject({
      state: 'delivered',
      classification: { artifactNumber: '05.02.04' },
    });
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toEqual([documentId]);
    expect(trail(w).slice(4)).toEqual([
      'document.scanned success org-site',
      'document.scanned success org-sponsor',
    ]);
  });

  it('threats found: quarantined with the threats named, never delivered', async () => {
    const w = setUp();
    const { documentId } = await awaiting(w);
    await scan(w, documentId, 'THREATS_FOUND', ['EICAR-Test-File (not a virus)']);
    const record = await w.documents.get(documentId);
    expect(record).toMatchObject({
      state: 'quarantined',
      quarantineReason: 'malware-found',
      quarantineDetail: containing('EICAR-Test-File (not a virus)'),
      classification: null,
    });
    expect(record?.events.at(-1)?.event).toBe('quarantined');
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toBeUndefined();
    expect(trail(w).slice(4)).toEqual([
      'document.quarantined failure org-site',
      'document.quarantined failure org-sponsor',
    ]);
    expect(w.audit.entries[2]).toMatchObject({
      after: { threats: ['EICAR-Test-File (not a virus)'], scanResultStatus: 'THREATS_FOUND' },
    });
  });

  it('an EICAR file named cv.pdf: quarantined by its content, then the scanner names the malware', async () => {
    const w = setUp();
    const bytes = eicar();
    const sent = await send(w, sendBody(bytes));
    put(w, sent.upload?.url ?? '', bytes);
    const done = await complete(w, sent.document.documentId);
    expect(done).toMatchObject({ state: 'quarantined', quarantineReason: 'type-mismatch' });
    await scan(w, done.documentId, 'THREATS_FOUND', ['Eicar-Test-Signature']);
    const record = await w.documents.get(done.documentId);
    expect(record).toMatchObject({
      state: 'quarantined',
      quarantineReason: 'malware-found',
      quarantineDetail: containing('Eicar-Test-Signature'),
    });
    expect(record?.quarantineDetail).toContain('not what it is declared as');
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'document.quarantined',
      before: { state: 'quarantined', quarantineReason: 'type-mismatch' },
    });
    // A clean verdict on it changes nothing: quarantine is final.
    expect((await scan(w, done.documentId)).outcome).toBe('ignored');
  });

  it.each([
    ['UNSUPPORTED', 'scan-unsupported'],
    ['ACCESS_DENIED', 'scan-failed'],
    ['FAILED', 'scan-failed'],
  ] as const)('%s: held %s, saying why, recorded as a failure', async (status, reason) => {
    const w = setUp();
    const { documentId } = await awaiting(w);
    await scan(w, documentId, status);
    expect(await w.documents.get(documentId)).toMatchObject({
      state: 'held',
      holdReason: reason,
      holdDetail: containing('scan'),
    });
    expect(trail(w).slice(4)).toEqual([
      'document.scanned failure org-site',
      'document.scanned failure org-sponsor',
    ]);
  });

  it('ignores a verdict for another bucket, a key no record names, a superseded key, a document past its scan', async () => {
    const w = setUp();
    const { documentId, objectKey } = await awaiting(w);
    const ignored = [
      guardDutyScanEvent('another-bucket', objectKey),
      guardDutyScanEvent(DOCUMENTS_BUCKET, 'incoming/doc-1/1'),
      guardDutyScanEvent(DOCUMENTS_BUCKET, 'records/study-1/doc-00000000000000000000000099/1'),
      guardDutyScanEvent(DOCUMENTS_BUCKET, `records/study-1/${documentId}/0-old`),
    ];
    for (const event of ignored) {
      expect((await receiveScanResult(event, deps(w), origin)).outcome).toBe('ignored');
    }
    await scan(w, documentId);
    const entries = w.audit.entries.length;
    // The same verdict again (EventBridge delivers at least once): nothing more.
    expect((await scan(w, documentId, 'THREATS_FOUND')).outcome).toBe('ignored');
    expect((await w.documents.get(documentId))?.state).toBe('delivered');
    expect(w.audit.entries).toHaveLength(entries);
  });

  it('refuses what is not a scan result, and says a verdict before its completion is early', async () => {
    const w = setUp();
    for (const junk of [null, {}, { 'detail-type': 'Object Created', source: 'aws.s3' }]) {
      expect(await receiveScanResult(junk, deps(w), origin)).toEqual({
        outcome: 'refused',
        documentId: null,
      });
    }
    const sent = await send(w, sendBody(pdf('early')));
    const early = guardDutyScanEvent(
      DOCUMENTS_BUCKET,
      `records/study-1/${sent.document.documentId}/1-req-partner`,
    );
    expect(await receiveScanResult(early, deps(w), origin)).toEqual({
      outcome: 'early',
      documentId: sent.document.documentId,
    });
  });

  it('says early, not superseded, a verdict on a new upload after a checksum hold and on a retry’s copy', async () => {
    const w = setUp();
    const bytes = pdf('CV, sent with the wrong hash');
    const sent = await send(w, { ...sendBody(bytes), sha256: 'a'.repeat(64) });
    put(w, sent.upload?.url ?? '', bytes);
    await expect(complete(w, sent.document.documentId)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const held = await w.documents.get(sent.document.documentId);
    expect(held).toMatchObject({ state: 'held', holdReason: 'checksum-mismatch', uploads: 2 });
    const key = (completion: string) => `records/study-1/${sent.document.documentId}/${completion}`;
    const outcomeOf = async (objectKey: string) =>
      (await receiveScanResult(guardDutyScanEvent(DOCUMENTS_BUCKET, objectKey), deps(w), origin))
        .outcome;
    // The upload again, kept by its completion before the record names it: early.
    expect(await outcomeOf(key('2-req-again'))).toBe('early');
    // The mismatched first upload's copy: superseded, ignored.
    expect(await outcomeOf(key('1-req-first'))).toBe('ignored');
    // A scan hold's retry copies the file first: its verdict may come before the record names it.
    const other = pdf('CV scanned without verdict');
    const second = await send(w, sendBody(other, { idempotencyKey: 'key-scan-failed' }));
    put(w, second.upload?.url ?? '', other);
    const scanned = await complete(w, second.document.documentId);
    await scan(w, scanned.documentId, 'FAILED');
    expect((await w.documents.get(scanned.documentId))?.holdReason).toBe('scan-failed');
    expect(await outcomeOf(`records/study-1/${scanned.documentId}/rescan-write-1`)).toBe('early');
  });

  // After 0 saves: the record changed, the journal not knowing it (the one step that writes).
  it.each([0])(
    'a verdict cut short after %i saves is finished by the next run: delivered once, recorded once',
    async (saves) => {
      const w = setUp();
      const { documentId, objectKey } = await awaiting(w);
      w.journal.crashAfterSaves = saves;
      await expect(
        w.deps.writes.run(scanVerdictWrite, documentSubject(documentId), {
          documentId,
          objectKey,
          status: 'NO_THREATS_FOUND',
          threats: [],
          via: 'event',
          who: { by: 'hub', actor: null, source: { ip: 'hub', userAgent: 't' }, requestId: 'r' },
        }),
      ).rejects.toThrow('the process died');
      w.journal.restart();
      expect(await w.deps.writes.reconcile(true)).toMatchObject({ finished: 1 });
      expect((await w.documents.get(documentId))?.state).toBe('delivered');
      expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toEqual([documentId]);
      expect(trail(w).slice(4)).toEqual([
        'document.scanned success org-site',
        'document.scanned success org-sponsor',
      ]);
      // The event again: nothing more.
      await scan(w, documentId);
      expect(w.audit.entries).toHaveLength(3);
    },
  );
});
