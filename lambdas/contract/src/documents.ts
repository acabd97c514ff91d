import * as z from 'zod';
import { cursorSchema, isoDateSchema } from './fields';
import { READERS, downloadLinkSchema } from './common';
import { defineRoute } from './route';

export const documentKeySchema = z.lazy(() =>
  z
    .string()
    .min(1)
    .max(512)
    .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9_@.\-/ ]+$/, 'key is not a valid document key'),
);

/** The document calls (s3documents/*, SPEC §7). */
export const documentRoutes = {
  's3documents/list': defineRoute({
    operation: 's3documents/list',
    method: 'GET',
    path: 's3documents/list',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Documents under a folder of the documents bucket, one page at a time.',
    request: () =>
      z.object({ prefix: documentKeySchema.optional(), cursor: cursorSchema.optional() }).strict(),
    response: () =>
      z.object({
        documents: z.array(
          z.object({ key: z.string(), size: z.number().int(), lastModified: isoDateSchema }),
        ),
        nextCursor: z.string().nullable(),
      }),
  }),
  's3documents/download': defineRoute({
    operation: 's3documents/download',
    method: 'GET',
    path: 's3documents/download',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'A short-lived download link for one document.',
    request: () => z.object({ key: documentKeySchema }).strict(),
    response: () => downloadLinkSchema,
  }),
} as const;
