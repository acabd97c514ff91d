/**
 * The document bench's settings and what a partner system does (`documents.ts` describes the
 * bench): a token per system and scope, announce, PUT, complete, each tried again on a 5xx as a
 * partner would, and the receiver's inbox.
 */
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DocumentState, HoldReason } from '@ccsc/contract/documents';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import type { ConsoleInfo } from '../support/console';

export const SEEDED_DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
export const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 60);
export const SITES = 5;
/** Systems a site, and so live studies: SITES × this many senders (20). */
export const SYSTEMS_A_SITE = 4;
export const HISTORIC_STUDIES = 3;
/** The page the web app's document list asks for. */
export const PAGE = 25;
export const LIST_RUNS = 21;
export const LATENCY_SAMPLES = 41;
export const ONE_MB = 1_000_000;
/** How often a sender (or the receiver) tries a call in all, on a 5xx or no answer. */
export const RETRIES = 3;
/** How many batches are in flight at once while seeding. */
export const IN_FLIGHT = 8;

export const SEND = 'ccsc-api/documents.send';
export const RECEIVE = 'ccsc-api/documents.receive';
export const CATALOGUE = CATALOGUES['3.3'];

// ---------- small tools ----------

/** mulberry32: a small generator with a fixed seed, so every run seeds the same history. */
export const generator = (seed: number) => {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `work` on every item, at most `size` at a time; the answers in the items' order. */
export const inPool = async <T, R>(
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
export interface PdfFile {
  bytes: Uint8Array<ArrayBuffer>;
  sha256: string;
}

/**
 * A PDF of `size` bytes, built as a real one is (so the content check on completion reads a PDF,
 * not bytes behind a PDF header): a catalogue, a page drawing one image, the image a deflated
 * stream of random bytes (so no two files are alike and no scanner can skip them as known), an
 * info dictionary, a cross-reference table and its trailer; padded to `size` with a comment line
 * before the table, where a writer may put one. Built like `samplePdf` of `support/sample-files.ts`
 * (the same header and layout), which has an empty page and so cannot grow to a size.
 */
export const pdfFile = (size: number): PdfFile => {
  const image = deflateSync(randomBytes(Math.max(0, size - 1200)), { level: 1 });
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  const add = (...chunks: Buffer[]) => {
    offsets.push(length);
    for (const chunk of chunks) {
      parts.push(chunk);
      length += chunk.length;
    }
  };
  const text = (value: string) => Buffer.from(value, 'latin1');
  const drawing = 'q 595 0 0 842 0 0 cm /Im1 Do Q';
  add(text('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'));
  add(text('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n'));
  add(
    text(
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
        '/Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>\nendobj\n',
    ),
  );
  add(
    text(
      `4 0 obj\n<< /Length ${String(drawing.length)} >>\nstream\n${drawing}\nendstream\nendobj\n`,
    ),
  );
  add(
    text(
      `5 0 obj\n<< /Type /XObject /Subtype /Image /Width 512 /Height 512 /ColorSpace /DeviceGray ` +
        `/BitsPerComponent 8 /Filter /FlateDecode /Length ${String(image.length)} >>\nstream\n`,
    ),
    image,
    text('\nendstream\nendobj\n'),
  );
  add(
    text(
      `6 0 obj\n<< /Title (Scanned site document) /Producer (ccsc bench) /CreationDate (D:${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}Z) >>\nendobj\n`,
    ),
  );
  const tail = (xref: number) =>
    text(
      `xref\n0 7\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
        `trailer\n<< /Size 7 /Root 1 0 R /Info 6 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`,
    );
  // The padding comment: "%" and its newline at least; the table's offset has as many digits
  // either way for the sizes the bench sends, so one pass settles it.
  const padding = Math.max(2, size - length - tail(length + 2).length);
  const comment = text(`%${'-'.repeat(padding - 2)}\n`);
  const bytes = new Uint8Array(Buffer.concat([...parts, comment, tail(length + comment.length)]));
  return { bytes, sha256: sha(bytes) };
};

/** The console's DynamoDB (dynalite), straight: the documents and audit tables. */
export const localDynamo = (c: ConsoleInfo) => {
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

export const partner = async <T>(
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

export interface SentDocument {
  documentId: string;
  state: DocumentState;
  holdReason: HoldReason | null;
}

export interface ReceivedDocument {
  documentId: string;
  sequence: number;
  state: 'delivered' | 'acknowledged';
}

interface InboxPage {
  documents: ReceivedDocument[];
  nextCursor: string;
  hasMore: boolean;
}

export interface System {
  systemId: string;
  organisationId: string;
  name: string;
  token: string;
}

export interface Sender extends System {
  connectionId: string;
  siteNumber: string;
}

/** What one send did: each call's status and time, and the document as the last call left it. */
export interface SendOutcome {
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
export const withRetries = async <A extends { status: number; error: string | undefined }>(
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
 * `attempts` times in all on a 5xx or no answer. `followScan`: the sender then follows its
 * document until the scan's verdict moved it on (false: the completion's answer is the last step,
 * for a measure that watches the receiver's side instead).
 */
export const sendDocument = async (
  c: ConsoleInfo,
  sender: Sender,
  file: PdfFile,
  kind: SendKind,
  key: string,
  attempts = 1,
  followScan = true,
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
  let document = completed.data?.document ?? null;
  // The hub scans every kept file before it goes on (content check, then the malware scan):
  // counted in the completion's step, as the issue's budget counts it in the send.
  const giveUpAt = Date.now() + 30_000;
  while (
    followScan &&
    document !== null &&
    document.state === 'awaiting-scan' &&
    Date.now() < giveUpAt
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const followed = await partner<{ document: SentDocument }>(
      c,
      sender.token,
      'GET',
      `documents/${document.documentId}`,
    );
    if (followed.data !== undefined) document = followed.data.document;
  }
  if (document !== null) outcome.document = document;
  outcome.steps.push(performance.now() - started);
  return outcome;
};

export const inbox = (c: ConsoleInfo, receiver: System, since: string) =>
  partner<InboxPage>(
    c,
    receiver.token,
    'GET',
    `documents?since=${encodeURIComponent(since)}&limit=100`,
  );

/** The receiver's cursor at the end of its inbox: from the first page, following nextCursor. */
export const inboxEnd = async (c: ConsoleInfo, receiver: System): Promise<string> => {
  let page = await partner<InboxPage>(c, receiver.token, 'GET', 'documents?limit=100');
  while (page.data?.hasMore === true) page = await inbox(c, receiver, page.data.nextCursor);
  if (page.data === undefined) throw new Error(`inbox: ${String(page.status)} ${page.error ?? ''}`);
  return page.data.nextCursor;
};
