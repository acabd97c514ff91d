import * as z from 'zod';
import { auditRecordSchema, chainVerificationSchema } from './audit';
import { empty, READERS } from './common';
import { isoDateSchema } from './fields';
import { CONNECTION_STATUSES } from './organisation-constants';
import { defineRoute } from './route';
import { userListItemSchema } from './users';

/**
 * The dashboard (issue 18): what an administrator checks first, in four blocks, each one read-only
 * call so a block loads, fails and refreshes on its own and each Lambda stays small.
 *
 * Every figure is a value and the link to the list that explains it: `link.query` is that list
 * call's own request (string values, so the web writes it into the list page's address as is),
 * and the list answers, for the same caller, a `total` equal to the value. The server computes
 * both with the same predicate or counter (lambdas/src/core/lists/), so they agree by construction; an
 * integration test calls every link's list and compares.
 */

/** The lists a figure links to, each the list call behind a console page. */
export const DASHBOARD_LISTS = [
  'users',
  'credentials',
  'connections',
  'documents',
  'standards',
  'audit',
] as const;
export type DashboardList = (typeof DASHBOARD_LISTS)[number];

export const listLinkSchema = z.lazy(() =>
  z.object({
    list: z.enum(DASHBOARD_LISTS),
    /** The list call's request fields (filters only; never a page size or cursor). */
    query: z.record(z.string(), z.string()),
  }),
);
export type ListLink = z.infer<typeof listLinkSchema>;

export const figureSchema = z.lazy(() =>
  z.object({ value: z.number().int().nonnegative(), link: listLinkSchema }),
);
export type Figure = z.infer<typeof figureSchema>;

/** A figure with the first few users it counts, for an action from the dashboard. */
const figureWithUsers = () =>
  z.object({
    value: z.number().int().nonnegative(),
    link: listLinkSchema,
    users: z.array(userListItemSchema),
  });

/** A figure for the last 24 hours and one for the last 7 days, both from a whole hour. */
const windowed = () => z.object({ day: figureSchema, week: figureSchema });

/** One figure per direction of the exchange. */
const perDirection = () =>
  z.object({ 'site-to-sponsor': figureSchema, 'sponsor-to-site': figureSchema });

/** How many users a figure lists for an action from the dashboard (Unlock, Resend). */
export const DASHBOARD_USERS_SHOWN = 5;

/**
 * Whom a connection invitation waits for, seen by the caller: a site's administrator answers it
 * ('answer'), a sponsor's or CRO's side waits for the site ('site'), and whoever reads every
 * organisation, or a site's Auditor (who cannot answer), sees invitations waiting for a site's
 * answer ('all').
 */
export const INVITATION_PERSPECTIVES = ['answer', 'site', 'all'] as const;

const needsActionSchema = () =>
  z.object({
    asOf: isoDateSchema,
    /** Accounts locked after failed sign-ins; the first few for Unlock. */
    lockedAccounts: figureWithUsers(),
    invitations: z.object({
      /** Waiting for the first sign-in, the temporary password still valid. */
      pending: figureSchema,
      /** Pending, and the temporary password expires within 48 hours; the first few for Resend. */
      expiring: figureWithUsers(),
      /** The temporary password expired before the first sign-in; the first few for Resend. */
      expired: figureWithUsers(),
    }),
    /** Accounts without an authenticator app. */
    withoutAuthenticator: figureSchema,
    connectionInvitations: z.object({
      value: z.number().int().nonnegative(),
      link: listLinkSchema,
      perspective: z.enum(INVITATION_PERSPECTIVES),
    }),
    credentials: z.object({
      /** Active credentials whose secret expires within 30 days. */
      expiring: figureSchema,
      /** Active credentials never used to call the partner API. */
      neverUsed: figureSchema,
    }),
    /** Documents held because a mapping standard lacks their type (or a standard is missing). */
    heldForMapping: figureSchema,
    /** Mapping standards with a draft version started more than 30 days ago. */
    staleDrafts: figureSchema,
  });
export type NeedsAction = z.infer<ReturnType<typeof needsActionSchema>>;

/** How many days the activity block covers, today (UTC) included. */
export const ACTIVITY_DAYS = 30;

const activitySchema = () =>
  z.object({
    asOf: isoDateSchema,
    /** The last ACTIVITY_DAYS days (UTC), oldest first, today included. */
    days: z.array(z.object({ day: z.iso.date(), sent: perDirection() })),
    /** Documents sent in those days, by direction. */
    sent: perDirection(),
    delivery: z.object({
      /** Documents sent in those days and delivered. */
      delivered: figureSchema,
      /**
       * How long delivery took (sent to delivered), as the upper bound of the histogram bucket
       * the percentile falls in ("at most"); null when nothing was delivered, or when it lies
       * beyond the last bound (`beyond` says which).
       */
      p50Seconds: z.number().nullable(),
      p90Seconds: z.number().nullable(),
      p99Seconds: z.number().nullable(),
      /** The percentiles that lie beyond the last bound. */
      beyond: z.array(z.enum(['p50', 'p90', 'p99'])),
    }),
    /** Every state, in CONNECTION_STATUSES order. */
    connections: z.array(z.object({ status: z.enum(CONNECTION_STATUSES), figure: figureSchema })),
  });
export type Activity = z.infer<ReturnType<typeof activitySchema>>;

const securitySchema = () =>
  z.object({
    asOf: isoDateSchema,
    /** Where the windows start: whole hours, so a figure and its list count the same records. */
    since: z.object({ day: isoDateSchema, week: isoDateSchema }),
    failedSignIns: windowed(),
    lockouts: windowed(),
    mfaResets: windowed(),
    credentialRevocations: windowed(),
    /**
     * The audit chain's last verification; null for a caller who may not verify the whole chain
     * (it spans every organisation). `last` is null before the first verification.
     */
    chain: z.object({ last: chainVerificationSchema.nullable() }).nullable(),
  });
export type Security = z.infer<ReturnType<typeof securitySchema>>;

/** How many recent administrative changes the dashboard shows. */
export const RECENT_CHANGES_SHOWN = 10;

const recentChangesSchema = () =>
  z.object({
    asOf: isoDateSchema,
    records: z.array(auditRecordSchema),
    /** The whole list of administrative changes within the caller's reach. */
    link: listLinkSchema,
  });
export type RecentChanges = z.infer<ReturnType<typeof recentChangesSchema>>;

const dashboardRoute = <Op extends string, S extends z.ZodType>(
  operation: Op,
  summary: string,
  response: () => S,
) =>
  defineRoute({
    operation,
    method: 'GET',
    path: operation,
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary,
    request: () => empty,
    response,
  });

export const dashboardRoutes = {
  'dashboard/needs-action': dashboardRoute(
    'dashboard/needs-action',
    'What needs an administrator: locked accounts, invitations pending or expiring, accounts without an authenticator, connection invitations waiting, credentials expiring or never used, documents held for mapping, old drafts. Within the caller’s reach; each figure with the list that explains it.',
    needsActionSchema,
  ),
  'dashboard/activity': dashboardRoute(
    'dashboard/activity',
    'Documents exchanged per day for the last 30 days by direction, delivery-time percentiles and connections by state, from maintained counters. Within the caller’s reach.',
    activitySchema,
  ),
  'dashboard/security': dashboardRoute(
    'dashboard/security',
    'Failed sign-ins, lockouts, MFA resets and credential revocations in the last 24 hours and 7 days, and the audit chain’s last verification. Within the caller’s reach.',
    securitySchema,
  ),
  'dashboard/recent-changes': dashboardRoute(
    'dashboard/recent-changes',
    'The last administrative changes from the audit trail, newest first. Within the caller’s reach.',
    recentChangesSchema,
  ),
} as const;
