import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_XML, openZip, parseExchangeXml, parseIntegrity } from '@ccsc/lambdas/exchange';
import { type ConnectionRow, must, ok, protocol, registryCall } from '../support/registry';
import {
  c,
  connection,
  inbox,
  n,
  partner,
  pdf,
  read,
  RECEIVE,
  send,
  SEND,
  type Sent,
  setUpDocuments,
  sha,
  site,
  sponsor,
  studyId,
} from './documents-kit';

/**
 * The document exchange through the running console (issue 17), as two systems' engineers use
 * it with a standard OAuth client: the site's eISF sends a signed CV and a medical licence over
 * an active connection (announce, PUT to the presigned URL, complete); the sponsor's eTMF
 * receives them in its own types with the TMF artifact numbers, downloads and acknowledges. A
 * type the site's standard does not map is held, and released when the standard is extended and
 * published. A wrong checksum, a forbidden type, a connection the system is not part of are
 * refused. The console lists, shows, downloads (audited) and retries.
 */

beforeAll(setUpDocuments, 180_000);

describe('the document exchange', () => {
  it('delivers a signed CV and a medical licence to the sponsor in its own types; it downloads and acknowledges them', async () => {
    const before = await inbox();
    expect(before.status).toBe(200);
    const cvFile = pdf('CV of Dr. Jana Müller, signed');
    const cv = await send(cvFile, {
      typeCode: 'CV-SIGNED',
      title: 'CV Dr. Jana Müller (signed)',
      personName: 'Jana Müller',
      fileName: 'CV Müller signed.pdf',
    });
    expect(cv.status, JSON.stringify(cv.error)).toBe(200);
    expect(cv.document).toMatchObject({
      state: 'delivered',
      holdReason: null,
      classification: { artifactNumber: '05.02.04', receiver: { typeCode: 'ETMF-CV-PI' } },
    });
    const licenceFile = pdf('Approbationsurkunde');
    const licence = await send(licenceFile, {
      typeCode: 'MED-LIC',
      title: 'Medical licence Dr. Jana Müller',
      personName: 'Jana Müller',
      fileName: 'Approbation.pdf',
    });
    expect(licence.document.state).toBe('delivered');

    const got = await inbox(before.data.nextCursor);
    expect(got.status).toBe(200);
    const byId = new Map(got.data.documents.map((d) => [d.documentId, d]));
    const receivedCv = must(byId.get(cv.document.documentId));
    expect(receivedCv).toMatchObject({
      state: 'delivered',
      typeCode: 'ETMF-CV-PI',
      artifactNumber: '05.02.04',
      artifactName: 'Principal Investigator Curriculum Vitae',
      personName: 'Jana Müller',
      sha256: sha(cvFile),
    });
    expect(must(byId.get(licence.document.documentId))).toMatchObject({
      typeCode: 'ETMF-QUAL',
      artifactNumber: '05.02.07',
    });
    expect(receivedCv.sequence).toBeLessThan(must(byId.get(licence.document.documentId)).sequence);
    // The file as the sender sent it, named as it was.
    const download = await fetch(receivedCv.download.url);
    expect(download.status).toBe(200);
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(cvFile));
    expect(download.headers.get('content-disposition')).toContain('CV%20M%C3%BCller%20signed.pdf');
    // Nothing new since the last cursor.
    const again = await inbox(got.data.nextCursor);
    expect(again.data.documents).toEqual([]);
    expect(again.data.nextCursor).toBe(got.data.nextCursor);

    const ack = await partner<{ state: string; acknowledgedAt: string }>(
      sponsor,
      RECEIVE,
      'POST',
      `documents/${cv.document.documentId}/acknowledge`,
      {},
    );
    expect(ack.status).toBe(200);
    expect(ack.data.state).toBe('acknowledged');
    const ackAgain = await partner<{ acknowledgedAt: string }>(
      sponsor,
      RECEIVE,
      'POST',
      `documents/${cv.document.documentId}/acknowledge`,
      {},
    );
    expect(ackAgain.data.acknowledgedAt).toBe(ack.data.acknowledgedAt);
    // The sender follows it to the end.
    const followed = await partner<{ document: Sent & { events: { event: string }[] } }>(
      site,
      SEND,
      'GET',
      `documents/${cv.document.documentId}`,
    );
    expect(followed.data.document.state).toBe('acknowledged');
    expect(followed.data.document.events.map((e) => e.event)).toEqual([
      'announced',
      'uploaded',
      'received',
      'content-checked',
      'scanned',
      'classified',
      'delivered',
      'acknowledged',
    ]);
  });

  it('never makes a second document for a retried send; a reused key with another request is a 409', async () => {
    const file = pdf('idempotent');
    const body = {
      idempotencyKey: `it-${randomUUID()}`,
      connectionId: connection.connectionId,
      typeCode: 'CV-SIGNED',
      title: 'CV, sent twice',
      version: '1',
      documentDate: '2026-10-01',
      language: 'de',
      personName: 'Jana Müller',
      fileName: 'cv.pdf',
      contentType: 'application/pdf',
      size: file.length,
      sha256: sha(file),
    };
    const first = await partner<{ document: Sent }>(site, SEND, 'POST', 'documents', body);
    const second = await partner<{ document: Sent }>(site, SEND, 'POST', 'documents', body);
    expect(second.data.document.documentId).toBe(first.data.document.documentId);
    const other = await partner(site, SEND, 'POST', 'documents', { ...body, title: 'Another' });
    expect(other.status).toBe(409);
  });

  it('lets the console list, show and download a document (audited), within reach only', async () => {
    const file = pdf('for the console');
    const sent = await send(file, {
      typeCode: 'CV-SIGNED',
      title: 'CV for the console',
      personName: 'Jana Müller',
    });
    const listed = (
      await read<{ documents: { documentId: string; artifactNumber: string }[] }>(
        n.people.sponsorAdmin,
        's3documents/list',
        { connectionId: connection.connectionId, artifactNumber: '05.02' },
      )
    ).data;
    expect(listed.documents.map((d) => d.documentId)).toContain(sent.document.documentId);
    expect(listed.documents.every((d) => d.artifactNumber.startsWith('05.02'))).toBe(true);
    const hidden = await read(n.people.otherSiteAdmin, 's3documents/get', {
      documentId: sent.document.documentId,
    });
    expect(hidden.status).toBe(404);

    const link = (
      await read<{ url: string; fileName: string }>(n.people.siteAuditor, 's3documents/download', {
        documentId: sent.document.documentId,
      })
    ).data;
    const fetched = await fetch(link.url);
    expect(sha(Buffer.from(await fetched.arrayBuffer()))).toBe(sha(file));
    const { document } = (
      await read<{
        document: {
          downloads: { by: string }[];
          downloadCount: number;
          classification: { sender: { typeCode: string } };
        };
      }>(n.people.siteAdmin, 's3documents/get', { documentId: sent.document.documentId })
    ).data;
    expect(document.downloadCount).toBe(1);
    expect(document.downloads[0]?.by).toBe(n.people.siteAuditor.email);
    expect(document.classification.sender.typeCode).toBe('CV-SIGNED');
    const audit = await ok<{ records: { action: string }[] }>(c, n.admin, 'list-audit-records', {
      target: sent.document.documentId,
    });
    const actions = audit.records.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['document.sent', 'document.received', 'document.downloaded']),
    );
    // An Auditor reads and downloads, and changes nothing.
    const auditorRetry = await registryCall(c, n.people.siteAuditor, 's3documents/retry', {
      documentId: sent.document.documentId,
    });
    expect(auditorRetry.status).toBe(403);
  });
  it('exports the study as an eTMF-EMS package: exchange.xml valid, every file in its artifact folder, every checksum right', async () => {
    const sent = await send(pdf('for the package'), {
      typeCode: 'MED-LIC',
      title: 'Licence for the package',
      personName: 'Jana Müller',
      fileName: 'Approbation Müller.pdf',
    });
    expect(sent.document.state).toBe('delivered');
    const exported = await ok<{
      url: string;
      fileName: string;
      documents: number;
      bytes: number;
    }>(c, n.people.sponsorAdmin, 's3documents/export-etmf', {
      studyId,
    });
    expect(exported.documents).toBeGreaterThanOrEqual(4);
    const zip = Buffer.from(await (await fetch(exported.url)).arrayBuffer());
    expect(zip.length).toBe(exported.bytes);
    const archive = await openZip(
      (start, end) => Promise.resolve(new Uint8Array(zip.subarray(start, end + 1))),
      zip.length,
    );
    const entries = new Map(archive.entries.map((e) => [e.name, e]));
    const xmlEntry = must(entries.get(EXCHANGE_XML));
    const chunks: Uint8Array[] = [];
    for await (const chunk of archive.entryStream(xmlEntry)) chunks.push(chunk);
    const parsed = await parseExchangeXml(Buffer.concat(chunks));
    expect(parsed.problems).toEqual([]);
    expect(parsed.batch?.studyId).toMatch(/^PRT-/);
    expect(parsed.objects).toHaveLength(exported.documents);
    const licence = must(parsed.objects.find((o) => o.objectId === sent.document.documentId));
    expect(licence).toMatchObject({
      artifactNumber: '05.02.07',
      objectLevel: 'Site',
      siteId: '301',
      personNames: ['Jana Müller'],
    });
    const file = must(licence.files[0]);
    expect(file.fileName).toBe('Approbation Müller.pdf');
    expect(file.contentUrl).toMatch(
      /^05\/05\.02\/05\.02\.07\.Site Staff Qualification Supporting Information\//u,
    );
    // Every object's file is in the package, and its content matches its INTEGRITY.
    for (const object of parsed.objects) {
      for (const f of object.files) {
        const entry = must(entries.get(f.contentUrl), f.contentUrl);
        const hash = createHash('sha256');
        for await (const chunk of archive.entryStream(entry)) hash.update(chunk);
        expect(parseIntegrity(f.integrity)).toEqual({
          algorithm: 'sha256',
          hex: hash.digest('hex'),
        });
      }
    }
    // Imported into another study with the same site: every object filed, every checksum verified.
    const { study: next } = await ok<{ study: { studyId: string } }>(
      c,
      n.people.sponsorAdmin,
      'create-study',
      {
        sponsorOrganisationId: n.sponsor.organisationId,
        protocolNumber: protocol(),
        title: 'The follow-up trial',
        phase: 'phase-3',
      },
    );
    const invited = await ok<{ connection: ConnectionRow }>(
      c,
      n.people.sponsorAdmin,
      'invite-site',
      {
        studyId: next.studyId,
        siteOrganisationId: n.site.organisationId,
        siteNumber: '301',
        country: 'DE',
        principalInvestigator: 'Dr. Jana Müller',
        sponsorSystemId: n.sponsorSystem.systemId,
      },
    );
    const started = await ok<{
      import: { importId: string };
      upload: { url: string; headers: Record<string, string> };
    }>(c, n.people.sponsorAdmin, 's3documents/import-etmf-upload', {
      studyId: next.studyId,
      fileName: exported.fileName,
      size: zip.length,
    });
    const put = await fetch(started.upload.url, {
      method: 'PUT',
      headers: started.upload.headers,
      body: new Uint8Array(zip),
    });
    expect(put.status).toBe(200);
    const imported = (
      await ok<{
        import: { state: string; objects: number; filed: number; notFiled: number };
      }>(c, n.people.sponsorAdmin, 's3documents/import-etmf', {
        importId: started.import.importId,
      })
    ).import;
    expect(imported).toMatchObject({
      state: 'completed',
      objects: exported.documents,
      filed: exported.documents,
      notFiled: 0,
    });
    const filed = await read<{ objects: { connectionId: string | null; sha256: string }[] }>(
      n.people.sponsorAdmin,
      's3documents/import-get',
      { importId: started.import.importId },
    );
    expect(
      filed.data.objects.every((o) => o.connectionId === invited.connection.connectionId),
    ).toBe(true);

    // The study whose documents all came by import exports them again, as the import kept them.
    const again = await ok<{ documents: number }>(
      c,
      n.people.sponsorAdmin,
      's3documents/export-etmf',
      { studyId: next.studyId },
    );
    expect(again.documents).toBe(exported.documents);

    // A study with nothing received yet: said before anything is written.
    const { study: empty } = await ok<{ study: { studyId: string } }>(
      c,
      n.people.sponsorAdmin,
      'create-study',
      {
        sponsorOrganisationId: n.sponsor.organisationId,
        protocolNumber: protocol(),
        title: 'Nothing sent yet',
        phase: 'phase-1',
      },
    );
    const nothing = await registryCall(c, n.people.sponsorAdmin, 's3documents/export-etmf', {
      studyId: empty.studyId,
    });
    expect(nothing.status).toBe(409);
    // Another sponsor's administrator cannot export this study.
    const foreign = await registryCall(c, n.people.otherSponsorAdmin, 's3documents/export-etmf', {
      studyId,
    });
    expect(foreign.status).toBe(404);
  });

  it('shows the study at artifact level: documents per artifact, and each site’s empty core artifacts', async () => {
    const view = (
      await read<{
        artifacts: { number: string; documents: number; core: boolean }[];
        sites: { siteNumber: string; documents: number; missingCore: string[] }[];
      }>(n.people.sponsorAdmin, 'artifact/study-completeness', { studyId })
    ).data;
    const of = (number: string) => must(view.artifacts.find((a) => a.number === number));
    expect(of('05.02.04').documents).toBeGreaterThanOrEqual(2);
    expect(of('05.02.07').documents).toBeGreaterThanOrEqual(2);
    expect(view.artifacts).toHaveLength(250);
    const site = must(view.sites.find((x) => x.siteNumber === '301'));
    expect(site.missingCore).not.toContain('05.02.04');
    expect(site.missingCore).toContain('05.02.02'); // the protocol signature page: not sent
    expect(site.documents).toBe(view.artifacts.reduce((sum, a) => sum + a.documents, 0));
    const outsider = await read(n.people.otherSiteAdmin, 'artifact/study-completeness', {
      studyId,
    });
    expect(outsider.status).toBe(404);
  });
});
