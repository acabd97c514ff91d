import { createHash } from 'node:crypto';
import type { routes } from '@ccsc/contract';
import { MAPPING_HOLD_REASONS, mayRetryDocument } from '@ccsc/contract/documents';
import { type Reach, reachOf } from '@ccsc/contract/reach';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import type { Caller, Core, RequestContext } from '../../core/request';
import type { AuditTrail } from '../../ports/audit-trail';
import type { Clock } from '../../ports/clock';
import {
  DOWNLOADS_KEPT,
  type DocumentFiles,
  type DocumentListName,
  type DocumentRecord,
  type DocumentStore,
} from '../../ports/documents';
import type { RegistrySnapshot } from '../../ports/registry';
import { auditEntry } from '../audit/audit-entry';
import { LINK_SECONDS, detailOf, documentTarget, summaryOf } from './document-views';
import { type RoutingDeps, settle } from './routing';

/**
 * The console's window on the exchange (issue 17): the documents within the caller's reach,
 * one document's whole story, a download (recorded on the document and in the audit trail), and
 * an administrator's retry of a document held for a missing mapping.
 *
 * Reach is the registry's: a PlatformAdmin and an Auditor of every organisation see every
 * document; anyone else the documents of the connections their organisation takes part in (as
 * the site, the sponsor or the study's CRO).
 */

export interface ConsoleDeps extends RoutingDeps {
  documents: DocumentStore;
  files: Pick<DocumentFiles, 'downloadUrl'>;
  audit: Pick<AuditTrail, 'appendAll'>;
  clock: Clock;
}

type Routes = typeof routes;

/** The organisations a document concerns: either side, the sponsor and the study's CRO. */
const partiesOf = (record: DocumentRecord): string[] => [
  record.siteOrganisationId,
  record.sponsorOrganisationId,
  ...(record.croOrganisationId === null ? [] : [record.croOrganisationId]),
  record.senderOrganisationId,
  record.receiverOrganisationId,
];

const seesDocument = (reach: Reach, record: DocumentRecord): boolean =>
  reach.kind === 'everything' ||
  (reach.kind === 'organisation' && partiesOf(record).includes(reach.organisationId));

/** The list that holds everything a query may show, and its key. */
const listFor = (
  input: { connectionId?: string; studyId?: string; state?: string },
  reach: Reach,
  snapshot: RegistrySnapshot,
): { list: DocumentListName; key: string } | null => {
  if (reach.kind === 'nothing') return null;
  if (input.connectionId !== undefined) return { list: 'connection', key: input.connectionId };
  if (input.studyId !== undefined) return { list: 'study', key: input.studyId };
  if (input.state === 'held') return { list: 'held', key: '' };
  if (reach.kind === 'everything') return { list: 'hub', key: '' };
  const kind = snapshot.organisations.get(reach.organisationId)?.kind;
  if (kind === undefined) return null;
  return { list: kind, key: reach.organisationId };
};

/** How many records one call reads at most before it answers what it found so far. */
export const EXAMINE_BUDGET = 1000;

interface ListCursor {
  /** The query the cursor belongs to. */
  q: string;
  /** The position to continue after. */
  a: string;
}

const fingerprint = (filters: Record<string, unknown>, list: string, key: string) =>
  createHash('sha256')
    .update(JSON.stringify([list, key, Object.entries(filters).sort()]))
    .digest('base64url')
    .slice(0, 12);

const badCursor = () =>
  new ValidationError('The cursor does not belong to this list; start again from page one.', [
    { path: 'cursor', message: 'The cursor does not belong to this list.' },
  ]);

const readCursor = (cursor: string | undefined, print: string): string | undefined => {
  if (cursor === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as ListCursor;
    if (
      parsed.q !== print ||
      typeof parsed.a !== 'string' ||
      !/^\d{4}-\d\d-\d\dT[\d:.]+Z#doc-[0-9a-z]{26}$/.test(parsed.a)
    ) {
      throw badCursor();
    }
    return parsed.a;
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw badCursor();
  }
};

const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

export const listDocuments: Core<
  Routes['s3documents/list'],
  Pick<ConsoleDeps, 'registry' | 'documents'>
> = async (input, ctx, deps) => {
  const reach = reachOf(ctx.caller);
  const snapshot = await deps.registry.snapshot();
  const source = listFor(input, reach, snapshot);
  if (source === null) return { documents: [], nextCursor: null };
  const { limit: wanted = 50, cursor, ...filters } = input;
  const print = fingerprint(filters, source.list, source.key);
  let after = readCursor(cursor, print);
  const typeCode = input.typeCode?.trim().toLowerCase();
  const matches = (r: DocumentRecord): boolean =>
    seesDocument(reach, r) &&
    (input.studyId === undefined || r.studyId === input.studyId) &&
    (input.connectionId === undefined || r.connectionId === input.connectionId) &&
    (input.state === undefined || r.state === input.state) &&
    (input.direction === undefined || r.direction === input.direction) &&
    (input.artifactNumber === undefined ||
      (r.classification?.artifactNumber.startsWith(input.artifactNumber) ?? false)) &&
    (typeCode === undefined ||
      r.typeCode.toLowerCase() === typeCode ||
      r.classification?.receiver?.typeCode.toLowerCase() === typeCode);
  const found: DocumentRecord[] = [];
  let examined = 0;
  let exhausted = false;
  while (found.length < wanted && examined < EXAMINE_BUDGET && !exhausted) {
    const page = await deps.documents.page({
      ...source,
      limit: Math.min(Math.max(wanted * 2, 100), EXAMINE_BUDGET - examined),
      ...(after === undefined ? {} : { after }),
      ...(input.sentFrom === undefined ? {} : { sentFrom: `${input.sentFrom}T00:00:00.000Z` }),
      ...(input.sentTo === undefined ? {} : { sentBefore: nextDay(input.sentTo) }),
    });
    let consumed = 0;
    for (const record of page.records) {
      if (found.length === wanted) break;
      consumed += 1;
      after = `${record.sentAt}#${record.documentId}`;
      if (matches(record)) found.push(record);
    }
    examined += consumed;
    // The list is read to its end only when this page was the last and every record of it used.
    if (page.records.length === 0 || (page.last === null && consumed === page.records.length)) {
      exhausted = true;
    }
  }
  const nextCursor =
    !exhausted && after !== undefined
      ? Buffer.from(JSON.stringify({ q: print, a: after } satisfies ListCursor)).toString(
          'base64url',
        )
      : null;
  return { documents: found.map((r) => summaryOf(r, snapshot)), nextCursor };
};

const NOT_FOUND = 'No document with that id is within your reach.';

const visible = async (
  documentId: string,
  caller: Caller,
  deps: Pick<ConsoleDeps, 'documents'>,
): Promise<DocumentRecord> => {
  const record = await deps.documents.get(documentId);
  if (record === null || !seesDocument(reachOf(caller), record)) throw new NotFoundError(NOT_FOUND);
  return record;
};

export const getDocument: Core<
  Routes['s3documents/get'],
  Pick<ConsoleDeps, 'registry' | 'documents'>
> = async (input, ctx, deps) => {
  const record = await visible(input.documentId, ctx.caller, deps);
  return { document: detailOf(record, await deps.registry.snapshot()) };
};

/** One audit record per organisation the document concerns on either side. */
const consoleAudit = (
  ctx: RequestContext<Caller>,
  record: DocumentRecord,
  fact: Parameters<typeof auditEntry>[1],
  outcome: 'success' | 'failure' = 'success',
) =>
  [...new Set([record.senderOrganisationId, record.receiverOrganisationId])].map((org) => ({
    ...auditEntry(ctx, fact, org),
    outcome,
  }));

export const downloadDocument: Core<Routes['s3documents/download'], ConsoleDeps> = async (
  input,
  ctx,
  deps,
) => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const record = await visible(input.documentId, ctx.caller, deps);
    if (record.objectKey === null) {
      throw new ConflictError(
        'The document’s file has not been received yet: there is nothing to download.',
      );
    }
    const at = deps.clock.now();
    const next: DocumentRecord = {
      ...record,
      revision: record.revision + 1,
      downloads: [{ at: at.toISOString(), by: ctx.caller.email }, ...record.downloads].slice(
        0,
        DOWNLOADS_KEPT,
      ),
      downloadCount: record.downloadCount + 1,
    };
    if (!(await deps.documents.update(next, record.revision))) continue;
    await deps.audit.appendAll(
      consoleAudit(ctx, record, {
        action: 'document.downloaded',
        target: documentTarget(record),
        after: { fileName: record.fileName, sha256: record.sha256, size: record.size },
      }),
    );
    const url = await deps.files.downloadUrl(
      record.objectKey,
      record.fileName,
      record.contentType,
      LINK_SECONDS,
    );
    return {
      url,
      expiresAt: new Date(at.getTime() + LINK_SECONDS * 1000).toISOString(),
      fileName: record.fileName,
    };
  }
  throw new ConflictError('The document changed while the download was recorded; try again.');
};

export const retryDocument: Core<Routes['s3documents/retry'], ConsoleDeps> = async (
  input,
  ctx,
  deps,
) => {
  const record = await visible(input.documentId, ctx.caller, deps);
  if (!mayRetryDocument(ctx.caller, record)) {
    throw new ForbiddenError(
      'Only an administrator of the sending or the receiving organisation may retry a document.',
    );
  }
  if (
    record.state !== 'held' ||
    record.holdReason === null ||
    !MAPPING_HOLD_REASONS.includes(record.holdReason)
  ) {
    throw new ConflictError(
      record.state === 'held'
        ? 'The document is held for its file, not for a mapping: the sender has to upload it again.'
        : `The document is ${record.state}, not held for a mapping: there is nothing to retry.`,
    );
  }
  const snapshot = await deps.registry.snapshot();
  const at = deps.clock.now().toISOString();
  const outcome = await settle(record, snapshot, deps, at, {
    note: { at, event: 'retried', by: ctx.caller.email, detail: null },
  });
  if (!outcome.changed) {
    throw new ConflictError('The document changed meanwhile; reload it and try again.');
  }
  const done = outcome.record;
  await deps.audit.appendAll(
    consoleAudit(ctx, done, {
      action: 'document.retried',
      target: documentTarget(done),
      before: { state: record.state, holdReason: record.holdReason },
      after: {
        state: done.state,
        holdReason: done.holdReason,
        artifactNumber: done.classification?.artifactNumber ?? null,
      },
    }),
  );
  return { document: detailOf(done, snapshot) };
};
