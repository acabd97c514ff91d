import * as z from 'zod';
import { cursorSchema, otpSchema } from './fields';
import { registryTextSchema } from './organisation-schemas';
import { ADMINS, READERS, downloadLinkSchema } from './common';
import { defineRoute } from './route';
import { SIGNATURE_MEANINGS } from './standard-statuses';
import { ROW_FIELDS } from './standard-rows';
import {
  standardIdSchema,
  mappingRowSchema,
  standardVersionSchema,
  standardSummarySchema,
  standardDetailSchema,
  standardListQuerySchema,
  versionNumberSchema,
  catalogueVersionSchema,
  registryIdSchema,
  rowsSchema,
  catalogueSchema,
  proseSchema,
  metaFields,
  ROWS_BODY_BYTES,
  revisionField,
} from './standard-schemas';

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
      'Creates a standard as draft version 1: blank, the TMF Reference Model template (a row per artifact of its catalogue version, the artifact number as the type code), a clone of a version the caller sees (or of a connected partner’s version in use), or the rows of an imported file (read by the same layout the download writes).',
    request: () =>
      z
        .object({
          ...metaFields,
          organisationId: registryIdSchema,
          catalogueVersion: catalogueVersionSchema,
          source: z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('blank') }).strict(),
            /** A row per artifact of the catalogue: a system that files by the model's own numbers. */
            z.object({ kind: z.literal('reference-model') }).strict(),
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
