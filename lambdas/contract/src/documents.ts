import * as z from 'zod';
import { cursorSchema, isoDateSchema } from './fields';
import { ADMINS, READERS, downloadLinkSchema } from './common';
import { defineRoute } from './route';
import type { Role } from './roles';

/**
 * Documents exchanged between connected systems (issue 17): the model both the partner API and
 * the console read, and the console's `s3documents/*` calls (SPEC §7 names the prefix; the paths
 * and payloads are ours).
 *
 * A document is sent by one system of an active connection to the other: announced (type, title,
 * size, SHA-256…), uploaded straight to S3 through a presigned PUT, then completed: the hub checks
 * what arrived, classifies it through the sender's published mapping standard (its type → a TMF
 * Reference Model artifact) and the receiver's (that artifact → the receiver's own type), and
 * delivers it into the receiver's inbox. Whatever stops that holds the document with a reason;
 * nothing is dropped.
 */

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

/** The largest document: 100 MB. */
export const MAX_DOCUMENT_BYTES = 100 * 1000 * 1000;

/**
 * Where a document is:
 * - `awaiting-upload`: announced; its file has not been completed yet;
 * - `received`: the file arrived and matches the size and SHA-256 announced;
 * - `classified`: mapped to an artifact and to the receiver's type;
 * - `delivered`: in the receiver's inbox;
 * - `acknowledged`: the receiver confirmed it has it;
 * - `held`: stopped, with a reason, until what is missing is there (see HOLD_REASONS).
 */
export const DOCUMENT_STATES = [
  'awaiting-upload',
  'received',
  'classified',
  'delivered',
  'acknowledged',
  'held',
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
  /** The artifact needs a value (e.g. the person's name) the document was sent without. */
  'metadata-missing',
  /** What arrived does not match the SHA-256 announced. */
  'checksum-mismatch',
  /** What arrived does not have the size announced. */
  'size-mismatch',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** The reasons the hub clears by itself once a standard is published. */
export const MAPPING_HOLD_REASONS: readonly HoldReason[] = [
  'sender-no-standard',
  'sender-type-unmapped',
  'receiver-no-standard',
  'receiver-artifact-unmapped',
];

/**
 * What a held document waits for, as the console's list filters it (`holdKind`): `mapping`, a
 * mapping standard to be published (MAPPING_HOLD_REASONS; the hub tries again by itself);
 * `sender`, the sender — its file again (a checksum or size mismatch) or a value it left out
 * (`metadata-missing`). Every hold reason is of exactly one kind.
 */
export const HOLD_KINDS = ['mapping', 'sender'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];
export const holdKindOf = (reason: HoldReason): HoldKind =>
  MAPPING_HOLD_REASONS.includes(reason) ? 'mapping' : 'sender';

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

/** A document type code as a mapping standard writes it (`sourceCode`). */
/** A UTF-16 surrogate without its pair: text no file system, header or XML can carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/**
 * A document's text as it travels on (a file name, a title, a name): trimmed, no control or
 * format characters (no bidi overrides hiding an extension), no lone surrogate — so every
 * header, inventory (exchange.xml) and file system that receives it can carry it.
 */
export const documentTextSchema = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} has at most ${String(max)} characters.`)
    .refine(
      (v) => !/[\p{Cc}\p{Cf}]/u.test(v) && !LONE_SURROGATE.test(v),
      `${field} may not contain control or format characters.`,
    );

export const typeCodeSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'A document type code is required.')
    .max(100)
    .regex(/^[^\p{Cc}]+$/u, 'A document type code has no control characters.'),
);

export const sha256Schema = z.lazy(() =>
  z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'sha256 is the file’s SHA-256 as 64 hexadecimal digits.')
    .transform((v) => v.toLowerCase()),
);

export const documentIdSchema = z.lazy(() =>
  z
    .string()
    .regex(/^doc-[0-9a-z]{26}$/, 'documentId is not a document id (doc-…).')
    .describe('A document id, as the hub gave it.'),
);

/** One step a document went through: when, what, and who (a system, an administrator, the hub). */
export const documentEventSchema = z.lazy(() =>
  z.object({
    at: isoDateSchema,
    event: z.enum([
      'announced',
      'uploaded',
      'received',
      'classified',
      'delivered',
      'acknowledged',
      'held',
      'retried',
    ]),
    /** `system:<id>`, an administrator's e-mail, or `hub`. */
    by: z.string(),
    detail: z.string().nullable(),
  }),
);
export type DocumentEvent = z.infer<typeof documentEventSchema>;

/** How the hub classified a document: the sender's type → artifact → the receiver's type. */
export const classificationSchema = z.lazy(() =>
  z.object({
    catalogueVersion: z.string(),
    artifactNumber: z.string(),
    artifactName: z.string(),
    zoneName: z.string(),
    sectionName: z.string(),
    subArtifact: z.string(),
    filingLevel: z.enum(['trial', 'country', 'site']),
    sender: z.object({
      standardId: z.string(),
      version: z.number().int(),
      typeCode: z.string(),
      typeName: z.string(),
    }),
    /** Null while the receiver's side is not mapped. */
    receiver: z
      .object({
        standardId: z.string(),
        version: z.number().int(),
        typeCode: z.string(),
        typeName: z.string(),
      })
      .nullable(),
  }),
);
export type Classification = z.infer<typeof classificationSchema>;

const standardRefSchema = () =>
  z.object({ standardId: z.string(), version: z.number().int(), name: z.string() });

const systemRef = () =>
  z.object({
    systemId: z.string(),
    name: z.string(),
    organisationId: z.string(),
    organisationName: z.string(),
  });

const summaryShape = () => ({
  documentId: z.string(),
  state: z.enum(DOCUMENT_STATES),
  holdReason: z.enum(HOLD_REASONS).nullable(),
  direction: z.enum(DIRECTIONS),
  connectionId: z.string(),
  studyId: z.string(),
  protocolNumber: z.string(),
  siteNumber: z.string(),
  sender: systemRef(),
  receiver: systemRef(),
  typeCode: z.string(),
  title: z.string(),
  version: z.string(),
  documentDate: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  artifactNumber: z.string().nullable(),
  receiverTypeCode: z.string().nullable(),
  sentAt: isoDateSchema,
  updatedAt: isoDateSchema,
});

/** A document as the console lists it. */
export const documentSummarySchema = z.lazy(() => z.object(summaryShape()));
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** A document with everything the console shows of it. */
export const documentDetailSchema = z.lazy(() =>
  z.object({
    ...summaryShape(),
    holdDetail: z.string().nullable(),
    language: z.string(),
    personName: z.string().nullable(),
    organisationName: z.string().nullable(),
    sha256: z.string(),
    /** The size that arrived (null before the upload was completed). */
    receivedSize: z.number().int().nullable(),
    classification: classificationSchema.nullable(),
    events: z.array(documentEventSchema),
    /**
     * The mapping standards the sender's and the receiver's systems use now (null: none
     * published): where a missing mapping is to be made.
     */
    standards: z.object({
      sender: standardRefSchema().nullable(),
      receiver: standardRefSchema().nullable(),
    }),
    /** The newest console downloads (every one is in the audit trail), and how many in all. */
    downloads: z.array(z.object({ at: isoDateSchema, by: z.string() })),
    downloadCount: z.number().int(),
  }),
);
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

/**
 * Who may ask the hub to classify a held document again (s3documents/retry): a PlatformAdmin, or
 * an OrgAdmin of the sending or the receiving organisation. The server applies it; the screen
 * offers Retry by it.
 */
export const mayRetryDocument = (
  actor: { role: Role | null; organisationId: string | null },
  document: { senderOrganisationId: string; receiverOrganisationId: string },
): boolean =>
  actor.role === 'PlatformAdmin' ||
  (actor.role === 'OrgAdmin' &&
    actor.organisationId !== null &&
    (actor.organisationId === document.senderOrganisationId ||
      actor.organisationId === document.receiverOrganisationId));

const dateOnly = () => z.iso.date('A date is written YYYY-MM-DD.');

/** The console's document list filters. */
export const documentFilterShape = () => ({
  studyId: z.string().min(1).max(64).optional(),
  connectionId: z.string().min(1).max(64).optional(),
  state: z.enum(DOCUMENT_STATES).optional(),
  direction: z.enum(DIRECTIONS).optional(),
  artifactNumber: z
    .string()
    .regex(/^\d\d(\.\d\d(\.\d\d)?)?$/, 'An artifact number is written zz, zz.ss or zz.ss.aa.')
    .optional(),
  typeCode: z.string().min(1).max(100).optional(),
  /** Sent on or after this day (UTC). */
  sentFrom: dateOnly().optional(),
  /** Sent on or before this day (UTC). */
  sentTo: dateOnly().optional(),
  /** Held, waiting for a mapping or for the sender (HOLD_KINDS). */
  holdKind: z.enum(HOLD_KINDS).optional(),
  /**
   * Delivered (or delivered and acknowledged since). A string, as a link's query carries it;
   * `true` is its one value.
   */
  delivered: z.enum(['true']).optional(),
});

/** The document calls (s3documents/*, SPEC §7). */
export const documentRoutes = {
  's3documents/list': defineRoute({
    operation: 's3documents/list',
    method: 'GET',
    path: 's3documents/list',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'Documents exchanged across the connections within reach, newest first, filtered by study, connection, state, what a held document waits for, delivered, direction, artifact, type and date; 50 a page (`limit` up to 100). A page may hold fewer than asked when the filters leave few: follow `nextCursor` until it is null. `total` is how many documents the whole list holds, from the hub’s counters, for the filters it counts: `state: held` (with `holdKind` or not) alone, or `sentFrom` and `sentTo` (with `direction` and `delivered` or not) alone; null for any other filters.',
    request: () =>
      z
        .object({
          ...documentFilterShape(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        documents: z.array(documentSummarySchema),
        nextCursor: z.string().nullable(),
        /** How many documents the whole list holds; null when its filters are not counted. */
        total: z.number().int().nonnegative().nullable(),
      }),
  }),
  's3documents/get': defineRoute({
    operation: 's3documents/get',
    method: 'GET',
    path: 's3documents/get',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'One document: its classification path, checksum, sizes, every hand-over and who downloaded it.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => z.object({ document: documentDetailSchema }),
  }),
  's3documents/download': defineRoute({
    operation: 's3documents/download',
    method: 'GET',
    path: 's3documents/download',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'A short-lived download link for one received document; the download is recorded in the audit trail and on the document.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => downloadLinkSchema,
  }),
  's3documents/export-etmf': defineRoute({
    operation: 's3documents/export-etmf',
    method: 'POST',
    path: 's3documents/export-etmf',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A study's received documents (or one connection's) as an eTMF Exchange Mechanism Standard package: a zip with exchange.xml (valid against the standard's XSD) and each file under its zone / section / artifact folder, with its SHA-256 as INTEGRITY. Answers a download link valid 5 minutes; the export is audited.",
    request: () =>
      z
        .object({
          studyId: z.string().min(1).max(64),
          connectionId: z.string().min(1).max(64).optional(),
        })
        .strict(),
    response: () =>
      downloadLinkSchema.extend({
        documents: z.number().int(),
        /** The package's size (the zip), in bytes. */
        bytes: z.number().int(),
        /** Received documents left out because the sender's side of their path is unknown. */
        unclassified: z.number().int(),
      }),
  }),
  'artifact/study-completeness': defineRoute({
    operation: 'artifact/study-completeness',
    method: 'GET',
    path: 'artifact/study-completeness',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A study's TMF at artifact level: for each artifact of the TMF Reference Model, how many documents were delivered (in all, and per site); for each site within reach, the core artifacts that may be filed at site level and have no document yet.",
    request: () => z.object({ studyId: z.string().min(1).max(64) }).strict(),
    response: () =>
      z.object({
        study: z.object({ studyId: z.string(), protocolNumber: z.string(), title: z.string() }),
        catalogueVersion: z.string(),
        artifacts: z.array(
          z.object({
            number: z.string(),
            name: z.string(),
            core: z.boolean(),
            siteLevel: z.boolean(),
            documents: z.number().int(),
            /** Files filed by eTMF-EMS imports (not exchanged: s3documents/imports). */
            imported: z.number().int(),
          }),
        ),
        sites: z.array(
          z.object({
            connectionId: z.string(),
            siteNumber: z.string(),
            siteName: z.string(),
            status: z.string(),
            documents: z.number().int(),
            imported: z.number().int(),
            /** Core artifacts that may be filed at site level. */
            coreSiteArtifacts: z.number().int(),
            /** Their numbers that have no document yet for this site, exchanged or imported. */
            missingCore: z.array(z.string()),
          }),
        ),
      }),
  }),
  's3documents/retry': defineRoute({
    operation: 's3documents/retry',
    method: 'POST',
    path: 's3documents/retry',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Classifies a document held for a missing mapping again, with the standards published now; it is delivered, or stays held with the reason found now.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => z.object({ document: documentDetailSchema }),
  }),
} as const;

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

/** Why an object (one of its files) was not filed. */
export const NOT_FILED_REASONS = [
  /** Its ARTIFACTNUMBER is not an artifact of the TMF Reference Model 3.3. */
  'artifact-unknown',
  /** Its UNIQUEID names another artifact than its ARTIFACTNUMBER. */
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
] as const;
export type NotFiledReason = (typeof NOT_FILED_REASONS)[number];

/** At most this many objects not filed are listed one by one (the count has every one). */
export const NOT_FILED_LISTED = 500;

export const importIdSchema = z.lazy(() =>
  z
    .string()
    .regex(/^imp-[0-9a-z]{26}$/, 'importId is not an import id (imp-…).')
    .describe('An import id, as the hub gave it.'),
);

const importSummaryShape = () => ({
  importId: z.string(),
  studyId: z.string(),
  protocolNumber: z.string(),
  state: z.enum(IMPORT_STATES),
  fileName: z.string(),
  size: z.number().int(),
  startedAt: isoDateSchema,
  startedBy: z.string(),
  completedAt: isoDateSchema.nullable(),
  /** Objects in the inventory; files among them; files filed now, filed before, not filed. */
  objects: z.number().int(),
  files: z.number().int(),
  filed: z.number().int(),
  alreadyFiled: z.number().int(),
  notFiled: z.number().int(),
});

export const importSummarySchema = z.lazy(() => z.object(importSummaryShape()));
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importDetailSchema = z.lazy(() =>
  z.object({
    ...importSummaryShape(),
    /** The inventory's BATCH: who sent it, which transfer, which study in the source. */
    batch: z
      .object({
        studyId: z.string(),
        transferSourceId: z.string(),
        transferId: z.string(),
        specificationId: z.string(),
        tmfRmVersion: z.string(),
      })
      .nullable(),
    /** Why the package was refused whole (not a zip, no exchange.xml, an invalid inventory). */
    rejection: z.string().nullable(),
    /** exchange.xml's problems against the XSD, each with its line. */
    problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
    /** The files not filed (the first NOT_FILED_LISTED), each with its reason. */
    notFiledList: z.array(
      z.object({
        objectId: z.string(),
        fileName: z.string(),
        artifactNumber: z.string(),
        reason: z.enum(NOT_FILED_REASONS),
        detail: z.string(),
      }),
    ),
  }),
);
export type ImportDetail = z.infer<typeof importDetailSchema>;

/** A file filed by an import: what the inventory said of its object, and what was verified. */
export const filedObjectSchema = z.lazy(() =>
  z.object({
    seq: z.number().int(),
    objectId: z.string(),
    artifactNumber: z.string(),
    artifactName: z.string(),
    subArtifact: z.string().nullable(),
    level: z.enum(['trial', 'country', 'site']),
    countryId: z.string().nullable(),
    siteNumber: z.string().nullable(),
    connectionId: z.string().nullable(),
    title: z.string(),
    version: z.string(),
    versionState: z.enum(['Current', 'Superseded', 'Obsolete']),
    artifactDate: z.string().nullable(),
    language: z.string().nullable(),
    personNames: z.array(z.string()),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    /** The hash the inventory stated and that was checked (sha256, or the one it names). */
    integrity: z.string(),
  }),
);
export type FiledObject = z.infer<typeof filedObjectSchema>;

/** The eTMF-EMS import calls. */
export const documentImportRoutes = {
  's3documents/import-etmf-upload': defineRoute({
    operation: 's3documents/import-etmf-upload',
    method: 'POST',
    path: 's3documents/import-etmf-upload',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Announces an eTMF-EMS package to import into a study of the caller's sponsor side (a PlatformAdmin: any): answers the import and a presigned PUT (15 minutes) for the zip. Then s3documents/import-etmf.",
    request: () =>
      z
        .object({
          studyId: z.string().min(1).max(64),
          fileName: documentTextSchema('fileName', 255).refine(
            (v) => /\.zip$/iu.test(v),
            'An eTMF-EMS package is a .zip file.',
          ),
          size: z
            .number()
            .int()
            .min(22, 'A zip has at least 22 bytes.')
            .max(MAX_IMPORT_BYTES, 'A package has at most 2 GB.'),
        })
        .strict(),
    response: () =>
      z.object({
        import: importSummarySchema,
        upload: z.object({
          url: z.url(),
          headers: z.record(z.string(), z.string()),
          expiresAt: isoDateSchema,
        }),
      }),
  }),
  's3documents/import-etmf': defineRoute({
    operation: 's3documents/import-etmf',
    method: 'POST',
    path: 's3documents/import-etmf',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Imports the uploaded package: validates exchange.xml against the XSD, verifies every file against its INTEGRITY, files each object by artifact number and reports what could not be filed. A large package is imported over several calls: while the answer says `importing`, call again (each call goes on where the last stopped; nothing is filed twice). Once completed or rejected, the same report again.',
    request: () => z.object({ importId: importIdSchema }).strict(),
    response: () => z.object({ import: importDetailSchema }),
  }),
  's3documents/imports': defineRoute({
    operation: 's3documents/imports',
    method: 'GET',
    path: 's3documents/imports',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: "A study's eTMF-EMS imports, newest first (the newest 100).",
    request: () => z.object({ studyId: z.string().min(1).max(64) }).strict(),
    response: () => z.object({ imports: z.array(importSummarySchema) }),
  }),
  's3documents/import-get': defineRoute({
    operation: 's3documents/import-get',
    method: 'GET',
    path: 's3documents/import-get',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'One import: its report, and the files it filed in inventory order, 100 a page (follow `nextCursor` until it is null).',
    request: () => z.object({ importId: importIdSchema, cursor: cursorSchema.optional() }).strict(),
    response: () =>
      z.object({
        import: importDetailSchema,
        objects: z.array(filedObjectSchema),
        nextCursor: z.string().nullable(),
      }),
  }),
  's3documents/import-download': defineRoute({
    operation: 's3documents/import-download',
    method: 'GET',
    path: 's3documents/import-download',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'A short-lived download link for one file an import filed; the download is recorded in the audit trail.',
    request: () =>
      z
        .object({ importId: importIdSchema, seq: z.coerce.number().int().min(1).max(10_000_000) })
        .strict(),
    response: () => downloadLinkSchema,
  }),
} as const;
