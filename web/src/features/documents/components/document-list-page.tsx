import type { DocumentSummary } from '@ccsc/contract/documents';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedList } from '../../../components/paged-list';
import { ScreenIntro } from '../../../components/screen-intro';
import { messageOfError } from '../../../lib/refusals';
import { useDocumentList } from '../hooks/use-document-list';
import { completenessPath } from '../utils/completeness';
import { type DocumentQuery, isFiltered, queryOf, searchOf } from '../utils/document-query';
import { IMPORTS_ANCHOR } from '../utils/imports';
import { DocumentFilters } from './document-filters';
import { DocumentTable } from './document-table';
import { EtmfExport } from './etmf-export';

type Scope = 'studyId' | 'connectionId';

/** How a study or connection filter reads: by what the rows say of it, else by its id. */
const scopeName = (scope: Scope, id: string, rows: readonly DocumentSummary[]): string => {
  const row = rows.find((d) => d[scope] === id);
  if (row === undefined) return id;
  return scope === 'studyId' ? row.protocolNumber : `${row.protocolNumber} · ${row.siteNumber}`;
};

/**
 * /admin/documents (issue 17): the documents exchanged across the connections the caller reaches,
 * newest first, a page at a time by cursor. The filters live in the address (a link reproduces
 * the list: other screens link here with `?studyId=…&connectionId=…`, shown as removable chips),
 * with a tab for the held queue. A row opens the document. Filtered to a study, the list offers
 * the study's completeness, its eTMF-EMS imports (a section of that page), and its export as an
 * eTMF-EMS package (of the connection, when filtered to one too).
 */
export const DocumentListPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const linked = queryOf(params);
  const list = useDocumentList(linked);
  const { query, setQuery } = list;
  // The filters' fresh start (Clear filters): the typed fields start again empty.
  const [cleared, setCleared] = useState(0);

  // The address is where the filters live: the list follows it (a filter changed here, a link).
  useEffect(() => {
    if (searchOf(query) !== searchOf(linked)) setQuery(linked);
  }, [query, linked, setQuery]);

  const change = (next: DocumentQuery) => {
    setParams(new URLSearchParams(searchOf(next)), { replace: true });
  };
  const held = linked.state === 'held';
  const scopes = (['studyId', 'connectionId'] as const).flatMap((scope) => {
    const id = linked[scope];
    return id === undefined ? [] : [{ scope, id }];
  });

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
            change({ ...linked, state: undefined });
          }}
        >
          {t('documents.list.all')}
        </button>
        <button
          type="button"
          className={`nav-link${held ? ' active' : ''}`}
          aria-pressed={held}
          onClick={() => {
            change({ ...linked, state: 'held' });
          }}
        >
          {t('documents.list.held')}
        </button>
      </div>
      {held && <p className="small text-body-secondary">{t('documents.list.heldNote')}</p>}
      {(scopes.length > 0 || isFiltered(linked)) && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          {scopes.length > 0 && (
            <ul
              className="list-unstyled d-flex flex-wrap gap-2 mb-0"
              aria-label={t('documents.list.linkedFilters')}
            >
              {scopes.map(({ scope, id }) => {
                const name = scopeName(scope, id, list.items);
                return (
                  <li
                    key={scope}
                    className="badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-2 fw-normal fs-6"
                    data-testid={`chip-${scope}`}
                  >
                    {t(`documents.list.chip.${scope}`, { name })}
                    <button
                      type="button"
                      className="btn-close"
                      style={{ fontSize: '0.6rem' }}
                      aria-label={t(`documents.list.removeChip.${scope}`, { name })}
                      onClick={() => {
                        change({ ...linked, [scope]: undefined });
                      }}
                    />
                  </li>
                );
              })}
            </ul>
          )}
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
      <PagedList
        list={list}
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
        <DocumentTable documents={list.items} loading={list.loading} listSearch={searchOf(query)} />
      </PagedList>
    </>
  );
};
