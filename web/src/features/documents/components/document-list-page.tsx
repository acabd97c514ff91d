import type { DocumentSummary } from '@ccsc/contract/documents';
import { startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FilterChip, FilterChips } from '../../../components/filter-bar';
import { PagedList } from '../../../components/paged-list';
import { ScreenIntro } from '../../../components/screen-intro';
import { useAddressQuery, useListFollowsAddress } from '../../../lib/list-query';
import { messageOfError } from '../../../lib/refusals';
import { useDocumentList } from '../hooks/use-document-list';
import { completenessPath } from '../utils/completeness';
import { isFiltered, searchOf } from '../utils/document-query';
import { IMPORTS_ANCHOR } from '../utils/imports';
import { useBulkRetry } from './bulk-retry';
import { DocumentFilters } from './document-filters';
import { DocumentTable } from './document-table';
import { EtmfExport } from './etmf-export';

type Scope = 'studyId' | 'connectionId';

/** The filters a link sets that have no field among the filters: shown as chips. */
const CHIPS = ['studyId', 'connectionId', 'holdKind', 'delivered'] as const;
type Chip = (typeof CHIPS)[number];

/** How a study or connection filter reads: by what the rows say of it, else by its id. */
const scopeName = (scope: Scope, id: string, rows: readonly DocumentSummary[]): string => {
  const row = rows.find((d) => d[scope] === id);
  if (row === undefined) return id;
  return scope === 'studyId' ? row.protocolNumber : `${row.protocolNumber} · ${row.siteNumber}`;
};

/**
 * /admin/documents (issue 17): the documents exchanged across the connections the caller reaches,
 * newest first, a page at a time by cursor. The filters live in the address (a link reproduces
 * the list: other screens link here with `?studyId=…&connectionId=…`, the dashboard with
 * `?state=held&holdKind=mapping` or `?sentFrom=…&sentTo=…&direction=…&delivered=true`; those
 * without a field show as removable chips), with a tab for the held queue (oldest first, its
 * documents retried together: bulk-retry.tsx). Where the server
 * counts the list (s3documents/list `total`), it says how many documents it holds. A row opens
 * the document. Filtered to a study, the list offers the study's completeness, its eTMF-EMS
 * imports (a section of that page), and its export as an eTMF-EMS package (of the connection,
 * when filtered to one too).
 */
export const DocumentListPage = () => {
  const { t } = useTranslation();
  // The address is where the filters live: the list follows it (a filter changed here, a link).
  const { query: linked, setQuery: change } = useAddressQuery('s3documents/list');
  const list = useDocumentList(linked);
  const { query } = list;
  useListFollowsAddress('s3documents/list', list, linked);
  // The filters' fresh start (Clear filters): the typed fields start again empty.
  const [cleared, setCleared] = useState(0);

  const held = linked.state === 'held';
  const chipOf = (key: Chip): FilterChip | null => {
    const value = linked[key];
    if (value === undefined) return null;
    if (key === 'studyId' || key === 'connectionId') {
      const name = scopeName(key, value, list.items);
      return {
        key,
        text: t(`documents.list.chip.${key}`, { name }),
        removeLabel: t(`documents.list.removeChip.${key}`, { name }),
      };
    }
    const text =
      key === 'holdKind' && linked.holdKind !== undefined
        ? t(`documents.list.chip.holdKind.${linked.holdKind}`)
        : t('documents.list.chip.delivered');
    return { key, text, removeLabel: t('documents.list.removeChip.other', { filter: text }) };
  };
  const chips = CHIPS.flatMap((key) => chipOf(key) ?? []);
  const total = list.lastPage?.total;
  // The held queue: its documents picked and retried together (those the caller may retry).
  const bulk = useBulkRetry(held ? list.items : [], list.reload);

  return (
    <>
      <ScreenIntro
        heading={t('documents.listHeading')}
        description={t('documents.listDescription')}
      />
      <div
        className="nav nav-tabs mb-3"
        role="group"
        aria-label={t('documents.list.queues')}
        data-testid="document-queues"
      >
        <button
          type="button"
          className={`nav-link${linked.state === undefined ? ' active' : ''}`}
          aria-pressed={linked.state === undefined}
          onClick={() => {
            // Every document: not only the held ones of a kind.
            change({ ...linked, state: undefined, holdKind: undefined });
          }}
        >
          {t('documents.list.all')}
        </button>
        <button
          type="button"
          className={`nav-link${held ? ' active' : ''}`}
          aria-pressed={held}
          onClick={() => {
            // The held queue by age: the longest waiting first.
            change({ ...linked, state: 'held', order: 'oldest' });
          }}
        >
          {t('documents.list.held')}
        </button>
      </div>
      {held && <p className="small text-body-secondary">{t('documents.list.heldNote')}</p>}
      {(chips.length > 0 || isFiltered(linked)) && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <FilterChips
            className="mb-0"
            label={t('documents.list.linkedFilters')}
            chips={chips}
            onRemove={(key) => {
              change({ ...linked, [key]: undefined });
            }}
          />
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              // One transition, as the router's own: the fields start afresh with the address.
              startTransition(() => {
                setCleared((n) => n + 1);
                change({});
              });
            }}
          >
            {t('documents.list.clear')}
          </button>
        </div>
      )}
      {/* A new study or connection starts the export afresh (its outcome was another's). */}
      <EtmfExport
        key={`${linked.studyId ?? ''} ${linked.connectionId ?? ''}`}
        studyId={linked.studyId}
        connectionId={linked.connectionId}
      >
        {linked.studyId !== undefined && (
          <>
            <Link className="btn btn-outline-primary" to={completenessPath(linked.studyId)}>
              {t('documents.completeness.open')}
            </Link>
            <Link
              className="btn btn-outline-primary"
              to={`${completenessPath(linked.studyId)}#${IMPORTS_ANCHOR}`}
            >
              {t('documents.imports.heading')}
            </Link>
          </>
        )}
      </EtmfExport>
      <DocumentFilters key={cleared} query={linked} onChange={change} />
      {bulk.bar}
      <PagedList
        list={list}
        showing={
          total === undefined
            ? undefined
            : t('documents.list.showing', { count: list.items.length, total })
        }
        failure={messageOfError(list.error, t('documents.list.loadFailed'))}
        retryLabel={t('documents.retry')}
        empty={
          list.hasNext
            ? t('documents.list.noneOnPage')
            : held
              ? t('documents.list.noneHeld')
              : isFiltered(query)
                ? t('documents.list.noMatch')
                : t('documents.list.empty')
        }
        pagingLabel={t('documents.list.paging')}
      >
        <DocumentTable
          documents={list.items}
          loading={list.loading}
          listSearch={searchOf(query)}
          selection={bulk.selection}
        />
      </PagedList>
    </>
  );
};
