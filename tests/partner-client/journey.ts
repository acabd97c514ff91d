import { createHash } from 'node:crypto';
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './partner-api';

/**
 * A vendor's integration as the quickstart tells it, written against the client generated from
 * the OpenAPI document (partner-api.d.ts, openapi-typescript) with openapi-fetch and nothing
 * hand-typed: the site system finds itself and its connection, sends a document (announce, PUT
 * the file to the presigned URL, complete, follow it until the hub delivered it); the sponsor
 * system finds it in its inbox, downloads it, checks its SHA-256, acknowledges it, and reads its
 * events feed. `npm run typecheck` proves the calls match the generated types; the integration
 * test runs it against a console.
 */

/** Where a system calls and how it gets its token (a standard OAuth client, by the caller). */
export interface PartnerSystem {
  /** The API base URL, as the credential's reveal page shows it (…/ccsc/api/v1). */
  baseUrl: string;
  /** An access token with the scopes the calls need (client_credentials). */
  token: () => Promise<string>;
}

const clientOf = (system: PartnerSystem) => {
  const client = createClient<paths>({ baseUrl: system.baseUrl });
  const auth: Middleware = {
    async onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${await system.token()}`);
      return request;
    },
  };
  client.use(auth);
  return client;
};

/** A call's data, or its error envelope's code and message as an Error. */
const dataOf = <T>(result: {
  data?: { data: T };
  error?: { error: { code: string; message: string } };
  response: Response;
}): T => {
  if (result.data !== undefined) return result.data.data;
  const error = result.error?.error;
  throw new Error(
    `${String(result.response.status)} ${error?.code ?? ''}: ${error?.message ?? ''}`,
  );
};

export interface JourneyInput {
  site: PartnerSystem;
  sponsor: PartnerSystem;
  /** The study the connection is for: the site picks its connection by it. */
  studyId: string;
  /** A document type in the site's published mapping standard. */
  typeCode: string;
  file: Uint8Array<ArrayBuffer>;
  idempotencyKey: string;
}

export const partnerJourney = async (input: JourneyInput) => {
  const site = clientOf(input.site);
  const sponsor = clientOf(input.sponsor);

  const me = dataOf(await site.GET('/me'));
  const connections = dataOf(
    await site.GET('/connections', { params: { query: { status: 'active' } } }),
  );
  const connection = connections.connections.find((c) => c.study.studyId === input.studyId);
  if (connection === undefined) throw new Error(`No active connection for ${input.studyId}`);

  const sha256 = createHash('sha256').update(input.file).digest('hex');
  const announced = dataOf(
    await site.POST('/documents', {
      body: {
        idempotencyKey: input.idempotencyKey,
        connectionId: connection.connectionId,
        typeCode: input.typeCode,
        title: 'Signed CV of the principal investigator',
        version: '1.0',
        documentDate: '2026-12-01',
        language: 'en',
        personName: connection.principalInvestigator,
        fileName: 'cv-principal-investigator.pdf',
        contentType: 'application/pdf',
        size: input.file.length,
        sha256,
      },
    }),
  );
  const { documentId } = announced.document;
  if (announced.upload === null) throw new Error('No upload URL for a new document');
  const put = await fetch(announced.upload.url, {
    method: announced.upload.method,
    headers: announced.upload.headers,
    body: input.file,
  });
  if (!put.ok) throw new Error(`The upload answered ${String(put.status)}`);
  let sent = dataOf(
    await site.POST('/documents/{documentId}/complete', {
      params: { path: { documentId } },
      body: {},
    }),
  ).document;
  const giveUpAt = Date.now() + 30_000;
  while (
    ['received', 'awaiting-scan', 'classified'].includes(sent.state) &&
    Date.now() < giveUpAt
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    sent = dataOf(
      await site.GET('/documents/{documentId}', { params: { path: { documentId } } }),
    ).document;
  }

  const inbox = dataOf(await sponsor.GET('/documents', { params: { query: { limit: 100 } } }));
  const received = inbox.documents.find((d) => d.documentId === documentId);
  if (received?.download == null) throw new Error(`${documentId} is not in the inbox to download`);
  const bytes = new Uint8Array(await (await fetch(received.download.url)).arrayBuffer());
  const downloadedSha256 = createHash('sha256').update(bytes).digest('hex');
  const acknowledged = dataOf(
    await sponsor.POST('/documents/{documentId}/acknowledge', {
      params: { path: { documentId } },
      body: {},
    }),
  );
  const events = dataOf(await sponsor.GET('/events', { params: { query: { limit: 100 } } }));

  // An error as the generated client types it: its code one of the documented ones.
  const missing = await site.GET('/documents/{documentId}', {
    params: { path: { documentId: `doc-${'0'.repeat(26)}` } },
  });

  return {
    me,
    connection,
    sent,
    received,
    sha256,
    downloadedSha256,
    acknowledged,
    events,
    missing: { status: missing.response.status, code: missing.error?.error.code },
  };
};
