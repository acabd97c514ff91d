import * as z from 'zod';
import { isoDateSchema } from './fields';
import {
  connectionStatusSchema,
  organisationKindSchema,
  studyPhaseSchema,
  studyStatusSchema,
  systemEnvironmentSchema,
  systemKindSchema,
} from './organisation-constants';
import { mappingRowSchema } from './standard-schemas';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_STATES,
  HOLD_REASONS,
  MAX_DOCUMENT_BYTES,
  QUARANTINE_REASONS,
} from './document-constants';
import {
  classificationSchema,
  documentEventSchema,
  documentTextSchema,
  sha256Schema,
  typeCodeSchema,
} from './document-schemas';
import { sendVersionShape, versionViewShape } from './document-version-schemas';
import { returnViewShape } from './document-return-schemas';

/** What the partner calls take and answer (the calls: partner-routes.ts). */

// ---- what the calls answer ----

export const partnerOrganisationSchema = z.lazy(() =>
  z.object({
    organisationId: z.string(),
    name: z.string(),
    kind: organisationKindSchema,
    country: z.string(),
  }),
);

export const partnerSystemSchema = z.lazy(() =>
  z.object({
    systemId: z.string(),
    name: z.string(),
    kind: systemKindSchema,
    vendor: z.string(),
    product: z.string(),
    environment: systemEnvironmentSchema,
  }),
);

export const partnerConnectionSchema = z.lazy(() =>
  z.object({
    connectionId: z.string(),
    /** Which side of the connection the calling system is on. */
    side: z.enum(['sponsor', 'site']),
    status: connectionStatusSchema,
    study: z.object({
      studyId: z.string(),
      protocolNumber: z.string(),
      title: z.string(),
      phase: studyPhaseSchema,
      status: studyStatusSchema,
      sponsor: partnerOrganisationSchema,
    }),
    siteNumber: z.string(),
    country: z.string(),
    principalInvestigator: z.string(),
    /** The other side: its organisation and the system it exchanges through (null until chosen). */
    counterpart: z.object({
      organisation: partnerOrganisationSchema,
      system: partnerSystemSchema.nullable(),
    }),
    updatedAt: isoDateSchema,
  }),
);
export type PartnerConnection = z.infer<typeof partnerConnectionSchema>;

/** A published mapping standard as a partner system reads it (issue 16). */
export const partnerStandardSchema = z.lazy(() =>
  z.object({
    standardId: z.string(),
    /** The version in use: the newest published one. */
    version: z.number().int(),
    name: z.string(),
    /** `own`: the calling system's standard; `counterpart`: a system it is connected to. */
    relation: z.enum(['own', 'counterpart']),
    organisation: partnerOrganisationSchema,
    /** Its own systems for the caller's standard; for a counterpart's, the connected ones only. */
    systems: z.array(z.object({ systemId: z.string(), name: z.string() })),
    product: z.string().nullable(),
    catalogueVersion: z.string(),
    signature: z.object({
      signerName: z.string(),
      meaning: z.string(),
      signedAt: isoDateSchema,
    }),
    rowCount: z.number().int(),
    /** With `rows=true` only. */
    rows: z.array(mappingRowSchema).optional(),
  }),
);
export type PartnerStandard = z.infer<typeof partnerStandardSchema>;

// ---- the document exchange (issue 17) ----

/** A file name as it will be stored: no path, no control characters, an extension of its type. */
const fileNameSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'fileName is required.')
    .max(200, 'fileName has at most 200 characters.')
    .regex(
      /^[^\p{Cc}\p{Cf}/\\:*?"<>|]+$/u,
      'fileName may not contain / \\ : * ? " < > | or control or format characters.',
    )
    .refine((v) => !/[\uD800-\uDFFF]/u.test(v.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/gu, '')), {
      message: 'fileName is not valid Unicode.',
    })
    .refine((v) => !/^\.+$/.test(v), 'fileName is not a file name.'),
);

/** What a system says of a document it sends. */
export const sendDocumentSchema = z.lazy(() =>
  z
    .object({
      /**
       * A key the sender chooses, unique among its documents: sending again with the same key
       * answers the same document (a new upload URL while the file is not in), never a second one.
       */
      idempotencyKey: z
        .string()
        .min(8, 'idempotencyKey has at least 8 characters.')
        .max(128)
        .regex(/^[A-Za-z0-9_.:-]+$/, 'idempotencyKey may contain only A-Za-z0-9_.:-'),
      /** The connection (study site) to send it over… */
      connectionId: z.string().min(1).max(64).optional(),
      /** …or the study, with the counterpart system when the caller has several connections in it. */
      studyId: z.string().min(1).max(64).optional(),
      counterpartSystemId: z.string().min(1).max(64).optional(),
      /** The sender's own document type code, as its mapping standard lists it. */
      typeCode: typeCodeSchema,
      title: documentTextSchema('title', 500),
      version: documentTextSchema('version', 32).describe(
        'The document’s own version label (1, 2.0…); a new version (supersedesDocumentId) has another than the one it supersedes.',
      ),
      /** The document's own date (signed, approved, issued), YYYY-MM-DD. */
      documentDate: z.iso.date('documentDate is written YYYY-MM-DD.'),
      /** BCP 47, e.g. en, de, tr, pt-BR. */
      language: z
        .string()
        .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language is a BCP 47 tag, e.g. en or pt-BR.'),
      /** Required when the artifact is about a person (a CV, a medical licence). */
      personName: documentTextSchema('personName', 200).optional(),
      organisationName: documentTextSchema('organisationName', 200).optional(),
      fileName: fileNameSchema,
      contentType: z.enum(DOCUMENT_CONTENT_TYPES, {
        error: `contentType must be one of: ${DOCUMENT_CONTENT_TYPES.join(', ')}.`,
      }),
      size: z
        .number()
        .int()
        .min(1, 'size is the file’s size in bytes, at least 1.')
        .max(MAX_DOCUMENT_BYTES, `A document is at most ${MAX_DOCUMENT_BYTES} bytes (100 MB).`),
      sha256: sha256Schema,
      ...sendVersionShape(),
    })
    .strict()
    .refine((v) => v.connectionId !== undefined || v.studyId !== undefined, {
      message: 'Name the connection (connectionId), or the study (studyId).',
      path: ['connectionId'],
    }),
);

const partnerSystemRefSchema = z.lazy(() =>
  z.object({ systemId: z.string(), name: z.string(), organisationName: z.string() }),
);

/** The states as the sender sees them (document-constants.ts DOCUMENT_STATES says more). */
const SENT_STATES =
  'Where the document is: awaiting-upload (announced; complete it once the file is PUT), received, awaiting-scan (size, SHA-256 and content checked; waiting for the malware scan — nothing is delivered before a clean verdict), quarantined (refused for what the file is: never delivered, never exported; final — quarantineReason and quarantineDetail say why; send it again as a new document), classified, delivered, acknowledged, held (holdReason, holdDetail), rejected by the receiver (rejection: reason, comment, who, when; send a corrected version naming it in supersedesDocumentId), recall-requested (recalled after the receiver acknowledged it: the receiver confirms or declines, see recall), or recalled (the file is no longer handed out).';

/** A document as its sender follows it. */
export const partnerSentDocumentSchema = z.lazy(() =>
  z.object({
    documentId: z.string(),
    idempotencyKey: z.string(),
    state: z.enum(DOCUMENT_STATES).describe(SENT_STATES),
    holdReason: z
      .enum(HOLD_REASONS)
      .nullable()
      .describe('Why it is held (state held); null otherwise.'),
    holdDetail: z.string().nullable().describe('The hold in words; null otherwise.'),
    /**
     * Why the hub quarantined the file (state `quarantined`: it is never delivered): what it
     * really is, or the malware found; null otherwise.
     */
    quarantineReason: z
      .enum(QUARANTINE_REASONS)
      .nullable()
      .describe(
        'Why the file is quarantined (state quarantined): malware-found (the malware scan), or what the content check found it really is — executable-content, script-content (also SVG or (X)HTML carrying script), macro-enabled, archive-content, type-mismatch (not what its content type or name says), type-not-allowed (a kind this hub does not accept). Null otherwise.',
      ),
    /** The reason in words: the type found, the threats' names. */
    quarantineDetail: z
      .string()
      .nullable()
      .describe(
        'The quarantine in words: the type found and what it was declared as, the script found, the threats’ names. Null otherwise.',
      ),
    connectionId: z.string(),
    studyId: z.string(),
    receiver: partnerSystemRefSchema,
    typeCode: z.string(),
    title: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    classification: classificationSchema.nullable(),
    ...versionViewShape(),
    ...returnViewShape(),
    events: z.array(documentEventSchema),
    sentAt: isoDateSchema,
    updatedAt: isoDateSchema,
  }),
);
export type PartnerSentDocument = z.infer<typeof partnerSentDocumentSchema>;

/** A document as its receiver gets it: in its own type, with the artifact, and a download link. */
export const partnerReceivedDocumentSchema = z.lazy(() =>
  z.object({
    documentId: z.string(),
    /** Where this document sits in the caller's inbox (ascending). */
    sequence: z.number().int(),
    state: z
      .enum(['delivered', 'acknowledged', 'rejected', 'recall-requested', 'recalled'])
      .describe(
        'delivered, acknowledged; rejected (by the caller), recall-requested (the sender asks for it back: confirm or decline), recalled (the sender took it back: no download).',
      ),
    connectionId: z.string(),
    study: z.object({ studyId: z.string(), protocolNumber: z.string() }),
    siteNumber: z.string(),
    sender: partnerSystemRefSchema,
    /** The caller's own document type, from its mapping standard. */
    typeCode: z.string(),
    typeName: z.string(),
    artifactNumber: z.string(),
    artifactName: z.string(),
    subArtifact: z.string(),
    filingLevel: z.enum(['trial', 'country', 'site']),
    title: z.string(),
    version: z.string(),
    documentDate: z.string(),
    language: z.string(),
    personName: z.string().nullable(),
    organisationName: z.string().nullable(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    ...versionViewShape(),
    deliveredAt: isoDateSchema,
    acknowledgedAt: isoDateSchema.nullable(),
    ...returnViewShape(),
    /** Null once the sender recalled it: its file is no longer handed out. */
    download: z
      .object({ url: z.url(), expiresAt: isoDateSchema })
      .nullable()
      .describe('A download link valid 15 minutes; null once recalled (never handed out again).'),
  }),
);
export type PartnerReceivedDocument = z.infer<typeof partnerReceivedDocumentSchema>;
