import * as z from 'zod';
import { ADMINS, READERS } from './common';
import { cursorSchema } from './fields';
import { defineRoute } from './route';
import {
  artifactNumberSchema,
  documentRequestSchema,
  dueDateSchema,
  EXPECTED_ROWS_MAX,
  expectedRowSchema,
  NOTE_MAX,
  REQUESTS_PER_CALL_MAX,
  requestIdSchema,
  requestStateSchema,
} from './document-request-schemas';

const studyIdSchema = z.string().min(1).max(64);

/** A study's expected-documents list as the console shows it, with the sites it may name. */
const expectedListSchema = z.object({
  study: z.object({
    studyId: z.string(),
    protocolNumber: z.string(),
    title: z.string(),
    sponsorOrganisationId: z.string(),
  }),
  /** False while the sponsor has not saved a list: `rows` is then the template. */
  saved: z.boolean(),
  /** The revision a save names (0 before the first). */
  revision: z.number().int().nonnegative(),
  rows: z.array(expectedRowSchema),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The study's sites that exchange or did (a row's scope names one of them). */
  sites: z.array(
    z.object({
      connectionId: z.string(),
      siteNumber: z.string(),
      siteName: z.string(),
      country: z.string(),
      status: z.string(),
    }),
  ),
});

/** The console's calls for expected documents and document requests (issue 35, part 3). */
export const documentRequestRoutes = {
  'expected-documents/get': defineRoute({
    operation: 'expected-documents/get',
    method: 'GET',
    path: 'expected-documents/get',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A study's expected-documents list (rows of scope, TMF artifact, due date and note). Until the sponsor saves one, the rows are the template: the TMF Reference Model's core site-level artifacts, expected from all sites, due 30 days from today.",
    request: () => z.object({ studyId: studyIdSchema }).strict(),
    response: () => expectedListSchema,
  }),
  'expected-documents/save': defineRoute({
    operation: 'expected-documents/save',
    method: 'POST',
    path: 'expected-documents/save',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Saves a study's whole expected-documents list from the revision the caller saw (409 when it changed meanwhile); the rows added, changed and removed are audited. The study sponsor's OrgAdmin or a PlatformAdmin.",
    request: () =>
      z
        .object({
          studyId: studyIdSchema,
          revision: z.number().int().nonnegative(),
          rows: z.array(expectedRowSchema).max(EXPECTED_ROWS_MAX),
        })
        .strict(),
    response: () => expectedListSchema,
  }),
  'document-requests/create': defineRoute({
    operation: 'document-requests/create',
    method: 'POST',
    path: 'document-requests/create',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: `Requests documents from sites of a study: each artifact (with its due date) from each site named, or from every active site; one request per site and artifact, at most ${String(REQUESTS_PER_CALL_MAX)} a call. The study sponsor's OrgAdmin or a PlatformAdmin.`,
    request: () =>
      z
        .object({
          studyId: studyIdSchema,
          sites: z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('all') }).strict(),
            z
              .object({
                kind: z.literal('some'),
                connectionIds: z.array(z.string().min(1).max(64)).min(1).max(REQUESTS_PER_CALL_MAX),
              })
              .strict(),
          ]),
          artifacts: z
            .array(
              z
                .object({
                  artifactNumber: artifactNumberSchema,
                  dueDate: dueDateSchema,
                  note: z.string().trim().max(NOTE_MAX).nullable().optional(),
                })
                .strict(),
            )
            .min(1)
            .max(REQUESTS_PER_CALL_MAX),
        })
        .strict(),
    response: () => z.object({ requests: z.array(documentRequestSchema) }),
  }),
  'document-requests/cancel': defineRoute({
    operation: 'document-requests/cancel',
    method: 'POST',
    path: 'document-requests/cancel',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Cancels an open or overdue document request (a fulfilled or cancelled one stays as it is: 409). The study sponsor's OrgAdmin or a PlatformAdmin.",
    request: () => z.object({ studyId: studyIdSchema, requestId: requestIdSchema }).strict(),
    response: () => z.object({ request: documentRequestSchema }),
  }),
  'document-requests/list': defineRoute({
    operation: 'document-requests/list',
    method: 'GET',
    path: 'document-requests/list',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A study's document requests within reach (the sponsor's: every site's; a site's: its own), oldest due first, with their state; filtered by state, site (connection) and artifact; 50 a page (`limit` up to 100), `nextCursor` for the next.",
    request: () =>
      z
        .object({
          studyId: studyIdSchema,
          state: requestStateSchema.optional(),
          connectionId: z.string().min(1).max(64).optional(),
          artifactNumber: artifactNumberSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        requests: z.array(documentRequestSchema),
        nextCursor: z.string().nullable(),
        total: z.number().int().nonnegative(),
      }),
  }),
} as const;
