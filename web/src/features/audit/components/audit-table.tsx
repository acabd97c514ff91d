import type { AuditRecord } from '@ccsc/contract';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changesOf, formatAuditTime } from '../utils/audit-format';
import { ScrollRegion } from '../../../components/scroll-region';
import { AuditAction, RoleName, TargetType } from '../../../components/audit-action';

const OutcomeBadge = ({ outcome }: { outcome: AuditRecord['outcome'] }) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${outcome === 'success' ? 'text-bg-success' : 'text-bg-danger'}`}>
      {t(`audit.outcome.${outcome}`)}
    </span>
  );
};

/** What a row expands to: the values changed, why, and where the record sits in the trail. */
const RecordDetails = ({ record }: { record: AuditRecord }) => {
  const { t } = useTranslation();
  const changes = changesOf(record);
  return (
    <div className="p-2">
      {changes.length === 0 ? (
        <p className="mb-2">{t('audit.details.noChanges')}</p>
      ) : (
        <table className="table table-sm table-bordered mb-2 w-auto">
          <caption className="caption-top pt-0">{t('audit.details.changes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.details.field')}</th>
              <th scope="col">{t('audit.details.before')}</th>
              <th scope="col">{t('audit.details.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row" className="fw-normal">
                  <code>{change.field}</code>
                </th>
                <td className="text-break">{change.before}</td>
                <td className="text-break">{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="row mb-0 small">
        <dt className="col-sm-3">{t('audit.details.reason')}</dt>
        <dd className="col-sm-9">{record.reason ?? '—'}</dd>
        <dt className="col-sm-3">{t('audit.details.requestId')}</dt>
        <dd className="col-sm-9">
          <code>{record.requestId || '—'}</code>
        </dd>
        <dt className="col-sm-3">{t('audit.details.userAgent')}</dt>
        <dd className="col-sm-9 text-break">{record.source.userAgent ?? '—'}</dd>
        <dt className="col-sm-3">{t('audit.details.organisation')}</dt>
        <dd className="col-sm-9">{record.organisationId ?? '—'}</dd>
        {record.alsoFor.length > 0 && (
          <>
            <dt className="col-sm-3">{t('audit.details.alsoFor')}</dt>
            <dd className="col-sm-9 text-break">{record.alsoFor.join(', ')}</dd>
          </>
        )}
        <dt className="col-sm-3">{t('audit.details.sequence')}</dt>
        <dd className="col-sm-9">{record.seq}</dd>
        <dt className="col-sm-3">{t('audit.details.hash')}</dt>
        <dd className="col-sm-9 text-break">
          <code>{record.hash}</code>
        </dd>
      </dl>
    </div>
  );
};

/** The audit records of one page, newest first; each row opens to its details. */
export const AuditTable = ({ records }: { records: readonly AuditRecord[] }) => {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (seq: number) => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(seq)) next.delete(seq);
      else next.add(seq);
      return next;
    });
  };
  const language = i18n.resolvedLanguage ?? 'en';
  const toggleLabel = (expanded: boolean) =>
    expanded ? t('audit.hideDetails') : t('audit.showDetails');

  return (
    <ScrollRegion label={t('audit.tableCaption')}>
      <table className="table table-hover align-middle">
        <caption className="visually-hidden">{t('audit.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.column.time')}</th>
            <th scope="col">{t('audit.column.actor')}</th>
            <th scope="col">{t('audit.column.action')}</th>
            <th scope="col">{t('audit.column.target')}</th>
            <th scope="col">{t('audit.column.outcome')}</th>
            <th scope="col">{t('audit.column.sourceIp')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('audit.column.details')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => {
            const expanded = open.has(record.seq);
            const detailsId = `${id}-details-${String(record.seq)}`;
            return (
              <Fragment key={record.seq}>
                <tr>
                  <td className="text-nowrap">{formatAuditTime(record.at, language)}</td>
                  <td>
                    {record.actor === null ? (
                      <span className="fst-italic">{t('audit.system')}</span>
                    ) : (
                      <>
                        <div className="text-break">{record.actor.email ?? record.actor.sub}</div>
                        {record.actor.role && (
                          <div className="small text-body-secondary">
                            <RoleName role={record.actor.role} />
                          </div>
                        )}
                      </>
                    )}
                  </td>
                  <td>
                    <AuditAction action={record.action} />
                  </td>
                  <td className="text-break">
                    {record.target === null ? (
                      '—'
                    ) : (
                      <>
                        <div>{record.target.label ?? record.target.id}</div>
                        <div className="small text-body-secondary">
                          <TargetType type={record.target.type} />
                        </div>
                      </>
                    )}
                  </td>
                  <td>
                    <OutcomeBadge outcome={record.outcome} />
                  </td>
                  <td className="text-nowrap">{record.source.ip || '—'}</td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      aria-label={`${toggleLabel(expanded)} ${t('audit.recordNumber', { seq: record.seq })}`}
                      onClick={() => {
                        toggle(record.seq);
                      }}
                    >
                      {toggleLabel(expanded)}
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailsId} className="table-light">
                    <td colSpan={7}>
                      <RecordDetails record={record} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
};
