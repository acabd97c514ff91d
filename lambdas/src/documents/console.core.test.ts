import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { Caller, RequestContext } from '../core/request';
import { WHO } from '../core/testing/connection-test-network';
import { sampleExe } from '../core/testing/sample-files';
import { downloadDocument, getDocument, listDocuments, retryDocument } from './console.core';
import {
  complete,
  pdf,
  put,
  send,
  sendBody,
  sendWhole,
  setUp,
  SPONSOR_STANDARD_V2,
  trail,
  type World,
  containing,
} from './document-world-kit';

/**
 * The console's window on the exchange (operations.md, "Console"): a document within reach read
 * whole, downloaded (recorded on the document and in both trails), and retried by an
 * administrator of either side when it is held for a mapping. Outside the reach: 404, like none.
 */

type Who = RequestContext<Caller>;

// Each call as the router makes it: the input parsed, the answer checked against the contract.
const get = async (w: World, documentId: string, who: Who) => {
  const route = routes['s3documents/get'];
  return route.response.parse(await getDocument(route.request.parse({ documentId }), who, w.deps))
    .document;
};
const download = async (w: World, documentId: string, who: Who) => {
  const route = routes['s3documents/download'];
  return route.response.parse(
    await downloadDocument(route.request.parse({ documentId }), who, w.deps),
  );
};
const retry = async (w: World, documentId: string, who: Who) => {
  const route = routes['s3documents/retry'];
  return route.response.parse(await retryDocument(route.request.parse({ documentId }), who, w.deps))
    .document;
};
const list = async (w: World, query: Record<string, string>, who: Who) => {
  const route = routes['s3documents/list'];
  return route.response.parse(await listDocuments(route.request.parse(query), who, w.deps));
};

const CV = pdf('CV of Dr. Jana Müller');
const SIGNATURE = pdf('Protocol signature page');

/** The site's CV, delivered to the sponsor over site 101. */
const delivered = async (w: World) => (await sendWhole(w, CV)).documentId;
/** The site's signature page, held: the sponsor's standard maps no signature page yet. */
const heldForMapping = async (w: World) =>
  (
    await sendWhole(w, SIGNATURE, {
      idempotencyKey: 'key-signature',
      typeCode: 'PSP',
      personName: undefined,
    })
  ).documentId;

/** The sponsor publishes version 2 of its standard, which maps the signature page. */
const sponsorMapsSignaturePage = (w: World) => {
  w.registry.seed([{ type: 'standard', record: SPONSOR_STANDARD_V2 }]);
};

const NOT_FOUND = { code: 'NOT_FOUND', message: 'No document with that id is within your reach.' };

describe('s3documents/get', () => {
  it('shows the document whole to both sides, the study’s CRO and whoever reads everything', async () => {
    const w = setUp();
    const id = await delivered(w);
    for (const who of [
      WHO.siteAdmin,
      WHO.siteAuditor,
      WHO.sponsorAdmin,
      WHO.croAdmin,
      WHO.platformAdmin,
      WHO.auditorAll,
    ]) {
      expect(await get(w, id, who)).toMatchObject({
        documentId: id,
        state: 'delivered',
        studyId: 'study-1',
        connectionId: 'conn-1',
        classification: { artifactNumber: '05.02.04' },
      });
    }
  });

  it('answers 404 alike to an organisation not named on the document and for no document', async () => {
    const w = setUp();
    const id = await delivered(w);
    await expect(get(w, id, WHO.unrelatedAdmin)).rejects.toMatchObject(NOT_FOUND);
    await expect(get(w, id, WHO.otherSponsorAdmin)).rejects.toMatchObject(NOT_FOUND);
    await expect(get(w, 'doc-00000000000000000000000099', WHO.platformAdmin)).rejects.toMatchObject(
      NOT_FOUND,
    );
  });
});

describe('s3documents/download', () => {
  it('records the download on the document and in both trails, then links the kept file for 15 minutes', async () => {
    const w = setUp();
    const id = await delivered(w);
    const before = trail(w).length;
    const link = await download(w, id, WHO.sponsorAdmin);
    const record = await w.documents.get(id);
    expect(link).toEqual({
      url: containing(record?.objectKey ?? 'no key'),
      expiresAt: '2025-03-12T09:15:00.000Z',
      fileName: 'cv.pdf',
    });
    expect(record).toMatchObject({
      downloadCount: 1,
      downloads: [{ at: '2025-03-12T09:00:00.000Z', by: 'sponsor@example.com' }],
    });
    expect(trail(w).slice(before)).toEqual([
      'document.downloaded success org-site',
      'document.downloaded success org-sponsor',
    ]);
    expect(w.audit.entries.at(-1)).toMatchObject({
      actor: { email: 'sponsor@example.com', role: 'OrgAdmin' },
      after: { fileName: 'cv.pdf', sha256: sendBody(CV).sha256, size: CV.length },
    });
  });

  it('records each download, newest first; an Auditor reading the document may download it too', async () => {
    const w = setUp();
    const id = await delivered(w);
    await download(w, id, WHO.sponsorAdmin);
    w.clock.advance(1000);
    await download(w, id, WHO.siteAuditor);
    expect(await w.documents.get(id)).toMatchObject({
      downloadCount: 2,
      downloads: [{ by: 'site-auditor@example.com' }, { by: 'sponsor@example.com' }],
    });
  });

  it('refuses a document whose file has not arrived (409) and one out of reach (404), recording nothing', async () => {
    const w = setUp();
    const announced = (await send(w, sendBody(CV, { idempotencyKey: 'key-announced' }))).document
      .documentId;
    const id = await delivered(w);
    const records = structuredClone([...w.documents.records.values()]);
    const audited = w.audit.entries.length;
    await expect(download(w, announced, WHO.platformAdmin)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('has not been received yet'),
    });
    await expect(download(w, id, WHO.unrelatedAdmin)).rejects.toMatchObject(NOT_FOUND);
    expect([...w.documents.records.values()]).toEqual(records);
    expect(w.audit.entries).toHaveLength(audited);
    expect(w.files.calls.downloadUrl).toBe(0);
  });
});

describe('s3documents/download of a file not found clean', () => {
  it('refuses a quarantined file and one awaiting its scan (409, saying why), recording nothing', async () => {
    const w = setUp();
    const program = await sendWhole(w, sampleExe(), {
      idempotencyKey: 'key-program',
      fileName: 'cv-2.pdf',
    });
    expect(program.state).toBe('quarantined');
    const bytes = pdf('CV, not yet scanned');
    const sent = await send(w, sendBody(bytes, { idempotencyKey: 'key-unscanned' }));
    put(w, sent.upload?.url ?? '', bytes);
    const unscanned = await complete(w, sent.document.documentId);
    expect(unscanned.state).toBe('awaiting-scan');
    const records = structuredClone([...w.documents.records.values()]);
    const audited = w.audit.entries.length;
    await expect(download(w, program.documentId, WHO.sponsorAdmin)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('quarantined (executable-content)'),
    });
    await expect(download(w, unscanned.documentId, WHO.sponsorAdmin)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('once the scan finds it clean'),
    });
    expect([...w.documents.records.values()]).toEqual(records);
    expect(w.audit.entries).toHaveLength(audited);
    expect(w.files.calls.downloadUrl).toBe(0);
  });
});

describe('s3documents/retry', () => {
  it('delivers a document held for a mapping once the mapping is published, recorded in both trails', async () => {
    const w = setUp();
    const id = await heldForMapping(w);
    sponsorMapsSignaturePage(w);
    w.clock.advance(60_000);
    const before = trail(w).length;
    const done = await retry(w, id, WHO.siteAdmin);
    expect(done).toMatchObject({
      state: 'delivered',
      holdReason: null,
      classification: { artifactNumber: '05.02.02', receiver: { typeCode: 'TMF-PSP' } },
    });
    expect((await w.documents.get(id))?.events.map((e) => e.event)).toContain('retried');
    expect(w.documents.inboxes.get('sys-sponsor')).toEqual([id]);
    expect(trail(w).slice(before)).toEqual([
      'document.retried success org-site',
      'document.retried success org-sponsor',
    ]);
    expect(w.audit.entries.at(-1)).toMatchObject({
      before: { state: 'held', holdReason: 'receiver-artifact-unmapped' },
      after: { state: 'delivered', artifactNumber: '05.02.02' },
    });
  });

  it('answers the same administrator’s retry again as it was, and refuses another’s with 409', async () => {
    const w = setUp();
    const id = await heldForMapping(w);
    sponsorMapsSignaturePage(w);
    const first = await retry(w, id, WHO.sponsorAdmin);
    const audited = w.audit.entries.length;
    expect(await retry(w, id, WHO.sponsorAdmin)).toEqual(first);
    await expect(retry(w, id, WHO.siteAdmin)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('is delivered, not held for a mapping'),
    });
    // Long after, the same administrator's call is a new one: refused as well.
    w.clock.advance(16 * 60 * 1000);
    await expect(retry(w, id, WHO.sponsorAdmin)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(w.audit.entries).toHaveLength(audited);
    expect(w.documents.inboxes.get('sys-sponsor')).toHaveLength(1);
  });

  it('lets only an administrator of the sending or receiving organisation retry (403), or a PlatformAdmin', async () => {
    const w = setUp();
    const id = await heldForMapping(w);
    sponsorMapsSignaturePage(w);
    const records = structuredClone([...w.documents.records.values()]);
    const audited = w.audit.entries.length;
    // They see the document, but it is not theirs to change.
    for (const who of [WHO.croAdmin, WHO.siteAuditor, WHO.auditorAll]) {
      await expect(retry(w, id, who)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(retry(w, id, WHO.unrelatedAdmin)).rejects.toMatchObject(NOT_FOUND);
    expect([...w.documents.records.values()]).toEqual(records);
    expect(w.audit.entries).toHaveLength(audited);
    expect(await retry(w, id, WHO.platformAdmin)).toMatchObject({ state: 'delivered' });
  });

  it('refuses a document that waits for its sender’s file, not for a mapping (409)', async () => {
    const w = setUp();
    const sent = await send(w, sendBody(CV));
    put(w, sent.upload?.url ?? '', pdf('another file'));
    const id = sent.document.documentId;
    await expect(complete(w, id)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(retry(w, id, WHO.siteAdmin)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('waits for its sender'),
    });
  });
});

describe('s3documents/list', () => {
  it('lists for each organisation the documents that name it, newest first', async () => {
    const w = setUp();
    const cv = await delivered(w);
    w.clock.advance(1000);
    const held = await heldForMapping(w);
    const ids = async (who: Who) => (await list(w, {}, who)).documents.map((d) => d.documentId);
    expect(await ids(WHO.siteAdmin)).toEqual([held, cv]);
    expect(await ids(WHO.croAdmin)).toEqual([held, cv]);
    expect(await ids(WHO.platformAdmin)).toEqual([held, cv]);
    expect(await ids(WHO.unrelatedAdmin)).toEqual([]);
    expect((await list(w, { state: 'held' }, WHO.sponsorAdmin)).total).toBe(1);
  });

  it('refuses a cursor of another list (400 on cursor)', async () => {
    const w = setUp();
    await delivered(w);
    w.clock.advance(1000);
    await heldForMapping(w);
    const page = await list(w, { limit: '1' }, WHO.siteAdmin);
    expect(page.nextCursor).not.toBeNull();
    await expect(
      list(w, { limit: '1', state: 'held', cursor: page.nextCursor ?? '' }, WHO.siteAdmin),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
    const next = await list(w, { limit: '1', cursor: page.nextCursor ?? '' }, WHO.siteAdmin);
    expect(next.documents).toHaveLength(1);
    expect(next.nextCursor).toBeNull();
  });
});
