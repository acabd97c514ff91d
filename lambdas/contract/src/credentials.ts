import * as z from 'zod';
import { emailSchema, freeTextSchema, identifierSchema, isoDateSchema } from './fields';
import { ADMINS, READERS, downloadLinkSchema } from './common';
import { defineRoute } from './route';

export const apiCredentialSchema = z.object({
  apiId: z.string(),
  organisationId: z.string(),
  systemId: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  description: z.string().nullable(),
  createdAt: isoDateSchema,
  createdBy: z.string(),
  /** The recipient of the one-time retrieval link. */
  deliveredTo: z.string(),
});

export const apiIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'apiId is not valid');
export const scopeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*\/[a-z][a-z0-9.:-]*$/, 'scope is not valid');

/** The API-credential calls (SPEC §7). */
export const credentialRoutes = {
  generateApiCredential: defineRoute({
    operation: 'generateApiCredential',
    method: 'POST',
    path: 'generateApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Creates a machine client for an organisation system with the chosen scopes; the secret is ' +
      'never returned here: a one-time link to /generate/{APIID} is e-mailed to the recipient.',
    request: z
      .object({
        organisationId: identifierSchema,
        systemId: identifierSchema,
        scopes: z.array(scopeSchema).min(1).max(20),
        description: freeTextSchema(200).optional(),
        recipientEmail: emailSchema,
      })
      .strict(),
    response: z.object({ credential: apiCredentialSchema }),
  }),
  resendApiCredential: defineRoute({
    operation: 'resendApiCredential',
    method: 'POST',
    path: 'resendApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Issues a new one-time retrieval link (the old one stops working).',
    request: z.object({ apiId: apiIdSchema }).strict(),
    response: z.object({ credential: apiCredentialSchema }),
  }),
  deleteApiCredential: defineRoute({
    operation: 'deleteApiCredential',
    method: 'POST',
    path: 'deleteApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Revokes a credential: its client is deleted and its tokens stop working.',
    request: z.object({ apiId: apiIdSchema }).strict(),
    response: z.object({ apiId: z.string() }),
  }),
  downloadApiScope: defineRoute({
    operation: 'downloadApiScope',
    method: 'GET',
    path: 'downloadApiScope',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The scope document of a credential (what its client may call), as a download link.',
    request: z.object({ apiId: apiIdSchema }).strict(),
    response: downloadLinkSchema,
  }),
  decription: defineRoute({
    operation: 'decription',
    method: 'POST',
    path: 'decription',
    input: 'body',
    auth: 'public',
    roles: [],
    summary:
      'The /generate/{APIID} page redeems its one-time token for the client id and secret, once. ' +
      "(The spelling is the spec's.)",
    request: z
      .object({ apiId: apiIdSchema, token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/) })
      .strict(),
    response: z.object({
      clientId: z.string(),
      clientSecret: z.string(),
      tokenUrl: z.url(),
      scopes: z.array(z.string()),
    }),
  }),
} as const;
