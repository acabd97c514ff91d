/** The document model's constants: content types, states, hold reasons, import states. */

/** What a file may be: PDF, Word, Excel, images, XML. */
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'application/xml',
  'text/xml',
] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** The file name extensions each content type may carry (the name is checked against its type). */
export const EXTENSIONS_OF: Readonly<Record<DocumentContentType, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/tiff': ['tif', 'tiff'],
  'application/xml': ['xml'],
  'text/xml': ['xml'],
};

/**
 * What a file may really be, as the content check on completion finds it (its leading bytes, not
 * its name): one kind per content type above. An environment's policy (the functions'
 * DOCUMENT_CONTENT_POLICY, comma-separated; all of these when unset) may allow fewer; a file
 * must be of an allowed kind and of the kind its content type declares.
 */
export const DOCUMENT_CONTENT_KINDS = ['pdf', 'docx', 'xlsx', 'png', 'jpg', 'tif', 'xml'] as const;
export type DocumentContentKind = (typeof DOCUMENT_CONTENT_KINDS)[number];

/** The largest document: 100 MB. */
export const MAX_DOCUMENT_BYTES = 100 * 1000 * 1000;

/**
 * Where a document is:
 * - `awaiting-upload`: announced; its file has not been completed yet;
 * - `received`: the file arrived and matches the size and SHA-256 announced;
 * - `awaiting-scan`: verified (size, SHA-256) and its content checked (what its leading bytes say
 *   it is agrees with its declared type and name, and the policy allows it); waiting for the
 *   malware scan's verdict (GuardDuty Malware Protection for S3 in AWS, clamd offline). Nothing
 *   is delivered before a clean verdict;
 * - `quarantined`: refused for what it is (QUARANTINE_REASONS) — never delivered, never
 *   exported, shown to administrators with the reason, and its sender told why. Final;
 * - `classified`: mapped to an artifact and to the receiver's type;
 * - `delivered`: in the receiver's inbox;
 * - `acknowledged`: the receiver confirmed it has it;
 * - `held`: stopped, with a reason, until what is missing is there (see HOLD_REASONS);
 * - `rejected`: the receiver sent a delivered document back, with a reason (REJECT_REASONS in
 *   document-return-schemas.ts) — final; the sender's corrected version supersedes it;
 * - `recall-requested`: the sender recalls an acknowledged document; the receiver confirms
 *   (`recalled`) or declines (back to `acknowledged`);
 * - `recalled`: the sender took it back (before an acknowledgement at once, or confirmed by the
 *   receiver): its file is no longer handed out. Final.
 */
export const DOCUMENT_STATES = [
  'awaiting-upload',
  'received',
  'awaiting-scan',
  'quarantined',
  'classified',
  'delivered',
  'acknowledged',
  'held',
  'rejected',
  'recall-requested',
  'recalled',
] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/**
 * Why a document is held. The first two kinds release themselves when the mapping is published
 * (the hub tries again); the file problems wait for the sender to upload the file again.
 */
export const HOLD_REASONS = [
  /** The sending system has no published mapping standard. */
  'sender-no-standard',
  /** The sender's standard does not map the document's type. */
  'sender-type-unmapped',
  /** The receiving system has no published mapping standard. */
  'receiver-no-standard',
  /** The receiver's standard maps no type to the document's artifact. */
  'receiver-artifact-unmapped',
  /**
   * The receiver's standard maps several types to the artifact and neither the sub-artifact nor
   * an `equal` row decides between them (never the first match).
   */
  'ambiguous-mapping',
  /** The artifact needs a value (e.g. the person's name) the document was sent without. */
  'metadata-missing',
  /** What arrived does not match the SHA-256 announced. */
  'checksum-mismatch',
  /** What arrived does not have the size announced. */
  'size-mismatch',
  /** The malware scan could not be made (an error of the scanner, or access to the file denied). */
  'scan-failed',
  /** The scanner cannot scan this file (GuardDuty's UNSUPPORTED: e.g. too large, encrypted). */
  'scan-unsupported',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** The reasons the malware scan gave no verdict for: an administrator's retry scans again. */
export const SCAN_HOLD_REASONS: readonly HoldReason[] = ['scan-failed', 'scan-unsupported'];

/**
 * Why a document is quarantined (state `quarantined`): the content check on completion
 * (documents/content-check.ts, the policy DOCUMENT_CONTENT_POLICY) or the malware scan.
 */
export const QUARANTINE_REASONS = [
  /** The malware scan found a threat (its names in the detail). */
  'malware-found',
  /** A program, whatever its name: a Windows (MZ/PE), Linux (ELF) or macOS (Mach-O) executable, a Java class, WebAssembly. */
  'executable-content',
  /**
   * A script: a file starting with `#!`, a shell, batch or PowerShell script, HTML or JavaScript;
   * XML that is SVG or (X)HTML carrying script (`<script>`, `on…=` event attributes,
   * `javascript:` URLs), or that declares an internal DTD subset (which can add any of them).
   */
  'script-content',
  /** A macro-enabled Office file (docm, xlsm, pptm…) or an OLE2 (legacy Office) container. */
  'macro-enabled',
  /** An archive (zip, 7z, rar, tar, gzip…) — it may carry anything; only Office's own zips pass. */
  'archive-content',
  /** The file is another type than it is declared as, or its name's extension says. */
  'type-mismatch',
  /** A type the environment's policy does not allow (the content check found it, the policy refuses it). */
  'type-not-allowed',
] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];

/** The reasons the hub clears by itself once a standard is published. */
export const MAPPING_HOLD_REASONS: readonly HoldReason[] = [
  'sender-no-standard',
  'sender-type-unmapped',
  'receiver-no-standard',
  'receiver-artifact-unmapped',
  'ambiguous-mapping',
];

/**
 * Whether a document's file may be handed out (a console download): only once the malware scan
 * found it clean (issue 34) — delivered or acknowledged, or held afterwards for a mapping or a
 * value its type needs; rejected or asked back (recall-requested), the receiver still has it.
 * Never quarantined, awaiting its scan, held for a scan, before the completion's content check,
 * or recalled (issue 35: the sender took it back). The server applies it (s3documents/download);
 * the screen mirrors it.
 */
export const fileMayBeHandedOut = (document: {
  state: DocumentState;
  holdReason: HoldReason | null;
}): boolean =>
  document.state === 'delivered' ||
  document.state === 'acknowledged' ||
  document.state === 'rejected' ||
  document.state === 'recall-requested' ||
  (document.state === 'held' &&
    document.holdReason !== null &&
    (MAPPING_HOLD_REASONS.includes(document.holdReason) ||
      document.holdReason === 'metadata-missing'));

/**
 * What a held document waits for, as the console's list filters it (`holdKind`): `mapping`, a
 * mapping standard to be published (MAPPING_HOLD_REASONS; the hub tries again by itself);
 * `sender`, the sender — its file again (a checksum or size mismatch) or a value it left out
 * (`metadata-missing`); `scan`, a malware scan that gave no verdict (SCAN_HOLD_REASONS; an
 * administrator's retry scans again). Every hold reason is of exactly one kind.
 */
export const HOLD_KINDS = ['mapping', 'sender', 'scan'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];
export const holdKindOf = (reason: HoldReason): HoldKind =>
  MAPPING_HOLD_REASONS.includes(reason)
    ? 'mapping'
    : SCAN_HOLD_REASONS.includes(reason)
      ? 'scan'
      : 'sender';

/**
 * How long deliveries took (sent to delivered), as the hub counts them: a histogram whose bucket
 * `i` holds the times above bound `i - 1` and at most bound `i` (seconds), and one bucket more,
 * after the last bound, for what took longer. A percentile read from it is "at most" its bucket's
 * bound (p90 ≤ 5 min).
 */
export const DELIVERY_TIME_BOUNDS_SECONDS = [
  1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21_600, 43_200, 86_400, 172_800, 604_800,
] as const;
/** How many buckets the histogram has: one per bound, and the one beyond the last. */
export const DELIVERY_TIME_BUCKETS = DELIVERY_TIME_BOUNDS_SECONDS.length + 1;
/** The bucket a delivery that took `seconds` falls in. */
export const deliveryBucketOf = (seconds: number): number => {
  const at = DELIVERY_TIME_BOUNDS_SECONDS.findIndex((bound) => seconds <= bound);
  return at < 0 ? DELIVERY_TIME_BOUNDS_SECONDS.length : at;
};

export const DIRECTIONS = ['site-to-sponsor', 'sponsor-to-site'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * eTMF-EMS import (issue 17): a package from a CRO or another eTMF filed into a study. The
 * administrator announces the package (s3documents/import-etmf-upload) and uploads it through
 * the presigned PUT; s3documents/import-etmf then reads it where it lies, by ranges: exchange.xml
 * is validated against the standard's XSD (an inventory that does not validate is refused whole,
 * nothing filed), and each object's files are checked against their INTEGRITY and filed by
 * artifact number — trial and country level to the study, site level to the study's connection
 * whose site number is the object's SITEID. What cannot be filed is reported with its reason.
 *
 * Imported objects are the study's, not a connection's exchange: they are kept beside the
 * exchanged documents (their own list, download and counts), never delivered to a system. The
 * sponsor side of the study (its sponsor, its CRO) imports and reads them; a PlatformAdmin too.
 */
export const IMPORT_STATES = ['awaiting-upload', 'importing', 'completed', 'rejected'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** The largest package: 2 GB (read by ranges, never whole in memory). */
export const MAX_IMPORT_BYTES = 2 * 1000 * 1000 * 1000;

/** Why an object, or one of its files, was not filed. */
export const NOT_FILED_REASONS = [
  /** Its ARTIFACTNUMBER is not an artifact of the TMF Reference Model 3.3. */
  'artifact-unknown',
  /**
   * Its UNIQUEID names another artifact than its ARTIFACTNUMBER (imports before issue 34; such an
   * object is a conflict now).
   */
  'artifact-mismatch',
  /** The artifact is not filed at the object's level (trial, country, site). */
  'level-not-allowed',
  /** A site-level object whose SITEID is no site of the study. */
  'site-unknown',
  /** Its CONTENTURL names no file in the package. */
  'file-missing',
  /** Its INTEGRITY names no hash the hub can check. */
  'integrity-unreadable',
  /** The file's hash is not the one its INTEGRITY states. */
  'checksum-mismatch',
  /** A kind of file the hub does not keep (the types documents may have). */
  'file-type-not-allowed',
  /** Larger than a document may be (MAX_DOCUMENT_BYTES). */
  'file-too-large',
  /** The package's copy of the file is damaged (its size or CRC-32 is not the zip's). */
  'file-unreadable',
  /**
   * The file verified, but another file of its object did not: an object is filed whole or not
   * at all (issue 34), so nothing of it is filed.
   */
  'object-incomplete',
  /** The object has more files than one step files together (MAX_OBJECT_FILES). */
  'too-many-files',
] as const;
export type NotFiledReason = (typeof NOT_FILED_REASONS)[number];

/**
 * What became of one file of an object not filed: verified (kept back only because another
 * file of its object was not), not checked (the object was refused before its files were read),
 * or why it failed (a NOT_FILED_REASONS code).
 */
export const FILE_OUTCOMES = ['verified', 'not-checked', ...NOT_FILED_REASONS] as const;
export type FileOutcome = (typeof FILE_OUTCOMES)[number];

/**
 * An object whose filing is uncertain (issue 34): its package is of another TMF Reference Model
 * release, or its UNIQUEID, ARTIFACTNUMBER and the name the package gives do not agree in our
 * catalogue. Its files were verified and staged; nothing of it is filed until a person resolves
 * it in the console: `filed` (as the artifact they chose) or `skipped`.
 */
export const CONFLICT_STATES = ['open', 'filed', 'skipped'] as const;
export type ConflictState = (typeof CONFLICT_STATES)[number];

/** Why an artifact is a conflict's candidate: its number, its UNIQUEID or its name agrees. */
export const CANDIDATE_BASES = ['number', 'unique-id', 'name'] as const;
export type CandidateBasis = (typeof CANDIDATE_BASES)[number];

/**
 * The most files one object may have: its files are filed in one transaction (two items each,
 * with the import and the artifact's counter), and DynamoDB takes 100 items in one.
 */
export const MAX_OBJECT_FILES = 40;

/** At most this many conflicts are listed one by one (the count has every one). */
export const CONFLICTS_LISTED = 500;

/** At most this many objects not filed are listed one by one (the count has every one). */
export const NOT_FILED_LISTED = 500;
