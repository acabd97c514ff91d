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
