import { createHash } from 'node:crypto';
import type { routes } from '@ccsc/contract/routes';
import { fileMayBeHandedOut, mayRetryDocument } from '@ccsc/contract/documents';
import { reachOf } from '@ccsc/contract/reach';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import type { Caller, Core, RequestContext } from '../core/request';
import type { Journal } from '../core/journal';
import type { Clock } from '../core/ports/clock';
import type { DocumentFiles, DocumentRecord, DocumentStore } from '../core/ports/documents';
import {
  documentListFor,
  documentMatcher,
  documentScopeOf,
  documentTotal,
  nextDayStart,
  seesDocument,
} from '../core/lists/documents';
import { actorOf, sourceOf } from '../core/audit-entry';
import { HUB, LINK_SECONDS, detailOf, summaryOf } from './document-views';
import {
  changeDocument,
  DOCUMENT_BUSY,
  DOCUMENT_CHANGED,
  documentSubject,
  type DocumentWriteDeps,
  type Who,
  waitsForScan,
} from './document-writes';
import { type RoutingDeps, waitsForMapping } from './routing';

/**
 * The console's window on the exchange (issue 17): the documents within the caller's reach,
 * one document's whole story, a download (recorded on the document and in the audit trail), and
 * an administrator's retry of a document held for a missing mapping.
 *
 * Reach is the registry's: a PlatformAdmin and an Auditor of every organisation see every
 * document; anyone else the documents that name their organisation in the role of its kind (the
 * site, the sponsor or the study's CRO), exactly what the index of that kind holds and what the
 * counters of its scope count (lists/documents.ts).
 */

export interface ConsoleDeps extends RoutingDeps {
  documents: DocumentStore;
  files: Pick<DocumentFiles, 'downloadUrl'>;
  clock: Clock;
  /** A download and a retry are journaled writes (document-writes.ts). */
  writes: Pick<Journal<DocumentWriteDeps>, 'run' | 'settle'>;
}

type Routes = typeof routes;

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

export const listDocuments: Core<
  Routes['s3documents/list'],
  Pick<ConsoleDeps, 'registry' | 'documents'>
> = async (input, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const scope = documentScopeOf(reachOf(ctx.caller), snapshot);
  const { limit: wanted = 50, cursor, order = 'newest', ...filters } = input;
  // The whole list's count, from the counters (null when its filters are not counted).
  const counting = documentTotal(filters, scope, deps.documents);
  // Awaited below; a page that fails first must not leave its failure unhandled.
  counting.catch(() => undefined);
  const source = documentListFor(filters, scope);
  if (source === null) return { documents: [], nextCursor: null, total: await counting };
  // A cursor belongs to one order too (the newest-first list's cursors read as they always did).
  const print = fingerprint(
    order === 'oldest' ? { ...filters, order } : filters,
    source.list,
    source.key,
  );
  let after = readCursor(cursor, print);
  const matches = documentMatcher(filters, scope);
  const found: DocumentRecord[] = [];
  let examined = 0;
  let exhausted = false;
  while (found.length < wanted && examined < EXAMINE_BUDGET && !exhausted) {
    const page = await deps.documents.page({
      ...source,
      ...(order === 'oldest' ? { oldestFirst: true } : {}),
      limit: Math.min(Math.max(wanted * 2, 100), EXAMINE_BUDGET - examined),
      ...(after === undefined ? {} : { after }),
      ...(input.sentFrom === undefined ? {} : { sentFrom: `${input.sentFrom}T00:00:00.000Z` }),
      ...(input.sentTo === undefined ? {} : { sentBefore: nextDayStart(input.sentTo) }),
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
  return {
    documents: found.map((r) => summaryOf(r, snapshot)),
    nextCursor,
    total: await counting,
  };
};

const NOT_FOUND = 'No document with that id is within your reach.';

const visible = async (
  documentId: string,
  caller: Caller,
  deps: Pick<ConsoleDeps, 'documents' | 'registry'>,
): Promise<DocumentRecord> => {
  const [record, snapshot] = await Promise.all([
    deps.documents.get(documentId),
    deps.registry.snapshot(),
  ]);
  if (record === null || !seesDocument(documentScopeOf(reachOf(caller), snapshot), record)) {
    throw new NotFoundError(NOT_FOUND);
  }
  return record;
};

export const getDocument: Core<
  Routes['s3documents/get'],
  Pick<ConsoleDeps, 'registry' | 'documents'>
> = async (input, ctx, deps) => {
  const record = await visible(input.documentId, ctx.caller, deps);
  return { document: detailOf(record, await deps.registry.snapshot()) };
};

/** Who an administrator's change is by (document-writes.ts). */
const adminWho = (ctx: RequestContext<Caller>): Who => ({
  by: ctx.caller.email,
  actor: actorOf(ctx.caller),
  source: sourceOf(ctx),
  requestId: ctx.requestId,
});

/** Why a document's file is not handed out (yet), in words an administrator can act on. */
const notHandedOut = (record: DocumentRecord): string =>
  record.state === 'recalled'
    ? 'The sender recalled this document: its file is no longer handed out (409). The sender may send a corrected version.'
    : record.state === 'quarantined'
      ? `The document is quarantined (${record.quarantineReason ?? 'refused'}): its file is never handed out.`
      : record.state === 'held'
        ? `The malware scan gave no verdict (${record.holdReason ?? 'held'}): scan it again (Retry) before its file can be downloaded.`
        : 'The document’s file is still being checked (content and malware scan): it can be downloaded once the scan finds it clean.';

/**
 * A download: recorded on the document and in both trails (one journaled write,
 * document-writes.ts), then its presigned link.
 */
export const downloadDocument: Core<Routes['s3documents/download'], ConsoleDeps> = async (
  input,
  ctx,
  deps,
) => {
  await deps.writes.settle(documentSubject(input.documentId), DOCUMENT_BUSY);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const record = await visible(input.documentId, ctx.caller, deps);
    const { objectKey } = record;
    if (objectKey === null) {
      throw new ConflictError(
        'The document’s file has not been received yet: there is nothing to download.',
      );
    }
    if (!fileMayBeHandedOut(record)) throw new ConflictError(notHandedOut(record));
    if (!(await changeDocument(deps.writes, record, 'download', adminWho(ctx)))) continue;
    const at = deps.clock.now();
    const url = await deps.files.downloadUrl(
      objectKey,
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

/** How long a retry's repeat is answered as the retry was (a lost answer, a double click). */
const REPEAT_MS = 15 * 60 * 1000;

/**
 * Whether the document's last change was a retry by `email` (nothing but the hub's own steps of
 * it since), recent: a repeat of that call, not a new one.
 */
const retriedLastBy = (record: DocumentRecord, email: string, now: Date): boolean => {
  const at = record.events.findLastIndex((e) => e.event === 'retried');
  const retried = record.events[at];
  return (
    retried?.by === email &&
    now.getTime() - Date.parse(retried.at) < REPEAT_MS &&
    record.events.slice(at + 1).every((e) => e.by === HUB)
  );
};

/**
 * An administrator's retry of a document held for a missing mapping (classified again and
 * delivered or held anew) or for a scan that gave no verdict (copied to a new key, which the
 * scanner scans, and awaiting its scan again): one journaled write (document-writes.ts).
 */
export const retryDocument: Core<Routes['s3documents/retry'], ConsoleDeps> = async (
  input,
  ctx,
  deps,
) => {
  await deps.writes.settle(documentSubject(input.documentId), DOCUMENT_BUSY);
  const record = await visible(input.documentId, ctx.caller, deps);
  if (!mayRetryDocument(ctx.caller, record)) {
    throw new ForbiddenError(
      'Only an administrator of the sending or the receiving organisation may retry a document.',
    );
  }
  if (!waitsForMapping(record) && !waitsForScan(record)) {
    // The same administrator's retry again, its answer lost: answered as it was.
    if (retriedLastBy(record, ctx.caller.email, deps.clock.now())) {
      return { document: detailOf(record, await deps.registry.snapshot()) };
    }
    throw new ConflictError(
      record.state === 'held'
        ? 'The document waits for its sender, not for a mapping or a scan: the sender has to upload the file again or send the document with what it lacked.'
        : `The document is ${record.state}, not held for a mapping or a scan: there is nothing to retry.`,
    );
  }
  if (!(await changeDocument(deps.writes, record, 'retry', adminWho(ctx)))) {
    throw new ConflictError(DOCUMENT_CHANGED);
  }

  const done = await deps.documents.get(record.documentId);
  return { document: detailOf(done ?? record, await deps.registry.snapshot()) };
};
