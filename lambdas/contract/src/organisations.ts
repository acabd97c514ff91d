import * as z from 'zod';
import { identifierSchema } from './fields';
import { empty, READERS } from './common';
import { defineRoute } from './route';

export const organisationSchema = z.object({
  organisationId: z.string(),
  name: z.string(),
  kind: z.enum(['site', 'sponsor']),
  country: z.string().nullable(),
});

export const orgSystemSchema = z.object({
  systemId: z.string(),
  organisationId: z.string(),
  name: z.string(),
  vendor: z.string().nullable(),
});

/** The organisation registry calls (SPEC §7). */
export const organisationRoutes = {
  getSiteOrgList: defineRoute({
    operation: 'getSiteOrgList',
    method: 'GET',
    path: 'getSiteOrgList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Site organisations (the caller sees those it may act on).',
    request: empty,
    response: z.object({ organisations: z.array(organisationSchema) }),
  }),
  getSponsorList: defineRoute({
    operation: 'getSponsorList',
    method: 'GET',
    path: 'getSponsorList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Sponsor organisations.',
    request: empty,
    response: z.object({ organisations: z.array(organisationSchema) }),
  }),
  getOrgSysList: defineRoute({
    operation: 'getOrgSysList',
    method: 'GET',
    path: 'getOrgSysList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: "An organisation's systems (the endpoints that exchange data).",
    request: z.object({ organisationId: identifierSchema }).strict(),
    response: z.object({ systems: z.array(orgSystemSchema) }),
  }),
} as const;
