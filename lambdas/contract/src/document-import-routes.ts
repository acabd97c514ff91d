import * as z from 'zod';
import { cursorSchema, isoDateSchema } from './fields';
import { ADMINS, READERS, downloadLinkSchema } from './common';
import { defineRoute } from './route';
import { MAX_IMPORT_BYTES } from './document-constants';
import { documentTextSchema } from './document-schemas';
import {
  importIdSchema,
  importSummarySchema,
  importDetailSchema,
  filedObjectSchema,
} from './document-import-schemas';

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
      'Imports the uploaded package: validates exchange.xml against the XSD, verifies every file against its INTEGRITY (SRI, hex with or without an algorithm prefix; MD5 or SHA-1 accepted with a note that they are weaker), files each object whole or not at all by artifact number, and reports per object what could not be filed and why. An object whose artifact is uncertain (another TMFRMVERSION, or UNIQUEID, ARTIFACTNUMBER and name disagreeing in the catalogue) is listed as a conflict for s3documents/import-resolve, never filed silently. A large package is imported over several calls: while the answer says `importing`, call again (each call goes on where the last stopped; nothing is filed twice). Once completed or rejected, the same report again.',
    request: () => z.object({ importId: importIdSchema }).strict(),
    response: () => z.object({ import: importDetailSchema }),
  }),
  's3documents/import-resolve': defineRoute({
    operation: 's3documents/import-resolve',
    method: 'POST',
    path: 's3documents/import-resolve',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Resolves one of an import's conflicts (an object whose filing is uncertain): `file` files the whole object as the artifact chosen from the TMF Reference Model 3.3 catalogue (its staged files checked once more against the SHA-256 verified at import; the artifact must allow the object's level), `skip` leaves it unfiled. Answers the import's report. Calling again with the same decision finishes a call cut short; a conflict resolved already answers 409.",
    request: () =>
      z
        .object({
          importId: importIdSchema,
          seq: z.number().int().min(1).max(10_000_000),
          action: z.enum(['file', 'skip']),
          artifactNumber: z
            .string()
            .regex(/^\d{2}\.\d{2}\.\d{2}$/u, 'artifactNumber is zone.section.artifact (05.02.07).')
            .optional(),
        })
        .strict()
        .refine((v) => (v.action === 'file') === (v.artifactNumber !== undefined), {
          path: ['artifactNumber'],
          message: '`file` names the artifact to file the object as; `skip` names none.',
        }),
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
