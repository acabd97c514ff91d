import { useQuery } from '@tanstack/react-query';
import type { Connection } from '@ccsc/contract';
import { type ConnectionAction, maySearchSiteDirectory } from '@ccsc/contract/registry-access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvExportButton } from '../../../components/csv-export-button';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { PagedList } from '../../../components/paged-list';
import { ScreenIntro } from '../../../components/screen-intro';
import { allPages, callApi } from '../../../lib/api';
import { useAddressQuery, useListFollowsAddress } from '../../../lib/list-query';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { loadedOf } from '../../../lib/query-state';
import { registryKeys } from '../api/keys';
import { useOwnOrganisation } from '../hooks/use-own-organisation';
import { useConnectionList } from '../hooks/use-registry-lists';
import { registryActor } from '../utils/registry-actor';
import { ConnectionDialog } from './connection-dialog';
import { ConnectionFilters } from './connection-filters';
import { ConnectionTable } from './connection-table';
import { InviteSiteDialog } from './invite-site-dialog';
import { PendingInvitations } from './pending-invitations';

/** The invitations to the caller's site that wait for an answer (every page of them). */
const loadPending = async (siteOrganisationId: string) => {
  const invited = await allPages(async (cursor) => {
    const page = await callApi('list-connections', {
      organisationId: siteOrganisationId,
      status: 'invited',
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.connections, nextCursor: page.nextCursor };
  });
  return invited.filter((c) => c.siteOrganisationId === siteOrganisationId);
};

/** The connection as the server has it now, or null when it cannot be found. */
const findConnection = async (connection: Connection): Promise<Connection | null> => {
  const { connections } = await callApi('list-connections', {
    studyId: connection.studyId,
    organisationId: connection.siteOrganisationId,
    limit: 100,
  });
  return connections.find((c) => c.connectionId === connection.connectionId) ?? null;
};

type Open = { connection: Connection; action: ConnectionAction | null } | null;

/**
 * The connections (issue 14, /admin/connections): every study site the caller's organisation is
 * part of (all of them for a PlatformAdmin or an Auditor of every organisation), filtered and
 * paged, each opening its history and the steps the caller may take; inviting a site (sponsor
 * side); a site's pending invitations on top; the CSV. The filters live in the address under
 * list-connections' names (lib/list-query.ts): a link may carry any of them
 * (`?organisationId=…&studyId=…&systemId=…&status=…`, the dashboard's `?status=invited`).
 */
export const ConnectionListPage = () => {
  const { t } = useTranslation();
  const actor = registryActor(getProfile());
  const own = useOwnOrganisation(actor);
  const { query, setQuery } = useAddressQuery('list-connections');
  const list = useConnectionList(query);
  useListFollowsAddress('list-connections', list, query);
  const [open, setOpen] = useState<Open>(null);
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const ownKind = own.organisation?.kind ?? null;
  const answersInvitations = actor.role === 'OrgAdmin' && ownKind === 'site';
  const pendingOf = answersInvitations ? (own.organisation?.organisationId ?? null) : null;
  const pending = loadedOf(
    useQuery({
      queryKey: registryKeys.pending(pendingOf),
      queryFn: () => loadPending(pendingOf ?? ''),
      enabled: pendingOf !== null,
    }),
  );
  const invites = !own.loading && maySearchSiteDirectory(actor, ownKind);

  const refresh = () => {
    list.reload();
    if (answersInvitations) pending.reload();
  };

  /** After a 409: whether the connection changed meanwhile (then said, and the list reloaded). */
  const wasStale = async (connection: Connection): Promise<boolean> => {
    let now: Connection | null = null;
    try {
      now = await findConnection(connection);
    } catch {
      now = null;
    }
    if (now !== null && now.revision === connection.revision) return false;
    setOpen(null);
    setNotice({ kind: 'warning', text: t('registry.changedMeanwhile') });
    refresh();
    return true;
  };

  const filteredBy = (['organisationId', 'studyId', 'systemId'] as const).filter(
    (key) => query[key] !== undefined,
  );

  return (
    <>
      <ScreenIntro
        heading={t('registry.connections.heading')}
        description={t('registry.connections.description')}
      />
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        {invites && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(null);
              setInviting(true);
            }}
          >
            {t('registry.invite.button')}
          </button>
        )}
        <CsvExportButton
          run={() =>
            callApi('export-connections', {
              search: query.search,
              studyId: query.studyId,
              organisationId: query.organisationId,
              systemId: query.systemId,
              status: query.status,
              country: query.country,
            })
          }
        />
      </div>
      <NoticeArea notice={notice} testId="registry-notice" />
      {answersInvitations && (
        <PendingInvitations
          invitations={pending.value ?? []}
          onAnswer={(connection, action) => {
            setNotice(null);
            setOpen({ connection, action });
          }}
        />
      )}
      {filteredBy.length > 0 && (
        <p
          className="d-flex flex-wrap align-items-center gap-2 small"
          data-testid="connections-scope"
        >
          <span>
            {t('registry.connections.filteredBy', {
              filter: filteredBy.map((key) => t(`registry.connections.scope.${key}`)).join(', '),
            })}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              setQuery({
                ...query,
                organisationId: undefined,
                studyId: undefined,
                systemId: undefined,
              });
            }}
          >
            {t('registry.connections.showEvery')}
          </button>
        </p>
      )}
      <ConnectionFilters query={query} onChange={setQuery} />
      <PagedList
        list={list}
        showing={t('registry.showing', { count: list.items.length, total: list.total })}
        failure={messageOfError(list.error, t('registry.connections.loadFailed'))}
        retryLabel={t('registry.retry')}
        empty={t('registry.connections.empty')}
        pagingLabel={t('registry.connections.paging')}
      >
        <ConnectionTable
          connections={list.items}
          loading={list.loading}
          onOpen={(connection) => {
            setNotice(null);
            setOpen({ connection, action: null });
          }}
        />
      </PagedList>
      {open && (
        <ConnectionDialog
          connection={open.connection}
          actor={actor}
          initialAction={open.action}
          onClose={() => {
            setOpen(null);
          }}
          onStepped={(connection, action) => {
            setOpen(null);
            setNotice({
              kind: 'success',
              text: t(`registry.connections.done.${action}`, {
                protocol: connection.protocolNumber,
                site: connection.siteName,
              }),
            });
            refresh();
          }}
          wasStale={wasStale}
        />
      )}
      {inviting && (
        <InviteSiteDialog
          actor={actor}
          onCancel={() => {
            setInviting(false);
          }}
          onInvited={(connection) => {
            setInviting(false);
            setNotice({
              kind: 'success',
              text: t('registry.invite.done', {
                site: connection.siteName,
                protocol: connection.protocolNumber,
              }),
            });
            refresh();
          }}
        />
      )}
    </>
  );
};
