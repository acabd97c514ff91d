import type { EventLog } from '../core/ports/events';
import * as z from 'zod';
import { ConflictError } from '../core/errors';
import {
  Journal,
  type JournalDeps,
  register,
  type RegisteredWorkflow,
  type Workflow,
  type WriteRun,
} from '../core/journal';
import { placesOf } from '../core/audit-entry';
import { appendEachOnce } from '../core/journal-audit';
import type { Logger } from '../core/logger';
import type { AuditEntry, AuditReader, AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import {
  type DocumentFiles,
  type DocumentRecord,
  type DocumentStore,
  DOWNLOADS_KEPT,
  recordKeyOf,
} from '../core/ports/documents';
import { SCAN_HOLD_REASONS } from '@ccsc/contract/documents';
import type { ContentKind } from './content-check';
import { documentTarget, HUB, withEvent } from './document-views';
import { earlierSupersededBy, supersededFact } from './document-versions';
import { copyEventsOf, copySiteOf } from './distribution/distribution-events';
import { type RoutingDeps, settle, waitsForMapping } from './routing';

/**
 * Every change to a document is a journaled write (core/journal.ts, issue 32): the record's new
 * revision (marked with the write's id, `lastWriteId`), then its audit records in each
 * organisation's trail, exactly once. A process killed between the two is finished at the next
 * start offline and by the reconciler in AWS; a retry of the same call finishes it first
 * (`Journal.settle`) and answers from the whole record, never over a half-made one.
 *
 * This module: who acts (a system, an administrator, the hub), the audit records of a change,
 * and `document.change` — an acknowledgement, a download, an administrator's retry, a release
 * after a publication. The sender's own writes (send, complete) are in document-sends.ts.
 */

export interface DocumentWriteDeps extends RoutingDeps {
  documents: Pick<DocumentStore, 'get' | 'update' | 'deliver' | 'page' | 'create'>;
  files: Pick<DocumentFiles, 'sizeOf' | 'keep' | 'readRange' | 'read' | 'scanStatusOf' | 'remove'>;
  /** The content check's allow-list (DOCUMENT_CONTENT_POLICY); every document kind if absent. */
  contentPolicy?: readonly ContentKind[];
  audit: Pick<AuditTrail, 'appendAll'>;
  auditReader: Pick<AuditReader, 'readNewestFirst'>;
  /** Where a document held or quarantined is told (issue 35: document-events.ts). */
  events: Pick<EventLog, 'appendOnce'>;
  clock: Clock;
  logger: Logger;
}

export const documentSubject = (documentId: string) => `document:${documentId}`;
export const DOCUMENT_BUSY =
  'Another change to this document is in progress. Try again in a moment.';
export const DOCUMENT_CHANGED = 'The document changed meanwhile; reload it and try again.';

/** Who makes a change: the calling system, a signed-in administrator, or the hub itself. */
export const whoSchema = z.object({
  /** `system:<id>` for a system, the administrator's sub, or `hub`. */
  by: z.string(),
  actor: z
    .object({
      sub: z.string(),
      email: z.string().nullable(),
      role: z.enum(['PlatformAdmin', 'OrgAdmin', 'Auditor']).nullable(),
    })
    .nullable(),
  source: z.object({ ip: z.string(), userAgent: z.string().nullable() }),
  requestId: z.string(),
  /** The credential a system acted with (its audit records name it). */
  apiId: z.string().optional(),
});
export type Who = z.infer<typeof whoSchema>;

/**
 * A change's audit record: one, in the sender's trail and the receiver's (`alsoFor`), issue 37's
 * "audited exactly once". An array, as the writes take their audit records.
 */
export const entriesOf = (
  who: Who,
  record: DocumentRecord,
  fact: Pick<AuditEntry, 'action' | 'before' | 'after' | 'reason'> & {
    outcome?: AuditEntry['outcome'];
  },
): AuditEntry[] => [
  {
    action: fact.action,
    outcome: fact.outcome ?? 'success',
    actor: who.actor,
    target: documentTarget(record),
    ...placesOf([record.senderOrganisationId, record.receiverOrganisationId]),
    source: who.source,
    requestId: who.requestId,
    ...(fact.before === undefined ? {} : { before: fact.before }),
    after: { ...fact.after, ...(who.apiId === undefined ? {} : { apiId: who.apiId }) },
    ...(fact.reason === undefined ? {} : { reason: fact.reason }),
  },
];

/** The record as this write left it: marked with its id; else someone else changed it (409). */
export const ownRecord = async (
  deps: Pick<DocumentWriteDeps, 'documents'>,
  documentId: string,
  writeId: string,
): Promise<DocumentRecord> => {
  const record = await deps.documents.get(documentId);
  if (record?.lastWriteId !== writeId) throw new ConflictError(DOCUMENT_CHANGED);
  return record;
};

export type DocumentRun<I, S> = WriteRun<I, S>;

// ---------- document.change ----------

const CHANGES = ['acknowledge', 'download', 'retry', 'release'] as const;
const changeInput = z.object({
  documentId: z.string(),
  fromRevision: z.number().int(),
  /** The document as the caller saw it, at `fromRevision` (what the audit record says before). */
  before: z.object({ state: z.string(), holdReason: z.string().nullable() }),
  change: z.enum(CHANGES),
  who: whoSchema,
});
export type ChangeInput = z.infer<typeof changeInput>;
const changeState = z.object({
  /** Whether the change was made (a release finds nothing to release, say). */
  changed: z.boolean().optional(),
});
type ChangeState = z.infer<typeof changeState>;

/** The change made on `current` (at its revision), marked with the write's id. */
const applyChange = async (
  { input, writeId }: DocumentRun<ChangeInput, ChangeState>,
  current: DocumentRecord,
  deps: DocumentWriteDeps,
): Promise<boolean> => {
  const at = deps.clock.now().toISOString();
  const marked = { ...current, revision: current.revision + 1, lastWriteId: writeId };
  switch (input.change) {
    case 'acknowledge':
      return deps.documents.update(
        {
          ...marked,
          state: 'acknowledged',
          acknowledgedAt: at,
          updatedAt: at,
          events: withEvent(current, 'acknowledged', at, input.who.by),
        },
        current,
      );
    case 'download':
      return deps.documents.update(
        {
          ...marked,
          downloads: [
            { at, by: input.who.actor?.email ?? input.who.by },
            ...current.downloads,
          ].slice(0, DOWNLOADS_KEPT),
          downloadCount: current.downloadCount + 1,
        },
        current,
      );
    case 'retry':
    case 'release': {
      if (input.change === 'retry' && waitsForScan(current)) {
        return rescan({ input, writeId }, current, deps, at);
      }
      if (!waitsForMapping(current)) return false;
      const outcome = await settle(current, await deps.registry.snapshot(), deps, at, {
        writeId,
        ...(input.change === 'retry'
          ? {
              note: {
                at,
                event: 'retried',
                by: input.who.actor?.email ?? input.who.by,
                detail: null,
              },
            }
          : { deliveredDetail: 'Released: the mapping it waited for was published.' }),
      });
      return outcome.changed && outcome.record.lastWriteId === writeId;
    }
  }
};

/** Whether a held document waits for a malware scan that gave no verdict (retry scans again). */
export const waitsForScan = (record: DocumentRecord): boolean =>
  record.state === 'held' &&
  record.holdReason !== null &&
  SCAN_HOLD_REASONS.includes(record.holdReason);

/**
 * The kept file copied, through its hash (checked against what was received), to the record's
 * key for `completion`: the key it is under now, or null when the record keeps none. Made again
 * to the same key, it is the same copy (a write run again after an interruption). A scan hold's
 * retry (below) and a recall (document-returns.ts) move a file so.
 */
export const copyKeptFile = async (
  current: DocumentRecord,
  completion: string,
  deps: Pick<DocumentWriteDeps, 'files'>,
): Promise<string | null> => {
  if (current.objectKey === null || current.received === null) return null;
  const objectKey = recordKeyOf(current, completion);
  const copied = await deps.files.keep(
    current.objectKey,
    objectKey,
    current.contentType,
    current.received.size + 1,
  );
  if (copied.sha256 !== current.received.sha256) {
    throw new Error(`document ${current.documentId}: the kept file changed (${copied.sha256})`);
  }
  return objectKey;
};

/**
 * A scan again: the kept file copied (through its hash, checked) to a key of this write's own —
 * a new object is what the scanner scans (GuardDuty on each object written; the offline
 * stand-in likewise) — and the record back to `awaiting-scan`, naming the copy. A verdict on the
 * old key is ignored from now on. Run again after an interruption, the copy is made again to the
 * same key.
 */
const rescan = async (
  { input, writeId }: Pick<DocumentRun<ChangeInput, ChangeState>, 'input' | 'writeId'>,
  current: DocumentRecord,
  deps: DocumentWriteDeps,
  at: string,
): Promise<boolean> => {
  const objectKey = await copyKeptFile(current, `rescan-${writeId}`, deps);
  if (objectKey === null) return false;
  const by = input.who.actor?.email ?? input.who.by;
  return deps.documents.update(
    {
      ...current,
      revision: current.revision + 1,
      lastWriteId: writeId,
      state: 'awaiting-scan',
      holdReason: null,
      holdDetail: null,
      objectKey,
      updatedAt: at,
      events: [
        ...current.events,
        { at, event: 'retried', by, detail: null },
        { at, event: 'scan-requested', by: HUB, detail: null },
      ],
    },
    current,
  );
};

/** What each change records, from the record as the change left it. */
const factOf = (input: ChangeInput, record: DocumentRecord) => {
  const { before } = input;
  switch (input.change) {
    case 'acknowledge':
      return {
        action: 'document.acknowledged',
        before: { state: before.state },
        after: { state: 'acknowledged' },
      };
    case 'download':
      return {
        action: 'document.downloaded',
        after: { fileName: record.fileName, sha256: record.sha256, size: record.size },
      };
    case 'retry':
      return {
        action: 'document.retried',
        before,
        after: {
          state: record.state,
          holdReason: record.holdReason,
          artifactNumber: record.classification?.artifactNumber ?? null,
        },
      };
    case 'release':
      return {
        action: 'document.released',
        before,
        after: {
          state: record.state,
          artifactNumber: record.classification?.artifactNumber ?? null,
          receiverTypeCode: record.classification?.receiver?.typeCode ?? null,
        },
        reason: 'The mapping it waited for was published.',
      };
  }
};

/**
 * One change of an existing document from the revision the caller saw: the record (refused, 409,
 * when someone changed it meanwhile), then its audit records once. A release that finds the
 * document no longer held for a mapping changes and records nothing; it is only recorded when
 * it delivered the document.
 */
export const changeDocumentWrite: Workflow<ChangeInput, ChangeState, DocumentWriteDeps> = {
  kind: 'document.change',
  input: changeInput,
  state: changeState,
  steps: () => [
    {
      name: 'commit',
      run: async (write, deps) => {
        const current = await deps.documents.get(write.input.documentId);
        if (current?.lastWriteId === write.writeId) return { changed: true };
        if (current?.revision !== write.input.fromRevision) {
          if (write.input.change === 'release') return { changed: false };
          throw new ConflictError(DOCUMENT_CHANGED);
        }
        const changed = await applyChange(write, current, deps);
        if (!changed && write.input.change !== 'release') {
          throw new ConflictError(DOCUMENT_CHANGED);
        }
        return { changed };
      },
    },
    {
      name: 'audit',
      run: async (write, deps) => {
        if (write.state.changed !== true) return undefined;
        const record = await ownRecord(deps, write.input.documentId, write.writeId);
        if (write.input.change === 'release' && record.state !== 'delivered') return undefined;
        const fact = factOf(write.input, record);
        // A retry or release that delivered a new version: the earlier one marked (document-versions.ts).
        const earlier =
          write.input.change === 'retry' || write.input.change === 'release'
            ? await earlierSupersededBy(record, deps, deps.clock.now().toISOString())
            : null;
        await appendEachOnce(deps, write, [
          ...entriesOf(write.input.who, record, fact),
          ...(earlier === null ? [] : entriesOf(write.input.who, earlier, supersededFact(record))),
        ]);
        // Issue 35: a distribution's copy acknowledged through the document's own call, or
        // delivered at last (released, retried): its distribution's events, under their keys.
        if (write.input.change !== 'download' && copySiteOf(record) !== null) {
          await deps.events.appendOnce(
            copyEventsOf(record, await deps.registry.snapshot()),
            write.startedAt,
          );
        }
        return undefined;
      },
    },
  ],
  // Refused at the commit, the one step that changes anything: nothing to undo.
  abandon: () => Promise.resolve(),
};

/**
 * Runs one change of `record` as the caller read it: true when made, false when the record moved
 * on between the read and the write (read it again). Busy or refused otherwise: thrown.
 */
export const changeDocument = async (
  writes: Pick<Journal<DocumentWriteDeps>, 'run'>,
  record: DocumentRecord,
  change: ChangeInput['change'],
  who: Who,
): Promise<boolean> => {
  try {
    await writes.run(
      changeDocumentWrite,
      documentSubject(record.documentId),
      {
        documentId: record.documentId,
        fromRevision: record.revision,
        before: { state: record.state, holdReason: record.holdReason },
        change,
        who,
      },
      { busyMessage: DOCUMENT_BUSY },
    );
    return true;
  } catch (err) {
    if (err instanceof ConflictError && err.message === DOCUMENT_CHANGED) return false;
    throw err;
  }
};

/** The hub's own act (a release): nobody signed in, the job or call that did it named. */
export const hubWho = (origin: { requestId: string; by: string }): Who => ({
  by: HUB,
  actor: null,
  source: { ip: 'hub', userAgent: origin.by },
  requestId: origin.requestId,
});

/** A journal of document writes; the handlers, the jobs and the reconciler build it alike. */
export const documentWriteJournal = (
  journal: Omit<JournalDeps, 'clock' | 'logger'>,
  deps: DocumentWriteDeps,
  workflows: readonly RegisteredWorkflow<DocumentWriteDeps>[],
): Journal<DocumentWriteDeps> =>
  new Journal({ ...journal, clock: deps.clock, logger: deps.logger }, workflows, deps);

export const DOCUMENT_CHANGE_WRITES = [/* @__PURE__ */ register(changeDocumentWrite)];
