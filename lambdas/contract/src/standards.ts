import * as z from 'zod';
import { cursorSchema, freeTextSchema, isoDateSchema } from './fields';
import { READERS, downloadLinkSchema } from './common';
import { defineRoute } from './route';

export const standardSchema = z.lazy(() =>
  z.object({
    standardId: z.string(),
    name: z.string(),
    version: z.string(),
    description: z.string().nullable(),
    updatedAt: isoDateSchema,
    updatedBy: z.string(),
  }),
);

export const standardIdSchema = z.lazy(() =>
  z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'standardId is not valid'),
);

/** The mapping-standard calls (artifact/*, SPEC §7). */
export const standardRoutes = {
  'artifact/list-standards': defineRoute({
    operation: 'artifact/list-standards',
    method: 'GET',
    path: 'artifact/list-standards',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The mapping standards, newest first.',
    request: () =>
      z
        .object({
          cursor: cursorSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        })
        .strict(),
    response: () =>
      z.object({ standards: z.array(standardSchema), nextCursor: z.string().nullable() }),
  }),
  'artifact/get-standard': defineRoute({
    operation: 'artifact/get-standard',
    method: 'GET',
    path: 'artifact/get-standard',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'One mapping standard with its mapping document.',
    request: () => z.object({ standardId: standardIdSchema }).strict(),
    response: () => z.object({ standard: standardSchema, document: z.string() }),
  }),
  'artifact/create-standard': defineRoute({
    operation: 'artifact/create-standard',
    method: 'POST',
    path: 'artifact/create-standard',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary: 'Creates a mapping standard from its document.',
    request: () =>
      z
        .object({
          name: freeTextSchema(120),
          version: z.string().regex(/^[0-9A-Za-z.-]{1,32}$/),
          description: freeTextSchema(1000).optional(),
          document: z
            .string()
            .min(1)
            .max(512 * 1024),
        })
        .strict(),
    response: () => z.object({ standard: standardSchema }),
    maxBodyBytes: 600 * 1024,
  }),
  'artifact/update-standard': defineRoute({
    operation: 'artifact/update-standard',
    method: 'POST',
    path: 'artifact/update-standard',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary: 'Changes a mapping standard; the previous document version is kept.',
    request: () =>
      z
        .object({
          standardId: standardIdSchema,
          name: freeTextSchema(120).optional(),
          version: z
            .string()
            .regex(/^[0-9A-Za-z.-]{1,32}$/)
            .optional(),
          description: freeTextSchema(1000).optional(),
          document: z
            .string()
            .min(1)
            .max(512 * 1024)
            .optional(),
        })
        .strict(),
    response: () => z.object({ standard: standardSchema }),
    maxBodyBytes: 600 * 1024,
  }),
  'artifact/download': defineRoute({
    operation: 'artifact/download',
    method: 'GET',
    path: 'artifact/download',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: "A short-lived link to a standard's mapping document.",
    request: () => z.object({ standardId: standardIdSchema }).strict(),
    response: () => downloadLinkSchema,
  }),
} as const;
