import { createHash } from 'node:crypto';
import { newDocumentId } from './document-ids';
import { EXTENSIONS_OF } from '@ccsc/contract/documents';
import type { partnerRoutes } from '@ccsc/contract/partner-api';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import type { Core, PartnerContext } from '../core/request';
import type { Journal } from '../core/journal';
import type { Clock } from '../core/ports/clock';
import {
  incomingKeyOf,
  recordKeyOf,
  type DocumentFiles,
  type DocumentRecord,
  type DocumentStore,
} from '../core/ports/documents';
import type { ConnectionRecord, RegistrySnapshot } from '../core/ports/registry';
import { classify } from './classify';
import { LINK_SECONDS, sentViewOf, systemActor } from './document-views';
import { earlierVersionOf } from './document-versions';
import {
  completeDocumentWrite,
  mismatchDetail,
  NO_UPLOAD,
  sendDocumentWrite,
  sendSubject,
} from './document-sends';
import {
  DOCUMENT_BUSY,
  documentSubject,
  type DocumentWriteDeps,
  type Who,
} from './document-writes';
import type { RoutingDeps } from './routing';

/**
 * The partner API's document exchange (issue 17), for the calling system: send (announce, then
 * PUT the file to S3, then complete), follow what it sent, receive what was sent to it in its
 * own types, and acknowledge.
 */

export interface ExchangeDeps extends RoutingDeps {
  documents: DocumentStore;
  files: DocumentFiles;
  clock: Clock;
  /** Every change is a journaled write (document-sends.ts, document-writes.ts). */
  writes: Pick<Journal<DocumentWriteDeps>, 'run' | 'settle'>;
  /** A new document id's random part (tests hand in their own). */
  newId?: () => string;
}

export type Routes = typeof partnerRoutes;

const NO_CONNECTION =
  'No connection of the calling system has that id. Read your connections at GET /ccsc/api/v1/connections.';

const isParty = (c: ConnectionRecord, systemId: string) =>
  c.sponsorSystemId === systemId || c.siteSystemId === systemId;

/** The connection a send names (by id, or by study and counterpart), checked to be usable. */
const connectionFor = (
  input: { connectionId?: string; studyId?: string; counterpartSystemId?: string },
  snapshot: RegistrySnapshot,
  systemId: string,
): ConnectionRecord => {
  let connection: ConnectionRecord | undefined;
  if (input.connectionId !== undefined) {
    const found = snapshot.connections.get(input.connectionId);
    if (found === undefined || !isParty(found, systemId)) throw new NotFoundError(NO_CONNECTION);
    connection = found;
  } else {
    const candidates = [...snapshot.connections.values()].filter(
      (c) =>
        c.studyId === input.studyId &&
        isParty(c, systemId) &&
        c.status === 'active' &&
        (input.counterpartSystemId === undefined ||
          (c.sponsorSystemId === systemId ? c.siteSystemId : c.sponsorSystemId) ===
            input.counterpartSystemId),
    );
    if (candidates.length === 0) {
      throw new NotFoundError(
        'The calling system has no active connection in that study' +
          (input.counterpartSystemId === undefined ? '.' : ' with that counterpart system.'),
      );
    }
    if (candidates.length > 1) {
      throw new ConflictError(
        `The calling system has ${String(candidates.length)} active connections in that study (${candidates
          .map((c) => c.connectionId)
          .join(', ')}): name one as connectionId, or the counterpartSystemId.`,
      );
    }
    connection = candidates[0];
  }
  if (connection === undefined) throw new NotFoundError(NO_CONNECTION);
  if (connection.status !== 'active' || connection.siteSystemId === null) {
    throw new ConflictError(
      `The connection ${connection.connectionId} is ${connection.status}: documents are exchanged over active connections only.`,
    );
  }
  return connection;
};

const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** A file name as stored: Unicode NFC, runs of white space one space. */
const cleanFileName = (fileName: string): string =>
  fileName.normalize('NFC').replace(/\s+/gu, ' ').trim();

const hashOf = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

const FILE_REASONS = new Set(['checksum-mismatch', 'size-mismatch']);

/** Whether the sender may (still) upload the file: announced, or held for what arrived. */
const awaitsFile = (record: DocumentRecord): boolean =>
  record.state === 'awaiting-upload' ||
  (record.state === 'held' && record.holdReason !== null && FILE_REASONS.has(record.holdReason));

const uploadOf = async (record: DocumentRecord, deps: ExchangeDeps) => {
  const signed = await deps.files.uploadUrl(
    incomingKeyOf(record.documentId, record.uploads),
    record.contentType,
    LINK_SECONDS,
  );
  return {
    url: signed.url,
    method: 'PUT' as const,
    headers: signed.headers,
    expiresAt: new Date(deps.clock.now().getTime() + LINK_SECONDS * 1000).toISOString(),
  };
};

export const sendDocument: Core<Routes['partner-send-document'], ExchangeDeps> = async (
  input,
  ctx,
  deps,
) => {
  const { systemId } = ctx.client;
  const fileName = cleanFileName(input.fileName);
  const allowed = EXTENSIONS_OF[input.contentType];
  if (!allowed.includes(extensionOf(fileName))) {
    throw new ValidationError('The file name does not fit its content type.', [
      {
        path: 'fileName',
        message: `A ${input.contentType} file is named *.${allowed.join(' or *.')}.`,
      },
    ]);
  }
  const snapshot = await deps.registry.snapshot();
  const connection = connectionFor(input, snapshot, systemId);
  const side = connection.sponsorSystemId === systemId ? 'sponsor' : 'site';
  const receiverSystemId =
    side === 'sponsor' ? (connection.siteSystemId ?? '') : connection.sponsorSystemId;
  const receiverOrganisationId =
    snapshot.systems.get(receiverSystemId)?.organisationId ??
    (side === 'sponsor' ? connection.siteOrganisationId : connection.sponsorOrganisationId);
  const personName = input.personName ?? null;
  const organisationName = input.organisationName ?? null;

  // Fail fast on what the sender's own standard already says is missing.
  const early = await classify(
    {
      senderSystemId: systemId,
      receiverSystemId,
      typeCode: input.typeCode,
      personName,
      organisationName,
    },
    snapshot,
    deps.rows,
  );
  if (!early.ok && early.reason === 'metadata-missing') {
    throw new ValidationError(early.detail, [
      {
        path: personName === null ? 'personName' : 'organisationName',
        message: early.detail,
      },
    ]);
  }

  const supersedesDocumentId = await earlierVersionOf(
    input.supersedesDocumentId,
    {
      systemId,
      connectionId: connection.connectionId,
      idempotencyKey: input.idempotencyKey,
      version: input.version,
    },
    deps,
  );
  const now = deps.clock.now().toISOString();
  const requestHash = hashOf({ ...input, fileName });
  const record: DocumentRecord = {
    documentId: newDocumentId(deps),
    revision: 1,
    idempotencyKey: input.idempotencyKey,
    requestHash,
    state: 'awaiting-upload',
    holdReason: null,
    holdDetail: null,
    direction: side === 'site' ? 'site-to-sponsor' : 'sponsor-to-site',
    connectionId: connection.connectionId,
    studyId: connection.studyId,
    siteOrganisationId: connection.siteOrganisationId,
    sponsorOrganisationId: connection.sponsorOrganisationId,
    croOrganisationId: connection.croOrganisationId,
    senderSystemId: systemId,
    senderOrganisationId: ctx.client.organisationId,
    receiverSystemId,
    receiverOrganisationId,
    typeCode: input.typeCode,
    title: input.title,
    version: input.version,
    documentDate: input.documentDate,
    language: input.language,
    personName,
    organisationName,
    fileName,
    contentType: input.contentType,
    size: input.size,
    sha256: input.sha256,
    received: null,
    uploads: 1,
    objectKey: null,
    classification: null,
    inboxSeq: null,
    sentAt: now,
    updatedAt: now,
    deliveredAt: null,
    acknowledgedAt: null,
    events: [{ at: now, event: 'announced', by: systemActor(systemId), detail: null }],
    downloads: [],
    downloadCount: 0,
    signature: input.signature ?? null,
    supersedesDocumentId,
    supersededByDocumentId: null,
  };
  const { documentId } = await deps.writes.run(
    sendDocumentWrite,
    sendSubject(systemId, input.idempotencyKey),
    { record, who: systemWho(ctx) },
    { busyMessage: DOCUMENT_BUSY },
  );
  const made = { record: await deps.documents.get(documentId ?? record.documentId) };
  if (made.record === null) throw new Error(`document ${record.documentId}: sent, then not found`);
  if (made.record.requestHash !== requestHash) {
    throw new ConflictError(
      `The idempotencyKey was already used for another document (${made.record.documentId}); use a new key for a new document.`,
    );
  }
  return {
    document: sentViewOf(made.record, snapshot),
    upload: awaitsFile(made.record) ? await uploadOf(made.record, deps) : null,
  };
};

/** The sender's own document, or 404 as if there were none. */
const sentBy = async (
  documentId: string,
  ctx: PartnerContext,
  deps: Pick<ExchangeDeps, 'documents'>,
): Promise<DocumentRecord> => {
  const record = await deps.documents.get(documentId);
  if (record?.senderSystemId !== ctx.client.systemId) {
    throw new NotFoundError('The calling system sent no document with that id.');
  }
  return record;
};

/** Who a partner call is: the calling system, with the credential it called with. */
export const systemWho = (ctx: PartnerContext): Who => ({
  by: systemActor(ctx.client.systemId),
  actor: { sub: systemActor(ctx.client.systemId), email: null, role: null },
  source: { ip: ctx.sourceIp, userAgent: ctx.userAgent },
  requestId: ctx.requestId,
  apiId: ctx.client.apiId,
});

/**
 * completeDocument: one journaled write (document-sends.ts). A call again after one cut short
 * finishes it first, then answers from the whole record: the document as it was completed.
 */
export const completeDocument: Core<Routes['partner-complete-document'], ExchangeDeps> = async (
  input,
  ctx,
  deps,
) => {
  await deps.writes.settle(documentSubject(input.documentId), DOCUMENT_BUSY);
  const record = await sentBy(input.documentId, ctx, deps);
  const snapshot = await deps.registry.snapshot();
  if (!awaitsFile(record)) return { document: sentViewOf(record, snapshot) };
  if ((await deps.files.sizeOf(incomingKeyOf(record.documentId, record.uploads))) === null) {
    throw new ConflictError(NO_UPLOAD);
  }
  const { mismatch, received } = await deps.writes.run(
    completeDocumentWrite,
    documentSubject(record.documentId),
    {
      documentId: record.documentId,
      fromRevision: record.revision,
      objectKey: recordKeyOf(record, `${String(record.uploads)}-${ctx.requestId}`),
      who: systemWho(ctx),
    },
    { busyMessage: DOCUMENT_BUSY },
  );
  if (mismatch != null && received !== undefined) {
    const detail = mismatchDetail(mismatch, record, received);
    throw new ValidationError(detail, [
      { path: mismatch === 'size-mismatch' ? 'size' : 'sha256', message: detail },
    ]);
  }
  const done = await deps.documents.get(record.documentId);
  return { document: sentViewOf(done ?? record, snapshot) };
};

export const getSentDocument: Core<Routes['partner-get-document'], ExchangeDeps> = async (
  input,
  ctx,
  deps,
) => {
  const record = await sentBy(input.documentId, ctx, deps);
  return { document: sentViewOf(record, await deps.registry.snapshot()) };
};
