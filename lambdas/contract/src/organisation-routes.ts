import * as z from 'zod';
import { cursorSchema, identifierSchema } from './fields';
import { ADMINS, READERS, downloadLinkSchema, pageRequest } from './common';
import { defineRoute } from './route';
import { studyConnectionRoutes } from './connection-routes';
import {
  connectionSchema,
  importRequestSchema,
  importResponseSchema,
  organisationInputSchema,
  organisationListQuerySchema,
  organisationPage,
  orgSystemSchema,
  queryLimit,
  revisionSchema,
  studySchema,
  systemInputSchema,
  systemListQuerySchema,
  systemPage,
  organisationSchema,
} from './organisation-schemas';

/** SPEC's two lists of one kind (sites; sponsors and CROs): the list query but its kind. */
const organisationsOfOneKindQuery = () =>
  organisationListQuerySchema
    .omit({ kind: true })
    .extend({ limit: queryLimit, cursor: cursorSchema.optional() })
    .strict();

/**
 * The registry calls (SPEC §7's three lists, and ours: issue 14): the organisation and system
 * calls here, the study and connection calls from connection-routes.ts.
 */
export const organisationRoutes = {
  getSiteOrgList: defineRoute({
    operation: 'getSiteOrgList',
    method: 'GET',
    path: 'getSiteOrgList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'Site organisations the caller may see, by name: filtered (search, status, country) and ' +
      'paged with a cursor (at most 100 a page, 50 unless `limit` says).',
    request: organisationsOfOneKindQuery,
    response: () => organisationPage,
  }),
  getSponsorList: defineRoute({
    operation: 'getSponsorList',
    method: 'GET',
    path: 'getSponsorList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Sponsor and CRO organisations the caller may see, like getSiteOrgList.',
    request: organisationsOfOneKindQuery,
    response: () => organisationPage,
  }),
  getOrgSysList: defineRoute({
    operation: 'getOrgSysList',
    method: 'GET',
    path: 'getOrgSysList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "Organisation systems the caller may see (an organisation's, when `organisationId` says), " +
      'by organisation and name; filtered and paged like the organisation lists.',
    request: () =>
      systemListQuerySchema.extend({ limit: queryLimit, cursor: cursorSchema.optional() }).strict(),
    response: () => systemPage,
  }),
  'list-organisations': defineRoute({
    operation: 'list-organisations',
    method: 'POST',
    path: 'list-organisations',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Organisations of every kind the caller may see, filtered and paged, by name.',
    request: () => organisationListQuerySchema.extend(pageRequest).strict(),
    response: () => organisationPage,
  }),
  'get-organisation': defineRoute({
    operation: 'get-organisation',
    method: 'POST',
    path: 'get-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "One organisation with its systems, its studies (owned or acted for) and the first page of its connections (newest change first), as far as the caller may see them; 404 when it does not exist or lies outside the caller's sight.",
    request: () => z.object({ organisationId: identifierSchema }).strict(),
    response: () =>
      z.object({
        organisation: organisationSchema,
        systems: z.array(orgSystemSchema),
        studies: z.array(studySchema),
        connections: z.array(connectionSchema),
        connectionTotal: z.number().int(),
      }),
  }),
  'create-organisation': defineRoute({
    operation: 'create-organisation',
    method: 'POST',
    path: 'create-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary: 'Registers an organisation (active). 409 when one of that name and country exists.',
    request: () => organisationInputSchema,
    response: () => z.object({ organisation: organisationSchema }),
  }),
  'update-organisation': defineRoute({
    operation: 'update-organisation',
    method: 'POST',
    path: 'update-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Changes an organisation's details (an OrgAdmin: their own; the kind only a PlatformAdmin, and never while a connection or study uses it in that role).",
    request: () =>
      z
        .object({
          organisationId: identifierSchema,
          revision: revisionSchema,
          changes: organisationInputSchema.partial().strict(),
        })
        .strict(),
    response: () => z.object({ organisation: organisationSchema }),
  }),
  'activate-organisation': defineRoute({
    operation: 'activate-organisation',
    method: 'POST',
    path: 'activate-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary: 'Makes an inactive organisation active again.',
    request: () =>
      z.object({ organisationId: identifierSchema, revision: revisionSchema }).strict(),
    response: () => z.object({ organisation: organisationSchema }),
  }),
  'deactivate-organisation': defineRoute({
    operation: 'deactivate-organisation',
    method: 'POST',
    path: 'deactivate-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary:
      'Deactivates an organisation; refused (409, naming them) while an open connection uses it.',
    request: () =>
      z.object({ organisationId: identifierSchema, revision: revisionSchema }).strict(),
    response: () => z.object({ organisation: organisationSchema }),
  }),
  'import-organisations': defineRoute({
    operation: 'import-organisations',
    method: 'POST',
    path: 'import-organisations',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary:
      'Organisations from a CSV file (columns: name, kind, country, contactEmail, identifiers as ' +
      '"label: value | label: value"): every row checked, each problem listed by line; saved ' +
      'only when no row has one and `dryRun` is false, all or nothing.',
    request: () => importRequestSchema,
    response: () => importResponseSchema,
    // The CSV as a JSON string: escapes and multi-byte letters take up to 3 bytes a character.
    maxBodyBytes: 6_002_048,
  }),
  'export-organisations': defineRoute({
    operation: 'export-organisations',
    method: 'POST',
    path: 'export-organisations',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The filtered organisation list as CSV (by name); a link that expires in minutes.',
    request: () => organisationListQuerySchema.strict(),
    response: () => downloadLinkSchema.extend({ rows: z.number().int() }),
  }),
  'create-system': defineRoute({
    operation: 'create-system',
    method: 'POST',
    path: 'create-system',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Registers a system of an active organisation (an OrgAdmin: of their own).',
    request: () => systemInputSchema,
    response: () => z.object({ system: orgSystemSchema }),
  }),
  'update-system': defineRoute({
    operation: 'update-system',
    method: 'POST',
    path: 'update-system',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: "Changes a system's details (never its organisation).",
    request: () =>
      z
        .object({
          systemId: identifierSchema,
          revision: revisionSchema,
          changes: systemInputSchema.omit({ organisationId: true }).partial().strict(),
        })
        .strict(),
    response: () => z.object({ system: orgSystemSchema }),
  }),
  'activate-system': defineRoute({
    operation: 'activate-system',
    method: 'POST',
    path: 'activate-system',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Makes an inactive system active again (its organisation must be active).',
    request: () => z.object({ systemId: identifierSchema, revision: revisionSchema }).strict(),
    response: () => z.object({ system: orgSystemSchema }),
  }),
  'deactivate-system': defineRoute({
    operation: 'deactivate-system',
    method: 'POST',
    path: 'deactivate-system',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Deactivates a system; refused (409, naming them) while an open connection uses it.',
    request: () => z.object({ systemId: identifierSchema, revision: revisionSchema }).strict(),
    response: () => z.object({ system: orgSystemSchema }),
  }),
  'import-systems': defineRoute({
    operation: 'import-systems',
    method: 'POST',
    path: 'import-systems',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary:
      'Systems from a CSV file (the organisation named by organisationId, or else by its exact ' +
      'name): checked and saved like import-organisations.',
    request: () => importRequestSchema,
    response: () => importResponseSchema,
    // The CSV as a JSON string: escapes and multi-byte letters take up to 3 bytes a character.
    maxBodyBytes: 6_002_048,
  }),
  'export-systems': defineRoute({
    operation: 'export-systems',
    method: 'POST',
    path: 'export-systems',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The filtered system list as CSV; a link that expires in minutes.',
    request: () => systemListQuerySchema.strict(),
    response: () => downloadLinkSchema.extend({ rows: z.number().int() }),
  }),
  ...studyConnectionRoutes,
} as const;
