import * as z from 'zod';
import { cursorSchema, isoDateSchema, otpSchema } from './fields';
import { registryTextSchema } from './organisation-schemas';
import { ADMINS, READERS, downloadLinkSchema } from './common';
import { defineRoute } from './route';
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

/**
 * Mapping standards (issue 16): for one organisation's systems (or the vendor product they run),
 * how each of the system's own document types maps to a TMF Reference Model artifact — so a site
 * system and a sponsor system exchange documents without a mapping per pair: site type →
 * artifact → sponsor type.
 *
 * - A standard belongs to one organisation and applies to some of its systems and/or names the
 *   vendor product it describes. It targets one catalogue version (the model's, tmf-catalogue.ts).
 * - Versions 1, 2, …: each a **draft** (editable; may hold rows with problems), then
 *   **published** (immutable, signed), then perhaps **retired**. One draft at a time; editing a
 *   published version starts the next draft (`artifact/new-version`). Name, description,
 *   systems and product belong to the version, like its rows.
 * - **Publishing is an electronic signature** (21 CFR 11.50, 11.200): the signer gives their
 *   password and a fresh authenticator code and states the meaning; the server checks both with
 *   Cognito and stores the printed name, e-mail, time and meaning with the version. Only a
 *   version without problems is published.
 * - **A system uses exactly one published standard at a time**: the newest published version of
 *   the standard naming it. Publishing a version that names a system already using another
 *   standard is refused (409) — take it out of that one first; every change of a system's
 *   standard is audited (`system.standard-changed`). Retiring the version a system uses leaves
 *   the system without a standard (audited the same way).
 * - Who: a PlatformAdmin everything; an OrgAdmin their own organisation's standards; an Auditor
 *   reads (their organisation's, or all when they reach everything).
 *
 * Rows, their rules, the coverage report, the diff and the file layout: standard-rows.ts.
 */

export {
  SIGNATURE_MEANINGS,
  STANDARD_STATUSES,
  type SignatureMeaning,
  type StandardStatus,
} from './standard-statuses';
import { SIGNATURE_MEANINGS, STANDARD_STATUSES } from './standard-statuses';

export const standardIdSchema = z.lazy(() =>
  z.string().regex(/^std-[a-z0-9]{8,40}$/, 'standardId is not valid'),
);
const versionNumberSchema = z.coerce.number().int().min(1).max(100_000);
const catalogueVersionSchema = z.enum(CATALOGUE_VERSIONS, {
  error: `The catalogue version must be one of: ${CATALOGUE_VERSIONS.join(', ')}.`,
});
const registryIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not a valid id');

/** A cell of a row: any printable text (names come from other systems), no control characters. */
const rowText = (max: number) =>
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

const rowsSchema = z.lazy(() =>
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

const systemRefSchema = z.lazy(() => z.object({ systemId: z.string(), name: z.string() }));

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

const coverageSchema = z.lazy(() =>
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

const catalogueSchema = z.lazy(() =>
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
const proseSchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(max, `At most ${String(max)} characters.`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, 'Control characters are not allowed.');

const metaFields = {
  name: registryTextSchema(120),
  description: proseSchema(2000).nullable().optional(),
  // A published version claims each of its systems in one registry commit (at most ~100 items).
  systemIds: z.array(registryIdSchema).max(40, 'A standard names at most 40 systems.').optional(),
  product: registryTextSchema(200).nullable().optional(),
};

const ROWS_BODY_BYTES = 3 * 1024 * 1024;

const revisionField = {
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
});

/** The mapping-standard calls (artifact/*, SPEC §7). */
export const standardRoutes = {
  'artifact/list-standards': defineRoute({
    operation: 'artifact/list-standards',
    method: 'GET',
    path: 'artifact/list-standards',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'The mapping standards the caller sees, newest change first; search by name, product, system or organisation; filter by status (of any version), system, organisation, catalogue version and a draft older than a day (`draftBefore`); `total` the number that match.',
    request: () =>
      standardListQuerySchema
        .extend({
          cursor: cursorSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        })
        .strict(),
    response: () =>
      z.object({
        standards: z.array(standardSummarySchema),
        nextCursor: z.string().nullable(),
        /** How many standards match (every page of them). */
        total: z.number().int(),
      }),
  }),
  'artifact/get-standard': defineRoute({
    operation: 'artifact/get-standard',
    method: 'GET',
    path: 'artifact/get-standard',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'One version of a standard (the newest when no version is given) with its rows, their problems, the coverage report and every version of the standard.',
    request: () =>
      z.object({ standardId: standardIdSchema, version: versionNumberSchema.optional() }).strict(),
    response: () => standardDetailSchema,
  }),
  'artifact/create-standard': defineRoute({
    operation: 'artifact/create-standard',
    method: 'POST',
    path: 'artifact/create-standard',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Creates a standard as draft version 1: blank, a clone of a version the caller sees, or the rows of an imported file (read by the same layout the download writes).',
    request: () =>
      z
        .object({
          ...metaFields,
          organisationId: registryIdSchema,
          catalogueVersion: catalogueVersionSchema,
          source: z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('blank') }).strict(),
            z
              .object({
                kind: z.literal('clone'),
                standardId: standardIdSchema,
                version: z.number().int().min(1),
              })
              .strict(),
            z
              .object({
                kind: z.literal('import'),
                fileName: z.string().trim().min(1).max(255),
                rows: rowsSchema,
              })
              .strict(),
          ]),
        })
        .strict(),
    response: () => standardDetailSchema,
    maxBodyBytes: ROWS_BODY_BYTES,
  }),
  'artifact/update-standard': defineRoute({
    operation: 'artifact/update-standard',
    method: 'POST',
    path: 'artifact/update-standard',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Changes a draft: its name, description, systems, product and rows (all rows, as the editor holds them). A published or retired version is never changed: artifact/new-version starts the next draft.',
    request: () =>
      z
        .object({
          standardId: standardIdSchema,
          version: z.number().int().min(1),
          ...revisionField,
          name: registryTextSchema(120).optional(),
          description: metaFields.description,
          systemIds: metaFields.systemIds,
          product: metaFields.product,
          rows: rowsSchema.optional(),
        })
        .strict(),
    response: () => standardDetailSchema,
    maxBodyBytes: ROWS_BODY_BYTES,
  }),
  'artifact/new-version': defineRoute({
    operation: 'artifact/new-version',
    method: 'POST',
    path: 'artifact/new-version',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Starts the next draft version from a published or retired version (its rows and details); 409 while the standard has a draft.',
    request: () =>
      z
        .object({
          standardId: standardIdSchema,
          fromVersion: z.number().int().min(1),
          ...revisionField,
        })
        .strict(),
    response: () => standardDetailSchema,
  }),
  'artifact/publish-standard': defineRoute({
    operation: 'artifact/publish-standard',
    method: 'POST',
    path: 'artifact/publish-standard',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Publishes a draft without problems, signed: the signer's password and a fresh authenticator code are checked with Cognito, and the printed name, time and meaning are stored with the version. Its systems then use it.",
    request: () =>
      z
        .object({
          standardId: standardIdSchema,
          version: z.number().int().min(1),
          ...revisionField,
          meaning: z.enum(SIGNATURE_MEANINGS),
          password: z.string().min(1).max(256),
          code: otpSchema,
        })
        .strict(),
    response: () => standardDetailSchema,
  }),
  'artifact/retire-standard': defineRoute({
    operation: 'artifact/retire-standard',
    method: 'POST',
    path: 'artifact/retire-standard',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Retires a published version, with the reason; a system that used it has no standard until another is published for it.',
    request: () =>
      z
        .object({
          standardId: standardIdSchema,
          version: z.number().int().min(1),
          ...revisionField,
          reason: proseSchema(500),
        })
        .strict(),
    response: () => standardDetailSchema,
  }),
  'artifact/diff-standards': defineRoute({
    operation: 'artifact/diff-standards',
    method: 'GET',
    path: 'artifact/diff-standards',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'What changed between two versions of a standard: its details, and its rows keyed by source code (added, removed, changed with the fields that differ).',
    request: () =>
      z
        .object({
          standardId: standardIdSchema,
          from: versionNumberSchema,
          to: versionNumberSchema,
        })
        .strict(),
    response: () =>
      z.object({
        from: standardVersionSchema,
        to: standardVersionSchema,
        details: z.array(
          z.object({
            field: z.string(),
            before: z.string().nullable(),
            after: z.string().nullable(),
          }),
        ),
        rows: z.array(
          z.object({
            key: z.string(),
            before: mappingRowSchema.nullable(),
            after: mappingRowSchema.nullable(),
            fields: z.array(z.enum(ROW_FIELDS)),
          }),
        ),
      }),
  }),
  'artifact/download': defineRoute({
    operation: 'artifact/download',
    method: 'GET',
    path: 'artifact/download',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A short-lived link to one version's rows as CSV (the layout an import reads) or JSON (the version's details, signature and rows).",
    request: () =>
      z
        .object({
          standardId: standardIdSchema,
          version: versionNumberSchema,
          format: z.enum(['csv', 'json']),
        })
        .strict(),
    response: () => downloadLinkSchema,
  }),
  'artifact/catalogue': defineRoute({
    operation: 'artifact/catalogue',
    method: 'GET',
    path: 'artifact/catalogue',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'The TMF Reference Model catalogue a standard targets: zones, sections, artifacts (number, unique ID, name, core or recommended, filing levels, sub-artifacts).',
    request: () => z.object({ version: catalogueVersionSchema.optional() }).strict(),
    response: () => z.object({ catalogue: catalogueSchema, versions: z.array(z.string()) }),
  }),
} as const;
