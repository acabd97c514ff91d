import * as z from 'zod';
import { isoDateSchema } from './fields';
import {
  CANDIDATE_BASES,
  CONFLICT_STATES,
  FILE_OUTCOMES,
  IMPORT_STATES,
  NOT_FILED_REASONS,
} from './document-constants';
import { SIGNATURE_METHODOLOGIES } from './document-version-schemas';

/** The records of an eTMF-EMS import (the model: document-constants.ts, IMPORT_STATES). */

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
  /** Objects whose filing is uncertain and waits for a person (open conflicts). */
  conflicts: z.number().int(),
  /** The files of the conflicts not filed through them (open or skipped). */
  conflictFiles: z.number().int(),
});

export const importSummarySchema = z.lazy(() => z.object(importSummaryShape()));
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** One file of an object not filed: its outcome, and why. */
export const fileOutcomeSchema = z.lazy(() =>
  z.object({
    fileName: z.string(),
    outcome: z.enum(FILE_OUTCOMES),
    detail: z.string().nullable(),
    /** Verified with a weaker hash than SHA-256 (MD5, SHA-1): what that means. */
    integrityNote: z.string().nullable(),
  }),
);

/** An object whose filing is uncertain, the artifacts it may be, and what a person decided. */
export const importConflictSchema = z.lazy(() =>
  z.object({
    seq: z.number().int(),
    objectId: z.string(),
    /** What the package says: its ARTIFACTNUMBER, UNIQUEID, TMFRMVERSION, the name it gives. */
    artifactNumber: z.string(),
    uniqueId: z.string(),
    tmfRmVersion: z.string(),
    statedName: z.string().nullable(),
    title: z.string(),
    level: z.enum(['trial', 'country', 'site']),
    siteNumber: z.string().nullable(),
    why: z.string(),
    candidates: z.array(
      z.object({ number: z.string(), name: z.string(), basis: z.enum(CANDIDATE_BASES) }),
    ),
    files: z.array(
      z.object({
        fileName: z.string(),
        size: z.number().int(),
        sha256: z.string(),
        integrityNote: z.string().nullable(),
      }),
    ),
    state: z.enum(CONFLICT_STATES),
    resolvedBy: z.string().nullable(),
    resolvedAt: isoDateSchema.nullable(),
    /** The artifact a person filed it as (state `filed`). */
    filedAs: z.object({ number: z.string(), name: z.string() }).nullable(),
  }),
);
export type ImportConflict = z.infer<typeof importConflictSchema>;

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
    /**
     * The objects not filed (the first NOT_FILED_LISTED), each with its reason and what became of
     * each of its files: an object is filed whole or not at all.
     */
    notFiledList: z.array(
      z.object({
        objectId: z.string(),
        fileName: z.string(),
        artifactNumber: z.string(),
        reason: z.enum(NOT_FILED_REASONS),
        detail: z.string(),
        files: z.array(fileOutcomeSchema),
      }),
    ),
    /** The objects whose filing is uncertain (the first CONFLICTS_LISTED), open or resolved. */
    conflictList: z.array(importConflictSchema),
  }),
);
export type ImportDetail = z.infer<typeof importDetailSchema>;

/**
 * A signature of a filed file as the package states it (eTMF-EMS <SIGNATURE> under <FILE>), in the
 * words of a sent document's signature; `signedAt` is SIGNATUREDATETIME as written (an
 * xs:dateTime, whose offset the standard asks for but its schema does not require).
 */
export const importedSignatureSchema = z.lazy(() =>
  z.object({
    methodology: z.enum(SIGNATURE_METHODOLOGIES),
    signerId: z.string(),
    signerName: z.string(),
    signedAt: z.string(),
    reason: z.string(),
  }),
);
export type ImportedSignature = z.infer<typeof importedSignatureSchema>;

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
    /** Verified with a weaker hash than SHA-256 (MD5, SHA-1): what that means. */
    integrityNote: z.string().nullable(),
    /** Who signed the file, as the package states it (its SIGNATUREs, the first ten). */
    signatures: z.array(importedSignatureSchema),
  }),
);
export type FiledObject = z.infer<typeof filedObjectSchema>;
