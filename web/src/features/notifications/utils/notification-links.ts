import type { EventKind, EventSubjectType, Notification } from '@ccsc/contract';
import { paths } from '../../../config/paths';
import { registryPaths } from '../../../config/registry-paths';
import { webhookPaths } from '../../../config/webhook-paths';

/**
 * The console page of what a notification is about, taken from the one shared path of each page
 * (config/paths.ts, config/registry-paths.ts: the pages' own links and the route table take them
 * from there too); notification-links.test.ts holds each kind to its page.
 */

const withQuery = (path: string, params: Record<string, string>): string =>
  `${path}?${new URLSearchParams(params).toString()}`;

/** The connection list's status that shows the connection after each connection fact. */
const CONNECTION_STATUS: Partial<Record<EventKind, string>> = {
  'connection.invited': 'invited',
  'connection.accepted': 'active',
  'connection.declined': 'declined',
  'connection.ended': 'ended',
};

/**
 * Each subject type's page, from the notification (its subject's id, its kind, its organisation),
 * or null where the console has no page that one notification can open. `satisfies Record<…>`
 * makes a subject type added to the contract (events.ts) fail to compile until it has its line
 * here: a new type is one line.
 *
 * - document (held, quarantined, rejected, recalled, recall asked for or confirmed): the
 *   document's own page, where its state, the rejection's reason and the recall steps show.
 * - standard: the standard in its editor (a partner's new version).
 * - connection: the recipient organisation's connections in the state the fact left them in (the
 *   list has no filter by one connection; a site's invitation waits there among the pending ones).
 * - credential about to expire: its organisation's expiring credentials.
 * - distribution (to acknowledge, overdue, acknowledged): its tracking page, where a site's
 *   OrgAdmin acknowledges and the sponsor sees each site.
 * - request (received, due soon, overdue, fulfilled): the study's expected documents and
 *   requests, which open by the study's id: the subject's `studyId` (branch w35y-events2 adds it
 *   to the contract's subject; read here without assuming it, so this compiles on either side).
 *   A request's subject that names no study has no page (no call finds a request by its id).
 */
const studyIdOf = (subject: Notification['subject']): string | null =>
  'studyId' in subject && typeof subject.studyId === 'string' && subject.studyId !== ''
    ? subject.studyId
    : null;

const systemIdOf = (subject: Notification['subject']): string | null =>
  'systemId' in subject && typeof subject.systemId === 'string' && subject.systemId !== ''
    ? subject.systemId
    : null;

const SUBJECT_PATHS = {
  document: ({ subject }) => withQuery(paths.admin.document, { documentId: subject.id }),
  standard: ({ subject }) => withQuery(paths.admin.viewEditStandard, { standardId: subject.id }),
  connection: ({ kind, organisationId }) => {
    const status = CONNECTION_STATUS[kind];
    return withQuery(registryPaths.connections, {
      organisationId,
      ...(status === undefined ? {} : { status }),
    });
  },
  credential: ({ organisationId }) =>
    withQuery(paths.admin.generateApiCredentials, { organisationId, status: 'expiring' }),
  distribution: ({ subject }) =>
    withQuery(paths.admin.distribution, { distributionId: subject.id }),
  request: ({ subject }) => {
    const studyId = studyIdOf(subject);
    return studyId === null ? null : withQuery(paths.admin.documentRequests, { studyId });
  },
  webhook: ({ subject }) => {
    const systemId = systemIdOf(subject);
    return systemId === null ? null : webhookPaths.of(systemId, subject.id);
  },
} satisfies Record<EventSubjectType, (notification: Notification) => string | null>;

/** The address of a notification's subject, or null where the console has no page for it. */
export const subjectPathOf = (notification: Notification): string | null =>
  SUBJECT_PATHS[notification.subject.type](notification);
