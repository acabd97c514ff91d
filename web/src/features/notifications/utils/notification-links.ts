import type { EventKind, Notification } from '@ccsc/contract';
import { paths } from '../../../config/paths';
import { registryPaths } from '../../../config/registry-paths';

/**
 * The console page of what a notification is about. Restated here from the features that own
 * those pages (features do not import each other, and a module this chunk shared with theirs
 * would be a chunk of its own, one more name in the entry chunk: README, "Size budget");
 * notification-links.test.ts holds each equal to its owner's writer.
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
 * The address of a notification's subject, or null where the console has no page for it yet.
 * A connection: the recipient organisation's connections in the state the fact left it in (the
 * list has no filter by one connection; a site's invitation waits there among the pending ones).
 * A credential about to expire: its organisation's expiring credentials.
 */
export const subjectPathOf = (notification: Notification): string | null => {
  const { kind, subject, organisationId } = notification;
  switch (subject.type) {
    case 'document':
      return withQuery(paths.admin.document, { documentId: subject.id });
    case 'standard':
      return withQuery(paths.admin.viewEditStandard, { standardId: subject.id });
    case 'connection': {
      const status = CONNECTION_STATUS[kind];
      return withQuery(registryPaths.connections, {
        organisationId,
        ...(status === undefined ? {} : { status }),
      });
    }
    case 'credential':
      return withQuery(paths.admin.generateApiCredentials, { organisationId, status: 'expiring' });
    case 'request':
    case 'distribution':
      // Their screens are issue 35's other parts (document requests, safety-letter distribution):
      // a link is added here with their paths; until then the notification says what it is about.
      return null;
  }
};
