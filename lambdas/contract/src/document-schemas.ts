import * as z from 'zod';
import { isoDateSchema } from './fields';
import type { Role } from './roles';
import {
  DOCUMENT_STATES,
  HOLD_REASONS,
  HOLD_KINDS,
  DIRECTIONS,
  QUARANTINE_REASONS,
} from './document-constants';
import { versionViewShape } from './document-version-schemas';
import { returnViewShape } from './document-return-schemas';

/** The records of a document as the console and partner API read them (the model: documents.ts). */

export { documentIdSchema, documentTextSchema } from './document-text';

/** A document type code as a mapping standard writes it (`sourceCode`). */
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
      /** The content check passed: what the file really is (documents/content-check.ts). */
      'content-checked',
      /** The malware scan's verdict: no threats found. */
      'scanned',
      /** A new scan was asked for (an administrator's retry of a scan hold). */
      'scan-requested',
      'quarantined',
      /** A later version of the document was delivered (issue 34). */
      'superseded',
      /** Issue 35: the receiver rejected it; the sender recalled it (or asked to); the answer. */
      'rejected',
      'recall-requested',
      'recalled',
      'recall-declined',
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
  /** Why it is quarantined (state `quarantined`); null otherwise. */
  quarantineReason: z.enum(QUARANTINE_REASONS).nullable(),
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
    /** What the content check or the scan found, in words (state `quarantined`). */
    quarantineDetail: z.string().nullable(),
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
    ...versionViewShape(),
    ...returnViewShape(),
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
  /** Held, waiting for a mapping, for the sender or for a scan again (HOLD_KINDS). */
  holdKind: z.enum(HOLD_KINDS).optional(),
  /**
   * Reached its receiver: delivered, acknowledged, or sent back since (rejected, recall
   * requested or recalled after its delivery), as the dashboard's delivered figure and the
   * list's `total` count it. A string, as a link's query carries it; `true` is its one value.
   */
  delivered: z.enum(['true']).optional(),
});
