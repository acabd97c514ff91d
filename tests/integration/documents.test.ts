import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { HOLD_REASONS, type HoldReason } from '@ccsc/contract/documents';
import { blankRow, type MappingRow } from '@ccsc/contract/standard-rows';
import {
  DOCUMENT_HELD_KEY,
  DOCUMENT_INDEXES,
  DOCUMENT_STATS_SHARDS,
  documentStatsHeldKey,
  TABLES,
  tableName,
} from '@ccsc/lambdas/data-model';
import { EXCHANGE_XML, openZip, parseExchangeXml, parseIntegrity } from '@ccsc/lambdas/exchange';
import { dynamodbDocuments } from '../support/aws';
import { issueCredential, partnerToken } from '../support/oauth';
import {
  buildNetwork,
  type ConnectionRow,
  must,
  type Network,
  ok,
  protocol,
  registryCall,
} from '../support/registry';

/**
 * The document exchange through the running console (issue 17), as two systems' engineers use
 * it with a standard OAuth client: the site's eISF sends a signed CV and a medical licence over
 * an active connection (announce, PUT to the presigned URL, complete); the sponsor's eTMF
 * receives them in its own types with the TMF artifact numbers, downloads and acknowledges. A
 * type the site's standard does not map is held, and released when the standard is extended and
 * published. A wrong checksum, a forbidden type, a connection the system is not part of are
 * refused. The console lists, shows, downloads (audited) and retries.
 */

const c = inject('console');

/** A site-level row of a mapping standard (the contract's blank row, filed at site level). */
const row = (more: Partial<MappingRow>): MappingRow => ({
  ...blankRow(),
  sourceName: 'A document',
  filingLevel: 'site',
  requiredMetadata: ['site'],
  ...more,
});

const siteRows = (): MappingRow[] => [
  row({
    sourceCode: 'CV-SIGNED',
    sourceName: 'Signed CV of the PI',
    artifactNumber: '05.02.04',
    subArtifact: 'Principal Investigator Curriculum Vitae',
    requiredMetadata: ['site', 'personName'],
  }),
  row({
    sourceCode: 'MED-LIC',
    sourceName: 'Medical licence',
    artifactNumber: '05.02.07',
    subArtifact: 'Medical License',
    requiredMetadata: ['site', 'personName'],
  }),
];

const sponsorRows = (): MappingRow[] => [
  row({
    sourceCode: 'ETMF-CV-PI',
    sourceName: 'PI CV',
    artifactNumber: '05.02.04',
    requiredMetadata: ['site', 'personName'],
  }),
  row({
    sourceCode: 'ETMF-QUAL',
    sourceName: 'Staff qualification',
    artifactNumber: '05.02.07',
    subArtifact: 'Medical License',
    requiredMetadata: ['site', 'personName'],
  }),
  row({ sourceCode: 'ETMF-1572', sourceName: 'FDA 1572', artifactNumber: '05.02.08' }),
];

interface StandardDetail {
  standard: { standardId: string; version: number };
  revision: number;
}

interface Sent {
  documentId: string;
  state: string;
  holdReason: string | null;
  classification: { artifactNumber: string; receiver: { typeCode: string } | null } | null;
}

interface Received {
  documentId: string;
  sequence: number;
  state: string;
  typeCode: string;
  artifactNumber: string;
  artifactName: string;
  personName: string | null;
  sha256: string;
  download: { url: string };
}

let n: Network;
let connection: ConnectionRow;
let studyId: string;
let siteStandard: StandardDetail;
let site: { clientId: string; clientSecret: string };
let sponsor: { clientId: string; clientSecret: string };
const tokens = new Map<string, string>();

const publish = async (
  who: Network['people']['siteAdmin'],
  detail: StandardDetail,
): Promise<StandardDetail> =>
  ok<StandardDetail>(c, who, 'artifact/publish-standard', {
    standardId: detail.standard.standardId,
    version: detail.standard.version,
    revision: detail.revision,
    meaning: 'Approved',
    password: who.password,
    code: await who.authenticator.next(),
  });

const tokenOf = async (credential: { clientId: string; clientSecret: string }, scope: string) => {
  const key = `${credential.clientId} ${scope}`;
  const known = tokens.get(key);
  if (known !== undefined) return known;
  const token = await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, scope);
  tokens.set(key, token);
  return token;
};

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the answer's shape, named by the caller
const partner = async <T = Record<string, unknown>>(
  credential: { clientId: string; clientSecret: string },
  scope: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{
  status: number;
  data: T;
  error?: { code: string; message: string; fields?: { path: string }[] };
}> => {
  const res = await fetch(`${c.url}/ccsc/api/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await tokenOf(credential, scope)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { data: T; error?: { code: string; message: string } };
  return {
    status: res.status,
    data: json.data,
    ...(json.error === undefined ? {} : { error: json.error }),
  };
};

/** A console GET call with its input in the query string, as the web client sends it. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the answer's shape, named by the caller
const read = async <T>(
  caller: Network['admin'],
  op: string,
  query: Record<string, string>,
): Promise<{ status: number; data: T }> => {
  const res = await registryCall<T>(
    c,
    caller,
    `${op}?${new URLSearchParams(query).toString()}`,
    undefined,
    'GET',
  );
  return { status: res.status, data: res.body.data as T };
};

const SEND = 'ccsc-api/documents.send';
const RECEIVE = 'ccsc-api/documents.receive';

const pdf = (text: string): Buffer =>
  Buffer.concat([
    Buffer.from(`%PDF-1.7\n% ${text}\n`),
    randomBytes(2048),
    Buffer.from('\n%%EOF\n'),
  ]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Announce, upload to the presigned URL, complete: what a sending system does. */
const send = async (
  file: Buffer,
  more: Record<string, unknown>,
  upload: Buffer = file,
): Promise<{ status: number; document: Sent; error?: { message: string } }> => {
  const announced = await partner<{
    document: Sent;
    upload: { url: string; headers: Record<string, string> } | null;
  }>(site, SEND, 'POST', 'documents', {
    idempotencyKey: `it-${randomUUID()}`,
    connectionId: connection.connectionId,
    title: 'A document',
    version: '1.0',
    documentDate: '2026-11-01',
    language: 'en',
    fileName: 'document.pdf',
    contentType: 'application/pdf',
    size: file.length,
    sha256: sha(file),
    ...more,
  });
  expect(announced.status, JSON.stringify(announced.error)).toBe(200);
  const target = must(announced.data.upload);
  const put = await fetch(target.url, {
    method: 'PUT',
    headers: target.headers,
    body: new Uint8Array(upload),
  });
  expect(put.status).toBe(200);
  const completed = await partner<{ document: Sent }>(
    site,
    SEND,
    'POST',
    `documents/${announced.data.document.documentId}/complete`,
    {},
  );
  return {
    status: completed.status,
    document: completed.status === 200 ? completed.data.document : announced.data.document,
    ...(completed.error === undefined ? {} : { error: completed.error }),
  };
};

const inbox = async (since?: string) =>
  partner<{ documents: Received[]; nextCursor: string; hasMore: boolean }>(
    sponsor,
    RECEIVE,
    'GET',
    `documents${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`,
  );

beforeAll(async () => {
  n = await buildNetwork(c, 'Documents');
  const { study } = await ok<{ study: { studyId: string } }>(
    c,
    n.people.sponsorAdmin,
    'create-study',
    {
      sponsorOrganisationId: n.sponsor.organisationId,
      protocolNumber: protocol(),
      title: 'A trial whose documents travel',
      phase: 'phase-2',
    },
  );
  studyId = study.studyId;
  const invited = await ok<{ connection: ConnectionRow }>(c, n.people.sponsorAdmin, 'invite-site', {
    studyId: study.studyId,
    siteOrganisationId: n.site.organisationId,
    siteNumber: '301',
    country: 'DE',
    principalInvestigator: 'Dr. Jana Müller',
    sponsorSystemId: n.sponsorSystem.systemId,
  });
  connection = (
    await ok<{ connection: ConnectionRow }>(c, n.people.siteAdmin, 'accept-connection', {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: n.siteSystem.systemId,
    })
  ).connection;
  const siteDraft = await ok<StandardDetail>(c, n.people.siteAdmin, 'artifact/create-standard', {
    organisationId: n.site.organisationId,
    name: `Site eISF ${n.tag}`,
    systemIds: [n.siteSystem.systemId],
    catalogueVersion: '3.3',
    source: { kind: 'import', fileName: 'site.csv', rows: siteRows() },
  });
  const sponsorDraft = await ok<StandardDetail>(
    c,
    n.people.sponsorAdmin,
    'artifact/create-standard',
    {
      organisationId: n.sponsor.organisationId,
      name: `Sponsor eTMF ${n.tag}`,
      systemIds: [n.sponsorSystem.systemId],
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: 'sponsor.csv', rows: sponsorRows() },
    },
  );
  [siteStandard] = await Promise.all([
    publish(n.people.siteAdmin, siteDraft),
    publish(n.people.sponsorAdmin, sponsorDraft),
  ]);
  [site, sponsor] = await Promise.all([
    issueCredential(c, n.admin, n.siteSystem.systemId, [SEND]),
    issueCredential(c, n.admin, n.sponsorSystem.systemId, [RECEIVE, SEND]),
  ]);
}, 180_000);

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

  it('refuses a wrong checksum (held until the file comes again), a forbidden type, and a connection the system is not in', async () => {
    const file = pdf('the real one');
    const tampered = Buffer.from(file);
    tampered[20] = (tampered[20] ?? 0) ^ 0xff;
    const key = `it-${randomUUID()}`;
    const wrong = await send(
      file,
      { typeCode: 'MED-LIC', personName: 'Jana Müller', idempotencyKey: key },
      tampered,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message, JSON.stringify(wrong.error)).toMatch(/SHA-256/);
    const held = await partner<{ document: Sent }>(
      site,
      SEND,
      'GET',
      `documents/${wrong.document.documentId}`,
    );
    expect(held.data.document).toMatchObject({ state: 'held', holdReason: 'checksum-mismatch' });
    // The same send again: a new upload URL; the right file this time is delivered.
    const retry = await partner<{
      document: Sent;
      upload: { url: string; headers: Record<string, string> } | null;
    }>(site, SEND, 'POST', 'documents', {
      idempotencyKey: key,
      connectionId: connection.connectionId,
      title: 'A document',
      version: '1.0',
      documentDate: '2026-11-01',
      language: 'en',
      fileName: 'document.pdf',
      contentType: 'application/pdf',
      size: file.length,
      sha256: sha(file),
      typeCode: 'MED-LIC',
      personName: 'Jana Müller',
    });
    expect(retry.data.document.documentId).toBe(wrong.document.documentId);
    const again = must(retry.data.upload);
    await fetch(again.url, { method: 'PUT', headers: again.headers, body: new Uint8Array(file) });
    const fixed = await partner<{ document: Sent }>(
      site,
      SEND,
      'POST',
      `documents/${wrong.document.documentId}/complete`,
      {},
    );
    expect(fixed.data.document.state).toBe('delivered');
    // A file of another size is refused for its size, before any hashing.
    const short = await send(
      file,
      { typeCode: 'MED-LIC', personName: 'Jana Müller' },
      file.subarray(0, 100),
    );
    expect(short.status).toBe(400);
    expect(short.error?.message).toMatch(/100 bytes/);

    const forbidden = await partner(site, SEND, 'POST', 'documents', {
      idempotencyKey: `it-${randomUUID()}`,
      connectionId: connection.connectionId,
      typeCode: 'MED-LIC',
      title: 'A program',
      version: '1',
      documentDate: '2026-10-01',
      language: 'en',
      personName: 'X',
      fileName: 'run.exe',
      contentType: 'application/x-msdownload',
      size: 10,
      sha256: sha(Buffer.from('x')),
    });
    expect(forbidden.status).toBe(400);
    expect(forbidden.error?.fields?.map((f) => f.path)).toContain('contentType');

    const notTheirs = await partner(site, SEND, 'POST', 'documents', {
      idempotencyKey: `it-${randomUUID()}`,
      connectionId: 'conn-that-is-not-theirs',
      typeCode: 'MED-LIC',
      title: 'Licence',
      version: '1',
      documentDate: '2026-10-01',
      language: 'en',
      personName: 'X',
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: sha(Buffer.from('x')),
    });
    expect(notTheirs.status).toBe(404);
    // Without the person's name the site's own standard asks for it at once.
    const nameless = await partner(site, SEND, 'POST', 'documents', {
      idempotencyKey: `it-${randomUUID()}`,
      connectionId: connection.connectionId,
      typeCode: 'MED-LIC',
      title: 'Licence',
      version: '1',
      documentDate: '2026-10-01',
      language: 'en',
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: sha(Buffer.from('x')),
    });
    expect(nameless.status).toBe(400);
    expect(nameless.error?.fields?.map((f) => f.path)).toContain('personName');
    // The sponsor's receive-only use of the site's document: not its to complete.
    const foreign = await partner(
      sponsor,
      SEND,
      'POST',
      `documents/${wrong.document.documentId}/complete`,
      {},
    );
    expect(foreign.status).toBe(404);
  });

  it('holds a type the sender’s standard does not map, shows it in the held queue, and releases it when the standard is extended and published', async () => {
    const file = pdf('FDA 1572');
    const held = await send(file, { typeCode: 'FORM-1572', title: 'Form FDA 1572' });
    expect(held.status).toBe(200);
    expect(held.document).toMatchObject({ state: 'held', holdReason: 'sender-type-unmapped' });

    const queue = (
      await read<{ documents: { documentId: string; holdReason: string }[] }>(
        n.people.siteAdmin,
        's3documents/list',
        { state: 'held' },
      )
    ).data;
    expect(queue.documents.map((d) => d.documentId)).toContain(held.document.documentId);
    // Another site's administrator does not see it.
    const other = (
      await read<{ documents: { documentId: string }[] }>(
        n.people.otherSiteAdmin,
        's3documents/list',
        { state: 'held' },
      )
    ).data;
    expect(other.documents.map((d) => d.documentId)).not.toContain(held.document.documentId);
    const retried = await registryCall(c, n.people.siteAdmin, 's3documents/retry', {
      documentId: held.document.documentId,
    });
    // Its page names the standard to extend: the one the site's system uses now.
    const page = (
      await read<{ document: { standards: { sender: { standardId: string } | null } } }>(
        n.people.siteAdmin,
        's3documents/get',
        { documentId: held.document.documentId },
      )
    ).data;
    expect(page.document.standards.sender?.standardId).toBe(siteStandard.standard.standardId);
    // Still unmapped: the retry is recorded, and the document stays held with the same reason.
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({
      document: { state: 'held', holdReason: 'sender-type-unmapped' },
    });

    const next = await ok<StandardDetail>(c, n.people.siteAdmin, 'artifact/new-version', {
      standardId: siteStandard.standard.standardId,
      fromVersion: siteStandard.standard.version,
      revision: siteStandard.revision,
    });
    const extended = await ok<StandardDetail>(c, n.people.siteAdmin, 'artifact/update-standard', {
      standardId: siteStandard.standard.standardId,
      version: next.standard.version,
      revision: next.revision,
      rows: [
        ...siteRows(),
        row({ sourceCode: 'FORM-1572', sourceName: 'Form FDA 1572', artifactNumber: '05.02.08' }),
      ],
    });
    await publish(n.people.siteAdmin, extended);
    const released = await partner<{ document: Sent }>(
      site,
      SEND,
      'GET',
      `documents/${held.document.documentId}`,
    );
    expect(released.data.document).toMatchObject({
      state: 'delivered',
      classification: { artifactNumber: '05.02.08', receiver: { typeCode: 'ETMF-1572' } },
    });
    const got = await inbox();
    expect(got.data.documents.map((d) => d.documentId)).toContain(held.document.documentId);
  }, 90_000);

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

describe('the document list’s total, from the counters (issue 18)', () => {
  interface ListAnswer {
    documents: { documentId: string }[];
    nextCursor: string | null;
    total: number | null;
  }
  type Who = Network['admin'];

  /** Every row of the list, page by page, and the totals its pages answered. */
  const readAll = async (who: Who, query: Record<string, string>) => {
    const rows: string[] = [];
    const totals = new Set<number | null>();
    let cursor: string | null = null;
    do {
      const page: ListAnswer = (
        await read<ListAnswer>(who, 's3documents/list', {
          ...query,
          limit: '100',
          ...(cursor === null ? {} : { cursor }),
        })
      ).data;
      rows.push(...page.documents.map((d) => d.documentId));
      totals.add(page.total);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return { rows, totals: [...totals] };
  };

  const shapes = (day: string): Record<string, string>[] => [
    { state: 'held' },
    { state: 'held', holdKind: 'mapping' },
    { state: 'held', holdKind: 'sender' },
    { sentFrom: day, sentTo: day, direction: 'site-to-sponsor' },
    { sentFrom: day, sentTo: day, direction: 'site-to-sponsor', delivered: 'true' },
  ];

  it('answers the held list’s and a day’s totals, equal to the rows, for a PlatformAdmin and OrgAdmins', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const callers: [string, Who][] = [
      ['PlatformAdmin', n.admin],
      ['site OrgAdmin', n.people.siteAdmin],
      ['sponsor OrgAdmin', n.people.sponsorAdmin],
    ];
    const totalsOf = async (who: Who) =>
      Promise.all(
        shapes(day).map(
          async (q) => (await read<ListAnswer>(who, 's3documents/list', q)).data.total,
        ),
      );
    const before = await Promise.all(callers.map(([, who]) => totalsOf(who)));
    const otherBefore = await totalsOf(n.people.otherSiteAdmin);

    // One delivered, one held for a mapping (a type nobody maps), one held for its file.
    const file = pdf('counted');
    const made = [
      await send(file, {
        typeCode: 'CV-SIGNED',
        title: 'CV, counted',
        personName: 'Jana Müller',
      }),
      await send(file, { typeCode: 'IT-NEVER-MAPPED', title: 'Unmapped, counted' }),
      await send(
        file,
        { typeCode: 'MED-LIC', personName: 'Jana Müller', title: 'Tampered, counted' },
        Buffer.concat([file.subarray(0, 30), Buffer.from('x'), file.subarray(31)]),
      ),
    ];
    const stored = [];
    for (const m of made) {
      const { document } = (
        await read<{ document: { sentAt: string; state: string; holdReason: string | null } }>(
          n.admin,
          's3documents/get',
          { documentId: m.document.documentId },
        )
      ).data;
      expect(document.sentAt.slice(0, 10), 'sent on the day the test began').toBe(day);
      stored.push([document.state, document.holdReason]);
    }
    expect(stored).toEqual([
      ['delivered', null],
      ['held', 'sender-type-unmapped'],
      ['held', 'checksum-mismatch'],
    ]);

    // Held +2 (mapping +1, sender +1); the day, site to sponsor, +3, delivered +1: for each.
    const expected = [2, 1, 1, 3, 1];
    for (const [i, [label, who]] of callers.entries()) {
      const after = await totalsOf(who);
      expect(
        after.map((t, j) => (t ?? NaN) - (before[i]?.[j] ?? NaN)),
        label,
      ).toEqual(expected);
      for (const query of shapes(day)) {
        const { rows, totals } = await readAll(who, query);
        expect(totals, `${label} ${JSON.stringify(query)}`).toEqual([rows.length]);
      }
    }
    // Another site's administrator: none of them.
    expect(await totalsOf(n.people.otherSiteAdmin)).toEqual(otherBefore);
    // Filters the counters do not answer: no total.
    expect(
      (
        await read<ListAnswer>(n.admin, 's3documents/list', {
          state: 'held',
          studyId,
        })
      ).data.total,
    ).toBeNull();
  }, 90_000);

  it('keeps the held counts equal to the documents in the held index, for the hub and an organisation', async () => {
    const db = dynamodbDocuments(c);
    const table = tableName('local', TABLES.documents);
    const countIndex = async () => {
      const hub = new Map<string, number>();
      const site = new Map<string, number>();
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: table,
            IndexName: DOCUMENT_INDEXES.held.index,
            KeyConditionExpression: '#k = :k',
            ExpressionAttributeNames: { '#k': DOCUMENT_INDEXES.held.attribute },
            ExpressionAttributeValues: { ':k': DOCUMENT_HELD_KEY },
            ...(start === undefined ? {} : { ExclusiveStartKey: start }),
          }),
        );
        for (const item of page.Items ?? []) {
          const reason = String(item.holdReason);
          hub.set(reason, (hub.get(reason) ?? 0) + 1);
          if (item.siteOrganisationId === n.site.organisationId) {
            site.set(reason, (site.get(reason) ?? 0) + 1);
          }
        }
        start = page.LastEvaluatedKey;
      } while (start !== undefined);
      return { hub, site };
    };
    const countersOf = async (scope: string) => {
      const keys = Array.from({ length: DOCUMENT_STATS_SHARDS }, (_, s) =>
        documentStatsHeldKey(scope, s),
      );
      const out = await db.send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
      );
      const counts = new Map<string, number>();
      for (const item of out.Responses?.[table] ?? []) {
        for (const reason of HOLD_REASONS) {
          const value = Number(item[`held_${reason}`] ?? 0);
          if (value !== 0) counts.set(reason, (counts.get(reason) ?? 0) + value);
        }
      }
      return counts;
    };
    const sorted = (m: Map<string, number>) =>
      [...m].filter(([, v]) => v !== 0).sort(([a], [b]) => (a < b ? -1 : 1)) as [
        HoldReason,
        number,
      ][];
    // The release job may move a document between the reads: read again until both agree.
    let last: unknown;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const index = await countIndex();
      const hub = await countersOf('ALL');
      const site = await countersOf(`site#${n.site.organisationId}`);
      last = {
        index: [sorted(index.hub), sorted(index.site)],
        counters: [sorted(hub), sorted(site)],
      };
      if (
        JSON.stringify(sorted(index.hub)) === JSON.stringify(sorted(hub)) &&
        JSON.stringify(sorted(index.site)) === JSON.stringify(sorted(site))
      ) {
        expect(sorted(hub).length).toBeGreaterThan(0);
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(last).toEqual('the held index and the held counters agreeing');
  });
});
