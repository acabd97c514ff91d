import * as z from 'zod';
import { ConflictError } from '../core/errors';
import { register, type Workflow } from '../core/journal';
import { appendEachOnce } from '../core/journal-audit';
import { emitEventsOnce } from '../core/journal-events';
import { heldOrQuarantined } from './document-events';
import type { DocumentRecord } from '../core/ports/documents';
import { HUB } from './document-views';
import {
  DOCUMENT_BUSY,
  DOCUMENT_CHANGED,
  documentSubject,
  type DocumentWriteDeps,
  entriesOf,
  ownRecord,
  whoSchema,
  type Who,
} from './document-writes';
import { earlierSupersededBy, supersededFact } from './document-versions';
import { settle } from './routing';
import { SCAN_RESULT_STATUSES, type ScanResultStatus } from './scan-event';
import type { Journal } from '../core/journal';

/**
 * The malware scan's verdict on a document awaiting it (issue 34), a journaled write
 * (`document.scan`, subject `document:<id>`): the record moved on from `awaiting-scan` — clean:
 * classified and delivered or held, as a completion did before scanning; threats: quarantined
 * (`malware-found`, the threats' names in the detail); no verdict (unsupported, access denied,
 * failed): held `scan-unsupported` / `scan-failed`, which an administrator's retry scans again.
 * Then its audit records once (`document.scanned`, or `document.quarantined`). A verdict on an
 * object the record no longer names (a key a retry replaced) or on a document not awaiting a
 * scan changes nothing.
 */

const verdictInput = z.object({
  documentId: z.string(),
  /** The object the verdict is on: applied only while the record names it. */
  objectKey: z.string(),
  status: z.enum(SCAN_RESULT_STATUSES),
  threats: z.array(z.string()),
  /** Where the verdict came from: the event, or the tag read by the sweep. */
  via: z.enum(['event', 'tag']),
  who: whoSchema,
});
export type VerdictInput = z.infer<typeof verdictInput>;
const verdictState = z.object({
  applied: z.boolean().optional(),
  /** The document as the verdict found it (what its audit records say before). */
  before: z
    .object({ state: z.string(), quarantineReason: z.string().nullable().optional() })
    .optional(),
});
type VerdictState = z.infer<typeof verdictState>;

/** Why a scan gave no verdict, in words an administrator can act on. */
export const scanHoldOf = (
  status: Exclude<ScanResultStatus, 'NO_THREATS_FOUND' | 'THREATS_FOUND'>,
): { reason: 'scan-failed' | 'scan-unsupported'; detail: string } => {
  switch (status) {
    case 'UNSUPPORTED':
      return {
        reason: 'scan-unsupported',
        detail:
          'The malware scanner cannot scan this file (unsupported: e.g. too large, password-protected or encrypted). An administrator may retry the scan; the file is not delivered without a clean verdict.',
      };
    case 'ACCESS_DENIED':
      return {
        reason: 'scan-failed',
        detail:
          'The malware scanner was denied access to the file (a permission of the scanner’s role). Retry the scan once it is fixed; the file is not delivered without a clean verdict.',
      };
    case 'FAILED':
      return {
        reason: 'scan-failed',
        detail:
          'The malware scan failed (an error of the scanner). Retry the scan; the file is not delivered without a clean verdict.',
      };
  }
};

/** The quarantine detail of a scan that found threats. */
export const malwareDetail = (threats: readonly string[]): string =>
  `The malware scan found ${threats.length === 0 ? 'a threat' : threats.join(', ')}. The file is kept in quarantine and never delivered or exported.`;

/**
 * The verdict applied to `current` (awaiting it, naming its object), marked with the write: also
 * the import's join (import-join.ts), which applies the verdict it came with in its own write.
 */
export const applyVerdict = async (
  input: Pick<VerdictInput, 'status' | 'threats'>,
  current: DocumentRecord,
  writeId: string,
  deps: DocumentWriteDeps,
): Promise<boolean> => {
  const at = deps.clock.now().toISOString();
  const marked = {
    ...current,
    revision: current.revision + 1,
    lastWriteId: writeId,
    updatedAt: at,
  };
  switch (input.status) {
    case 'NO_THREATS_FOUND': {
      const scanned: DocumentRecord = {
        ...current,
        events: [...current.events, { at, event: 'scanned', by: HUB, detail: 'No threats found.' }],
      };
      const outcome = await settle(scanned, await deps.registry.snapshot(), deps, at, {
        stored: current,
        writeId,
      });
      return outcome.changed && outcome.record.lastWriteId === writeId;
    }
    case 'THREATS_FOUND': {
      const earlier = current.state === 'quarantined' ? current.quarantineDetail : null;
      const detail = `${malwareDetail(input.threats)}${earlier == null ? '' : ` ${earlier}`}`;
      return deps.documents.update(
        {
          ...marked,
          state: 'quarantined',
          quarantineReason: 'malware-found',
          quarantineDetail: detail,
          events: [...current.events, { at, event: 'quarantined', by: HUB, detail }],
        },
        current,
      );
    }
    default: {
      const hold = scanHoldOf(input.status);
      return deps.documents.update(
        {
          ...marked,
          state: 'held',
          holdReason: hold.reason,
          holdDetail: hold.detail,
          events: [...current.events, { at, event: 'held', by: HUB, detail: hold.detail }],
        },
        current,
      );
    }
  }
};

/**
 * The audit records of a verdict applied (`document.scanned`, or `document.quarantined` for
 * malware), from the record as the verdict left it: the verdict's own write's, and the join's.
 */
export const scanEntriesOf = (
  who: Who,
  record: DocumentRecord,
  verdict: Pick<VerdictInput, 'status' | 'threats' | 'objectKey' | 'via'>,
  before: Record<string, unknown>,
) => {
  const { status, threats, objectKey, via } = verdict;
  const scan = { scanResultStatus: status, objectKey, via };
  return record.state === 'quarantined'
    ? entriesOf(who, record, {
        action: 'document.quarantined',
        outcome: 'failure',
        before,
        after: { state: 'quarantined', quarantineReason: 'malware-found', threats, ...scan },
        reason: record.quarantineDetail ?? 'malware-found',
      })
    : entriesOf(who, record, {
        action: 'document.scanned',
        ...(status === 'NO_THREATS_FOUND' ? {} : { outcome: 'failure' as const }),
        before: { state: 'awaiting-scan' },
        after: {
          state: record.state,
          holdReason: record.holdReason,
          artifactNumber: record.classification?.artifactNumber ?? null,
          receiverTypeCode: record.classification?.receiver?.typeCode ?? null,
          ...scan,
        },
        ...(record.holdDetail === null ? {} : { reason: record.holdDetail }),
      });
};

/**
 * Whether `record` takes the verdict `status` on `objectKey`: awaiting its scan; or quarantined
 * by the content check (the scanner scans every kept file) and found to carry malware — the more
 * serious reason then replaces the content check's (its words kept in the detail).
 */
export const takesVerdict = (
  record: DocumentRecord,
  objectKey: string,
  status: ScanResultStatus,
): boolean =>
  record.objectKey === objectKey &&
  (record.state === 'awaiting-scan' ||
    (record.state === 'quarantined' &&
      status === 'THREATS_FOUND' &&
      record.quarantineReason !== 'malware-found'));

export const scanVerdictWrite: Workflow<VerdictInput, VerdictState, DocumentWriteDeps> = {
  kind: 'document.scan',
  input: verdictInput,
  state: verdictState,
  steps: () => [
    {
      name: 'commit',
      run: async ({ input, writeId }, deps) => {
        const current = await deps.documents.get(input.documentId);
        if (current === null) return { applied: false };
        if (current.lastWriteId === writeId) return { applied: true };
        if (!takesVerdict(current, input.objectKey, input.status)) return { applied: false };
        if (!(await applyVerdict(input, current, writeId, deps))) {
          throw new ConflictError(DOCUMENT_CHANGED);
        }
        return {
          applied: true,
          before: { state: current.state, quarantineReason: current.quarantineReason ?? null },
        };
      },
    },
    {
      name: 'audit',
      run: async (write, deps) => {
        if (write.state.applied !== true) return undefined;
        const record = await ownRecord(deps, write.input.documentId, write.writeId);
        const entries = scanEntriesOf(
          write.input.who,
          record,
          write.input,
          write.state.before ?? { state: 'awaiting-scan' },
        );
        const earlier = await earlierSupersededBy(record, deps, deps.clock.now().toISOString());
        await appendEachOnce(deps, write, [
          ...entries,
          ...(earlier === null ? [] : entriesOf(write.input.who, earlier, supersededFact(record))),
        ]);
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
  // Refused at the commit, the one step that changes anything: nothing to undo.
  abandon: () => Promise.resolve(),
};

/** Runs the verdict on a document: whether it was applied (false: not awaiting it). */
export const applyScanVerdict = async (
  writes: Pick<Journal<DocumentWriteDeps>, 'run'>,
  verdict: Omit<VerdictInput, 'who'>,
  who: Who,
): Promise<boolean> => {
  const { applied } = await writes.run(
    scanVerdictWrite,
    documentSubject(verdict.documentId),
    { ...verdict, who },
    { busyMessage: DOCUMENT_BUSY },
  );
  return applied === true;
};

export const DOCUMENT_SCAN_WRITES = [/* @__PURE__ */ register(scanVerdictWrite)];
