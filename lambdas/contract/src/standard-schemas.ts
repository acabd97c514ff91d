import * as z from 'zod';
import { isoDateSchema } from './fields';
import { registryTextSchema } from './organisation-schemas';
import {
  CATALOGUE_VERSIONS,
  EQUIVALENCES,
  FILING_LEVELS,
  MAX_ROWS,
  PROBLEM_CODES,
  REQUIRED_METADATA,
  ROW_FIELDS,
  ROW_LIMITS,
} from './standard-rows';
import { SIGNATURE_MEANINGS, STANDARD_STATUSES } from './standard-statuses';

/** A mapping standard's records and field rules (the model: standards.ts). */

export const standardIdSchema = z.lazy(() =>
  z.string().regex(/^std-[a-z0-9]{8,40}$/, 'standardId is not valid'),
);
export const versionNumberSchema = z.coerce.number().int().min(1).max(100_000);
export const catalogueVersionSchema = z.enum(CATALOGUE_VERSIONS, {
  error: `The catalogue version must be one of: ${CATALOGUE_VERSIONS.join(', ')}.`,
});
export const registryIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not a valid id');

/** A cell of a row: any printable text (names come from other systems), no control characters. */
export const rowText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'Control characters are not allowed.');

export const mappingRowSchema = z.lazy(() =>
  z
    .object({
      sourceCode: rowText(ROW_LIMITS.sourceCode),
      sourceName: rowText(ROW_LIMITS.sourceName),
      sourcePath: rowText(ROW_LIMITS.sourcePath),
      artifactNumber: z
        .string()
        .regex(/^(\d\d\.\d\d\.\d\d)?$/, 'An artifact number is written zz.ss.aa, e.g. 05.02.04.'),
      subArtifact: rowText(ROW_LIMITS.subArtifact),
      filingLevel: z.enum([...FILING_LEVELS, '']),
      requiredMetadata: z.array(z.enum(REQUIRED_METADATA)).max(REQUIRED_METADATA.length),
      equivalence: z.enum(EQUIVALENCES),
      comment: rowText(ROW_LIMITS.comment),
    })
    .strict(),
);

export const rowsSchema = z.lazy(() =>
  z.array(mappingRowSchema).max(MAX_ROWS, `A standard has at most ${MAX_ROWS} rows.`),
);

export const rowProblemSchema = z.lazy(() =>
  z.object({
    row: z.number().int(),
    field: z.enum(ROW_FIELDS),
    code: z.enum(PROBLEM_CODES),
    message: z.string(),
  }),
);

export const signatureSchema = z.lazy(() =>
  z.object({
    /** The signer's printed name (their name in the directory, else their e-mail). */
    signerName: z.string(),
    signerEmail: z.string(),
    meaning: z.enum(SIGNATURE_MEANINGS),
    signedAt: isoDateSchema,
  }),
);

export const systemRefSchema = z.lazy(() => z.object({ systemId: z.string(), name: z.string() }));

/** One version of a standard, without its rows. */
export const standardVersionSchema = z.lazy(() =>
  z.object({
    standardId: z.string(),
    version: z.number().int(),
    status: z.enum(STANDARD_STATUSES),
    name: z.string(),
    description: z.string().nullable(),
    organisationId: z.string(),
    organisationName: z.string(),
    systems: z.array(systemRefSchema),
    product: z.string().nullable(),
    catalogueVersion: z.enum(CATALOGUE_VERSIONS),
    rowCount: z.number().int(),
    problemCount: z.number().int(),
    basedOnVersion: z.number().int().nullable(),
    /** The version the standard's systems use (the newest published one). */
    inUse: z.boolean(),
    createdAt: isoDateSchema,
    createdBy: z.string(),
    updatedAt: isoDateSchema,
    updatedBy: z.string(),
    signature: signatureSchema.nullable(),
    retired: z.object({ at: isoDateSchema, by: z.string(), reason: z.string() }).nullable(),
  }),
);

/** A standard in the list: its newest version, and which version is in use and which is a draft. */
export const standardSummarySchema = z.lazy(() =>
  z.object({
    standardId: z.string(),
    name: z.string(),
    organisationId: z.string(),
    organisationName: z.string(),
    systems: z.array(systemRefSchema),
    product: z.string().nullable(),
    catalogueVersion: z.enum(CATALOGUE_VERSIONS),
    latestVersion: z.number().int(),
    latestStatus: z.enum(STANDARD_STATUSES),
    publishedVersion: z.number().int().nullable(),
    draftVersion: z.number().int().nullable(),
    rowCount: z.number().int(),
    updatedAt: isoDateSchema,
    updatedBy: z.string(),
    /** The standard's revision: every change sends the one it saw (409 if it moved on). */
    revision: z.number().int(),
  }),
);

export const coverageSchema = z.lazy(() =>
  z.object({
    coreTotal: z.number().int(),
    coreReached: z.number().int(),
    missing: z.array(z.object({ number: z.string(), name: z.string() })),
  }),
);

/** A version as the editor opens it: rows, their problems, coverage, and every version's facts. */
export const standardDetailSchema = z.lazy(() =>
  z.object({
    standard: standardVersionSchema,
    revision: z.number().int(),
    rows: z.array(mappingRowSchema),
    problems: z.array(rowProblemSchema),
    coverage: coverageSchema,
    versions: z.array(standardVersionSchema),
  }),
);

export const catalogueSchema = z.lazy(() =>
  z.object({
    model: z.literal('TMF Reference Model'),
    version: z.string(),
    release: z.string(),
    zones: z.array(
      z.object({
        number: z.string(),
        name: z.string(),
        sections: z.array(
          z.object({
            number: z.string(),
            name: z.string(),
            artifacts: z.array(
              z.object({
                number: z.string(),
                uniqueId: z.string(),
                name: z.string(),
                core: z.boolean(),
                levels: z.array(z.enum(FILING_LEVELS)),
                subArtifacts: z.array(z.string()),
                personal: z.boolean(),
              }),
            ),
          }),
        ),
      }),
    ),
  }),
);

/** Prose people write (a description, a reason): any script, line breaks, no other controls. */
export const proseSchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(max, `At most ${String(max)} characters.`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, 'Control characters are not allowed.');

export const metaFields = {
  name: registryTextSchema(120),
  description: proseSchema(2000).nullable().optional(),
  // A published version claims each of its systems in one registry commit (at most ~100 items).
  systemIds: z.array(registryIdSchema).max(40, 'A standard names at most 40 systems.').optional(),
  product: registryTextSchema(200).nullable().optional(),
};

export const ROWS_BODY_BYTES = 3 * 1024 * 1024;

export const revisionField = {
  revision: z.number().int().min(1),
};

/** The filters of the standard list (artifact/list-standards; query-string values, all strings). */
export const standardListQuerySchema = z.object({
  /** The start of any word of the name, product, organisation or a system's name. */
  search: z.string().trim().max(100).optional(),
  /** A standard with a draft, with a version in use (published), or with every version retired. */
  status: z.enum(STANDARD_STATUSES).optional(),
  /** A standard whose newest version or version in use names the system. */
  systemId: registryIdSchema.optional(),
  organisationId: registryIdSchema.optional(),
  catalogueVersion: catalogueVersionSchema.optional(),
  /**
   * YYYY-MM-DD: a standard whose draft was created before that day began (UTC), e.g. the
   * dashboard's drafts older than 30 days. A string, in a query string as in a JSON body.
   */
  draftBefore: z.iso.date('draftBefore is written YYYY-MM-DD.').optional(),
  /**
   * `true`: instead of the caller's own, the standards with a version in use of the organisations
   * the caller's organisation has an open connection with (invited, active or suspended) — what
   * it may copy to start its own (issue 37: a site starting from its sponsor's).
   */
  partners: z.enum(['true']).optional(),
});
