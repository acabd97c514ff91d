import type { EventKind, Notification } from '@ccsc/contract';
import { paths } from '../../../config/paths';
import { registryPaths } from '../../../config/registry-paths';

/**
 * The console page of what a notification is about. Restated here from the features that own
 * those pages (features do not import each other, and a module this chunk shared with theirs
 * would be a chunk of its own, one more name in the entry chunk: README, "Size budget");
 * notification-links.test.ts holds each equal to its owner's writer.
 */

/**
 * A distribution's tracking page, `paths.admin.distribution` of issue 35's safety-letter part
 * (branch w35x-dist), restated until that part is merged: then this takes it from paths.ts.
 */
const DISTRIBUTION_PATH = '/admin/distributions/view';

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
 * A credential about to expire: its organisation's expiring credentials. A distribution: its
 * tracking page.
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
    case 'distribution':
      return withQuery(DISTRIBUTION_PATH, { distributionId: subject.id });
    case 'request':
      // A study's requests page (issue 35's requests part) is opened by the study's id, which a
      // notification does not carry (its subject names the request only): it says what it is
      // about, without a link, until the event names the study too.
      return null;
  }
};
