import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { Caller, RequestContext } from '../core/request';
import { callerContext } from '../core/testing/fakes';
import { ORG, STUDY, WHO } from '../core/testing/connection-test-network';
import { openZip } from './exchange/zip-reader';
import { exportEtmf } from './export-etmf.core';
import { sampleExe } from '../core/testing/sample-files';
import {
  complete,
  OTHER_SITE,
  pdf,
  put,
  send,
  sendBody,
  sendWhole,
  setUp,
  trail,
  type World,
  containing,
} from './document-world-kit';

/**
 * s3documents/export-etmf (operations.md, "Documents"): a study's (or one connection's) delivered
 * documents within the caller's reach (a held one never: issue 34), as an eTMF-EMS zip in the exports bucket —
 * each kept file at its artifact's folder, exchange.xml last — and the export audited.
 */

type Who = RequestContext<Caller>;

const CV = pdf('CV of Dr. Jana Müller');
const SIGNATURE = pdf('Protocol signature page');
const OTHER_CV = pdf('CV of Dr. John Smith');
const PATH = {
  cv: '05/05.02/05.02.04.Principal Investigator Curriculum Vitae/cv.pdf',
};
const otherSiteAdmin = callerContext({
  role: 'OrgAdmin',
  organisationId: ORG.otherSite.organisationId,
  email: 'mary@example.com',
});

/**
 * Study 1: the site’s CV delivered and its signature page held for the sponsor’s mapping (both
 * classified on the site's side, both files kept), a document announced and never uploaded, and
 * site 102's CV, kept but unclassified (its system has no standard).
 */
const study = async () => {
  const w = setUp();
  await sendWhole(w, CV);
  await sendWhole(w, SIGNATURE, {
    idempotencyKey: 'key-signature',
    typeCode: 'PSP',
    personName: undefined,
    fileName: 'signature.pdf',
  });
  await send(w, sendBody(CV, { idempotencyKey: 'key-announced' }));
  await sendWhole(
    w,
    OTHER_CV,
    { idempotencyKey: 'key-other-site', connectionId: 'conn-2', personName: 'John Smith' },
    OTHER_SITE,
  );
  w.clock.advance(60 * 60 * 1000);
  return w;
};

const exportOf = async (w: World, who: Who, more: { connectionId?: string } = {}) => {
  const route = routes['s3documents/export-etmf'];
  return route.response.parse(
    await exportEtmf(route.request.parse({ studyId: STUDY.main.studyId, ...more }), who, w.deps),
  );
};

/** The written package's entries, each with its bytes. */
const unzip = async (bytes: Buffer) => {
  const zip = await openZip(
    (start, end) => Promise.resolve(bytes.subarray(start, end + 1)),
    bytes.length,
  );
  const out: { name: string; bytes: Buffer }[] = [];
  for (const entry of zip.entries) {
    const parts: Uint8Array[] = [];
    for await (const part of zip.entryStream(entry)) parts.push(part);
    out.push({ name: entry.name, bytes: Buffer.concat(parts) });
  }
  return out;
};

const packageOf = async (w: World) => unzip(w.exports.last()?.bytes ?? Buffer.alloc(0));

describe('s3documents/export-etmf', () => {
  it('packages the study’s classified files for its sponsor, exchange.xml last, and audits it', async () => {
    const w = await study();
    const audited = trail(w).length;
    const answer = await exportOf(w, WHO.sponsorAdmin);
    expect(answer).toEqual({
      url: containing('etmf/study-1/20250312100000-req-1.zip'),
      expiresAt: '2025-03-12T10:05:00.000Z',
      fileName: 'ABC-001-etmf-ems-20250312100000.zip',
      documents: 1,
      bytes: w.exports.last()?.bytes.length,
      // The signature page held for the sponsor's mapping, and site 102's unclassified CV.
      unclassified: 2,
    });
    expect(w.exports.last()).toMatchObject({ contentType: 'application/zip' });
    const entries = await packageOf(w);
    expect(entries.map((e) => e.name)).toEqual([PATH.cv, 'exchange.xml']);
    expect(entries.at(-1)?.name).toBe('exchange.xml');
    expect(entries.find((e) => e.name === PATH.cv)?.bytes).toEqual(CV);
    const xml = entries.at(-1)?.bytes.toString('utf8') ?? '';
    expect(xml).toContain('ABC-001');
    expect(xml).toContain(PATH.cv);
    expect(xml).toContain('Jana Müller');
    expect(xml).not.toContain('John Smith');

    expect(trail(w).slice(audited)).toEqual(['study.exported-etmf success org-sponsor']);
    expect(w.audit.entries.at(-1)).toMatchObject({
      actor: { email: 'sponsor@example.com' },
      target: { type: 'study', id: 'study-1', label: 'ABC-001' },
      after: { connectionId: null, documents: 1, unclassified: 2, fileName: answer.fileName },
    });
  });

  it('never packages a quarantined file, nor one still awaiting its malware scan', async () => {
    const w = await study();
    const quarantined = await sendWhole(w, sampleExe(), {
      idempotencyKey: 'key-program',
      fileName: 'cv-2.pdf',
    });
    expect(quarantined.state).toBe('quarantined');
    const bytes = pdf('CV, not yet scanned');
    const sent = await send(w, sendBody(bytes, { idempotencyKey: 'key-unscanned' }));
    put(w, sent.upload?.url ?? '', bytes);
    expect((await complete(w, sent.document.documentId)).state).toBe('awaiting-scan');
    w.clock.advance(60_000);
    // Only delivered documents are packaged: the unscanned one and the quarantined one are kept
    // but left out, and counted with the held ones.
    expect(await exportOf(w, WHO.sponsorAdmin)).toMatchObject({ documents: 1, unclassified: 4 });
    const names = (await packageOf(w)).map((e) => e.name);
    expect(names).not.toContain(containing('cv-2.pdf'));
    expect(names).toHaveLength(2);
  });

  it('gives the study’s CRO and a PlatformAdmin the same package; a PlatformAdmin’s export is in the sponsor’s trail', async () => {
    const w = await study();
    expect(await exportOf(w, WHO.croAdmin)).toMatchObject({ documents: 1, unclassified: 2 });
    expect(trail(w).at(-1)).toBe('study.exported-etmf success org-cro');
    expect(await exportOf(w, WHO.platformAdmin)).toMatchObject({ documents: 1, unclassified: 2 });
    expect(trail(w).at(-1)).toBe('study.exported-etmf success org-sponsor');
  });

  it('gives a site its own connections’ documents only', async () => {
    const w = await study();
    expect(await exportOf(w, WHO.siteAdmin)).toMatchObject({ documents: 1, unclassified: 1 });
    expect(trail(w).at(-1)).toBe('study.exported-etmf success org-site');
    const entries = await packageOf(w);
    expect(entries.map((e) => e.name)).toHaveLength(2);
  });

  it('packages one connection when named, and answers 404 for a connection out of reach or of another study', async () => {
    const w = await study();
    expect(await exportOf(w, WHO.sponsorAdmin, { connectionId: 'conn-1' })).toMatchObject({
      documents: 1,
      unclassified: 1,
    });
    expect(w.audit.entries.at(-1)?.after).toMatchObject({ connectionId: 'conn-1' });
    const written = w.exports.written.length;
    const audited = w.audit.entries.length;
    for (const connectionId of ['conn-2', 'conn-4', 'conn-missing']) {
      await expect(exportOf(w, WHO.siteAdmin, { connectionId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    expect(w.exports.written).toHaveLength(written);
    expect(w.audit.entries).toHaveLength(audited);
  });

  it('answers 404 alike to organisations without a part in the study and for no study, writing nothing', async () => {
    const w = await study();
    const audited = w.audit.entries.length;
    for (const who of [WHO.unrelatedAdmin, WHO.otherSponsorAdmin]) {
      await expect(exportOf(w, who)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'No study with that id is within your reach.',
      });
    }
    const route = routes['s3documents/export-etmf'];
    await expect(
      exportEtmf(route.request.parse({ studyId: 'study-missing' }), WHO.platformAdmin, w.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(w.exports.written).toEqual([]);
    expect(w.audit.entries).toHaveLength(audited);
  });

  it('refuses with 409 when nothing delivered or imported lies within reach, writing nothing', async () => {
    const w = await study();
    const audited = w.audit.entries.length;
    // Site 102's only document is unclassified.
    await expect(exportOf(w, otherSiteAdmin)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: containing('no delivered or imported document'),
    });
    expect(w.exports.written).toEqual([]);
    expect(w.files.calls.read).toBe(0);
    expect(w.audit.entries).toHaveLength(audited);
  });

  it('packages what was sent before the export began, not what came after', async () => {
    const w = await study();
    // Sent, then the export starts a moment before it (the clock set back): not in the package.
    await sendWhole(w, pdf('late CV'), { idempotencyKey: 'key-late-cv1', fileName: 'late.pdf' });
    w.clock.advance(-1);
    const answer = await exportOf(w, WHO.sponsorAdmin);
    expect(answer.documents).toBe(1);
  });
});
