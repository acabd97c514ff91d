import { mayAdministerRegistry } from '@ccsc/contract/registry-access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { PagedList } from '../../../components/paged-list';
import { ScreenIntro } from '../../../components/screen-intro';
import { registryPaths } from '../../../config/registry-paths';
import { callApi } from '../../../lib/api';
import { useAddressQuery, useListFollowsAddress } from '../../../lib/list-query';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useOrganisationList } from '../hooks/use-registry-lists';
import { registryActor } from '../utils/registry-actor';
import { ImportCsvDialog, type ImportKind } from './import-csv-dialog';
import { OrganisationFilters } from './organisation-filters';
import { OrganisationFormDialog } from './organisation-form-dialog';
import { OrganisationTable } from './organisation-table';

/** What the detail page says after it was reached from "New organisation". */
export interface RegisteredState {
  registered?: string;
}

/**
 * The organisations (issue 14, /admin/organisations): sites, sponsors and CROs the caller may
 * see, searched and filtered, a page at a time; their CSV; for a PlatformAdmin registering one and
 * importing organisations or systems from CSV. The filters live in the address under
 * list-organisations' names (lib/list-query.ts), so a filtered view can be bookmarked and shared.
 */
export const OrganisationListPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = registryActor(getProfile());
  const administers = mayAdministerRegistry(actor);
  const { query, setQuery } = useAddressQuery('list-organisations');
  const list = useOrganisationList(query);
  useListFollowsAddress('list-organisations', list, query);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState<ImportKind | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  return (
    <>
      <ScreenIntro
        heading={t('registry.organisations.heading')}
        description={t('registry.organisations.description')}
      />
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        {administers && (
          <>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setNotice(null);
                setCreating(true);
              }}
            >
              {t('registry.organisations.new')}
            </button>
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => {
                setNotice(null);
                setImporting('organisations');
              }}
            >
              {t('registry.import.organisationsButton')}
            </button>
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => {
                setNotice(null);
                setImporting('systems');
              }}
            >
              {t('registry.import.systemsButton')}
            </button>
          </>
        )}
        <CsvExportButton
          run={() =>
            callApi('export-organisations', {
              search: query.search,
              kind: query.kind,
              status: query.status,
              country: query.country,
            })
          }
        />
      </div>
      <NoticeArea notice={notice} testId="registry-notice" />
      <OrganisationFilters query={query} onChange={setQuery} />
      <PagedList
        list={list}
        showing={t('registry.showing', { count: list.items.length, total: list.total })}
        failure={messageOfError(list.error, t('registry.organisations.loadFailed'))}
        retryLabel={t('registry.retry')}
        empty={t('registry.organisations.empty')}
        pagingLabel={t('registry.organisations.paging')}
      >
        <OrganisationTable organisations={list.items} loading={list.loading} />
      </PagedList>
      {creating && (
        <OrganisationFormDialog
          organisation={null}
          mayChangeKind
          onCancel={() => {
            setCreating(false);
          }}
          onSaved={(organisation) => {
            const state: RegisteredState = { registered: organisation.name };
            void navigate(registryPaths.organisation(organisation.organisationId), { state });
          }}
        />
      )}
      {importing && (
        <ImportCsvDialog
          kind={importing}
          onCancel={() => {
            setImporting(null);
          }}
          onImported={(created) => {
            setNotice({
              kind: 'success',
              text: t(`registry.import.${importing}Done`, { count: created }),
            });
            setImporting(null);
            list.reload();
          }}
        />
      )}
    </>
  );
};
