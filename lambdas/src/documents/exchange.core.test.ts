import { describe, expect, it } from 'vitest';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { incomingKeyOf } from '../core/ports/documents';
import { STUDY, SYS } from '../core/testing/connection-test-network';
import { sampleExe } from '../core/testing/sample-files';
import { getSentDocument } from './exchange.core';
import {
  complete,
  OTHER_SITE,
  pdf,
  put,
  scan,
  send,
  sendBody,
  sendWhole,
  setUp,
  SITE,
  SPONSOR,
  trail,
  type World,
  containing,
} from './document-world-kit';

/**
 * The partner API's exchange (operations.md, "Documents"): send (announce, PUT, complete), the
 * same idempotency key answering the same document, the file checked against what was announced,
 * classified through both standards and delivered or held, every step audited in the sender's
 * and the receiver's trails.
 */

const CV = pdf('CV of Dr. Jana Müller');

const getSent = async (w: World, documentId: string, ctx = SITE) => {
  const route = partnerRoutes['partner-get-document'];
  return route.response.parse(
    await getSentDocument(route.request.parse({ documentId }), ctx, w.deps),
  ).document;
};

/** Nothing was written: no record, no key, no audit record. */
const expectNothingWritten = (w: World) => {
  expect(w.documents.records.size).toBe(0);
  expect(w.documents.keys.size).toBe(0);
  expect(w.audit.entries).toEqual([]);
};

describe('partner send', () => {
  it('announces the document and hands out a 15-minute PUT link for its file', async () => {
    const w = setUp();
    const sent = await send(w, sendBody(CV));
    expect(sent.document).toMatchObject({
      documentId: 'doc-00000000000000000000000001',
      idempotencyKey: 'key-00000001',
      state: 'awaiting-upload',
      connectionId: 'conn-1',
      studyId: STUDY.main.studyId,
      receiver: {
        systemId: SYS.sponsor.systemId,
        name: 'Acme CTMS',
        organisationName: 'Acme Pharma',
      },
      fileName: 'cv.pdf',
      size: CV.length,
      classification: null,
    });
    expect(sent.upload).toEqual({
      url: containing(incomingKeyOf(sent.document.documentId, 1)),
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      expiresAt: '2025-03-12T09:15:00.000Z',
    });
    expect(await w.documents.get(sent.document.documentId)).toMatchObject({
      direction: 'site-to-sponsor',
      senderOrganisationId: 'org-site',
      receiverOrganisationId: 'org-sponsor',
      croOrganisationId: 'org-cro',
      personName: 'Jana Müller',
    });
    expect(trail(w)).toEqual([
      'document.sent success org-site',
      'document.sent success org-sponsor',
    ]);
    expect(w.audit.entries[0]).toMatchObject({
      actor: { sub: 'system:sys-site', email: null, role: null },
      target: { type: 'document', id: sent.document.documentId },
      after: { apiId: 'api-sys-site', sha256: sendBody(CV).sha256 },
    });
  });

  it('answers the same key again with the same document and a fresh link, recorded once', async () => {
    const w = setUp();
    const first = await send(w, sendBody(CV));
    w.clock.advance(60_000);
    // The same request, its file name written with other white space: the same request.
    const again = await send(w, sendBody(CV, { fileName: '  cv.pdf ' }));
    expect(again.document.documentId).toBe(first.document.documentId);
    expect(again.upload?.expiresAt).toBe('2025-03-12T09:16:00.000Z');
    expect(w.documents.records.size).toBe(1);
    expect(w.audit.entries).toHaveLength(1);
  });

  it('refuses the same key for another document with 409, and leaves the first as it was', async () => {
    const w = setUp();
    const first = await send(w, sendBody(CV));
    await expect(send(w, sendBody(CV, { title: 'Another CV' }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing(first.document.documentId),
    });
    expect(w.documents.records.size).toBe(1);
    expect((await w.documents.get(first.document.documentId))?.title).toBe('CV of Dr. Jana Müller');
    expect(w.audit.entries).toHaveLength(1);
  });

  it('finds the connection by study: the one active, or the one with the counterpart named', async () => {
    const w = setUp();
    const byStudy = { ...sendBody(CV), connectionId: undefined };
    const site = await send(w, { ...byStudy, studyId: STUDY.main.studyId });
    // Site 103 of the same study is suspended: only 101 is a candidate.
    expect(site.document.connectionId).toBe('conn-1');

    const fromSponsor = { ...byStudy, studyId: STUDY.main.studyId, typeCode: 'TMF-CV' };
    await expect(
      send(w, { ...fromSponsor, idempotencyKey: 'key-00000002' }, SPONSOR),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('2 active connections in that study (conn-1, conn-2)'),
    });
    const named = await send(
      w,
      {
        ...fromSponsor,
        idempotencyKey: 'key-00000003',
        counterpartSystemId: SYS.otherSite.systemId,
      },
      SPONSOR,
    );
    expect(named.document).toMatchObject({
      connectionId: 'conn-2',
      receiver: { systemId: 'sys-site-2' },
    });
    expect(await w.documents.get(named.document.documentId)).toMatchObject({
      direction: 'sponsor-to-site',
      receiverOrganisationId: 'org-site-2',
    });
    await expect(
      send(w, { ...byStudy, studyId: STUDY.other.studyId, idempotencyKey: 'key-00000004' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses, writing nothing: a file name unlike its type, a connection not its own, one not active, a name its standard asks for', async () => {
    const refusals: [Parameters<typeof sendBody>[1], typeof SITE, string, string][] = [
      [{ fileName: 'cv.docx' }, SITE, 'VALIDATION_FAILED', 'The file name does not fit'],
      [{}, OTHER_SITE, 'NOT_FOUND', 'No connection of the calling system has that id'],
      [{ connectionId: 'conn-missing' }, SITE, 'NOT_FOUND', 'No connection'],
      [{ connectionId: 'conn-3' }, SITE, 'CONFLICT', 'The connection conn-3 is suspended'],
      // The invitation not yet answered: the site's system is not part of it yet.
      [{ connectionId: 'conn-4', typeCode: 'TMF-CV' }, SPONSOR, 'CONFLICT', 'is invited'],
      [{ connectionId: 'conn-4' }, SITE, 'NOT_FOUND', 'No connection'],
      [{ personName: undefined }, SITE, 'VALIDATION_FAILED', 'needs the person’s name'],
    ];
    for (const [more, ctx, code, words] of refusals) {
      const w = setUp();
      await expect(send(w, sendBody(CV, more), ctx), JSON.stringify(more)).rejects.toMatchObject({
        code,
        message: containing(words),
      });
      expectNothingWritten(w);
      expect(w.files.calls.uploadUrl).toBe(0);
    }
  });

  it('names the field of a refusal', async () => {
    const w = setUp();
    await expect(send(w, sendBody(CV, { personName: undefined }))).rejects.toMatchObject({
      fields: [{ path: 'personName' }],
    });
    await expect(send(w, sendBody(CV, { fileName: 'cv.png' }))).rejects.toMatchObject({
      fields: [{ path: 'fileName', message: 'A application/pdf file is named *.pdf.' }],
    });
  });
});

describe('partner complete', () => {
  it('keeps the file it verified, checks what it is, and waits for the malware scan', async () => {
    const w = setUp();
    const sent = await send(w, sendBody(CV));
    put(w, sent.upload?.url ?? '', CV);
    const completed = await complete(w, sent.document.documentId);
    expect(completed).toMatchObject({
      state: 'awaiting-scan',
      holdReason: null,
      quarantineReason: null,
      classification: null,
    });
    expect(completed.events.at(-1)).toMatchObject({
      event: 'content-checked',
      detail: containing('pdf, application/pdf'),
    });
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toBeUndefined();
    expect(trail(w).slice(2)).toEqual([
      'document.received success org-site',
      'document.received success org-sponsor',
    ]);
  });

  it('quarantines a program named cv.pdf and declared a PDF: never delivered, the sender told why', async () => {
    const w = setUp();
    const done = await sendWhole(w, sampleExe());
    expect(done).toMatchObject({
      state: 'quarantined',
      quarantineReason: 'executable-content',
      quarantineDetail: containing('cv.pdf'),
      classification: null,
    });
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toBeUndefined();
    expect(trail(w).slice(2)).toEqual([
      'document.quarantined failure org-site',
      'document.quarantined failure org-sponsor',
    ]);
    // Completed again: answered as it is, nothing more recorded.
    expect(await complete(w, done.documentId)).toEqual(done);
    expect(w.audit.entries).toHaveLength(2);
  });

  it('quarantines a completion finished after GuardDuty found malware in its kept copy (reads denied)', async () => {
    const w = setUp();
    const sent = await send(w, sendBody(CV));
    put(w, sent.upload?.url ?? '', CV);
    // The process dies after the keep (one save: its state); GuardDuty scans the copy meanwhile.
    w.journal.crashAfterSaves = 1;
    await expect(complete(w, sent.document.documentId)).rejects.toThrow('the process died');
    const kept = [...w.files.objects.keys()].filter((k) => k.startsWith('records/'));
    expect(kept).toHaveLength(1);
    w.files.scanTags.set(kept[0] ?? '', 'THREATS_FOUND');
    w.journal.restart();
    expect(await w.deps.writes.reconcile(true)).toMatchObject({ finished: 1 });
    expect(await w.documents.get(sent.document.documentId)).toMatchObject({
      state: 'quarantined',
      quarantineReason: 'malware-found',
      objectKey: kept[0],
    });
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toBeUndefined();
  });

  it('once the scan finds it clean, classifies it through both standards and delivers it', async () => {
    const w = setUp();
    const done = await sendWhole(w, CV);
    expect(done).toMatchObject({
      state: 'delivered',
      holdReason: null,
      classification: {
        artifactNumber: '05.02.04',
        filingLevel: 'site',
        sender: { standardId: 'std-site', typeCode: 'CV' },
        receiver: { standardId: 'std-sponsor', typeCode: 'TMF-CV' },
      },
    });
    const record = await w.documents.get(done.documentId);
    expect(record?.objectKey).toMatch(new RegExp(`^records/study-1/${done.documentId}/1-`));
    expect(w.files.objects.get(record?.objectKey ?? '')).toEqual(CV);
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toEqual([done.documentId]);
    expect(trail(w)).toEqual([
      'document.sent success org-site',
      'document.sent success org-sponsor',
      'document.received success org-site',
      'document.received success org-sponsor',
      'document.scanned success org-site',
      'document.scanned success org-sponsor',
    ]);
  });

  it('answers a completion again with the document as it was completed, and records nothing more', async () => {
    const w = setUp();
    const done = await sendWhole(w, CV);
    const kept = w.files.calls.keep;
    expect(await complete(w, done.documentId)).toEqual(done);
    expect(w.files.calls.keep).toBe(kept);
    expect(w.audit.entries).toHaveLength(3);
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toHaveLength(1);
  });

  it('holds a document the receiver’s standard does not map, saying why', async () => {
    const w = setUp();
    const done = await sendWhole(w, pdf('signature page'), {
      typeCode: 'PSP',
      personName: undefined,
    });
    expect(done).toMatchObject({
      state: 'held',
      holdReason: 'receiver-artifact-unmapped',
      holdDetail: containing('maps no document type to 05.02.02'),
    });
    expect(w.documents.inboxes.get(SYS.sponsor.systemId)).toBeUndefined();
  });

  it('refuses a completion before the upload with 409, changing nothing', async () => {
    const w = setUp();
    const sent = await send(w, sendBody(CV));
    const before = await w.documents.get(sent.document.documentId);
    await expect(complete(w, sent.document.documentId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('No file has been uploaded'),
    });
    expect(await w.documents.get(sent.document.documentId)).toEqual(before);
    expect(w.audit.entries).toHaveLength(1);
  });

  it('holds a file that is not the one announced (400 on sha256); the same key gives a new link for the right one', async () => {
    const w = setUp();
    const sent = await send(w, sendBody(CV));
    const wrong = Buffer.from(CV);
    wrong[wrong.length - 2] = 0x21;
    put(w, sent.upload?.url ?? '', wrong);
    await expect(complete(w, sent.document.documentId)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'sha256' }],
    });
    expect(await getSent(w, sent.document.documentId)).toMatchObject({
      state: 'held',
      holdReason: 'checksum-mismatch',
    });
    expect(w.audit.entries.slice(1).map((e) => e.outcome)).toEqual(['failure']);

    const again = await send(w, sendBody(CV));
    expect(again.document.documentId).toBe(sent.document.documentId);
    expect(again.upload?.url).toContain(incomingKeyOf(sent.document.documentId, 2));
    put(w, again.upload?.url ?? '', CV);
    expect(await complete(w, sent.document.documentId)).toMatchObject({ state: 'awaiting-scan' });
    await scan(w, sent.document.documentId);
    expect(await getSent(w, sent.document.documentId)).toMatchObject({ state: 'delivered' });
  });

  it('refuses a size that differs before hashing anything (400 on size)', async () => {
    const w = setUp();
    const sent = await send(w, sendBody(CV));
    put(w, sent.upload?.url ?? '', Buffer.concat([CV, Buffer.from('more')]));
    await expect(complete(w, sent.document.documentId)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'size' }],
    });
    expect(w.files.calls.keep).toBe(0);
    expect((await w.documents.get(sent.document.documentId))?.holdReason).toBe('size-mismatch');
  });

  it('answers 404 to a system completing or reading a document it did not send, the receiver too', async () => {
    const w = setUp();
    const done = await sendWhole(w, CV);
    const records = structuredClone([...w.documents.records.values()]);
    for (const ctx of [SPONSOR, OTHER_SITE]) {
      await expect(complete(w, done.documentId, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(getSent(w, done.documentId, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(getSent(w, 'doc-00000000000000000000000099')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect([...w.documents.records.values()]).toEqual(records);
    expect(w.audit.entries).toHaveLength(3);
  });
});

describe('partner get document', () => {
  it('shows the sender its document and every hand-over as the hub made it', async () => {
    const w = setUp();
    const done = await sendWhole(w, CV);
    const seen = await getSent(w, done.documentId);
    expect(seen).toEqual(done);
    expect(seen.events.map((e) => e.event)).toEqual([
      'announced',
      'uploaded',
      'received',
      'content-checked',
      'scanned',
      'classified',
      'delivered',
    ]);
  });
});
