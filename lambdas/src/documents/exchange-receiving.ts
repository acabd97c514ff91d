import { type DocumentState, fileMayBeHandedOut } from '@ccsc/contract/document-constants';
import type { PartnerReceivedDocument } from '@ccsc/contract/partner-api';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import type { DistributionStore } from '../core/ports/distributions';
import { type DocumentRecord } from '../core/ports/documents';
import type { RegistrySnapshot } from '../core/ports/registry';
import {
  LINK_SECONDS,
  returnViewOf,
  senderNameOf,
  siteNumberOf,
  versionViewOf,
} from './document-views';
import { changeDocument, DOCUMENT_BUSY, documentSubject } from './document-writes';
import { type ExchangeDeps, type Routes, systemWho } from './exchange.core';
import { copySiteOf } from './distribution/distribution-events';
import { closeIfDone } from './distribution/distribution-kit';

/**
 * The partner API's receiving side (exchange.core.ts sends): a system's inbox, page by page, and
 * its acknowledgements.
 */

const CURSOR_PREFIX = 'inbox:';
const encodeSince = (seq: number) =>
  Buffer.from(`${CURSOR_PREFIX}${String(seq)}`).toString('base64url');
const decodeSince = (since: string | undefined): number => {
  if (since === undefined) return 0;
  const text = Buffer.from(since, 'base64url').toString('utf8');
  const seq = Number(text.slice(CURSOR_PREFIX.length));
  if (!text.startsWith(CURSOR_PREFIX) || !Number.isSafeInteger(seq) || seq < 0) {
    throw new ValidationError('since is not a cursor this API gave.', [
      { path: 'since', message: 'Use the nextCursor of a previous answer, or leave it out.' },
    ]);
  }
  return seq;
};

/** The states a document delivered to a system is listed in, in its inbox. */
const RECEIVED_STATES = [
  'delivered',
  'acknowledged',
  'rejected',
  'recall-requested',
  'recalled',
] as const satisfies readonly DocumentState[];
const receivedStateOf = (state: DocumentState) =>
  RECEIVED_STATES.find((received) => received === state) ?? null;

const receivedViewOf = async (
  record: DocumentRecord,
  snapshot: RegistrySnapshot,
  deps: ExchangeDeps,
  expiresAt: string,
): Promise<PartnerReceivedDocument | null> => {
  const c = record.classification;
  const { objectKey } = record;
  if (c?.receiver == null || objectKey === null || record.inboxSeq === null) return null;
  // Sent back since its delivery (issue 35), it stays in the inbox's order, as it is now: a
  // recalled one without a link (its file is no longer handed out).
  const state = receivedStateOf(record.state);
  if (state === null) return null;
  const study = snapshot.studies.get(record.studyId);
  return {
    documentId: record.documentId,
    sequence: record.inboxSeq,
    state,
    connectionId: record.connectionId,
    study: { studyId: record.studyId, protocolNumber: study?.protocolNumber ?? record.studyId },
    siteNumber: siteNumberOf(record, snapshot),
    sender: {
      systemId: record.senderSystemId,
      name: senderNameOf(record, snapshot),
      organisationName:
        snapshot.organisations.get(record.senderOrganisationId)?.name ??
        record.senderOrganisationId,
    },
    typeCode: c.receiver.typeCode,
    typeName: c.receiver.typeName,
    artifactNumber: c.artifactNumber,
    artifactName: c.artifactName,
    subArtifact: c.subArtifact,
    filingLevel: c.filingLevel,
    title: record.title,
    version: record.version,
    documentDate: record.documentDate,
    language: record.language,
    personName: record.personName,
    organisationName: record.organisationName,
    fileName: record.fileName,
    contentType: record.contentType,
    size: record.size,
    sha256: record.sha256,
    ...versionViewOf(record),
    ...returnViewOf(record),
    deliveredAt: record.deliveredAt ?? record.updatedAt,
    acknowledgedAt: record.acknowledgedAt,
    download: fileMayBeHandedOut(record)
      ? {
          url: await deps.files.downloadUrl(
            objectKey,
            record.fileName,
            record.contentType,
            LINK_SECONDS,
          ),
          expiresAt,
        }
      : null,
  };
};

export const listReceivedDocuments: Core<Routes['partner-list-documents'], ExchangeDeps> = async (
  input,
  ctx,
  deps,
) => {
  const after = decodeSince(input.since);
  const page = await deps.documents.inbox(ctx.client.systemId, after, input.limit ?? 50);
  const [records, snapshot] = await Promise.all([
    deps.documents.getMany(page.entries.map((e) => e.documentId)),
    deps.registry.snapshot(),
  ]);
  const expiresAt = new Date(deps.clock.now().getTime() + LINK_SECONDS * 1000).toISOString();
  const views = await Promise.all(records.map((r) => receivedViewOf(r, snapshot, deps, expiresAt)));
  // An entry whose record does not read as delivered yet (a read that saw the inbox entry before
  // the record's new revision) ends the page there: the next call starts with it, never past it.
  const byId = new Map(views.flatMap((v) => (v === null ? [] : [[v.documentId, v] as const])));
  const documents: PartnerReceivedDocument[] = [];
  let last = after;
  let stopped = false;
  for (const entry of page.entries) {
    const view = byId.get(entry.documentId);
    if (view === undefined) {
      stopped = true;
      break;
    }
    documents.push(view);
    last = entry.seq;
  }
  return { documents, nextCursor: encodeSince(last), hasMore: page.hasMore || stopped };
};

/** The acknowledgement's function: a distribution's copy acknowledged may close it (issue 35). */
export interface AcknowledgeDeps extends ExchangeDeps {
  distributions: Pick<DistributionStore, 'get' | 'update'>;
}

/**
 * A safety letter's copy acknowledged here rather than through its distribution's call: the
 * write told the sponsor (document-writes.ts), and the last site's closes the distribution now
 * (one an interruption left open, the distributions' hourly pass closes).
 */
const closeDistributionOf = async (document: DocumentRecord | null, deps: AcknowledgeDeps) => {
  const site = document === null ? null : copySiteOf(document);
  if (site === null) return;
  const distribution = await deps.distributions.get(site.distributionId);
  if (distribution !== null) await closeIfDone(distribution, deps);
};

/** acknowledgeDocument: one journaled write (document-writes.ts); again, the same answer. */
export const acknowledgeDocument: Core<
  Routes['partner-acknowledge-document'],
  AcknowledgeDeps
> = async (input, ctx, deps) => {
  await deps.writes.settle(documentSubject(input.documentId), DOCUMENT_BUSY);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const record = await deps.documents.get(input.documentId);
    if (
      record?.receiverSystemId !== ctx.client.systemId ||
      (record.state !== 'delivered' && record.state !== 'acknowledged')
    ) {
      throw new NotFoundError('No document with that id was delivered to the calling system.');
    }
    if (record.state === 'acknowledged' && record.acknowledgedAt !== null) {
      // Asked again after a call cut short: what it left undone is done now.
      await closeDistributionOf(record, deps);
      return {
        documentId: record.documentId,
        state: 'acknowledged' as const,
        acknowledgedAt: record.acknowledgedAt,
      };
    }
    // Changed between the read and the write (a delivery's counters, say): read again.
    if (await changeDocument(deps.writes, record, 'acknowledge', systemWho(ctx))) {
      const done = await deps.documents.get(record.documentId);
      await closeDistributionOf(done, deps);
      return {
        documentId: record.documentId,
        state: 'acknowledged' as const,
        acknowledgedAt: done?.acknowledgedAt ?? deps.clock.now().toISOString(),
      };
    }
  }
  throw new ConflictError('The document changed while it was being acknowledged; try again.');
};
