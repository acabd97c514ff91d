import { createHash } from 'node:crypto';
import { randomDocumentId } from './document-ids';
import * as z from 'zod';
import {
  type DocumentSignature,
  documentSignatureSchema,
} from '@ccsc/contract/document-version-schemas';
import { register, type Workflow } from '../core/journal';
import { appendEachOnce } from '../core/journal-audit';
import type { FiledRecord, ImportRecord } from '../core/ports/document-imports';
import { type DocumentRecord, importSenderOf, storedDocumentSchema } from '../core/ports/documents';
import type { RegistrySnapshot } from '../core/ports/registry';
import { HUB } from './document-views';
import { type DocumentWriteDeps, entriesOf, whoSchema } from './document-writes';
import { checkKeptFile, DEFAULT_CONTENT_POLICY, keptVerdictSchema } from './content-check';
import { IMPORT_JOIN_KIND } from './document-kinds';
import { SCAN_RESULT_STATUSES } from './scan-event';
import { applyVerdict, scanEntriesOf, takesVerdict } from './scan-verdict';
import type { AuditEntry } from '../core/ports/audit-trail';

/**
 * Imports join the study (issue 34 item 5): each file an eTMF-EMS import filed becomes a document
 * of the study, delivered to the study's sponsor systems like a sent one — content-checked,
 * scanned, classified through each receiver's standard (the artifact is the one the import filed
 * it as: classify.ts), delivered or held or quarantined, audited.
 *
 * Who receives it: a site-level file's own connection's sponsor system; a trial- or country-level
 * file each sponsor system of the study's active connections (one document each, on the first of
 * its connections). Such a document names the sponsor in the site's place, so no site sees a
 * document that is not its own. A study with no active connection has nobody to deliver to: the
 * file stays what the import filed (listed and exported), and nothing waits.
 *
 * The join runs when the file's malware verdict arrives (scan-result.core.ts: the verdict is the
 * one GuardDuty gave the import's own copy, so it is not scanned twice), or from the documents
 * job's sweep for a verdict lost on the way (scan-sweep.ts). This write (`document.import`) makes
 * the documents — each under an idempotency key of its row and receiver, so run again it makes
 * none twice — then their audit records, once; the verdict is then applied to each like any
 * document's (scan-verdict.ts).
 */

/** A document to be made of a filed file: the receiving side. */
export interface ImportReceiver {
  systemId: string;
  organisationId: string;
  connectionId: string;
  siteOrganisationId: string;
}

/** Who receives what an import filed (see above); none when the study has no active connection. */
export const importReceiversOf = (
  row: Pick<FiledRecord, 'connectionId' | 'level'>,
  studyId: string,
  snapshot: RegistrySnapshot,
): ImportReceiver[] => {
  const active = [...snapshot.connections.values()]
    .filter((c) => c.studyId === studyId && c.status === 'active' && c.siteSystemId !== null)
    .sort((a, b) => (a.connectionId < b.connectionId ? -1 : 1));
  const receiverOrg = (systemId: string, fallback: string) =>
    snapshot.systems.get(systemId)?.organisationId ?? fallback;
  if (row.level === 'site') {
    const own = active.find((c) => c.connectionId === row.connectionId);
    return own === undefined
      ? []
      : [
          {
            systemId: own.sponsorSystemId,
            organisationId: receiverOrg(own.sponsorSystemId, own.sponsorOrganisationId),
            connectionId: own.connectionId,
            siteOrganisationId: own.siteOrganisationId,
          },
        ];
  }
  const out = new Map<string, ImportReceiver>();
  for (const c of active) {
    if (out.has(c.sponsorSystemId)) continue;
    out.set(c.sponsorSystemId, {
      systemId: c.sponsorSystemId,
      organisationId: receiverOrg(c.sponsorSystemId, c.sponsorOrganisationId),
      connectionId: c.connectionId,
      siteOrganisationId: c.sponsorOrganisationId,
    });
  }
  return [...out.values()];
};

/**
 * The file's first signature a document can carry (its package's SIGNATURE): one whose time has
 * its offset, as the partner API states every signature (the package may write one without).
 */
const signatureOf = (row: FiledRecord): DocumentSignature | null =>
  (row.signatures ?? []).find((s) => documentSignatureSchema.safeParse(s).success) ?? null;

/** The documents of a filed file, one per receiver, as they are before its content check. */
export const importedDocumentsOf = (
  record: Pick<
    ImportRecord,
    | 'importId'
    | 'studyId'
    | 'fileName'
    | 'sponsorOrganisationId'
    | 'croOrganisationId'
    | 'organisationId'
  >,
  row: FiledRecord,
  receivers: readonly ImportReceiver[],
  at: string,
): DocumentRecord[] =>
  receivers.map((receiver) => ({
    documentId: randomDocumentId(),
    revision: 1,
    idempotencyKey: `${String(row.seq)}:${receiver.systemId}`,
    requestHash: createHash('sha256')
      .update(JSON.stringify([record.importId, row.seq, row.sha256, receiver.systemId]))
      .digest('hex'),
    state: 'awaiting-scan',
    holdReason: null,
    holdDetail: null,
    direction: 'site-to-sponsor',
    connectionId: receiver.connectionId,
    studyId: record.studyId,
    siteOrganisationId: receiver.siteOrganisationId,
    sponsorOrganisationId: record.sponsorOrganisationId,
    croOrganisationId: record.croOrganisationId,
    senderSystemId: importSenderOf(record.importId),
    senderOrganisationId: record.organisationId ?? record.sponsorOrganisationId,
    receiverSystemId: receiver.systemId,
    receiverOrganisationId: receiver.organisationId,
    typeCode: row.artifactNumber,
    title: row.title,
    version: row.version,
    documentDate: row.artifactDate ?? row.filedAt.slice(0, 10),
    language: row.language ?? '',
    personName: row.personNames[0] ?? null,
    organisationName: null,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    received: { size: row.size, sha256: row.sha256 },
    uploads: 0,
    objectKey: row.objectKey,
    classification: null,
    inboxSeq: null,
    sentAt: at,
    updatedAt: at,
    deliveredAt: null,
    acknowledgedAt: null,
    events: [
      {
        at,
        event: 'announced',
        by: HUB,
        detail: `Filed by the eTMF-EMS import of ${record.fileName} (object ${row.objectId}) as ${row.artifactNumber} ${row.artifactName}.`,
      },
      {
        at,
        event: 'received',
        by: HUB,
        detail: `SHA-256 and size (${String(row.size)} bytes) verified by the import.`,
      },
    ],
    downloads: [],
    downloadCount: 0,
    signature: signatureOf(row),
    supersedesDocumentId: null,
    supersededByDocumentId: null,
    source: {
      kind: 'import',
      importId: record.importId,
      seq: row.seq,
      packageName: record.fileName,
      artifactNumber: row.artifactNumber,
      subArtifact: row.subArtifact,
      level: row.level,
    },
  }));

// ---------- document.import ----------

const importInput = z.object({
  /** The documents to make (one per receiver), as importedDocumentsOf made them. */
  records: z.array(storedDocumentSchema).min(1),
  /** The malware verdict on the file the join came with, applied to each document in this write. */
  verdict: z
    .object({
      objectKey: z.string(),
      status: z.enum(SCAN_RESULT_STATUSES),
      threats: z.array(z.string()),
      via: z.enum(['event', 'tag']),
    })
    .optional(),
  who: whoSchema,
});
export type ImportJoinInput = z.infer<typeof importInput>;
const importState = z.object({
  content: keptVerdictSchema.optional(),
  /** The documents of the file (made now, or by an earlier join of it), in receiver order. */
  documentIds: z.array(z.string()).optional(),
  /** Those this write made (audited by it). */
  created: z.array(z.string()).optional(),
  /** The state each document this write made was made in (what `document.imported` says). */
  made: z
    .array(z.object({ state: z.string(), quarantineReason: z.string().nullable() }))
    .optional(),
  /** The documents this write applied the verdict to, with their state before it. */
  applied: z
    .array(
      z.object({
        documentId: z.string(),
        before: z.object({ state: z.string(), quarantineReason: z.string().nullable() }),
      }),
    )
    .optional(),
});

type ImportJoinState = z.infer<typeof importState>;

export const importJoinWrite: Workflow<ImportJoinInput, ImportJoinState, DocumentWriteDeps> = {
  kind: IMPORT_JOIN_KIND,
  input: importInput,
  state: importState,
  steps: () => [
    {
      // What the file really is, as for a sent one (content-check.ts). Reads only.
      name: 'check',
      run: async ({ input }, deps) => {
        const [first] = input.records;
        if (first === undefined || first.objectKey === null) return {};
        const verdict = await checkKeptFile(
          deps.files,
          first.objectKey,
          first.size,
          { contentType: first.contentType, fileName: first.fileName },
          deps.contentPolicy ?? DEFAULT_CONTENT_POLICY,
        );
        return {
          content: verdict.ok
            ? { ok: true as const, detail: verdict.detail }
            : { ok: false as const, reason: verdict.reason, detail: verdict.detail },
        };
      },
    },
    {
      name: 'create',
      run: async ({ input, state }, deps) => {
        const content = state.content;
        const documentIds: string[] = [];
        const created: string[] = [];
        const states: NonNullable<ImportJoinState['made']> = [];
        for (const planned of input.records) {
          const at = planned.sentAt;
          const checked: DocumentRecord =
            content === undefined || content.ok
              ? {
                  ...planned,
                  events: [
                    ...planned.events,
                    {
                      at,
                      event: 'content-checked',
                      by: HUB,
                      detail: content?.detail ?? null,
                    },
                  ],
                }
              : {
                  ...planned,
                  state: 'quarantined',
                  quarantineReason: content.reason,
                  quarantineDetail: content.detail,
                  events: [
                    ...planned.events,
                    { at, event: 'quarantined', by: HUB, detail: content.detail },
                  ],
                };
          const made = await deps.documents.create(checked);
          documentIds.push(made.record.documentId);
          if (made.created) {
            created.push(made.record.documentId);
            states.push({
              state: made.record.state,
              quarantineReason: made.record.quarantineReason ?? null,
            });
          }
        }
        return { documentIds, created, made: states };
      },
    },
    {
      // The verdict the join came with, applied to each document as its own write would
      // (scan-verdict.ts applyVerdict: classified and delivered, held, or quarantined), marked
      // with this write — so one journaled write, not one per document, makes and moves them.
      name: 'verdict',
      run: async ({ input, state, writeId }, deps) => {
        const verdict = input.verdict;
        if (verdict === undefined) return {};
        const applied: NonNullable<ImportJoinState['applied']> = [];
        for (const documentId of state.documentIds ?? []) {
          const current = await deps.documents.get(documentId);
          if (current === null) continue;
          if (current.lastWriteId === writeId) {
            // Applied before an interruption: as the document was made.
            applied.push({
              documentId,
              before: { state: 'awaiting-scan', quarantineReason: null },
            });
            continue;
          }
          if (!takesVerdict(current, verdict.objectKey, verdict.status)) continue;
          // Moved on meanwhile (an administrator's retry): left to that change.
          if (!(await applyVerdict(verdict, current, writeId, deps))) continue;
          applied.push({
            documentId,
            before: { state: current.state, quarantineReason: current.quarantineReason ?? null },
          });
        }
        return { applied };
      },
    },
    {
      name: 'audit',
      run: async (write, deps) => {
        const { who, verdict } = write.input;
        const entries: AuditEntry[] = [];
        for (const [i, documentId] of (write.state.created ?? []).entries()) {
          const record = await deps.documents.get(documentId);
          if (record === null) continue;
          const made = write.state.made?.[i] ?? { state: record.state, quarantineReason: null };
          const source = record.source ?? null;
          entries.push(
            ...entriesOf(who, record, {
              action: 'document.imported',
              after: {
                documentId: record.documentId,
                connectionId: record.connectionId,
                receiverSystemId: record.receiverSystemId,
                importId: source?.importId ?? null,
                seq: source?.seq ?? null,
                artifactNumber: source?.artifactNumber ?? null,
                fileName: record.fileName,
                size: record.size,
                sha256: record.sha256,
                state: made.state,
              },
            }),
          );
          if (made.state === 'quarantined') {
            entries.push(
              ...entriesOf(who, record, {
                action: 'document.quarantined',
                outcome: 'failure',
                after: { state: 'quarantined', quarantineReason: made.quarantineReason },
                reason:
                  record.events.find((e) => e.event === 'quarantined')?.detail ?? 'quarantined',
              }),
            );
          }
        }
        for (const { documentId, before } of write.state.applied ?? []) {
          const record = await deps.documents.get(documentId);
          if (record === null || verdict === undefined) continue;
          entries.push(...scanEntriesOf(who, record, verdict, before));
        }
        await appendEachOnce(deps, write, entries);
        return undefined;
      },
    },
  ],
  // Nothing is changed but documents made under their idempotency keys: a run again finds them.
  abandon: () => Promise.resolve(),
};

export const DOCUMENT_IMPORT_WRITES = [/* @__PURE__ */ register(importJoinWrite)];
