import * as z from 'zod';
import { isoDateSchema } from './fields';

/**
 * Events (issue 35): one record per cross-organisation fact, written once by the journaled write
 * that makes the fact, kept per recipient organisation with an increasing sequence. The partner
 * API's feed (`GET /ccsc/api/v1/events`) reads them in that order; the console's notifications
 * are fanned out from them per user (notifications.ts). One list of kinds for both.
 *
 * Who emits which kind is in lambdas/docs/operations.md "Events and notifications"; a part that
 * adds a fact adds its kind here (and its texts in the web's and the mail's locales).
 */
export const EVENT_KINDS = [
  'connection.invited',
  'connection.accepted',
  'connection.declined',
  'connection.ended',
  'document.held',
  'document.quarantined',
  'document.rejected',
  'document.recalled',
  'document.recall-requested',
  'document.recall-confirmed',
  'request.received',
  'request.due-soon',
  'request.overdue',
  'request.fulfilled',
  'distribution.to-acknowledge',
  'distribution.overdue',
  'distribution.acknowledged',
  'credential.expiring',
  'standard.published',
  // Issue 36: the hub disabled a webhook endpoint of the organisation's after it failed for the
  // whole retry schedule.
  'webhook.disabled',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const eventKindSchema = z.lazy(() =>
  z.enum(EVENT_KINDS, { error: `kind must be one of: ${EVENT_KINDS.join(', ')}.` }),
);

/**
 * Kinds a regulated process requires its actors to hear of (a safety letter to acknowledge):
 * the recipient organisation's OrgAdmins cannot switch them off (the server answers 400).
 */
export const LOCKED_EVENT_KINDS: readonly EventKind[] = [
  'distribution.to-acknowledge',
  'distribution.overdue',
];
export const isLockedEventKind = (kind: EventKind): boolean => LOCKED_EVENT_KINDS.includes(kind);

/** What an event is about: the record a link opens. */
export const EVENT_SUBJECT_TYPES = [
  'connection',
  'document',
  'request',
  'distribution',
  'credential',
  'standard',
  'webhook',
] as const;
export type EventSubjectType = (typeof EVENT_SUBJECT_TYPES)[number];

export const eventSubjectSchema = z.lazy(() =>
  z.object({
    type: z.enum(EVENT_SUBJECT_TYPES),
    id: z.string(),
    /** Its name as people read it (site name, document name, credential's system, standard). */
    name: z.string(),
    /**
     * The study it belongs to, where its console page is the study's: a document request's
     * (issue 35; its requests are listed per study). Absent for every other subject.
     */
    studyId: z.string().optional(),
    /**
     * The system it belongs to, where its console page is the system's: a webhook endpoint's
     * (issue 36; its endpoints are listed per system). Absent for every other subject.
     */
    systemId: z.string().optional(),
  }),
);
export type EventSubject = z.infer<typeof eventSubjectSchema>;

/**
 * One event as its recipient organisation (and its systems) sees it. `counterpart` is the other
 * organisation of the fact (who invited, who accepted, whose standard), null when there is none;
 * `reason` a machine-readable code where the fact has one (a hold's or quarantine's reason; a
 * rejection's code, then ": " and the receiver's comment when it gave one).
 */
export const eventRecordSchema = z.lazy(() =>
  z.object({
    eventId: z.string(),
    /** The event's place in its organisation's feed: the cursor to continue after it. */
    sequence: z.string(),
    kind: eventKindSchema,
    at: isoDateSchema,
    organisationId: z.string(),
    subject: eventSubjectSchema,
    counterpart: z.object({ organisationId: z.string(), name: z.string() }).nullable(),
    reason: z.string().nullable(),
  }),
);
export type EventRecord = z.infer<typeof eventRecordSchema>;
