import * as z from 'zod';
import { isCountryCode } from './countries';

/**
 * Expected documents and document requests (issue 35, part 3): what a study's sponsor expects
 * from its sites, by TMF Reference Model artifact and due date, and what it asked a site for.
 *
 * A request's state is computed when it is read, never stored (documents/request-states.ts):
 * `cancelled` once cancelled; else `fulfilled` once a document the site sent on that connection
 * was delivered classified to the requested artifact after the request was made (the oldest open
 * request of an artifact takes the first such document); else `overdue` once its due date (a UTC
 * calendar day) is before today's; else `open`. So a due date passing needs no job, and a
 * delivery needs no change to the send path.
 */

/** A calendar day, YYYY-MM-DD (UTC: a due date is met when the day has not ended in UTC). */
export const dueDateSchema = z.lazy(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'Not a calendar date.',
    ),
);

/** zone.section.artifact of the TMF Reference Model, e.g. 05.02.04. */
export const artifactNumberSchema = z.lazy(() =>
  z.string().regex(/^\d{2}\.\d{2}\.\d{2}$/, 'An artifact number looks like 05.02.04.'),
);

export const requestIdSchema = z.lazy(() => z.string().min(1).max(64));

/** Which sites an expected document is expected from: one site (connection), a country, all. */
export const expectedScopeSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }).strict(),
    z
      .object({
        kind: z.literal('country'),
        country: z
          .string()
          .length(2)
          .refine(isCountryCode, 'Not an ISO 3166-1 alpha-2 country code.'),
      })
      .strict(),
    z.object({ kind: z.literal('site'), connectionId: z.string().min(1).max(64) }).strict(),
  ]),
);
export type ExpectedScope = z.infer<typeof expectedScopeSchema>;

/** The most rows a study's list holds (one stored item: well under DynamoDB's 400 KB). */
export const EXPECTED_ROWS_MAX = 500;
/** The most requests one call makes (artifacts × sites). */
export const REQUESTS_PER_CALL_MAX = 200;
export const NOTE_MAX = 500;

export const expectedRowSchema = z.lazy(() =>
  z
    .object({
      scope: expectedScopeSchema,
      artifactNumber: artifactNumberSchema,
      dueDate: dueDateSchema,
      note: z.string().trim().max(NOTE_MAX).nullable(),
    })
    .strict(),
);
export type ExpectedRow = z.infer<typeof expectedRowSchema>;

export const REQUEST_STATES = ['open', 'fulfilled', 'overdue', 'cancelled'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const requestStateSchema = z.lazy(() => z.enum(REQUEST_STATES));

/** A document request as both APIs show it. */
export const documentRequestSchema = z.lazy(() =>
  z.object({
    requestId: z.string(),
    studyId: z.string(),
    protocolNumber: z.string(),
    connectionId: z.string(),
    siteNumber: z.string(),
    siteOrganisationId: z.string(),
    siteName: z.string(),
    artifactNumber: z.string(),
    artifactName: z.string(),
    dueDate: z.string(),
    note: z.string().nullable(),
    state: requestStateSchema,
    createdAt: z.string(),
    createdBy: z.string(),
    cancelledAt: z.string().nullable(),
    /** The delivered document that fulfilled it (null until one did). */
    fulfilledBy: z.object({ documentId: z.string(), deliveredAt: z.string() }).nullable(),
  }),
);
export type DocumentRequest = z.infer<typeof documentRequestSchema>;
