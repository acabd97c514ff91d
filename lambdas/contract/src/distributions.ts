import * as z from 'zod';
import { ADMINS, READERS, downloadLinkSchema } from './common';
import { documentIdSchema } from './document-text';
import { cursorSchema, isoDateSchema } from './fields';
import { defineRoute } from './route';
import { fullScope } from './scopes';

/**
 * Safety-letter distribution (issue 35 part D): a sponsor sends one document it already sent in a
 * study (its file kept once) to every active site of the study, or to chosen connections; each
 * site's copy is a delivered document of its own (the send path's records, in the site system's
 * inbox), acknowledged by the site's OrgAdmin or its system. The sponsor tracks per site:
 * delivered, acknowledged by whom and when, overdue after `overdueDays`, reminders sent.
 */

const idSchema = z.string().min(1).max(64);
export const distributionIdSchema = z.lazy(() =>
  z.string().regex(/^dist-[0-9A-Za-z]{8,40}$/, 'distributionId is not one this hub gave.'),
);
/** Days after the distribution until a site that has not acknowledged is overdue. */
export const OVERDUE_DAYS_MAX = 90;
export const overdueDaysSchema = z.lazy(() =>
  z.coerce
    .number()
    .int('overdueDays must be a whole number of days.')
    .min(1, 'overdueDays must be at least 1.')
    .max(OVERDUE_DAYS_MAX, `overdueDays may be at most ${String(OVERDUE_DAYS_MAX)}.`),
);
/** The most sites one distribution reaches (a study's sites; the budget is measured at 500). */
export const DISTRIBUTION_SITES_MAX = 1000;

export const DISTRIBUTION_SITE_STATES = [
  'pending',
  'delivered',
  'held',
  'acknowledged',
  'overdue',
] as const;
export type DistributionSiteState = (typeof DISTRIBUTION_SITE_STATES)[number];

export const distributionSiteSchema = z.object({
  connectionId: z.string(),
  siteNumber: z.string(),
  siteOrganisationId: z.string(),
  siteName: z.string(),
  documentId: z.string().nullable(),
  /** pending (not delivered yet), delivered, held (waiting for a mapping), acknowledged, overdue. */
  state: z.enum(DISTRIBUTION_SITE_STATES),
  deliveredAt: isoDateSchema.nullable(),
  acknowledgedAt: isoDateSchema.nullable(),
  /** The administrator's e-mail, or `system:<id>` for a site system. */
  acknowledgedBy: z.string().nullable(),
  overdue: z.boolean(),
  reminders: z.array(isoDateSchema),
});
export type DistributionSite = z.infer<typeof distributionSiteSchema>;

export const distributionSummarySchema = z.object({
  distributionId: z.string(),
  studyId: z.string(),
  protocolNumber: z.string(),
  sponsorOrganisationId: z.string(),
  sponsorName: z.string(),
  sourceDocumentId: z.string(),
  title: z.string(),
  fileName: z.string(),
  overdueDays: z.number().int(),
  dueAt: isoDateSchema,
  createdAt: isoDateSchema,
  createdBy: z.string(),
  counts: z.object({
    sites: z.number().int(),
    delivered: z.number().int(),
    acknowledged: z.number().int(),
    overdue: z.number().int(),
  }),
});
export type DistributionSummary = z.infer<typeof distributionSummarySchema>;

export const distributionDetailSchema = distributionSummarySchema.extend({
  sites: z.array(distributionSiteSchema),
});
export type DistributionDetail = z.infer<typeof distributionDetailSchema>;

const createShape = {
  /** A document the sponsor already sent in the study (delivered, its file scan-cleared). */
  sourceDocumentId: documentIdSchema,
  /** The study's active site connections to send to; all of them when left out. */
  connectionIds: z.array(idSchema).min(1).max(DISTRIBUTION_SITES_MAX).optional(),
  overdueDays: overdueDaysSchema,
};

export const distributionRoutes = {
  'distributions/create': defineRoute({
    operation: 'distributions/create',
    method: 'POST',
    path: 'distributions/create',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Distributes one document the sponsor already sent in a study (e.g. an IND safety report) to every active site of the study, or to the chosen connections: one delivery per site, each in the site system's inbox like a sent document, the file kept once. The sponsor's OrgAdmin (or a PlatformAdmin); audited once.",
    request: () => z.object(createShape).strict(),
    response: () => z.object({ distribution: distributionDetailSchema }),
  }),
  'distributions/list': defineRoute({
    operation: 'distributions/list',
    method: 'GET',
    path: 'distributions/list',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "The distributions within reach, newest first: a sponsor's own, and those sent to a site's organisation; 50 a page.",
    request: () =>
      z
        .object({
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        distributions: z.array(distributionSummarySchema),
        nextCursor: z.string().nullable(),
      }),
  }),
  'distributions/get': defineRoute({
    operation: 'distributions/get',
    method: 'GET',
    path: 'distributions/get',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "One distribution's tracking per site: delivered, acknowledged by whom and when, overdue, reminders. A site's organisation sees its own sites only.",
    request: () => z.object({ distributionId: distributionIdSchema }).strict(),
    response: () => z.object({ distribution: distributionDetailSchema }),
  }),
  'distributions/acknowledge': defineRoute({
    operation: 'distributions/acknowledge',
    method: 'POST',
    path: 'distributions/acknowledge',
    input: 'body',
    auth: 'authenticated',
    // A PlatformAdmin reaches it, and is told only the site acknowledges (the core says so).
    roles: ADMINS,
    summary:
      "The site's OrgAdmin acknowledges the distribution for its organisation's sites (each delivered copy acknowledged, audited once each); again, the same answer.",
    request: () => z.object({ distributionId: distributionIdSchema }).strict(),
    response: () => z.object({ distribution: distributionDetailSchema }),
  }),
  'distributions/export': defineRoute({
    operation: 'distributions/export',
    method: 'POST',
    path: 'distributions/export',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'The tracking per site as CSV (inspection evidence): site number, site name, delivered at, acknowledged at, acknowledged by, overdue, reminders. A link valid 5 minutes; the export is audited.',
    request: () => z.object({ distributionId: distributionIdSchema }).strict(),
    response: () => downloadLinkSchema.extend({ rows: z.number().int().nonnegative() }),
  }),
} as const;

const partnerAccess = <S extends ReturnType<typeof fullScope>>(scope: S) =>
  ({ api: 'partner', auth: 'authenticated', roles: [], scope }) as const;

/** The partner calls of distributions (issue 35 item 5). */
export const distributionPartnerRoutes = {
  'partner-create-distribution': defineRoute({
    operation: 'partner-create-distribution',
    method: 'POST',
    path: 'distributions',
    input: 'body',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      'The sponsor system distributes a document it sent in a study to every active site of the study (or the chosen connections it serves). Answers the distribution with one delivery per site.',
    request: () => z.object(createShape).strict(),
    response: () => z.object({ distribution: distributionDetailSchema }),
  }),
  'partner-list-distributions': defineRoute({
    operation: 'partner-list-distributions',
    method: 'GET',
    path: 'distributions',
    input: 'query',
    ...partnerAccess(fullScope('documents.receive')),
    summary:
      "The distributions delivered to the calling site system (to acknowledge), newest first, each with the calling system's own sites only; 50 a page.",
    request: () =>
      z
        .object({
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        distributions: z.array(distributionDetailSchema),
        nextCursor: z.string().nullable(),
      }),
  }),
  'partner-sent-distributions': defineRoute({
    operation: 'partner-sent-distributions',
    method: 'GET',
    path: 'distributions/sent',
    input: 'query',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      "The distributions the calling sponsor system's organisation sent, newest first, with every site's tracking; 50 a page.",
    request: () =>
      z
        .object({
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        distributions: z.array(distributionDetailSchema),
        nextCursor: z.string().nullable(),
      }),
  }),
  'partner-acknowledge-distribution': defineRoute({
    operation: 'partner-acknowledge-distribution',
    method: 'POST',
    path: 'distributions/{distributionId}/acknowledge',
    input: 'body',
    ...partnerAccess(fullScope('documents.receive')),
    summary:
      'Acknowledges the distribution for every site the calling system serves in it (each delivered copy acknowledged, as documents/{documentId}/acknowledge would). Again, the same answer.',
    request: () => z.object({ distributionId: distributionIdSchema }).strict(),
    response: () => z.object({ distribution: distributionDetailSchema }),
  }),
} as const;
