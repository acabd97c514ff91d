import * as z from 'zod';
import { REJECT_REASONS } from '@ccsc/contract/document-return-schemas';
import { ConflictError } from '../core/errors';
import { register, type Journal, type Workflow } from '../core/journal';
import type { Step } from '../core/journal-workflow';
import { appendEachOnce } from '../core/journal-audit';
import { emitEventsOnce } from '../core/journal-events';
import { type DocumentRecord, type DocumentStore, recordKeyOf } from '../core/ports/documents';
import { returned } from './document-events';
import { RETURN_KIND } from './document-kinds';
import { withEvent } from './document-views';
import {
  DOCUMENT_BUSY,
  DOCUMENT_CHANGED,
  copyKeptFile,
  type DocumentRun,
  type DocumentWriteDeps,
  documentSubject,
  entriesOf,
  ownRecord,
  type Who,
  whoSchema,
} from './document-writes';

/**
 * A document sent back (issue 35 part B): `document.return`, one journaled write per step — the
 * record's new revision (marked with the write's id), then its audit records in both
 * organisations' trails and its event for the other side (document-events.ts `returned`),
 * exactly once (as `document.change`, document-writes.ts). A workflow of
 * its own, so only the functions that send documents back carry it (and the document follow-ups'
 * job, which finishes one cut short: jobs/document-follow-ups.ts).
 *
 * The steps, and the state each is made from:
 * - `reject` (the receiver): delivered → rejected;
 * - `recall` (the sender): delivered or held → recalled at once; acknowledged → recall-requested;
 * - `confirm-recall` (the receiver): recall-requested → recalled;
 * - `decline-recall` (the receiver): recall-requested → acknowledged again.
 *
 * A step that makes the document `recalled` stops its downloads at once, even through links
 * handed out before (the partner inbox's presigned GETs live up to 15 minutes; one stored object
 * is the sender's and the receiver's): `move` copies the file to a key of this write's own before
 * the commit, which names it on the record, and `unlink` deletes the old key after it, so every
 * link signed for that key answers 404/403. Interrupted anywhere, the file stays readable under
 * the key the record names, and the steps run again finish the move (same key, same copy; a
 * delete again is no error). The sender keeps what a recall leaves them (its download and
 * exports read the record's key).
 */

const RETURNS = ['reject', 'recall', 'confirm-recall', 'decline-recall'] as const;
export type ReturnStep = (typeof RETURNS)[number];

const returnInput = z.object({
  documentId: z.string(),
  fromRevision: z.number().int(),
  step: z.enum(RETURNS),
  /** The state the caller saw, at `fromRevision` (what the audit record says before). */
  before: z.string(),
  /** The reason (a rejection), and the comment the caller gave. */
  reason: z.enum(REJECT_REASONS).nullable(),
  comment: z.string().nullable(),
  /** The organisation acting (the receiver's or the sender's). */
  organisationId: z.string(),
  who: whoSchema,
});
export type ReturnInput = z.infer<typeof returnInput>;
const returnState = z.object({
  done: z.boolean().optional(),
  /** The key a recall moved the file from, and to (`move`), for `unlink`. */
  movedFrom: z.string().optional(),
  movedTo: z.string().optional(),
});

/**
 * The states each step is made from. Why one is refused, in words, is the cores' to say
 * (returns.core.ts `refusalOf`) before the write begins: this bundle is the release job's too,
 * which finishes a write cut short and is at its size budget.
 */
const FROM: Readonly<Record<ReturnStep, readonly string[]>> = {
  reject: ['delivered'],
  recall: ['delivered', 'acknowledged', 'held'],
  'confirm-recall': ['recall-requested'],
  'decline-recall': ['recall-requested'],
};
export const mayReturn = (step: ReturnStep, record: DocumentRecord): boolean =>
  FROM[step].includes(record.state);

/** Whether `step` makes `current` recalled (a recall before the acknowledgement, or confirmed). */
const recalls = (step: ReturnStep, current: DocumentRecord): boolean =>
  step === 'confirm-recall' || (step === 'recall' && current.state !== 'acknowledged');

/** The record after `step`, made from `current` at `at`. */
const applied = (input: ReturnInput, current: DocumentRecord, at: string): DocumentRecord => {
  const by = input.who.actor?.email ?? input.who.by;
  const act = { by, at, organisationId: input.organisationId };
  const base = { ...current, revision: current.revision + 1, updatedAt: at };
  switch (input.step) {
    case 'reject':
      return {
        ...base,
        state: 'rejected',
        rejection: { ...act, reason: input.reason ?? 'other', comment: input.comment },
        events: withEvent(current, 'rejected', at, by, input.reason),
      };
    case 'recall': {
      const immediate = recalls('recall', current);
      return {
        ...base,
        state: immediate ? 'recalled' : 'recall-requested',
        // Recalled while held: it waits for nothing any more.
        holdReason: null,
        holdDetail: null,
        recall: {
          ...act,
          comment: input.comment,
          outcome: immediate ? 'immediate' : null,
          answer: null,
        },
        events: withEvent(current, immediate ? 'recalled' : 'recall-requested', at, by),
      };
    }
    case 'confirm-recall':
    case 'decline-recall': {
      const confirmed = input.step === 'confirm-recall';
      const asked = current.recall ?? null;
      return {
        ...base,
        state: confirmed ? 'recalled' : 'acknowledged',
        recall:
          asked === null
            ? null
            : {
                ...asked,
                outcome: confirmed ? 'confirmed' : 'declined',
                answer: { by, at, comment: input.comment },
              },
        events: withEvent(current, confirmed ? 'recalled' : 'recall-declined', at, by),
      };
    }
  }
};

/** The audit action of each step (a recall's: recalled at once, or asked for). */
const ACTIONS: Readonly<Record<ReturnStep, string>> = {
  reject: 'document.rejected',
  recall: 'document.recall-requested',
  'confirm-recall': 'document.recall-confirmed',
  'decline-recall': 'document.recall-declined',
};

/** What each step records (the same fact in both organisations' trails); the comment its reason. */
const factOf = (input: ReturnInput, record: DocumentRecord) => ({
  action:
    input.step === 'recall' && record.state === 'recalled'
      ? 'document.recalled'
      : ACTIONS[input.step],
  before: { state: input.before },
  after: { state: record.state, ...(input.reason === null ? {} : { reason: input.reason }) },
  ...(input.comment === null ? {} : { reason: input.comment }),
});

type ReturnState = z.infer<typeof returnState>;
type ReturnWriteStep = Step<ReturnInput, ReturnState, DocumentWriteDeps>;

/** The steps that may make a document recalled: their write moves its file. */
const MOVES: readonly ReturnStep[] = ['recall', 'confirm-recall'];

/** Pages of the study's later documents looked through for another naming the file (100 each). */
const SHARED_PAGES = 50;

/**
 * Whether another document names `key`: a distribution's copies do, made after their source, so
 * the study's documents sent since it are read (newest first). Past SHARED_PAGES pages it is
 * taken as shared: a file left in place is the safe side of a doubt.
 */
const namedByAnother = async (
  current: DocumentRecord,
  key: string,
  deps: Pick<DocumentWriteDeps, 'documents'>,
): Promise<boolean> => {
  let after: string | undefined;
  for (let page = 0; page < SHARED_PAGES; page += 1) {
    const found = await deps.documents.page({
      list: 'study',
      key: current.studyId,
      limit: 100,
      sentFrom: current.sentAt,
      ...(after === undefined ? {} : { after }),
    });
    if (found.records.some((r) => r.documentId !== current.documentId && r.objectKey === key)) {
      return true;
    }
    if (found.last === null) return false;
    after = found.last;
  }
  return true;
};

/**
 * A recall's file copied to a key of this write's own (document-writes.ts copyKeptFile, as a
 * scan hold's retry does); nothing when the step does not recall (a recall after the
 * acknowledgement only asks), nor when the commit will refuse.
 */
const moveStep: ReturnWriteStep = {
  name: 'move',
  run: async (write, deps) => {
    const current = await deps.documents.get(write.input.documentId);
    if (current === null || current.lastWriteId === write.writeId) return {};
    if (current.revision !== write.input.fromRevision) return {};
    if (!mayReturn(write.input.step, current) || !recalls(write.input.step, current)) return {};
    const from = current.objectKey;
    // Only the document's own object (records/<study>/<id>/…): an imported file's is the
    // import's, shared by every document made of it, and stays.
    if (from === null || !from.startsWith(recordKeyOf(current, ''))) return {};
    // A safety letter's copies (distribution-fan-out.ts) name their source's file: a source
    // distributed keeps it where it is, so the sites' copies still download.
    if (await namedByAnother(current, from, deps)) return {};
    const to = await copyKeptFile(current, `recalled-${write.writeId}`, deps);
    return to === null ? {} : { movedFrom: from, movedTo: to };
  },
};

const commitStep: ReturnWriteStep = {
  name: 'commit',
  run: async (write, deps) => {
    const current = await deps.documents.get(write.input.documentId);
    if (current?.lastWriteId === write.writeId) return { done: true };
    if (current?.revision !== write.input.fromRevision) {
      throw new ConflictError(DOCUMENT_CHANGED);
    }
    // Refused by the core before, in words; here the state moved on meanwhile.
    if (!mayReturn(write.input.step, current)) throw new ConflictError(DOCUMENT_CHANGED);
    const next = applied(write.input, current, deps.clock.now().toISOString());
    const { movedFrom, movedTo } = write.state;
    // The record names the copy in the same update that recalls it (the move read this
    // revision: the check above).
    const objectKey = movedTo !== undefined && movedFrom === current.objectKey ? movedTo : null;
    const written = { ...next, ...(objectKey === null ? {} : { objectKey }) };
    if (!(await deps.documents.update({ ...written, lastWriteId: write.writeId }, current))) {
      throw new ConflictError(DOCUMENT_CHANGED);
    }
    return { done: true };
  },
};

/**
 * The old key deleted once the record names the copy: links signed for it stop working. In AWS
 * the documents bucket is versioned (infra/lib/constructs/data.ts): a delete without a version
 * id adds a delete marker — a GET of the key answers 404 (403 to a signer that may not list) —
 * and keeps the version, as records must be (and as Object Lock, where an environment turns it
 * on, allows: a lock protects versions, a marker removes none). Not deferrable: a recall
 * answered is one whose links no longer download.
 */
const unlinkStep: ReturnWriteStep = {
  name: 'unlink',
  run: async (write, deps) => {
    const { movedFrom } = write.state;
    if (movedFrom === undefined) return undefined;
    const record = await ownRecord(deps, write.input.documentId, write.writeId);
    // Never the key the record names (the commit named the copy; this is only a safeguard).
    if (record.objectKey !== movedFrom) await deps.files.remove(movedFrom);
    return undefined;
  },
};

const auditStep: ReturnWriteStep = {
  name: 'audit',
  run: async (write: DocumentRun<ReturnInput, ReturnState>, deps) => {
    const record = await ownRecord(deps, write.input.documentId, write.writeId);
    await appendEachOnce(
      deps,
      write,
      entriesOf(write.input.who, record, factOf(write.input, record)),
    );
    // Issue 35: news for the other side (document-events.ts), once: this write's key.
    await emitEventsOnce(
      deps,
      write,
      returned(write.input.step, write.input.before, record, await deps.registry.snapshot()),
    );
    return undefined;
  },
};

/**
 * One step of a document's return from the revision the caller saw: the record (409 when it
 * changed meanwhile, or when the step cannot be made from its state), then its audit records
 * once. The state the step was made from is the record's, kept in the audit record's `before`.
 */
export const returnDocumentWrite: Workflow<ReturnInput, ReturnState, DocumentWriteDeps> = {
  kind: RETURN_KIND,
  input: returnInput,
  state: returnState,
  // The move's steps only where the step may recall (a rejection or a decline keeps its file).
  steps: (input) => [
    ...(MOVES.includes(input.step) ? [moveStep] : []),
    commitStep,
    ...(MOVES.includes(input.step) ? [unlinkStep] : []),
    auditStep,
  ],
  // Refused at the commit, the one step that changes the record: a copy the move made is nobody's
  // (the record still names its file), and goes.
  abandon: async (write, deps) => {
    const { movedTo } = write.state;
    if (movedTo === undefined) return;
    const record = await deps.documents.get(write.input.documentId);
    if (record?.objectKey !== movedTo) await deps.files.remove(movedTo);
  },
};

/**
 * Runs one step on `record` as the caller read it: the record as the step left it. A step that
 * finds the record moved on between the read and the write reads it again (at most three times).
 */
export const returnDocument = async (
  deps: {
    writes: Pick<Journal<DocumentWriteDeps>, 'run'>;
    documents: Pick<DocumentStore, 'get'>;
  },
  record: DocumentRecord,
  step: Omit<ReturnInput, 'documentId' | 'fromRevision' | 'before' | 'who'>,
  who: Who,
): Promise<DocumentRecord> => {
  await deps.writes.run(
    returnDocumentWrite,
    documentSubject(record.documentId),
    {
      documentId: record.documentId,
      fromRevision: record.revision,
      before: record.state,
      ...step,
      who,
    },
    { busyMessage: DOCUMENT_BUSY },
  );
  return (await deps.documents.get(record.documentId)) ?? record;
};

export const DOCUMENT_RETURN_WRITES = [/* @__PURE__ */ register(returnDocumentWrite)];
