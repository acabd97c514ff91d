import { routes } from '@ccsc/contract';
import {
  type DocumentDetail,
  type DocumentSummary,
  type HoldReason,
  MAPPING_HOLD_REASONS,
  mayRetryDocument,
  SCAN_HOLD_REASONS,
} from '@ccsc/contract/documents';
import type { Role } from '@ccsc/contract/roles';
import type { RowLookup } from '../../../config/standard-paths';
import { standardEditorPath, standardsListPath } from './document-query';

/**
 * What the signed-in account may do to a document, by the server's rules: who may retry is the
 * contract's `mayRetryDocument`, which the server applies too; who may change a mapping standard
 * the standards' rule (features/standards/utils/standard-rules.ts).
 */
export interface DocumentActor {
  role: Role | null;
  organisationId: string | null;
}

/** Whether the document is held for a missing mapping (the hub clears these itself, or on Retry). */
export const isMappingHold = (reason: HoldReason | null): reason is HoldReason =>
  reason !== null && MAPPING_HOLD_REASONS.includes(reason);

/** Whether the document is held because its malware scan gave no verdict (Retry scans again). */
export const isScanHold = (reason: HoldReason | null): reason is HoldReason =>
  reason !== null && SCAN_HOLD_REASONS.includes(reason);

/**
 * Whether the actor may ask the hub to classify (or scan) the document again: held for a mapping
 * reason or a scan without verdict,
 * and a role the contract lets call s3documents/retry (PlatformAdmin, OrgAdmin) — an OrgAdmin of
 * the sending or the receiving organisation only.
 */
export const mayRetry = (
  actor: DocumentActor,
  document: Pick<DocumentDetail, 'state' | 'holdReason' | 'sender' | 'receiver'>,
): boolean =>
  actor.role !== null &&
  routes['s3documents/retry'].roles.includes(actor.role) &&
  document.state === 'held' &&
  (isMappingHold(document.holdReason) || isScanHold(document.holdReason)) &&
  mayRetryDocument(actor, {
    senderOrganisationId: document.sender.organisationId,
    receiverOrganisationId: document.receiver.organisationId,
  });

/** Where a missing mapping is to be made: the side, its system, and its standard when known. */
export interface MappingTarget {
  side: 'sender' | 'receiver';
  system: DocumentDetail['sender'];
  /** The standard that lacks the mapping; null when the document does not name it. */
  standard: { standardId: string; version: number } | null;
  /**
   * What that standard lacks: a row for the document's type (the sender's) or one for its
   * artifact (the receiver's); null when the side has no standard at all.
   */
  lookup: RowLookup | null;
}

/** At most what a row's source code holds (the contract's ROW_LIMITS.sourceCode). */
const MAX_CODE = 100;
/** zone.section.artifact, as the TMF Reference Model numbers them. */
const ARTIFACT_NUMBER = /^[0-9]{2}\.[0-9]{2}\.[0-9]{2}$/;

/**
 * What the side's standard is to map, by the hold reason: only what the editor looks for, as
 * config/standard-paths.ts `rowLookupOf` reads it (a code trimmed, at most MAX_CODE characters,
 * no control characters; an artifact number), so that the hint never names a row the editor
 * will not look for. Restated, not imported (see document-query.ts); the test holds them equal.
 */
const lookupOf = (document: DocumentDetail): RowLookup | null => {
  if (document.holdReason === 'sender-type-unmapped') {
    const code = document.typeCode.trim();
    return code !== '' && code.length <= MAX_CODE && !/\p{Cc}/u.test(code)
      ? { kind: 'code', value: code }
      : null;
  }
  if (
    document.holdReason === 'receiver-artifact-unmapped' ||
    document.holdReason === 'ambiguous-mapping'
  ) {
    const artifact = (document.classification?.artifactNumber ?? document.artifactNumber)?.trim();
    return artifact !== undefined && ARTIFACT_NUMBER.test(artifact)
      ? { kind: 'artifact', value: artifact }
      : null;
  }
  return null;
};

/**
 * The mapping a held document waits for: the sender's standard for `sender-*` reasons, the
 * receiver's for `receiver-*`; null for any other document. The standard is known only as far as
 * the document's classification names it (not at all while that side is unmapped).
 */
export const mappingTarget = (document: DocumentDetail): MappingTarget | null => {
  const reason = document.holdReason;
  if (document.state !== 'held' || !isMappingHold(reason)) return null;
  const side = reason.startsWith('sender-') ? 'sender' : 'receiver';
  // The standard the side's system uses now (the one to extend), else the one the path names.
  const step =
    document.standards[side] ??
    (side === 'sender'
      ? (document.classification?.sender ?? null)
      : (document.classification?.receiver ?? null));
  return {
    side,
    system: document[side],
    standard: step === null ? null : { standardId: step.standardId, version: step.version },
    lookup: lookupOf(document),
  };
};

/**
 * Where "Map this type" leads: the side's standard at the version its system uses, looking for
 * the row it lacks; without a standard, the list of the side's organisation's standards (to find
 * or create the one for its system).
 */
export const mappingPath = (target: MappingTarget): string =>
  target.standard === null
    ? standardsListPath(target.system.organisationId)
    : standardEditorPath(target.standard.standardId, target.standard.version, target.lookup);

/** Whether the actor may make the mapping: change the standards of the side's organisation. */
export const mayMap = (actor: DocumentActor, target: MappingTarget): boolean =>
  actor.role === 'PlatformAdmin' ||
  (actor.role === 'OrgAdmin' && actor.organisationId === target.system.organisationId);

/**
 * The sender as the console names it: a system by its name; the eTMF-EMS import that filed a
 * document (its sender id `import:<importId>`, its name the package's file name) as such.
 */
export const senderNameOf = (
  sender: Pick<DocumentSummary['sender'], 'systemId' | 'name'>,
  t: (key: 'documents.importSender', values: { fileName: string }) => string,
): string =>
  sender.systemId.startsWith('import:')
    ? t('documents.importSender', { fileName: sender.name })
    : sender.name;
