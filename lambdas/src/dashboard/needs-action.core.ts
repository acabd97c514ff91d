import { DASHBOARD_USERS_SHOWN } from '@ccsc/contract/dashboard';
import { type routes } from '@ccsc/contract/routes';
import { reachOf } from '@ccsc/contract/reach';
import type { Core } from '../core/request';
import { connectionCountsByStatus } from '../core/lists/connections';
import { countCredentials } from '../core/lists/credentials';
import { documentScopeOf, documentTotal } from '../core/lists/documents';
import { countStandards } from '../core/lists/standards';
import { toListItem, userMatcher, type UserListFilters } from '../core/lists/users';
import type { Clock } from '../core/ports/clock';
import type { CredentialStore } from '../core/ports/credentials';
import type { DocumentStore } from '../core/ports/documents';
import type { Registry } from '../core/ports/registry';
import type { IndexedUser, UserIndex } from '../core/ports/user-index';

export interface NeedsActionDeps {
  index: Pick<UserIndex, 'all'>;
  /** Builds the user index from the directory if it never was (as the user list does). */
  ensureBuilt: () => Promise<void>;
  credentials: Pick<CredentialStore, 'all'>;
  registry: Pick<Registry, 'snapshot'>;
  documents: Pick<DocumentStore, 'heldCounts' | 'dayCounts'>;
  clock: Clock;
  /** The pool's TemporaryPasswordValidityDays: when an invitation expires. */
  temporaryPasswordDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A draft older than this many days needs attention. */
export const STALE_DRAFT_DAYS = 30;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * dashboard/needs-action: what waits for an administrator, within the caller's reach. Each figure
 * is counted with the predicate (or the counter) of the list its link opens (lists/), over the
 * same data that list reads — the user index, the credentials, the registry's snapshot, the
 * documents' held counters — so the list's total is the figure.
 */
export const dashboardNeedsAction: Core<
  (typeof routes)['dashboard/needs-action'],
  NeedsActionDeps
> = async (_input, ctx, deps) => {
  const now = deps.clock.now();
  const caller = ctx.caller;
  const reach = reachOf(caller);
  await deps.ensureBuilt();
  const [users, credentials, snapshot] = await Promise.all([
    deps.index.all(),
    deps.credentials.all(),
    deps.registry.snapshot(),
  ]);

  // Users: one pass per figure over the index, with the list's own predicate.
  const usersFigure = (query: UserListFilters & Record<string, string>, withUsers: boolean) => {
    const matches = userMatcher(query, caller, now, deps.temporaryPasswordDays);
    const found: IndexedUser[] = users.filter(matches);
    return {
      value: found.length,
      link: { list: 'users' as const, query },
      users: withUsers
        ? found
            // The list's default order (e-mail, then username): the first few it shows.
            .sort(
              (a, b) => collator.compare(a.email, b.email) || (a.userName < b.userName ? -1 : 1),
            )
            .slice(0, DASHBOARD_USERS_SHOWN)
            .map((u) => toListItem(u, deps.temporaryPasswordDays))
        : [],
    };
  };
  const plain = ({
    value,
    link,
  }: {
    value: number;
    link: ReturnType<typeof usersFigure>['link'];
  }) => ({
    value,
    link,
  });

  const credentialFigure = (
    query: Record<string, string> & { status?: 'expiring'; use?: 'never' },
  ) => ({
    value: countCredentials(credentials, query, caller, now, snapshot),
    link: { list: 'credentials' as const, query },
  });

  const invited = connectionCountsByStatus(snapshot, caller).invited;
  // A site's administrator answers; a site's Auditor only reads, so sees them as anyone
  // reading every site's would; a sponsor's or a CRO's side waits for the site.
  const ownKind =
    reach.kind === 'organisation' ? snapshot.organisations.get(reach.organisationId)?.kind : null;
  const perspective =
    reach.kind === 'everything' || (ownKind === 'site' && caller.role !== 'OrgAdmin')
      ? ('all' as const)
      : ownKind === 'site'
        ? ('answer' as const)
        : ('site' as const);

  const heldQuery = { state: 'held', holdKind: 'mapping' } as const;
  const held =
    (await documentTotal(heldQuery, documentScopeOf(reach, snapshot), deps.documents)) ?? 0;

  const draftBefore = new Date(now.getTime() - STALE_DRAFT_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const draftsQuery = { status: 'draft', draftBefore } as const;

  return {
    asOf: now.toISOString(),
    lockedAccounts: usersFigure({ status: 'LOCKED' }, true),
    invitations: {
      pending: plain(usersFigure({ invitation: 'pending' }, false)),
      expiring: usersFigure({ invitation: 'expiring' }, true),
      expired: usersFigure({ invitation: 'expired' }, true),
    },
    withoutAuthenticator: plain(usersFigure({ status: 'MFA_NOT_ENROLLED' }, false)),
    connectionInvitations: {
      value: invited,
      link: { list: 'connections', query: { status: 'invited' } },
      perspective,
    },
    credentials: {
      expiring: credentialFigure({ status: 'expiring' }),
      neverUsed: credentialFigure({ use: 'never' }),
    },
    heldForMapping: { value: held, link: { list: 'documents', query: { ...heldQuery } } },
    staleDrafts: {
      value: countStandards(snapshot, draftsQuery, caller),
      link: { list: 'standards', query: { ...draftsQuery } },
    },
  };
};
