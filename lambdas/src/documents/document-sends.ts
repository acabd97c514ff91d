import * as z from 'zod';
import { ConflictError } from '../core/errors';
import { register, type Workflow } from '../core/journal';
import { appendEachOnce } from '../core/journal-audit';
import { emitEventsOnce } from '../core/journal-events';
import { heldOrQuarantined } from './document-events';
import { type DocumentRecord, incomingKeyOf, storedDocumentSchema } from '../core/ports/documents';
import { HUB } from './document-views';
import {
  DOCUMENT_CHANGED,
  type DocumentWriteDeps,
  entriesOf,
  ownRecord,
  whoSchema,
} from './document-writes';
import { checkKeptFile, DEFAULT_CONTENT_POLICY, keptVerdictSchema } from './content-check';
import { versionAuditOf } from './document-versions';

/**
 * The sender's journaled writes (issue 32; document-writes.ts has the rest): announcing a
 * document (its record with the idempotency key, then `document.sent`), and completing it (what
 * arrived kept through a hash, the record received and then delivered or held, then
 * `document.received`). Each is finished after an interruption by the same steps, and its audit
 * records are written exactly once.
 */

// ---------- document.send ----------

const sendInput = z.object({ record: storedDocumentSchema, who: whoSchema });
export type SendInput = z.infer<typeof sendInput>;
const sendState = z.object({ documentId: z.string().optional(), created: z.boolean().optional() });

/** The subject of a send: the sender's idempotency key (the document's id is not known yet). */
export const sendSubject = (systemId: string, idempotencyKey: string) =>
  `document-send:${systemId}:${idempotencyKey}`;

/**
 * partner send: the record and its idempotency key in one transaction (made again after an
 * interruption, the key answers the record this write made: done), then `document.sent` in the
 * sender's and the receiver's trails — only for a document this write made, not for the same
 * key sent again.
 */
export const sendDocumentWrite: Workflow<
  SendInput,
  z.infer<typeof sendState>,
  DocumentWriteDeps
> = {
  kind: 'document.send',
  input: sendInput,
  state: sendState,
  steps: () => [
    {
      name: 'create',
      run: async ({ input }, deps) => {
        const made = await deps.documents.create(input.record);
        return { documentId: made.record.documentId, created: made.created };
      },
    },
    {
      name: 'audit',
      run: async (write, deps) => {
        if (write.state.created !== true) return undefined;
        const record = write.input.record;
        await appendEachOnce(
          deps,
          write,
          entriesOf(write.input.who, record, {
            action: 'document.sent',
            after: {
              documentId: record.documentId,
              connectionId: record.connectionId,
              typeCode: record.typeCode,
              title: record.title,
              fileName: record.fileName,
              size: record.size,
              sha256: record.sha256,
              ...versionAuditOf(record),
            },
          }),
        );
        return undefined;
      },
    },
  ],
  abandon: () => Promise.resolve(),
};

// ---------- document.complete ----------

const completeInput = z.object({
  documentId: z.string(),
  fromRevision: z.number().int(),
  /** Where what was verified is kept (a key of this completion's own). */
  objectKey: z.string(),
  who: whoSchema,
});
export type CompleteInput = z.infer<typeof completeInput>;

const FILE_REASONS = ['size-mismatch', 'checksum-mismatch'] as const;
const completeState = z.object({
  received: z.object({ size: z.number(), sha256: z.string() }).optional(),
  mismatch: z.enum(FILE_REASONS).nullable().optional(),
  /** The content check's verdict on what was kept (content-check.ts). */
  content: keptVerdictSchema.optional(),
});
type CompleteState = z.infer<typeof completeState>;

export const NO_UPLOAD =
  'No file has been uploaded for this document yet: PUT it to the upload URL first (send again with the same idempotencyKey for a new URL).';

/** Why a file that arrived is not the one announced, in words the sender can act on. */
export const mismatchDetail = (
  reason: (typeof FILE_REASONS)[number],
  record: Pick<DocumentRecord, 'size' | 'sha256'>,
  received: { size: number; sha256: string },
): string =>
  reason === 'size-mismatch'
    ? `The file that arrived has ${String(received.size)} bytes; ${String(record.size)} were announced. Upload it again (send again with the same idempotencyKey for a new URL) and complete.`
    : `The SHA-256 of the file that arrived is ${received.sha256}; ${record.sha256} was announced. Upload it again (send again with the same idempotencyKey for a new URL) and complete.`;

/**
 * partner complete: the upload's size compared (a mismatch refused before any hashing), then
 * copied through a SHA-256 into the kept record (what is kept is exactly what was hashed); the
 * record then received and delivered or held for a mapping — or, for a file that is not the one
 * announced, held for it (the next upload goes to a key of its own); then `document.received`
 * (a failure for a mismatch) in both trails, once.
 */
export const completeDocumentWrite: Workflow<CompleteInput, CompleteState, DocumentWriteDeps> = {
  kind: 'document.complete',
  input: completeInput,
  state: completeState,
  steps: () => [
    {
      name: 'keep',
      run: async ({ input, writeId }, deps) => {
        const current = await deps.documents.get(input.documentId);
        if (current === null) throw new ConflictError(DOCUMENT_CHANGED);
        // Done before an interruption: what the record says arrived.
        if (current.lastWriteId === writeId && current.received !== null) {
          return { received: current.received, mismatch: fileHoldOf(current) };
        }
        const incoming = incomingKeyOf(current.documentId, current.uploads);
        const size = await deps.files.sizeOf(incoming);
        if (size === null) throw new ConflictError(NO_UPLOAD);
        if (size !== current.size) {
          return { received: { size, sha256: '' }, mismatch: 'size-mismatch' as const };
        }
        const kept = await deps.files.keep(
          incoming,
          input.objectKey,
          current.contentType,
          current.size + 1,
        );
        const matches = kept.sha256 === current.sha256 && kept.size === current.size;
        return { received: kept, mismatch: matches ? null : ('checksum-mismatch' as const) };
      },
    },
    {
      // What the kept file really is: its leading bytes against its declared type and name, and
      // the environment's policy (content-check.ts). Reads only: run again, it answers the same.
      name: 'check',
      run: async ({ input, state }, deps) => {
        if (state.mismatch != null || state.received === undefined) return {};
        const current = await deps.documents.get(input.documentId);
        if (current === null) throw new ConflictError(DOCUMENT_CHANGED);
        const verdict = await checkKeptFile(
          deps.files,
          input.objectKey,
          state.received.size,
          { contentType: current.contentType, fileName: current.fileName },
          deps.contentPolicy ?? DEFAULT_CONTENT_POLICY,
        ).catch(async (err: unknown) => {
          // Run again after an interruption, the copy may be scanned meanwhile: one GuardDuty
          // found malware in is denied to every reader (the bucket's policy). Its tag says so.
          if ((await deps.files.scanStatusOf(input.objectKey)) !== 'THREATS_FOUND') throw err;
          return {
            ok: false as const,
            reason: 'malware-found' as const,
            detail: 'The malware scan found a threat in the file (its scan status: THREATS_FOUND).',
          };
        });
        return {
          content: verdict.ok
            ? { ok: true as const, detail: verdict.detail }
            : { ok: false as const, reason: verdict.reason, detail: verdict.detail },
        };
      },
    },
    {
      name: 'settle',
      run: async ({ input, state, writeId }, deps) => {
        const current = await deps.documents.get(input.documentId);
        if (current?.lastWriteId === writeId) return undefined;
        if (current?.revision !== input.fromRevision || state.received === undefined) {
          throw new ConflictError(DOCUMENT_CHANGED);
        }
        const at = deps.clock.now().toISOString();
        const uploaded = { at, event: 'uploaded' as const, by: input.who.by, detail: null };
        if (state.mismatch != null) {
          const detail = mismatchDetail(state.mismatch, current, state.received);
          const held: DocumentRecord = {
            ...current,
            revision: current.revision + 1,
            lastWriteId: writeId,
            state: 'held',
            holdReason: state.mismatch,
            holdDetail: detail,
            received: state.received,
            // The next upload goes to a key of its own.
            uploads: current.uploads + 1,
            updatedAt: at,
            events: [...current.events, uploaded, { at, event: 'held', by: HUB, detail }],
          };
          if (!(await deps.documents.update(held, current))) {
            throw new ConflictError(DOCUMENT_CHANGED);
          }
          return undefined;
        }
        const content = state.content;
        if (content === undefined) throw new ConflictError(DOCUMENT_CHANGED);
        const verified = {
          at,
          event: 'received' as const,
          by: HUB,
          detail: `SHA-256 and size (${String(state.received.size)} bytes) verified.`,
        };
        // Refused for what it is: quarantined, for good. Accepted: waiting for the malware scan,
        // whose verdict (scan-verdict.ts) classifies and delivers it.
        const next: DocumentRecord = {
          ...current,
          revision: current.revision + 1,
          lastWriteId: writeId,
          holdReason: null,
          holdDetail: null,
          received: state.received,
          objectKey: input.objectKey,
          updatedAt: at,
          ...(content.ok
            ? {
                state: 'awaiting-scan' as const,
                events: [
                  ...current.events,
                  uploaded,
                  verified,
                  { at, event: 'content-checked' as const, by: HUB, detail: content.detail },
                ],
              }
            : {
                state: 'quarantined' as const,
                quarantineReason: content.reason,
                quarantineDetail: content.detail,
                events: [
                  ...current.events,
                  uploaded,
                  verified,
                  { at, event: 'quarantined' as const, by: HUB, detail: content.detail },
                ],
              }),
        };
        if (!(await deps.documents.update(next, current))) {
          throw new ConflictError(DOCUMENT_CHANGED);
        }
        return undefined;
      },
    },
    {
      name: 'audit',
      run: async (write, deps) => {
        const record = await ownRecord(deps, write.input.documentId, write.writeId);
        const { received, mismatch } = write.state;
        const entries =
          record.state === 'quarantined'
            ? entriesOf(write.input.who, record, {
                action: 'document.quarantined',
                outcome: 'failure',
                after: {
                  state: 'quarantined',
                  quarantineReason: record.quarantineReason ?? null,
                  sha256: received?.sha256,
                  size: received?.size,
                },
                reason: record.quarantineDetail ?? 'quarantined',
              })
            : mismatch != null
              ? entriesOf(write.input.who, record, {
                  action: 'document.received',
                  outcome: 'failure',
                  after: { state: 'held', holdReason: mismatch, ...received },
                  reason: record.holdDetail ?? mismatch,
                })
              : entriesOf(write.input.who, record, {
                  action: 'document.received',
                  after: {
                    state: record.state,
                    holdReason: record.holdReason,
                    artifactNumber: record.classification?.artifactNumber ?? null,
                    receiverTypeCode: record.classification?.receiver?.typeCode ?? null,
                    sha256: received?.sha256,
                    size: received?.size,
                  },
                  ...(record.holdDetail === null ? {} : { reason: record.holdDetail }),
                });
        await appendEachOnce(deps, write, entries);
        // Issue 35: held or quarantined is news for whoever can resolve it (once: this write's key).
        await emitEventsOnce(
          deps,
          write,
          heldOrQuarantined(record, await deps.registry.snapshot()),
        );
        return undefined;
      },
    },
  ],
  // Refused at the keep (no upload) or the settle (changed meanwhile): nothing the record holds
  // was changed; a copy kept under this completion's own key is named by no record.
  abandon: () => Promise.resolve(),
};

/** The file hold this completion wrote, if it was one. */
const fileHoldOf = (record: DocumentRecord): (typeof FILE_REASONS)[number] | null =>
  record.state === 'held' &&
  (record.holdReason === 'size-mismatch' || record.holdReason === 'checksum-mismatch')
    ? record.holdReason
    : null;

// Pure: a function's bundle keeps only the writes its kit names (the completion's carries the
// content check and its detection library; no other function needs them).
export const DOCUMENT_SEND_WRITES = [/* @__PURE__ */ register(sendDocumentWrite)];
export const DOCUMENT_COMPLETE_WRITES = [/* @__PURE__ */ register(completeDocumentWrite)];
