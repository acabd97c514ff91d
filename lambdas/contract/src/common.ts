import * as z from 'zod';
import { cursorSchema, isoDateSchema } from './fields';
import { ALL_ROLES } from './roles';

/** Shapes and role lists that several areas of the route table share. */

export const empty = z.object({}).strict();
/** The spec's clients send their access token in some bodies; only its shape is checked. */
export const accessTokenSchema = z.lazy(() =>
  z
    .string()
    .max(8192)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'accessToken is not a JWT'),
);
/** A list request's paging: at most 100 a page, from a cursor the previous page gave. */
export const pageRequest = {
  limit: z.number().int().min(1).max(100).optional(),
  cursor: cursorSchema.optional(),
};
export const ADMINS = ['PlatformAdmin', 'OrgAdmin'] as const;
export const READERS = ALL_ROLES;

export const downloadLinkSchema = z.object({
  url: z.url(),
  expiresAt: isoDateSchema,
  fileName: z.string(),
});
