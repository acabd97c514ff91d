import { createHash, randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import { issueCredential, partnerToken } from '../support/oauth';
import {
  connectedStudy,
  publishStandard,
  type StandardDetail,
  standardDrafts,
} from '../support/connected-study';
import { type ConnectionRow, must, type Network, registryCall } from '../support/registry';
import { samplePdf } from '../support/sample-files';
import { row } from './standards-kit';

/**
 * The document exchange's fixture (issue 17), shared by `documents.test.ts` and
 * `documents-holds.test.ts`: a network whose site and sponsor are connected on a study, each with
 * a published mapping standard and an issued credential (site: send; sponsor: receive and send),
 * and what a partner system and the console call. Each test file sets up its own network
 * (`beforeAll(setUpDocuments)`) on the one integration console.
 */

export const c = inject('console');

/** The row the standards tests build from (standards-kit.ts), filed at site level. */
export { row };

export const siteRows = (): MappingRow[] => [
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

export const sponsorRows = (): MappingRow[] => [
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

export type { StandardDetail };

export interface Sent {
  documentId: string;
  state: string;
  holdReason: string | null;
  quarantineReason?: string | null;
  quarantineDetail?: string | null;
  classification: { artifactNumber: string; receiver: { typeCode: string } | null } | null;
}

export interface Received {
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

export let n: Network;
export let connection: ConnectionRow;
export let studyId: string;
export let siteStandard: StandardDetail;
export let site: { clientId: string; clientSecret: string };
export let sponsor: { clientId: string; clientSecret: string };
export const tokens = new Map<string, string>();

export const publish = (
  who: Network['people']['siteAdmin'],
  detail: StandardDetail,
): Promise<StandardDetail> => publishStandard(c, who, detail);

export const tokenOf = async (
  credential: { clientId: string; clientSecret: string },
  scope: string,
) => {
  const key = `${credential.clientId} ${scope}`;
  const known = tokens.get(key);
  if (known !== undefined) return known;
  const token = await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, scope);
  tokens.set(key, token);
  return token;
};

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the answer's shape, named by the caller
export const partner = async <T = Record<string, unknown>>(
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
export const read = async <T>(
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

export const SEND = 'ccsc-api/documents.send';
export const RECEIVE = 'ccsc-api/documents.receive';

/** A real PDF (the hub checks what a file is), its bytes its own. */
export const pdf = (text: string): Buffer => samplePdf(`${text} ${randomUUID()}`);
export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The site's announcement of `file` (a new idempotency key unless `more` names one). */
export const announce = (file: Buffer, more: Record<string, unknown>) =>
  partner<{
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

/** Announce, upload to the presigned URL, complete: what a sending system does. */
export const send = async (
  file: Buffer,
  more: Record<string, unknown>,
  upload: Buffer = file,
): Promise<{ status: number; document: Sent; error?: { message: string } }> => {
  const announced = await announce(file, more);
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
  const document =
    completed.status === 200 ? await scanned(completed.data.document) : announced.data.document;
  return {
    status: completed.status,
    document,
    ...(completed.error === undefined ? {} : { error: completed.error }),
  };
};

/**
 * The document once the malware scan's verdict is in (the offline console scans every kept file,
 * as GuardDuty does in AWS): as the sender follows it.
 */
export const scanned = async (document: Sent): Promise<Sent> => {
  const giveUpAt = Date.now() + 30_000;
  let now = document;
  while (now.state === 'awaiting-scan' && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const followed = await partner<{ document: Sent }>(
      site,
      SEND,
      'GET',
      `documents/${document.documentId}`,
    );
    now = followed.data.document;
  }
  return now;
};

export const inbox = async (since?: string) =>
  partner<{ documents: Received[]; nextCursor: string; hasMore: boolean }>(
    sponsor,
    RECEIVE,
    'GET',
    `documents${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`,
  );

export const setUpDocuments = async (): Promise<void> => {
  ({ n, studyId, connection } = await connectedStudy(c, 'Documents', {
    title: 'A trial whose documents travel',
    phase: 'phase-2',
    siteNumber: '301',
  }));
  const drafts = await standardDrafts(c, n, { site: siteRows(), sponsor: sponsorRows() });
  [siteStandard] = await Promise.all([
    publish(n.people.siteAdmin, drafts.site),
    publish(n.people.sponsorAdmin, drafts.sponsor),
  ]);
  [site, sponsor] = await Promise.all([
    issueCredential(c, n.admin, n.siteSystem.systemId, [SEND]),
    issueCredential(c, n.admin, n.sponsorSystem.systemId, [RECEIVE, SEND]),
  ]);
};
