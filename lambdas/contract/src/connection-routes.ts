import * as z from 'zod';
import { identifierSchema } from './fields';
import { ADMINS, READERS, downloadLinkSchema, pageRequest } from './common';
import { defineRoute } from './route';
import {
  connectionListQuerySchema,
  connectionSchema,
  connectionStep,
  countrySchema,
  inviteSiteInputSchema,
  organisationSchema,
  pageResponse,
  revisionSchema,
  searchSchema,
  studyInputSchema,
  studyListQuerySchema,
  studySchema,
} from './organisation-schemas';
import { studyStatusSchema } from './organisation-constants';

/** The study and connection calls of the registry (issue 14). */
export const studyConnectionRoutes = {
  'list-studies': defineRoute({
    operation: 'list-studies',
    method: 'POST',
    path: 'list-studies',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Studies the caller may see (by sponsor, then protocol number), filtered and paged.',
    request: () => studyListQuerySchema.extend(pageRequest).strict(),
    response: () => z.object({ studies: z.array(studySchema), ...pageResponse }),
  }),
  'create-study': defineRoute({
    operation: 'create-study',
    method: 'POST',
    path: 'create-study',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Registers a study (planned) of an active sponsor (an OrgAdmin: their own sponsor's); 409 on the field when the sponsor already uses the protocol number.",
    request: () => studyInputSchema,
    response: () => z.object({ study: studySchema }),
  }),
  'update-study': defineRoute({
    operation: 'update-study',
    method: 'POST',
    path: 'update-study',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Changes a study (title, phase, CRO, protocol number) or moves its status forward (planned → active → closed); closing is refused while an open connection uses it.',
    request: () =>
      z
        .object({
          studyId: identifierSchema,
          revision: revisionSchema,
          changes: studyInputSchema
            .omit({ sponsorOrganisationId: true })
            .extend({ status: studyStatusSchema })
            .partial()
            .strict(),
        })
        .strict(),
    response: () => z.object({ study: studySchema }),
  }),
  'list-connections': defineRoute({
    operation: 'list-connections',
    method: 'POST',
    path: 'list-connections',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'Connections the caller may see (their organisation is the sponsor, the CRO or the site), newest change first, filtered and paged; `search` matches the protocol number, study title, sponsor, site, site number or investigator.',
    request: () => connectionListQuerySchema.extend(pageRequest).strict(),
    response: () => z.object({ connections: z.array(connectionSchema), ...pageResponse }),
  }),
  'export-connections': defineRoute({
    operation: 'export-connections',
    method: 'POST',
    path: 'export-connections',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The filtered connection list as CSV; a link that expires in minutes.',
    request: () => connectionListQuerySchema.strict(),
    response: () => downloadLinkSchema.extend({ rows: z.number().int() }),
  }),
  'search-site-directory': defineRoute({
    operation: 'search-site-directory',
    method: 'POST',
    path: 'search-site-directory',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "The active sites a sponsor side may invite (name, country and identifiers only, never contacts or systems): a PlatformAdmin's, or an OrgAdmin's of a sponsor or CRO. With `kind: 'cro'`, the active CROs a sponsor may name on its studies (a PlatformAdmin's or a sponsor's OrgAdmin's).",
    request: () =>
      z
        .object({
          search: searchSchema,
          country: countrySchema.optional(),
          kind: z.enum(['site', 'cro']).optional(),
          ...pageRequest,
        })
        .strict(),
    response: () =>
      z.object({
        sites: z.array(
          organisationSchema.pick({
            organisationId: true,
            name: true,
            country: true,
            identifiers: true,
          }),
        ),
        ...pageResponse,
      }),
  }),
  'invite-site': defineRoute({
    operation: 'invite-site',
    method: 'POST',
    path: 'invite-site',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Invites a site to a study (the sponsor's or its CRO's OrgAdmin, or a PlatformAdmin) with the sponsor-side system that will exchange; 409 when the site already has an open connection to the study.",
    request: () => inviteSiteInputSchema,
    response: () => z.object({ connection: connectionSchema }),
  }),
  'accept-connection': defineRoute({
    operation: 'accept-connection',
    method: 'POST',
    path: 'accept-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "The site accepts an invitation with its own active system (the site's OrgAdmin, or a PlatformAdmin).",
    request: () =>
      z
        .object({
          connectionId: identifierSchema,
          revision: revisionSchema,
          siteSystemId: identifierSchema,
        })
        .strict(),
    response: () => z.object({ connection: connectionSchema }),
  }),
  'decline-connection': defineRoute({
    operation: 'decline-connection',
    method: 'POST',
    path: 'decline-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'The site declines an invitation (final), with an optional reason.',
    request: () => connectionStep,
    response: () => z.object({ connection: connectionSchema }),
  }),
  'suspend-connection': defineRoute({
    operation: 'suspend-connection',
    method: 'POST',
    path: 'suspend-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Either side suspends an active connection: no documents are exchanged meanwhile.',
    request: () => connectionStep,
    response: () => z.object({ connection: connectionSchema }),
  }),
  'resume-connection': defineRoute({
    operation: 'resume-connection',
    method: 'POST',
    path: 'resume-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'The side that suspended a connection (or a PlatformAdmin) resumes it; both its systems must be active.',
    request: () => connectionStep,
    response: () => z.object({ connection: connectionSchema }),
  }),
  'end-connection': defineRoute({
    operation: 'end-connection',
    method: 'POST',
    path: 'end-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Either side ends a connection (an invitation not yet answered is withdrawn this way); final.',
    request: () => connectionStep,
    response: () => z.object({ connection: connectionSchema }),
  }),
} as const;
