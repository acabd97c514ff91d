import * as z from 'zod';
import { empty, READERS } from './common';
import { EVENT_KINDS, eventKindSchema, eventSubjectSchema } from './events';
import { cursorSchema, isoDateSchema } from './fields';
import { defineRoute } from './route';

/**
 * The notification centre's calls (issue 35): each event (events.ts) fanned out to the users who
 * should hear of it — the recipient organisation's OrgAdmins by default, its Auditors and the
 * PlatformAdmins only when they choose to — and, per user and kind, a channel:
 * `in-app` (the list only), `email` (the list and an e-mail at once), `digest` (the list and the
 * daily digest e-mail) or `off`. Locked kinds (LOCKED_EVENT_KINDS) cannot be `off` for the
 * recipient organisation's OrgAdmins. Every call reads and writes the caller's own notifications.
 */
export const NOTIFICATION_CHANNELS = ['in-app', 'email', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const notificationChannelSchema = z.lazy(() =>
  z.enum(NOTIFICATION_CHANNELS, {
    error: `channel must be one of: ${NOTIFICATION_CHANNELS.join(', ')}.`,
  }),
);

/** The languages the e-mails are written in (the console's own). */
export const NOTIFICATION_LANGUAGES = ['en', 'de', 'tr'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

export const notificationSchema = z.lazy(() =>
  z.object({
    notificationId: z.string(),
    eventId: z.string(),
    kind: eventKindSchema,
    at: isoDateSchema,
    read: z.boolean(),
    /** The organisation the event is for (the caller's, or any for a PlatformAdmin). */
    organisationId: z.string(),
    organisationName: z.string(),
    subject: eventSubjectSchema,
    counterpart: z.object({ organisationId: z.string(), name: z.string() }).nullable(),
    reason: z.string().nullable(),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPreferenceSchema = z.lazy(() =>
  z.object({
    kind: eventKindSchema,
    channel: notificationChannelSchema,
    /** The caller cannot choose `off` for this kind (a regulated process requires it). */
    locked: z.boolean(),
  }),
);
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

const preferencesSchema = () =>
  z.object({
    /** Every kind, in EVENT_KINDS order, with the caller's channel (chosen or the default). */
    preferences: z.array(notificationPreferenceSchema),
    /** The language of the caller's e-mails. */
    language: z.enum(NOTIFICATION_LANGUAGES),
  });
export type NotificationPreferences = z.infer<ReturnType<typeof preferencesSchema>>;

const unreadSchema = () => z.object({ unread: z.number().int().nonnegative() });

export const notificationRoutes = {
  'notifications/list': defineRoute({
    operation: 'notifications/list',
    method: 'GET',
    path: 'notifications/list',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "The caller's notifications, newest first, 50 a page (`limit` up to 100), only the unread with `unread=true`; `nextCursor` for the next page. Answers the unread count too.",
    request: () =>
      z
        .object({
          unread: z.enum(['true', 'false']).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        notifications: z.array(notificationSchema),
        nextCursor: z.string().nullable(),
        unread: z.number().int().nonnegative(),
      }),
  }),
  'notifications/unread-count': defineRoute({
    operation: 'notifications/unread-count',
    method: 'GET',
    path: 'notifications/unread-count',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: "How many of the caller's notifications are unread (the header's bell).",
    request: () => empty,
    response: unreadSchema,
  }),
  'notifications/mark-read': defineRoute({
    operation: 'notifications/mark-read',
    method: 'POST',
    path: 'notifications/mark-read',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "Marks one of the caller's notifications read (again: the same answer); answers the unread count. 404 for a notification that is not the caller's.",
    request: () => z.object({ notificationId: z.string().min(1).max(200) }).strict(),
    response: () =>
      z.object({
        notificationId: z.string(),
        read: z.literal(true),
        unread: z.number().int().nonnegative(),
      }),
  }),
  'notifications/mark-all-read': defineRoute({
    operation: 'notifications/mark-all-read',
    method: 'POST',
    path: 'notifications/mark-all-read',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "Marks every notification of the caller's read; answers how many it marked and the unread count (0).",
    request: () => empty,
    response: () =>
      z.object({
        marked: z.number().int().nonnegative(),
        unread: z.number().int().nonnegative(),
      }),
  }),
  'notifications/preferences': defineRoute({
    operation: 'notifications/preferences',
    method: 'GET',
    path: 'notifications/preferences',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "The caller's channel for each kind of event (in-app, e-mail at once, daily digest, or off; the default where not chosen) and the language of the caller's e-mails.",
    request: () => empty,
    response: preferencesSchema,
  }),
  'notifications/update-preferences': defineRoute({
    operation: 'notifications/update-preferences',
    method: 'POST',
    path: 'notifications/update-preferences',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "Sets the caller's channel for the kinds given (the others keep theirs) and, if given, the language of the caller's e-mails; answers every kind's. 400 for `off` on a kind the caller cannot switch off (a safety letter's).",
    request: () =>
      z
        .object({
          preferences: z
            .array(z.object({ kind: eventKindSchema, channel: notificationChannelSchema }).strict())
            .max(EVENT_KINDS.length)
            .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, {
              message: 'Each kind may appear once.',
            }),
          language: z.enum(NOTIFICATION_LANGUAGES).optional(),
        })
        .strict(),
    response: preferencesSchema,
  }),
} as const;
