import { createHash } from 'node:crypto';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { PartnerContext } from '../core/request';
import type { StandardRowsStore } from '../core/ports/standard-rows';
import { FakeAuditTrail, FakeClock, silentLogger } from '../core/testing/fakes';
import { samplePdf } from '../core/testing/sample-files';
import { MemoryDocumentFiles, MemoryImportStore } from '../core/testing/memory-document-imports';
import { MemoryDistributionStore } from '../core/testing/memory-distributions';
import { MemoryDocumentStore } from '../core/testing/memory-documents';
import { MemoryEventLog } from '../core/testing/memory-events';
import { MemoryExports } from '../core/testing/memory-exports';
import { aMappingRow, aStandard, aStandardVersion } from '../core/testing/standard-records';
import { connection, network, ORG, STUDY, SYS } from '../core/testing/connection-test-network';
import { documentWritesOf } from './document-test-kit';
import { completeDocument, getSentDocument, sendDocument } from './exchange.core';
import type { ScanResultStatus } from './scan-event';
import { receiveScanResult } from './scan-result.core';
import { guardDutyScanEvent } from './scan-test-kit';

/**
 * The document exchange's test world: study 1 with two active sites, the site's and the
 * sponsor's published standards (the sponsor's maps no protocol signature page, so such a
 * document is held for a mapping), every port in memory, and the partner calls as the router
 * makes them.
 */

const row = aMappingRow;

/** The rows' keys are content keys (classify keeps an index per key): unique to this world. */
export const ROWS_KEY = {
  site: 'world/site/v1',
  sponsor: 'world/sponsor/v1',
  sponsorV2: 'world/sponsor/v2',
};
const ROWS: Record<string, MappingRow[]> = {
  [ROWS_KEY.site]: [
    row({
      sourceCode: 'CV',
      sourceName: 'CV',
      artifactNumber: '05.02.04',
      requiredMetadata: ['site', 'personName'],
    }),
    row({ sourceCode: 'PSP', sourceName: 'Signature page', artifactNumber: '05.02.02' }),
  ],
  [ROWS_KEY.sponsor]: [
    row({ sourceCode: 'TMF-CV', sourceName: 'Investigator CV', artifactNumber: '05.02.04' }),
  ],
  [ROWS_KEY.sponsorV2]: [
    row({ sourceCode: 'TMF-CV', sourceName: 'Investigator CV', artifactNumber: '05.02.04' }),
    row({ sourceCode: 'TMF-PSP', sourceName: 'Signature page', artifactNumber: '05.02.02' }),
  ],
};

const SITE_STANDARD = aStandard('std-site', ORG.site.organisationId, [
  aStandardVersion(1, 'published', { systemIds: [SYS.site.systemId], rowsKey: ROWS_KEY.site }),
]);
const SPONSOR_STANDARD = aStandard('std-sponsor', ORG.sponsor.organisationId, [
  aStandardVersion(1, 'published', {
    systemIds: [SYS.sponsor.systemId],
    rowsKey: ROWS_KEY.sponsor,
  }),
]);
/** The sponsor's standard once it maps the signature page too (version 2 published). */
export const SPONSOR_STANDARD_V2 = aStandard(
  'std-sponsor',
  ORG.sponsor.organisationId,
  [
    aStandardVersion(1, 'retired', {
      systemIds: [SYS.sponsor.systemId],
      rowsKey: ROWS_KEY.sponsor,
    }),
    aStandardVersion(2, 'published', {
      systemIds: [SYS.sponsor.systemId],
      rowsKey: ROWS_KEY.sponsorV2,
    }),
  ],
  { revision: 2 },
);

/** Study 1: site 101 (the site's eISF) and 102 (another site, no standard) active; 103 suspended. */
export const CONNECTIONS = [
  connection('conn-1', STUDY.main, ORG.site.organisationId, {
    siteNumber: '101',
    status: 'active',
    siteSystemId: SYS.site.systemId,
  }),
  connection('conn-2', STUDY.main, ORG.otherSite.organisationId, {
    siteNumber: '102',
    country: 'GB',
    status: 'active',
    siteSystemId: SYS.otherSite.systemId,
  }),
  connection('conn-3', STUDY.main, ORG.site.organisationId, {
    siteNumber: '103',
    status: 'suspended',
    siteSystemId: SYS.site.systemId,
  }),
  connection('conn-4', STUDY.own, ORG.site.organisationId, { siteNumber: '201' }),
];

export const setUp = () => {
  const { registry } = network([
    ...CONNECTIONS.map((record) => ({ type: 'connection' as const, record })),
    { type: 'standard', record: SITE_STANDARD },
    { type: 'standard', record: SPONSOR_STANDARD },
  ]);
  const rowsAsked: string[] = [];
  const rows: Pick<StandardRowsStore, 'get'> = {
    get: (key) => {
      rowsAsked.push(key);
      const found = ROWS[key];
      return found === undefined
        ? Promise.reject(new Error(`no rows ${key}`))
        : Promise.resolve(structuredClone(found));
    },
  };
  const documents = new MemoryDocumentStore();
  const files = new MemoryDocumentFiles();
  const clock = new FakeClock(new Date('2025-03-12T09:00:00.000Z'));
  const audit = new FakeAuditTrail();
  const exports = new MemoryExports(clock);
  const imports = new MemoryImportStore();
  // Issue 35: the events the writes emit (a return's, a hold's), for the tests that read them.
  const events = new MemoryEventLog();
  // Issue 35: a safety letter's copy acknowledged through the document's own call may close it.
  const distributions = new MemoryDistributionStore();
  const { writes, journal } = documentWritesOf({
    registry,
    documents,
    rows,
    clock,
    files,
    audit,
    events,
  });
  let n = 0;
  const deps = {
    registry,
    documents,
    files,
    clock,
    rows,
    writes,
    exports,
    imports,
    audit,
    events,
    distributions,
    newId: () => {
      n += 1;
      return String(n).padStart(26, '0');
    },
  };
  return {
    deps,
    registry,
    documents,
    files,
    clock,
    audit,
    exports,
    imports,
    journal,
    events,
    distributions,
  };
};
export type World = ReturnType<typeof setUp>;

/** A partner call's context: the calling system, its organisation, its credential. */
export const asSystem = (system: { systemId: string; organisationId: string }): PartnerContext => ({
  client: {
    apiId: `api-${system.systemId}`,
    clientId: `client-${system.systemId}`,
    organisationId: system.organisationId,
    systemId: system.systemId,
    scopes: ['ccsc-api/documents.send', 'ccsc-api/documents.receive'],
    validUntil: '2027-01-01T00:00:00.000Z',
  },
  requestId: 'req-partner',
  sourceIp: '198.51.100.20',
  userAgent: 'eisf/1.0',
  origin: null,
  host: null,
});
export const SITE = asSystem(SYS.site);
export const SPONSOR = asSystem(SYS.sponsor);
export const OTHER_SITE = asSystem(SYS.otherSite);

/** A real one-page PDF, its bytes its own by `text` (the content check reads what it is). */
export const pdf = (text: string): Buffer => samplePdf(text);
export const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type SendBody = z.input<(typeof partnerRoutes)['partner-send-document']['request']>;

/** A send of `bytes` as a CV of Dr. Müller over site 101, unless told otherwise. */
export const sendBody = (bytes: Buffer, more: Partial<SendBody> = {}): SendBody => ({
  idempotencyKey: 'key-00000001',
  connectionId: 'conn-1',
  typeCode: 'CV',
  title: 'CV of Dr. Jana Müller',
  version: '1',
  documentDate: '2025-03-01',
  language: 'en',
  personName: 'Jana Müller',
  fileName: 'cv.pdf',
  contentType: 'application/pdf',
  size: bytes.length,
  sha256: sha(bytes),
  ...more,
});

// Each call as the router makes it: the input parsed, the answer checked against the contract.
export const send = async (w: World, body: SendBody, ctx: PartnerContext = SITE) => {
  const route = partnerRoutes['partner-send-document'];
  return route.response.parse(await sendDocument(route.request.parse(body), ctx, w.deps));
};
export const complete = async (w: World, documentId: string, ctx: PartnerContext = SITE) => {
  const route = partnerRoutes['partner-complete-document'];
  return route.response.parse(
    await completeDocument(route.request.parse({ documentId }), ctx, w.deps),
  ).document;
};

/** The sender's PUT to the link it was given. */
export const put = (w: World, url: string, bytes: Buffer) => {
  w.files.put(decodeURIComponent(new URL(url).pathname.slice(1)), bytes);
};

/** The documents bucket, as the scanner's events name it. */
export const DOCUMENTS_BUCKET = 'documents-bucket';

/** The malware scanner's verdict on the document's kept file, as GuardDuty's event brings it. */
export const scan = async (
  w: World,
  documentId: string,
  status: ScanResultStatus = 'NO_THREATS_FOUND',
  threats: readonly string[] = [],
) => {
  const record = await w.documents.get(documentId);
  return receiveScanResult(
    guardDutyScanEvent(DOCUMENTS_BUCKET, record?.objectKey ?? 'none', status, threats),
    {
      documents: w.documents,
      writes: w.deps.writes,
      bucket: DOCUMENTS_BUCKET,
      logger: silentLogger(),
    },
    { requestId: 'req-scan', by: 'test-scanner' },
  );
};

/**
 * Announced, uploaded, completed and (what the content check let through) found clean by the
 * scanner: the document as its sender sees it.
 */
export const sendWhole = async (
  w: World,
  bytes: Buffer,
  more: Partial<SendBody> = {},
  ctx: PartnerContext = SITE,
) => {
  const sent = await send(w, sendBody(bytes, more), ctx);
  if (sent.upload === null) throw new Error('no upload link');
  put(w, sent.upload.url, bytes);
  const completed = await complete(w, sent.document.documentId, ctx);
  if (completed.state !== 'awaiting-scan') return completed;
  await scan(w, completed.documentId);
  const route = partnerRoutes['partner-get-document'];
  return route.response.parse(
    await getSentDocument(route.request.parse({ documentId: completed.documentId }), ctx, w.deps),
  ).document;
};

/**
 * The organisations' trails as `action outcome organisation`: each record once for every trail it
 * is in — its organisation's and those it is also about (`alsoFor`; one record since issue 37,
 * which `records` counts).
 */
export const trail = (w: World) =>
  w.audit.entries.flatMap((e) =>
    [e.organisationId ?? null, ...(e.alsoFor ?? [])].map(
      (o) => `${e.action} ${e.outcome} ${String(o)}`,
    ),
  );

/** The audit records themselves as `action outcome`: one per action. */
export const records = (w: World) => w.audit.entries.map((e) => `${e.action} ${e.outcome}`);

/** A matcher of text holding `words` (typed as what it is to lint: a matcher, not a string). */
export const containing = (words: string): unknown => expect.stringContaining(words);
