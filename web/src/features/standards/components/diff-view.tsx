import {
  type CatalogueIndex,
  type MappingRow,
  ROW_FIELDS,
  type RowField,
} from '@ccsc/contract/standard-rows';
import { STANDARD_STATUSES } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StandardDiff } from '../utils/standard-types';
import { artifactText } from './artifact-picker';
import { ScrollRegion } from '../../../components/scroll-region';

const PAGE = 200;
const DETAIL_FIELDS = ['name', 'description', 'product', 'status', 'systems'] as const;

/**
 * Two versions side by side (artifact/diff-standards): the details that differ, then every row
 * added, removed or changed (keyed by source code), the older version on the left, the newer on
 * the right, the fields that differ highlighted. Long diffs show 200 rows at a time.
 */
export const DiffView = ({
  diff,
  catalogue,
}: {
  diff: StandardDiff;
  catalogue: CatalogueIndex | null;
}) => {
  const { t } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  const from = t('standards.versionN', { version: diff.from.version });
  const to = t('standards.versionN', { version: diff.to.version });

  const valueOf = (row: MappingRow, field: RowField): string => {
    switch (field) {
      case 'filingLevel':
        return row.filingLevel === '' ? '' : t(`standards.level.${row.filingLevel}`);
      case 'equivalence':
        return t(`standards.equivalence.${row.equivalence}`);
      case 'requiredMetadata':
        return row.requiredMetadata.map((m) => t(`standards.metadata.${m}`)).join(', ');
      case 'artifactNumber':
        return catalogue === null || row.artifactNumber === ''
          ? row.artifactNumber
          : artifactText(catalogue, row.artifactNumber);
      default:
        return row[field];
    }
  };
  const detailValue = (field: string, value: string | null) => {
    if (value === null || value === '') return <span className="text-body-tertiary">—</span>;
    const status = STANDARD_STATUSES.find((s) => s === value);
    return field === 'status' && status !== undefined ? t(`standards.status.${status}`) : value;
  };
  const rowSide = (
    row: MappingRow | null,
    changed: readonly RowField[],
    side: 'before' | 'after',
  ) =>
    row === null ? (
      <td className="text-body-tertiary">
        {side === 'before' ? t('standards.diff.notInFrom') : t('standards.diff.notInTo')}
      </td>
    ) : (
      <td>
        <dl
          className="small mb-0"
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(6rem, 35%) 1fr',
            columnGap: '0.5rem',
          }}
        >
          {ROW_FIELDS.filter((f) => changed.includes(f) || valueOf(row, f) !== '').map((f) => {
            const highlight = changed.includes(f) && changed.length < ROW_FIELDS.length;
            return (
              <div key={f} style={{ display: 'contents' }} data-changed={highlight || undefined}>
                <dt className="fw-normal text-body-secondary">{t(`standards.column.${f}`)}</dt>
                <dd className={`mb-0${highlight ? ' bg-warning-subtle fw-semibold' : ''}`}>
                  {highlight ? (
                    <mark className="p-0 bg-transparent">{valueOf(row, f) || '—'}</mark>
                  ) : (
                    valueOf(row, f) || '—'
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      </td>
    );

  return (
    <section aria-labelledby="diff-heading" data-testid="diff-view">
      <h3 id="diff-heading" className="h6">
        {t('standards.diff.heading', { from: diff.from.version, to: diff.to.version })}
      </h3>
      {diff.details.length === 0 && diff.rows.length === 0 && (
        <p className="alert alert-secondary" role="status">
          {t('standards.diff.same')}
        </p>
      )}
      {diff.details.length > 0 && (
        <table className="table table-sm" aria-label={t('standards.diff.detailsCaption')}>
          <thead>
            <tr>
              <th scope="col">{t('standards.diff.field')}</th>
              <th scope="col">{from}</th>
              <th scope="col">{to}</th>
            </tr>
          </thead>
          <tbody>
            {diff.details.map((d) => (
              <tr key={d.field}>
                <th scope="row" className="fw-normal">
                  {DETAIL_FIELDS.some((f) => f === d.field)
                    ? t(`standards.diff.detail.${d.field as (typeof DETAIL_FIELDS)[number]}`)
                    : d.field}
                </th>
                <td className="bg-danger-subtle">{detailValue(d.field, d.before)}</td>
                <td className="bg-success-subtle">{detailValue(d.field, d.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {diff.rows.length > 0 && (
        <>
          <p className="small text-body-secondary" data-testid="diff-counts">
            {t('standards.diff.counts', {
              added: diff.rows.filter((r) => r.before === null).length,
              removed: diff.rows.filter((r) => r.after === null).length,
              changed: diff.rows.filter((r) => r.before !== null && r.after !== null).length,
            })}
          </p>
          <ScrollRegion label={t('standards.diff.rowsCaption')}>
            <table
              className="table table-sm align-top"
              aria-label={t('standards.diff.rowsCaption')}
            >
              <thead>
                <tr>
                  <th scope="col" style={{ width: '14%' }}>
                    {t('standards.column.sourceCode')}
                  </th>
                  <th scope="col" style={{ width: '10%' }}>
                    {t('standards.diff.change')}
                  </th>
                  <th scope="col" style={{ width: '38%' }}>
                    {from}
                  </th>
                  <th scope="col" style={{ width: '38%' }}>
                    {to}
                  </th>
                </tr>
              </thead>
              <tbody>
                {diff.rows.slice(0, shown).map((change) => {
                  const kind =
                    change.before === null
                      ? 'added'
                      : change.after === null
                        ? 'removed'
                        : 'changed';
                  return (
                    <tr key={change.key} data-testid={`diff-row-${change.key}`}>
                      <th scope="row">
                        <code>{change.key}</code>
                      </th>
                      <td>
                        <span
                          className={`badge ${kind === 'added' ? 'text-bg-success' : kind === 'removed' ? 'text-bg-danger' : 'text-bg-warning'}`}
                        >
                          {t(`standards.diff.${kind}`)}
                        </span>
                      </td>
                      {rowSide(change.before, change.fields, 'before')}
                      {rowSide(change.after, change.fields, 'after')}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
          {diff.rows.length > shown && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => {
                setShown((n) => n + PAGE);
              }}
            >
              {t('standards.diff.showMore', { count: Math.min(PAGE, diff.rows.length - shown) })}
            </button>
          )}
        </>
      )}
    </section>
  );
};
