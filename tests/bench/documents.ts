/**
 * The document exchange at volume (issue 17), on a console of its own (`BENCH_ONLY=documents`).
 *
 * The network is made through the API, as its administrators make it: a sponsor whose eTMF
 * receives everything sent in the live study arm (one shared inbox, the hard case for its
 * sequence); five sites with four systems each, the 20 senders, each in one active connection of
 * its own (every site in each of four studies, through a different system); each organisation's
 * mapping standard published with its OrgAdmin's e-signature; an API credential per system,
 * issued and revealed as the console does it. Beside it the history: a second sponsor's three
 * studies (one with a CRO) at the same five sites, over which 100,000 documents are written
 * straight into the documents table, each item as the adapter's `itemOf` writes it, with the
 * idempotency keys and inbox entries the API would have left (through the API they would take
 * hours). The sites carry unequal shares of it, and every state is there, some 6% held, each for
 * a reason the published standards agree with (the scheduled release of held documents, every
 * minute offline, walks them and finds nothing to change).
 *
 * The measures run in MEASURES' order, each a DocumentMeasure on the same bench:
 * 1. the documents list's first page (`s3documents/list`, the page the web app asks for) with
 *    100,000 documents, as a PlatformAdmin and as the OrgAdmin of the site with the smallest
 *    share, unfiltered and held only: each ≤ 300 ms (median); a Query of the same index on
 *    dynalite alone is logged beside each, to tell the store from the handler;
 * 2. a 1 MB document from the start of its announce, through the PUT of its file and its
 *    completion, until the receiver's inbox call (`since` its previous cursor) returns it:
 *    ≤ 500 ms (median, p95 logged), with the time of each step logged;
 * 3. the 20 systems sending (announce, PUT 10–50 KB, complete) for 60 s while the receiver
 *    follows its inbox and acknowledges, each trying a call again on a 5xx as a partner would:
 *    no 5xx (nor a call left unanswered), every document announced in a final state (delivered
 *    or acknowledged, or held with a reason: one in twenty is of a type the sender's standard
 *    does not map), and the inbox holds every delivered one exactly once, in increasing sequence
 *    without gaps. Logged: documents a second, each call's time under load, and how many of the
 *    documents the audit trail lacks a record of a step for.
 * The eTMF-EMS export of 1,000 documents in constant memory is one more DocumentMeasure, appended
 * to MEASURES when the export call exists; the documents the measures above sent have their files
 * in the documents bucket (DocumentBench.sent), the seeded history has none.
 *
 * BENCH_DOCUMENTS (default 100,000) and BENCH_BURST_SECONDS (default 60) make a quicker run.
 * The history is made with a fixed-seed generator, so runs compare.
 */
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  Classification,
  DocumentEvent,
  DocumentState,
  HoldReason,
} from '@ccsc/contract/documents';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import {
  DOCUMENT_HELD_KEY,
  DOCUMENT_HUB_KEY,
  DOCUMENT_INDEXES,
  TABLES,
  idempotencyKey,
  inboxEntryKey,
  inboxHeadKey,
  tableName,
} from '@ccsc/lambdas/data-model';
import {
  AUDIT_CHAIN_PK,
  type DocumentRecord,
  documentCounterItems,
  documentItemOf,
} from '@ccsc/lambdas/adapters';
import { callApi } from '../support/api';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import { issueCredential, partnerToken } from '../support/oauth';
import { type Org, type Sys, newOrganisation, newSystem, ok } from '../support/registry';
import { batchWriter, median, withConsole } from './support';
import type { BenchResult } from './users';

export const SEEDED_DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 60);
const SITES = 5;
/** Systems a site, and so live studies: SITES × this many senders (20). */
const SYSTEMS_A_SITE = 4;
const HISTORIC_STUDIES = 3;
/** The page the web app's document list asks for. */
const PAGE = 25;
const LIST_RUNS = 21;
const LATENCY_SAMPLES = 41;
const ONE_MB = 1_000_000;
/** How often a sender (or the receiver) tries a call in all, on a 5xx or no answer. */
const RETRIES = 3;
/** How many batches are in flight at once while seeding. */
const IN_FLIGHT = 8;

const SEND = 'ccsc-api/documents.send';
const RECEIVE = 'ccsc-api/documents.receive';
const CATALOGUE = CATALOGUES['3.3'];

// ---------- small tools ----------

/** mulberry32: a small generator with a fixed seed, so every run seeds the same history. */
const generator = (seed: number) => {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const ms = (value: number) => `${value.toFixed(0)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `work` on every item, at most `size` at a time; the answers in the items' order. */
const inPool = async <T, R>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> => {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        out[index] = await work(items[index] as T, index);
      }
    }),
  );
  return out;
};

/** A file to send and its SHA-256. */
interface PdfFile {
  bytes: Uint8Array<ArrayBuffer>;
  sha256: string;
}

/** A PDF of `size` bytes (random inside, so no two are alike) and its SHA-256. */
const pdfFile = (size: number): PdfFile => {
  const head = Buffer.from('%PDF-1.7\n% bench\n');
  const tail = Buffer.from('\n%%EOF\n');
  const bytes = new Uint8Array(
    Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]),
  );
  return { bytes, sha256: sha(bytes) };
};

/** The console's DynamoDB (dynalite), straight: the documents and audit tables. */
const localDynamo = (c: ConsoleInfo) => {
  const raw = new DynamoDBClient({
    region: c.region,
    endpoint: c.dynamodbEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    db: DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }),
    close: () => {
      raw.destroy();
    },
  };
};

// ---------- the partner API, as a partner system calls it ----------

interface Answer<T> {
  /** 0 when no answer came (the connection failed). */
  status: number;
  data: T | undefined;
  error: string | undefined;
}

const partner = async <T>(
  c: ConsoleInfo,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer<T>> => {
  try {
    const res = await fetch(`${c.url}/ccsc/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: { data?: T; error?: { message?: string } } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      json = { error: { message: text.slice(0, 300) } };
    }
    return { status: res.status, data: json.data, error: json.error?.message };
  } catch (err) {
    return { status: 0, data: undefined, error: String(err) };
  }
};

interface SentDocument {
  documentId: string;
  state: DocumentState;
  holdReason: HoldReason | null;
}

interface ReceivedDocument {
  documentId: string;
  sequence: number;
  state: 'delivered' | 'acknowledged';
}

interface InboxPage {
  documents: ReceivedDocument[];
  nextCursor: string;
  hasMore: boolean;
}

interface System {
  systemId: string;
  organisationId: string;
  name: string;
  token: string;
}

interface Sender extends System {
  connectionId: string;
  siteNumber: string;
}

/** What one send did: each call's status and time, and the document as the last call left it. */
interface SendOutcome {
  documentId: string | null;
  document: SentDocument | null;
  statuses: number[];
  /** announce, PUT, complete (ms, retries included); fewer when a step failed. */
  steps: number[];
  /** Every answer other than 200, as `step: status message`. */
  errors: string[];
}

/** A type of the site's standard (SITE_TYPES) and who it is about, when it is about a person. */
interface SendKind {
  typeCode: string;
  title: string;
  personName?: string;
}

/**
 * A partner's way with a failure: a 5xx or no answer is tried again, after 100 ms, then 200 ms…
 * (every call of a send may be repeated: the same idempotencyKey answers the same document, a
 * completion again answers the document as it is). Each answer's status is counted.
 */
const withRetries = async <A extends { status: number; error: string | undefined }>(
  attempts: number,
  outcome: SendOutcome,
  step: string,
  call: () => Promise<A>,
): Promise<A> => {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await call();
    outcome.statuses.push(answer.status);
    if (answer.status !== 200) {
      outcome.errors.push(`${step}: ${String(answer.status)} ${answer.error ?? ''}`);
    }
    if ((answer.status < 500 && answer.status !== 0) || attempt >= attempts) return answer;
    await new Promise((r) => setTimeout(r, 100 * 2 ** (attempt - 1)));
  }
};

/**
 * Announce, PUT to the presigned URL, complete: what a sending system does, each call tried
 * `attempts` times in all on a 5xx or no answer.
 */
const sendDocument = async (
  c: ConsoleInfo,
  sender: Sender,
  file: PdfFile,
  kind: SendKind,
  key: string,
  attempts = 1,
): Promise<SendOutcome> => {
  const outcome: SendOutcome = {
    documentId: null,
    document: null,
    statuses: [],
    steps: [],
    errors: [],
  };
  let started = performance.now();
  const announced = await withRetries(attempts, outcome, 'announce', () =>
    partner<{
      document: SentDocument;
      upload: { url: string; headers: Record<string, string> } | null;
    }>(c, sender.token, 'POST', 'documents', {
      idempotencyKey: key,
      connectionId: sender.connectionId,
      typeCode: kind.typeCode,
      title: kind.title,
      version: '1.0',
      documentDate: new Date().toISOString().slice(0, 10),
      language: 'en',
      ...(kind.personName === undefined ? {} : { personName: kind.personName }),
      fileName: `${kind.typeCode.toLowerCase()}-${key}.pdf`,
      contentType: 'application/pdf',
      size: file.bytes.length,
      sha256: file.sha256,
    }),
  );
  outcome.steps.push(performance.now() - started);
  const upload = announced.data?.upload;
  if (announced.data === undefined || !upload) return outcome;
  outcome.documentId = announced.data.document.documentId;
  outcome.document = announced.data.document;
  started = performance.now();
  const put = await withRetries(attempts, outcome, 'PUT', async () => {
    try {
      const res = await fetch(upload.url, {
        method: 'PUT',
        headers: upload.headers,
        body: file.bytes,
      });
      const text = await res.text();
      return { status: res.status, error: res.ok ? undefined : text.slice(0, 200) };
    } catch (err) {
      return { status: 0, error: String(err) };
    }
  });
  outcome.steps.push(performance.now() - started);
  if (put.status !== 200) return outcome;
  started = performance.now();
  const completed = await withRetries(attempts, outcome, 'complete', () =>
    partner<{ document: SentDocument }>(
      c,
      sender.token,
      'POST',
      `documents/${String(outcome.documentId)}/complete`,
      {},
    ),
  );
  outcome.steps.push(performance.now() - started);
  if (completed.data !== undefined) outcome.document = completed.data.document;
  return outcome;
};

const inbox = (c: ConsoleInfo, receiver: System, since: string) =>
  partner<InboxPage>(
    c,
    receiver.token,
    'GET',
    `documents?since=${encodeURIComponent(since)}&limit=100`,
  );

/** The receiver's cursor at the end of its inbox: from the first page, following nextCursor. */
const inboxEnd = async (c: ConsoleInfo, receiver: System): Promise<string> => {
  let page = await partner<InboxPage>(c, receiver.token, 'GET', 'documents?limit=100');
  while (page.data?.hasMore === true) page = await inbox(c, receiver, page.data.nextCursor);
  if (page.data === undefined) throw new Error(`inbox: ${String(page.status)} ${page.error ?? ''}`);
  return page.data.nextCursor;
};

// ---------- the network, made through the API ----------

interface TypeRow {
  code: string;
  name: string;
  artifact: string;
  subArtifact: string;
  person: boolean;
}

const typeRow = (code: string, name: string, artifact: string, subArtifact: string): TypeRow => {
  const found = CATALOGUE.zones
    .flatMap((z) => z.sections.flatMap((s) => s.artifacts))
    .find((a) => a.number === artifact);
  if (found === undefined) throw new Error(`no artifact ${artifact} in the catalogue`);
  return {
    code,
    name,
    artifact,
    subArtifact: found.subArtifacts.includes(subArtifact) ? subArtifact : '',
    person: found.personal,
  };
};

/**
 * The types a site's eISF sends (SITE_SENDS) and receives (the last two), in its own codes; every
 * sponsor's eTMF maps the same artifacts in its own (SPONSOR_TYPES).
 */
const SHARED_TYPES: readonly TypeRow[] = [
  typeRow(
    'CV-SIGNED',
    'Signed CV of the PI',
    '05.02.04',
    'Principal Investigator Curriculum Vitae',
  ),
  typeRow('MED-LIC', 'Medical licence', '05.02.07', 'Medical License'),
  typeRow('PROT-SIG', 'Protocol signature page', '05.02.02', 'Protocol Signature Page'),
  typeRow(
    'IB-ACK',
    'Investigator brochure receipt',
    '05.02.01',
    'Acceptance of Investigator Brochure',
  ),
  typeRow('DOA-LOG', 'Delegation log', '05.02.18', 'Delegation of Authority Log'),
  typeRow('SUBJ-ENROL', 'Subject enrolment log', '05.04.01', 'Subject Enrollment Log'),
  typeRow('EC-APPROVAL', 'Ethics committee approval', '04.01.02', 'IRB or IEC Approval'),
  typeRow('GCP-CERT', 'GCP training certificate', '05.03.03', 'Site Evidence of Training'),
  typeRow(
    'MON-LETTER',
    'Monitoring visit letter',
    '05.04.03',
    'Monitoring Visit Confirmation Letter',
  ),
  typeRow(
    'SAFETY-INFO',
    'Safety information',
    '05.04.09',
    'Notification to Investigators of Safety Information',
  ),
];
const SITE_SENDS = SHARED_TYPES.slice(0, 8);
/** A site type no sponsor's standard maps the artifact of (held: receiver-artifact-unmapped). */
const SITE_ONLY = typeRow(
  'SITE-CONTACT',
  'Site contact details',
  '05.01.01',
  'Site Contact Details',
);
const SITE_TYPES: readonly TypeRow[] = [...SHARED_TYPES, SITE_ONLY];
/** A type no site's standard maps: its documents are held (sender-type-unmapped). */
const UNMAPPED_SITE_TYPE = 'FORM-1572';

const sponsorTypeOf = (t: TypeRow) =>
  typeRow(`ETMF-${t.artifact.replaceAll('.', '')}`, `eTMF ${t.name}`, t.artifact, t.subArtifact);
const SPONSOR_SENDS = SHARED_TYPES.slice(8).map(sponsorTypeOf);
/** A sponsor type no site's standard maps the artifact of. */
const SPONSOR_ONLY = typeRow('ETMF-CLOSEOUT', 'eTMF close-out report', '05.04.08', '');
const SPONSOR_TYPES: readonly TypeRow[] = [...SHARED_TYPES.map(sponsorTypeOf), SPONSOR_ONLY];
/** A type no sponsor's standard maps. */
const UNMAPPED_SPONSOR_TYPE = 'ETMF-NOTE';

const rowsOf = (types: readonly TypeRow[]): MappingRow[] =>
  types.map((t) => ({
    sourceCode: t.code,
    sourceName: t.name,
    sourcePath: '',
    artifactNumber: t.artifact,
    subArtifact: t.subArtifact,
    filingLevel: 'site',
    requiredMetadata: t.person ? ['site', 'personName'] : ['site'],
    equivalence: 'equal',
    comment: '',
  }));

interface Standard {
  standardId: string;
  version: number;
  name: string;
}

interface Site {
  org: Org;
  admin: EnrolledTestUser;
  systems: Sys[];
  standard: Standard;
  /** Its share of the seeded history. */
  share: number;
}

interface HistoricConnection {
  connectionId: string;
  studyId: string;
  siteNumber: string;
  site: Site;
  siteSystem: Sys;
  croOrganisationId: string | null;
}

/** What every measure works on. */
export interface DocumentBench {
  c: ConsoleInfo;
  admin: EnrolledTestUser;
  log: (line: string) => void;
  /** The live sponsor's eTMF: receives what the senders send (documents.receive). */
  receiver: System;
  /** The 20 site systems, each with its own connection to the receiver (documents.send). */
  senders: Sender[];
  sites: Site[];
  historic: {
    sponsor: Org;
    etmf: Sys;
    standard: Standard;
    cro: Org;
    connections: HistoricConnection[];
  };
  /** Documents sent through the API by the measures (their files are in the bucket). */
  sent: string[];
}

/** A DocumentMeasure: its results (PASS/FAIL lines); logs the rest. */
export type DocumentMeasure = (bench: DocumentBench) => Promise<BenchResult[]>;

/** The sites' shares of the history: unequal, as a study's sites are. */
const SITE_SHARES = [0.34, 0.26, 0.18, 0.14, 0.08];
const SITE_CITIES = ['Aachen', 'Bordeaux', 'Valencia', 'Torino', 'Gdańsk'];
const SITE_COUNTRIES = ['DE', 'FR', 'ES', 'IT', 'PL'];
const SITE_SYSTEM_KINDS = ['eisf', 'ehr', 'ctms', 'other'];
const INVESTIGATORS = ['Dr. Jana Müller', 'Dr. Luc Martin', 'Dr. Ana García', 'Dr. Marco Rossi'];

/**
 * The network above, made through the API. `options.historicSponsor`: an existing sponsor to
 * carry the history instead of a new one (the dashboard's bench gives the registry's busiest).
 */
export const buildBench = async (
  c: ConsoleInfo,
  admin: EnrolledTestUser,
  log: (line: string) => void,
  options: { historicSponsor?: Org } = {},
): Promise<DocumentBench> => {
  const started = performance.now();
  const tag = String(Date.now()).slice(-6);
  const [sponsor, historicSponsor, cro, ...siteOrgs] = await Promise.all([
    newOrganisation(c, admin, `Bench Documents Pharma ${tag}`, 'sponsor', 'CH'),
    options.historicSponsor ??
      newOrganisation(c, admin, `Bench Nordlicht Biotech ${tag}`, 'sponsor', 'SE'),
    newOrganisation(c, admin, `Bench Clinical Research ${tag}`, 'cro', 'GB'),
    ...SITE_CITIES.slice(0, SITES).map((city, i) =>
      newOrganisation(
        c,
        admin,
        `Bench University Hospital ${city} ${tag}`,
        'site',
        SITE_COUNTRIES[i] ?? 'DE',
      ),
    ),
  ]);
  const [etmf, historicEtmf, ...flatSiteSystems] = await inPool(
    [
      [sponsor, 'eTMF', 'etmf'] as const,
      [historicSponsor, 'eTMF', 'etmf'] as const,
      ...siteOrgs.flatMap((org) =>
        SITE_SYSTEM_KINDS.map(
          (kind, k) => [org, `${kind.toUpperCase()} ${String(k + 1)}`, kind] as const,
        ),
      ),
    ],
    4,
    ([org, name, kind]) => newSystem(c, admin, org.organisationId, `${name} ${tag}`, kind),
  );
  if (etmf === undefined || historicEtmf === undefined) throw new Error('no eTMF was made');
  const systemsOf = (i: number) =>
    flatSiteSystems.slice(i * SYSTEMS_A_SITE, (i + 1) * SYSTEMS_A_SITE);

  // Studies: the live sponsor's (one a system of each site), the history's (the last with a CRO).
  const study = (sponsorOrg: Org, n: number, croId: string | null) =>
    ok<{ study: { studyId: string; protocolNumber: string } }>(c, admin, 'create-study', {
      sponsorOrganisationId: sponsorOrg.organisationId,
      croOrganisationId: croId,
      protocolNumber: `BD-${tag}-${String(n)}`,
      title: `Bench documents study ${String(n)}`,
      phase: 'phase-3',
    });
  const liveStudies = await inPool(
    Array.from({ length: SYSTEMS_A_SITE }, (_, k) => k),
    2,
    (k) => study(sponsor, k + 1, null),
  );
  const historicStudies = await inPool(
    Array.from({ length: HISTORIC_STUDIES }, (_, k) => k),
    2,
    (k) => study(historicSponsor, 100 + k, k === HISTORIC_STUDIES - 1 ? cro.organisationId : null),
  );

  /** Invited by the sponsor, accepted by the site with one of its systems. */
  const connect = async (
    studyId: string,
    siteIndex: number,
    siteSystem: Sys,
    sponsorSystem: Sys,
    siteNumber: string,
  ) => {
    const site = siteOrgs[siteIndex] as Org;
    const invited = await ok<{ connection: { connectionId: string; revision: number } }>(
      c,
      admin,
      'invite-site',
      {
        studyId,
        siteOrganisationId: site.organisationId,
        siteNumber,
        country: SITE_COUNTRIES[siteIndex] ?? 'DE',
        principalInvestigator: INVESTIGATORS[siteIndex % INVESTIGATORS.length] ?? 'Dr. X',
        sponsorSystemId: sponsorSystem.systemId,
      },
    );
    await ok(c, admin, 'accept-connection', {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: siteSystem.systemId,
    });
    return invited.connection.connectionId;
  };
  const livePairs = siteOrgs.flatMap((_, s) =>
    liveStudies.map((st, k) => ({ s, k, studyId: st.study.studyId })),
  );
  const liveConnections = await inPool(livePairs, 3, ({ s, k, studyId }) =>
    connect(studyId, s, systemsOf(s)[k] as Sys, etmf, String(101 + s)),
  );
  const historicPairs = siteOrgs.flatMap((_, s) =>
    historicStudies.map((st, k) => ({ s, k, studyId: st.study.studyId })),
  );
  const historicIds = await inPool(historicPairs, 3, ({ s, k, studyId }) =>
    connect(studyId, s, systemsOf(s)[0] as Sys, historicEtmf, String(201 + s + 10 * k)),
  );
  log(
    `documents: network made in ${seconds(performance.now() - started)} ` +
      `(${String(siteOrgs.length + 3)} organisations, ${String(flatSiteSystems.length + 2)} systems, ` +
      `${String(liveConnections.length + historicIds.length)} connections)`,
  );

  // Each organisation's administrator, who signs its standard.
  const signed = performance.now();
  const [sponsorAdmin, historicAdmin, ...siteAdmins] = await inPool(
    [sponsor, historicSponsor, ...siteOrgs],
    3,
    (org) => createEnrolledUser(c, 'OrgAdmin', org.organisationId),
  );
  const publishStandard = async (
    who: EnrolledTestUser,
    org: Org,
    systems: Sys[],
    types: readonly TypeRow[],
    name: string,
  ): Promise<Standard> => {
    const draft = await ok<{
      standard: { standardId: string; version: number };
      revision: number;
    }>(c, who, 'artifact/create-standard', {
      organisationId: org.organisationId,
      name,
      systemIds: systems.map((s) => s.systemId),
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: 'bench.csv', rows: rowsOf(types) },
    });
    await ok(c, who, 'artifact/publish-standard', {
      standardId: draft.standard.standardId,
      version: draft.standard.version,
      revision: draft.revision,
      meaning: 'Approved',
      password: who.password,
      code: await who.authenticator.next(),
    });
    return { standardId: draft.standard.standardId, version: draft.standard.version, name };
  };
  if (sponsorAdmin === undefined || historicAdmin === undefined) throw new Error('no admins');
  const [liveStandard, historicStandard, ...siteStandards] = await inPool(
    [
      () => publishStandard(sponsorAdmin, sponsor, [etmf], SPONSOR_TYPES, `eTMF ${tag}`),
      () =>
        publishStandard(
          historicAdmin,
          historicSponsor,
          [historicEtmf],
          SPONSOR_TYPES,
          `eTMF ${tag}`,
        ),
      ...siteOrgs.map(
        (org, s) => () =>
          publishStandard(
            siteAdmins[s] as EnrolledTestUser,
            org,
            systemsOf(s),
            SITE_TYPES,
            `eISF ${tag}`,
          ),
      ),
    ],
    3,
    (make) => make(),
  );
  if (liveStandard === undefined || historicStandard === undefined) throw new Error('no standard');
  log(
    `documents: ${String(siteOrgs.length + 2)} OrgAdmins enrolled and their standards signed in ` +
      seconds(performance.now() - signed),
  );

  // A credential per system, revealed as its contact does, and a token for it.
  const issued = performance.now();
  const system = async (sys: Sys, scope: string): Promise<System> => {
    const credential = await issueCredential(c, admin, sys.systemId, [scope]);
    return {
      systemId: sys.systemId,
      organisationId: sys.organisationId,
      name: sys.name,
      token: await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, scope),
    };
  };
  const receiver = await system(etmf, RECEIVE);
  const senders = await inPool(livePairs, 4, async ({ s, k }, i) => ({
    ...(await system(systemsOf(s)[k] as Sys, SEND)),
    connectionId: liveConnections[i] as string,
    siteNumber: String(101 + s),
  }));
  log(
    `documents: ${String(senders.length + 1)} credentials issued, revealed and exchanged for tokens in ` +
      seconds(performance.now() - issued),
  );

  const sites: Site[] = siteOrgs.map((org, s) => ({
    org,
    admin: siteAdmins[s] as EnrolledTestUser,
    systems: systemsOf(s),
    standard: siteStandards[s] as Standard,
    share: SITE_SHARES[s] ?? 0.1,
  }));
  return {
    c,
    admin,
    log,
    receiver,
    senders,
    sites,
    historic: {
      sponsor: historicSponsor,
      etmf: historicEtmf,
      standard: historicStandard,
      cro,
      connections: historicPairs.map(({ s, k, studyId }, i) => ({
        connectionId: historicIds[i] as string,
        studyId,
        siteNumber: String(201 + s + 10 * k),
        site: sites[s] as Site,
        siteSystem: systemsOf(s)[0] as Sys,
        croOrganisationId: k === HISTORIC_STUDIES - 1 ? cro.organisationId : null,
      })),
    },
    sent: [],
  };
};

// ---------- the history: documents straight into the documents table ----------

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const PEOPLE = [
  'Jana Müller',
  'Luc Martin',
  'Ana García',
  'Marco Rossi',
  'Ewa Nowak',
  'Kenji Sato',
];
const LANGUAGES = ['en', 'en', 'en', 'de', 'fr', 'es', 'it', 'pl'];
const DAY = 86_400_000;

/** How the hub classified an artifact from the sender's standard to the receiver's. */
const classificationOf = (
  senderType: TypeRow,
  sender: Standard,
  receiverType: TypeRow | null,
  receiver: Standard,
): Classification => {
  const zone = CATALOGUE.zones.find((z) => z.number === senderType.artifact.slice(0, 2));
  const section = zone?.sections.find((s) => s.number === senderType.artifact.slice(0, 5));
  const artifact = section?.artifacts.find((a) => a.number === senderType.artifact);
  return {
    catalogueVersion: '3.3',
    artifactNumber: senderType.artifact,
    artifactName: artifact?.name ?? '',
    zoneName: zone?.name ?? '',
    sectionName: section?.name ?? '',
    subArtifact: senderType.subArtifact,
    filingLevel: 'site',
    sender: {
      standardId: sender.standardId,
      version: sender.version,
      typeCode: senderType.code,
      typeName: senderType.name,
    },
    receiver:
      receiverType === null
        ? null
        : {
            standardId: receiver.standardId,
            version: receiver.version,
            typeCode: receiverType.code,
            typeName: receiverType.name,
          },
  };
};

/** The history, oldest first: documents over the year before the bench, in every state. */
function* history(bench: DocumentBench, count: number): Generator<DocumentRecord> {
  const random = generator(17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const { historic } = bench;
  // Connections weighted by their site's share, the studies' shares 5:3:2.
  const studyShares = [0.5, 0.3, 0.2];
  const weighted = historic.connections.map((conn) => ({
    conn,
    weight:
      conn.site.share *
      (studyShares[historic.connections.filter((x) => x.site === conn.site).indexOf(conn)] ?? 0.1),
  }));
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  const connectionAt = (roll: number): HistoricConnection => {
    let left = roll * total;
    for (const w of weighted) {
      left -= w.weight;
      if (left < 0) return w.conn;
    }
    return (weighted.at(-1) as { conn: HistoricConnection }).conn;
  };
  const seq = new Map<string, number>();
  const span = 365 * DAY - 2 * 3_600_000;
  const start = Date.now() - 365 * DAY;
  const step = span / count;
  for (let n = 0; n < count; n += 1) {
    const conn = connectionAt(random());
    const toSponsor = random() < 0.85;
    const sentMs = start + n * step + random() * step * 0.9;
    const at = (later: number) => new Date(sentMs + later).toISOString();
    const sentAt = at(0);
    const senderStandard = toSponsor ? conn.site.standard : historic.standard;
    const receiverStandard = toSponsor ? historic.standard : conn.site.standard;
    const sender = toSponsor
      ? { systemId: conn.siteSystem.systemId, organisationId: conn.site.org.organisationId }
      : { systemId: historic.etmf.systemId, organisationId: historic.sponsor.organisationId };
    const receiver = toSponsor
      ? { systemId: historic.etmf.systemId, organisationId: historic.sponsor.organisationId }
      : { systemId: conn.siteSystem.systemId, organisationId: conn.site.org.organisationId };
    let documentId = 'doc-';
    for (let i = 0; i < 26; i += 1) documentId += ID_ALPHABET[Math.floor(random() * 32)] ?? '0';
    const size = Math.round(20_000 * Math.exp(random() * 5));
    const fileSha = createHash('sha256').update(documentId).digest('hex');
    const key = `${sender.systemId.slice(-8)}-${String(n).padStart(7, '0')}`;
    const by = `system:${sender.systemId}`;
    const roll = random();
    const state: DocumentState =
      roll < 0.025
        ? 'awaiting-upload'
        : roll < 0.085
          ? 'held'
          : roll < 0.25
            ? 'delivered'
            : 'acknowledged';
    const holdRoll = random();
    // What the sponsor sends is about no person: its documents lack no name.
    const holdReason: HoldReason | null =
      state !== 'held'
        ? null
        : holdRoll < 0.4
          ? 'sender-type-unmapped'
          : holdRoll < 0.6 || (holdRoll < 0.75 && !toSponsor)
            ? 'receiver-artifact-unmapped'
            : holdRoll < 0.75
              ? 'metadata-missing'
              : holdRoll < 0.92
                ? 'checksum-mismatch'
                : 'size-mismatch';
    // The type fits the state, as the standards published above classify it (so the scheduled
    // release of held documents finds nothing to change): a held one is of a type the sender's
    // standard does not map, of an artifact the receiver's does not map, or of a person without
    // the person's name; any other of a type both sides map.
    const senderType =
      holdReason === 'receiver-artifact-unmapped'
        ? toSponsor
          ? SITE_ONLY
          : SPONSOR_ONLY
        : holdReason === 'metadata-missing'
          ? pick(SITE_SENDS.filter((t) => t.person))
          : toSponsor
            ? pick(SITE_SENDS)
            : pick(SPONSOR_SENDS);
    const receiverType =
      (toSponsor ? SPONSOR_TYPES : SITE_TYPES).find((t) => t.artifact === senderType.artifact) ??
      null;
    const typeCode =
      holdReason === 'sender-type-unmapped'
        ? toSponsor
          ? UNMAPPED_SITE_TYPE
          : UNMAPPED_SPONSOR_TYPE
        : senderType.code;
    const personName = senderType.person && holdReason !== 'metadata-missing' ? pick(PEOPLE) : null;
    const events: DocumentEvent[] = [{ at: sentAt, event: 'announced', by, detail: null }];
    const upAt = at(30_000 + random() * 600_000);
    let received: DocumentRecord['received'] = null;
    let objectKey: string | null = null;
    let classification: Classification | null = null;
    let holdDetail: string | null = null;
    let uploads = 1;
    let revision = 1;
    let inboxSeq: number | null = null;
    let deliveredAt: string | null = null;
    let acknowledgedAt: string | null = null;
    let updatedAt = sentAt;
    const half = classificationOf(senderType, senderStandard, null, receiverStandard);
    if (holdReason === 'checksum-mismatch' || holdReason === 'size-mismatch') {
      holdDetail =
        holdReason === 'size-mismatch'
          ? `The file that arrived has ${String(size - 1024)} bytes; ${String(size)} were announced. Upload it again (send again with the same idempotencyKey for a new URL) and complete.`
          : `The SHA-256 of the file that arrived is ${createHash('sha256').update(key).digest('hex')}; ${fileSha} was announced. Upload it again (send again with the same idempotencyKey for a new URL) and complete.`;
      received =
        holdReason === 'size-mismatch'
          ? { size: size - 1024, sha256: '' }
          : { size, sha256: createHash('sha256').update(key).digest('hex') };
      uploads = 2;
      revision = 2;
      updatedAt = upAt;
      events.push(
        { at: upAt, event: 'uploaded', by, detail: null },
        { at: upAt, event: 'held', by: 'hub', detail: holdDetail },
      );
    } else if (state !== 'awaiting-upload') {
      received = { size, sha256: fileSha };
      objectKey = `records/${conn.studyId}/${documentId}`;
      revision = 2;
      updatedAt = upAt;
      events.push(
        { at: upAt, event: 'uploaded', by, detail: null },
        {
          at: upAt,
          event: 'received',
          by: 'hub',
          detail: `SHA-256 and size (${String(size)} bytes) verified.`,
        },
      );
      if (state === 'held') {
        classification = holdReason === 'sender-type-unmapped' ? null : half;
        holdDetail =
          holdReason === 'sender-type-unmapped'
            ? `“${senderStandard.name}” (version ${String(senderStandard.version)}) does not map the document type “${typeCode}”.`
            : holdReason === 'metadata-missing'
              ? `${half.artifactNumber} ${half.artifactName} needs the person’s name (personName); the document was sent without it.`
              : `“${receiverStandard.name}” (version ${String(receiverStandard.version)}) maps no document type to ${half.artifactNumber} ${half.artifactName}.`;
        events.push({ at: upAt, event: 'held', by: 'hub', detail: holdDetail });
      } else {
        classification = classificationOf(
          senderType,
          senderStandard,
          receiverType,
          receiverStandard,
        );
        const next = (seq.get(receiver.systemId) ?? 0) + 1;
        seq.set(receiver.systemId, next);
        inboxSeq = next;
        deliveredAt = upAt;
        events.push(
          {
            at: upAt,
            event: 'classified',
            by: 'hub',
            detail: `${typeCode} → ${half.artifactNumber} ${half.artifactName} → ${receiverType?.code ?? ''}`,
          },
          { at: upAt, event: 'delivered', by: 'hub', detail: null },
        );
        if (state === 'acknowledged') {
          acknowledgedAt = at(3_600_000 + random() * 3 * DAY);
          updatedAt = acknowledgedAt;
          revision = 3;
          events.push({
            at: acknowledgedAt,
            event: 'acknowledged',
            by: `system:${receiver.systemId}`,
            detail: null,
          });
        }
      }
    }
    const downloads =
      objectKey !== null && random() < 0.04
        ? [{ at: at(2 * DAY), by: bench.sites[0]?.admin.email ?? 'admin@bench.example' }]
        : [];
    yield {
      documentId,
      revision: revision + downloads.length,
      idempotencyKey: key,
      requestHash: createHash('sha256').update(`${key}${typeCode}`).digest('hex'),
      state,
      holdReason,
      holdDetail,
      direction: toSponsor ? 'site-to-sponsor' : 'sponsor-to-site',
      connectionId: conn.connectionId,
      studyId: conn.studyId,
      siteOrganisationId: conn.site.org.organisationId,
      sponsorOrganisationId: historic.sponsor.organisationId,
      croOrganisationId: conn.croOrganisationId,
      senderSystemId: sender.systemId,
      senderOrganisationId: sender.organisationId,
      receiverSystemId: receiver.systemId,
      receiverOrganisationId: receiver.organisationId,
      typeCode,
      title: `${senderType.name}${personName === null ? '' : ` – ${personName}`}, site ${conn.siteNumber}`,
      version: `${String(1 + Math.floor(random() * 3))}.0`,
      documentDate: new Date(sentMs - random() * 20 * DAY).toISOString().slice(0, 10),
      language: pick(LANGUAGES),
      personName,
      organisationName: null,
      fileName: `${typeCode}_${sentAt.slice(0, 10)}_${String(n)}.pdf`,
      contentType: 'application/pdf',
      size,
      sha256: fileSha,
      received,
      uploads,
      objectKey,
      classification,
      inboxSeq,
      sentAt,
      updatedAt,
      deliveredAt,
      acknowledgedAt,
      events,
      downloads,
      downloadCount: downloads.length,
    };
  }
}

/**
 * The history written with BatchWriteItem, 25 items a batch, IN_FLIGHT batches at once: each
 * document, its idempotency key and (delivered) its inbox entry, then each inbox's head and the
 * counters (`DOCSTATS#…`) the documents' transactions would have left (documentCounterItems).
 */
export const seedHistory = async (bench: DocumentBench, count: number) => {
  const { db, close } = localDynamo(bench.c);
  const table = tableName('local', TABLES.documents);
  const counts = { documents: 0, held: 0, items: 0, counters: 0 };
  /** What each document counts by (its events and downloads left out: they count nothing). */
  const counted: DocumentRecord[] = [];
  const heads = new Map<string, number>();
  const writer = batchWriter(db, table, IN_FLIGHT);
  const add = writer.add;
  try {
    for (const record of history(bench, count)) {
      counts.documents += 1;
      if (record.state === 'held') counts.held += 1;
      counted.push({ ...record, events: [], downloads: [] });
      await add(documentItemOf(record));
      await add({
        ...idempotencyKey(record.senderSystemId, record.idempotencyKey),
        documentId: record.documentId,
      });
      if (record.inboxSeq !== null) {
        await add({
          ...inboxEntryKey(record.receiverSystemId, record.inboxSeq),
          documentId: record.documentId,
        });
        heads.set(record.receiverSystemId, record.inboxSeq);
      }
    }
    for (const [systemId, seq] of heads) await add({ ...inboxHeadKey(systemId), seq });
    for (const item of documentCounterItems(counted)) {
      counts.counters += 1;
      await add(item);
    }
    counts.items = await writer.done();
  } finally {
    close();
  }
  return counts;
};

// ---------- 1. the documents list with 100,000 documents ----------

const measureDocumentList: DocumentMeasure = async (bench) => {
  const { c, admin, log } = bench;
  const seeding = performance.now();
  const seeded = await seedHistory(bench, SEEDED_DOCUMENTS);
  const seedMs = performance.now() - seeding;
  log(
    `documents: seeded ${seeded.documents.toLocaleString('en')} documents (${seeded.held.toLocaleString('en')} held; ` +
      `${seeded.items.toLocaleString('en')} items with their idempotency keys, inbox entries and ` +
      `${seeded.counters.toLocaleString('en')} counter items) ` +
      `in ${seconds(seedMs)}, ${(seeded.items / (seedMs / 1000)).toFixed(0)} items/s`,
  );
  // The OrgAdmin of the site with the smallest share: most of the held list is others'.
  const site = bench.sites.reduce((a, b) => (b.share < a.share ? b : a));
  const { db, close } = localDynamo(c);
  const table = tableName('local', TABLES.documents);
  /** The adapter's first Query of a list (limit 100), on dynalite alone. */
  const storeOnly = async (index: keyof typeof DOCUMENT_INDEXES, key: string) => {
    const { index: name, attribute } = DOCUMENT_INDEXES[index];
    const runs: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const started = performance.now();
      await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: name,
          KeyConditionExpression: '#k = :k AND gSent BETWEEN :lower AND :upper',
          ExpressionAttributeNames: { '#k': attribute },
          ExpressionAttributeValues: { ':k': key, ':lower': '0', ':upper': '~' },
          ScanIndexForward: false,
          Limit: 100,
        }),
      );
      runs.push(performance.now() - started);
    }
    return median(runs);
  };
  const cases = [
    {
      label: 'PlatformAdmin',
      user: admin,
      query: '',
      index: 'hub' as const,
      key: DOCUMENT_HUB_KEY,
    },
    {
      label: `OrgAdmin of the smallest site (${String(site.share * 100)}%)`,
      user: site.admin,
      query: '',
      index: 'site' as const,
      key: site.org.organisationId,
    },
    {
      label: 'held, PlatformAdmin',
      user: admin,
      query: 'state=held&',
      index: 'held' as const,
      key: DOCUMENT_HELD_KEY,
    },
    {
      label: `held, OrgAdmin of the smallest site`,
      user: site.admin,
      query: 'state=held&',
      index: 'held' as const,
      key: DOCUMENT_HELD_KEY,
    },
  ];
  const results: BenchResult[] = [];
  try {
    for (const one of cases) {
      const call = async () => {
        const started = performance.now();
        const res = await callApi(c, `s3documents/list?${one.query}limit=${String(PAGE)}`, {
          method: 'GET',
          token: one.user.idToken,
        });
        const took = performance.now() - started;
        if (res.status !== 200) {
          throw new Error(
            `s3documents/list (${one.label}): ${String(res.status)} ${JSON.stringify(res.body).slice(0, 300)}`,
          );
        }
        const data = (res.body as { data: { documents: unknown[]; total: number | null } }).data;
        return { took, documents: data.documents, total: data.total };
      };
      const first = await call();
      const runs: number[] = [];
      for (let i = 0; i < LIST_RUNS; i += 1) runs.push((await call()).took);
      const store = await storeOnly(one.index, one.key);
      log(
        `documents list, ${one.label}: median ${ms(median(runs))}, p95 ${ms(percentile(runs, 95))} ` +
          `of ${String(LIST_RUNS)} (first call ${ms(first.took)}; ${String(first.documents.length)} a page; ` +
          `total ${first.total === null ? 'not counted' : first.total.toLocaleString('en')}` +
          `${one.label === 'held, PlatformAdmin' ? `, ${seeded.held.toLocaleString('en')} seeded held` : ''}); ` +
          `dynalite alone, the first Query of its index (100 items): ${ms(store)}`,
      );
      results.push({
        name: `documents list first page, ${seeded.documents.toLocaleString('en')} documents, ${one.label.replace(/ \(.*\)$/, '')} (median)`,
        value: median(runs),
        unit: 'ms',
        budget: 300,
      });
    }
  } finally {
    close();
  }
  return results;
};

// ---------- 2. a 1 MB document from send to the receiver's inbox ----------

const measureSendToInbox: DocumentMeasure = async (bench) => {
  const { c, log, receiver } = bench;
  const sender = bench.senders[0];
  if (sender === undefined) throw new Error('no sender');
  const files = Array.from({ length: LATENCY_SAMPLES + 1 }, () => pdfFile(ONE_MB));
  let cursor = await inboxEnd(c, receiver);
  const totals: number[] = [];
  const steps: number[][] = [[], [], [], []];
  for (let i = 0; i <= LATENCY_SAMPLES; i += 1) {
    const file = files[i] as PdfFile;
    const started = performance.now();
    const sent = await sendDocument(
      c,
      sender,
      file,
      { typeCode: 'PROT-SIG', title: `Protocol signature page, 1 MB, ${String(i)}` },
      `bench-1mb-${String(Date.now())}-${String(i)}`,
    );
    if (sent.documentId === null || sent.document?.state !== 'delivered') {
      throw new Error(`1 MB send: ${sent.errors.join(' | ') || JSON.stringify(sent.document)}`);
    }
    const polled = performance.now();
    let found = false;
    let polls = 0;
    while (!found) {
      const page = await inbox(c, receiver, cursor);
      polls += 1;
      if (page.data === undefined) throw new Error(`inbox: ${String(page.status)}`);
      cursor = page.data.nextCursor;
      found = page.data.documents.some((d) => d.documentId === sent.documentId);
      if (!found && performance.now() - started > 10_000) {
        throw new Error(`${sent.documentId} not in the inbox after 10 s`);
      }
    }
    bench.sent.push(sent.documentId);
    // The first is a warm-up (the copies of the registry and the standards' rows are read).
    if (i === 0) continue;
    totals.push(performance.now() - started);
    sent.steps.forEach((value, k) => steps[k]?.push(value));
    steps[3]?.push((performance.now() - polled) / polls);
  }
  const [announce, put, complete, inboxCall] = steps.map((s) => median(s));
  log(
    `documents: 1 MB send → in the receiver's inbox: median ${ms(median(totals))}, ` +
      `p95 ${ms(percentile(totals, 95))} of ${String(totals.length)} ` +
      `(medians: announce ${ms(announce ?? 0)}, PUT ${ms(put ?? 0)}, complete ${ms(complete ?? 0)}, ` +
      `inbox call ${ms(inboxCall ?? 0)})`,
  );
  return [
    {
      name: `documents: 1 MB send to available in the inbox (median of ${String(totals.length)})`,
      value: median(totals),
      unit: 'ms',
      budget: 500,
    },
  ];
};

// ---------- 3. 20 systems sending at once ----------

/** The actions the audit trail holds for each of `documentIds` (read from its table, after). */
const auditedActions = async (
  c: ConsoleInfo,
  documentIds: ReadonlySet<string>,
): Promise<Map<string, Set<string>>> => {
  const { db, close } = localDynamo(c);
  const actions = new Map<string, Set<string>>();
  try {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName('local', TABLES.audit),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': AUDIT_CHAIN_PK },
          ExpressionAttributeNames: { '#action': 'action', '#target': 'target' },
          ProjectionExpression: '#action, #target',
          ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        }),
      );
      for (const item of page.Items ?? []) {
        const id = (item.target as { id?: unknown } | undefined)?.id;
        if (typeof id !== 'string' || !documentIds.has(id)) continue;
        const known = actions.get(id) ?? new Set<string>();
        known.add(String(item.action));
        actions.set(id, known);
      }
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
  } finally {
    close();
  }
  return actions;
};

const measureConcurrentSenders: DocumentMeasure = async (bench) => {
  const { c, log, receiver, senders } = bench;
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const failures: string[] = [];
  const sends: { sender: Sender; outcome: SendOutcome }[] = [];
  const steps: number[][] = [[], [], []];
  const files = Array.from({ length: 32 }, (_, i) =>
    pdfFile(10_000 + Math.round((i * 40_000) / 31)),
  );
  const runId = String(Date.now());

  // The receiver follows its inbox from where it is, and acknowledges what came.
  let cursor = await inboxEnd(c, receiver);
  const seen: ReceivedDocument[] = [];
  let sending = true;
  const acknowledging = new Set<Promise<void>>();
  let drainBy = Infinity;
  const follow = async () => {
    for (;;) {
      if (performance.now() > drainBy) {
        failures.push('inbox: not drained 30 s after the senders stopped');
        return;
      }
      const page = await inbox(c, receiver, cursor);
      count(page.status);
      if (page.data === undefined) {
        failures.push(`inbox: ${String(page.status)} ${page.error ?? ''}`);
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      cursor = page.data.nextCursor;
      for (const d of page.data.documents) {
        seen.push(d);
        const acknowledged: SendOutcome = {
          documentId: d.documentId,
          document: null,
          statuses: [],
          steps: [],
          errors: [],
        };
        const ack: Promise<void> = withRetries(RETRIES, acknowledged, 'acknowledge', () =>
          partner(c, receiver.token, 'POST', `documents/${d.documentId}/acknowledge`, {}),
        ).then(() => {
          acknowledged.statuses.forEach(count);
          failures.push(...acknowledged.errors);
          acknowledging.delete(ack);
        });
        acknowledging.add(ack);
        while (acknowledging.size >= 4) await Promise.race(acknowledging);
      }
      if (!page.data.hasMore) {
        if (!sending && page.data.documents.length === 0) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };

  const started = performance.now();
  const deadline = started + BURST_SECONDS * 1000;
  const following = follow();
  await Promise.all(
    senders.map(async (sender, s) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const unmapped = (n + s) % 20 === 19;
        const type = SITE_SENDS[(n + s) % SITE_SENDS.length] as TypeRow;
        const sent = await sendDocument(
          c,
          sender,
          files[(n * 7 + s) % files.length] as PdfFile,
          unmapped
            ? { typeCode: UNMAPPED_SITE_TYPE, title: 'Form FDA 1572' }
            : {
                typeCode: type.code,
                title: `${type.name}, site ${sender.siteNumber}, ${String(n)}`,
                ...(type.person ? { personName: PEOPLE[n % PEOPLE.length] ?? 'Jana Müller' } : {}),
              },
          `bench-${runId}-${String(s)}-${String(n)}`,
          RETRIES,
        );
        sent.statuses.forEach(count);
        sent.steps.forEach((value, k) => steps[k]?.push(value));
        failures.push(...sent.errors);
        sends.push({ sender, outcome: sent });
      }
    }),
  );
  const sendingMs = performance.now() - started;
  sending = false;
  drainBy = performance.now() + 30_000;
  await following;
  await Promise.all(acknowledging);

  // Every document announced, read back as its sender sees it.
  const announced = sends.flatMap(({ sender, outcome }) =>
    outcome.documentId === null ? [] : [{ sender, documentId: outcome.documentId }],
  );
  const abandoned = sends.length - announced.length;
  const finals = await inPool(announced, 8, async (a) => {
    const res = await partner<{ document: SentDocument }>(
      c,
      a.sender.token,
      'GET',
      `documents/${a.documentId}`,
    );
    count(res.status);
    return res.data?.document ?? null;
  });
  const final = (d: SentDocument | null) =>
    d !== null &&
    (d.state === 'delivered' ||
      d.state === 'acknowledged' ||
      (d.state === 'held' && d.holdReason !== null));
  const delivered = new Set(
    finals
      .filter((d) => d?.state === 'delivered' || d?.state === 'acknowledged')
      .map((d) => d?.documentId),
  );
  const held = finals.filter((d) => d?.state === 'held').length;
  // The inbox: each delivered document once, in increasing sequence, without gaps.
  const inInbox = new Map<string, number>();
  let disorder = 0;
  let previous: number | null = null;
  for (const d of seen) {
    inInbox.set(d.documentId, (inInbox.get(d.documentId) ?? 0) + 1);
    if (previous !== null && d.sequence !== previous + 1) disorder += 1;
    previous = d.sequence;
  }
  const duplicated = [...inInbox.values()].filter((n) => n > 1).length;
  const missing = [...delivered].filter((id) => id !== undefined && !inInbox.has(id)).length;
  const strangers = [...inInbox.keys()].filter((id) => !delivered.has(id)).length;
  const notFinal = finals.filter((d) => !final(d)).length;
  const lost = notFinal + missing;
  const serverErrors = [...statuses].reduce(
    (sum, [status, n]) => sum + (status >= 500 || status === 0 ? n : 0),
    0,
  );
  const perSecond = (delivered.size + held) / (sendingMs / 1000);
  // Every step a document took is in the audit trail (in both organisations' records).
  const audited = await auditedActions(c, new Set(announced.map((a) => a.documentId)));
  const lacking = (action: string, documents: (SentDocument | null)[]) =>
    documents.filter((d) => d !== null && audited.get(d.documentId)?.has(action) !== true).length;
  const uploaded = finals.filter((d) => d !== null && d.state !== 'awaiting-upload');
  const acknowledged = finals.filter((d) => d?.state === 'acknowledged');
  for (const a of announced) bench.sent.push(a.documentId);
  const [announce, put, complete] = steps;
  log(
    `documents: ${String(senders.length)} systems × ${String(BURST_SECONDS)} s: ${String(sends.length)} sends, ` +
      `${String(abandoned)} given up after ${String(RETRIES)} failed announces, ${String(announced.length)} announced, ` +
      `${String(delivered.size)} delivered (and acknowledged), ${String(held)} held, ${String(notFinal)} not final, ` +
      `${String(missing)} delivered but not in the inbox, ${String(strangers)} in the inbox unannounced; ` +
      `${perSecond.toFixed(1)} documents/s; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  log(
    `documents: under load, announce median ${ms(median(announce ?? []))} p95 ${ms(percentile(announce ?? [], 95))}, ` +
      `PUT ${ms(median(put ?? []))} p95 ${ms(percentile(put ?? [], 95))}, ` +
      `complete ${ms(median(complete ?? []))} p95 ${ms(percentile(complete ?? [], 95))}; ` +
      `inbox: ${String(seen.length)} entries, ${String(duplicated)} duplicated, ${String(disorder)} out of sequence`,
  );
  log(
    `documents: the audit trail lacks document.sent for ${String(lacking('document.sent', finals))} of ` +
      `${String(finals.length)} documents announced, document.received for ` +
      `${String(lacking('document.received', uploaded))} of ${String(uploaded.length)} completed, ` +
      `document.acknowledged for ${String(lacking('document.acknowledged', acknowledged))} of ` +
      `${String(acknowledged.length)} acknowledged`,
  );
  const distinct = [...new Set(failures)];
  if (distinct.length > 0) {
    log(
      `documents: ${String(failures.length)} failed calls, e.g. ${distinct.slice(0, 5).join(' | ')}`,
    );
  }
  const label = `documents: ${String(senders.length)} systems sending ${String(BURST_SECONDS)} s`;
  return [
    { name: `${label}, 5xx or unanswered`, value: serverErrors, unit: '', budget: 0 },
    { name: `${label}, documents lost`, value: lost, unit: '', budget: 0 },
    {
      name: `${label}, inbox duplicates or out of sequence`,
      value: duplicated + disorder + strangers,
      unit: '',
      budget: 0,
    },
  ];
};

// ---------- 4. an eTMF-EMS export of 1,000 documents, in constant memory ----------

const EXPORT_DOCUMENTS = 1000;
const EXPORT_FILE_BYTES = 100 * 1024;

/**
 * 1,000 documents of 100 KB sent through the API over one connection (ten at a time), then the
 * study exported as an eTMF-EMS package while this process's heap is sampled every 5 ms (the
 * console runs in this process). A package of 100 MB and more that is streamed shows as a heap
 * that grows by a few parts of 5 MiB, whatever the number of documents.
 */
const measureEtmfExport: DocumentMeasure = async (bench) => {
  const { c, admin, log } = bench;
  const sender = bench.senders[0];
  if (sender === undefined) throw new Error('no sender');
  const found: { studyId: string | null } = { studyId: null };
  let next = 0;
  const started = performance.now();
  const loop = async () => {
    while (next < EXPORT_DOCUMENTS) {
      const n = next;
      next += 1;
      const sent = await sendDocument(
        c,
        sender,
        pdfFile(EXPORT_FILE_BYTES),
        { typeCode: 'PROT-SIG', title: `Protocol signature page for the package, ${String(n)}` },
        `bench-ems-${String(Date.now())}-${String(n)}`,
        3,
      );
      if (sent.documentId === null || sent.document?.state !== 'delivered') {
        throw new Error(`export set: ${sent.errors.join(' | ') || JSON.stringify(sent.document)}`);
      }
      if (found.studyId === null) {
        const got = await partner<{ document: { studyId: string } }>(
          c,
          sender.token,
          'GET',
          `documents/${sent.documentId}`,
        );
        found.studyId = got.data?.document.studyId ?? null;
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, loop));
  log(
    `documents: ${String(EXPORT_DOCUMENTS)} documents of ${String(EXPORT_FILE_BYTES / 1024)} KB sent for the package in ${seconds(performance.now() - started)}`,
  );
  const { studyId } = found;
  if (studyId === null) throw new Error('export set: no study');

  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  const exportStarted = performance.now();
  const res = await callApi(c, 's3documents/export-etmf', {
    token: admin.idToken,
    body: { studyId },
  });
  const ms = performance.now() - exportStarted;
  clearInterval(sampler);
  if (res.status !== 200)
    throw new Error(`export-etmf: ${String(res.status)} ${JSON.stringify(res.body)}`);
  const { documents, bytes } = (res.body as { data: { documents: number; bytes: number } }).data;
  const growth = (heapPeak - heapBefore) / (1024 * 1024);
  log(
    `documents: eTMF-EMS export of ${String(documents)} documents, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${seconds(ms)}; heap growth at peak ${growth.toFixed(1)} MB`,
  );
  if (documents < EXPORT_DOCUMENTS) {
    throw new Error(
      `export-etmf: ${String(documents)} documents, ${String(EXPORT_DOCUMENTS)} sent`,
    );
  }
  return [
    {
      name: `eTMF-EMS export of ${String(documents)} documents (${(bytes / 1024 / 1024).toFixed(0)} MB), heap growth`,
      value: growth,
      unit: 'MB',
      budget: 64,
    },
  ];
};

/** The measures, in the order they run (the list's first: the later ones add documents). */
const MEASURES: readonly DocumentMeasure[] = [
  measureDocumentList,
  measureSendToInbox,
  measureConcurrentSenders,
  measureEtmfExport,
];

export const measureDocuments = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> =>
  withConsole(dataDir, async (c, admin) => {
    const bench = await buildBench(c, admin, log);
    const results: BenchResult[] = [];
    for (const measure of MEASURES) {
      const started = performance.now();
      results.push(...(await measure(bench)));
      log(`documents: ${measure.name} took ${seconds(performance.now() - started)}`);
    }
    return results;
  });
