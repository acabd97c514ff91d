import { CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type CompletenessSite,
  type StudyCompleteness,
  filedCore,
  filedPercent,
} from '../utils/completeness';
import { documentsPath } from '../utils/document-query';
import { formatCount } from '../utils/sizes';
import { ScrollRegion } from '../../../components/scroll-region';

/** A connection's status in the reader's language (as the server wrote it, should it be new). */
const useStatusText = () => {
  const { t } = useTranslation();
  return (status: string): string => {
    const known = CONNECTION_STATUSES.find((s) => s === status);
    return known === undefined ? status : t(`documents.completeness.status.${known}`);
  };
};

/** The core site-level artifacts a site has no document for, by number and name: a row of its own. */
const MissingCore = ({
  site,
  siteLabel,
  nameOf,
}: {
  site: CompletenessSite;
  siteLabel: string;
  nameOf: (n: string) => string;
}) => {
  const { t } = useTranslation();
  return (
    <tr id={`missing-${site.connectionId}`} data-testid={`missing-${site.connectionId}`}>
      <td colSpan={COLUMNS} className="bg-body-tertiary">
        <ul
          className="list-unstyled small mb-0"
          style={{ columns: '20rem' }}
          aria-label={t('documents.completeness.sites.missingList', { site: siteLabel })}
        >
          {site.missingCore.map((number) => (
            <li key={number}>
              <span className="font-monospace">{number}</span> {nameOf(number)}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
};

const COLUMNS = 7;

/**
 * A site's document requests (issue 35): requested, received, overdue. Rejected is not shown:
 * no document can be rejected yet (another part of the issue), and a column always 0 would say
 * nothing true.
 */
const SiteRequests = ({
  counts,
  language,
}: {
  counts: CompletenessSite['requests'];
  language: string;
}) => {
  const { t } = useTranslation();
  if (counts.requested === 0) {
    return <span className="text-body-secondary">{t('requests.completeness.none')}</span>;
  }
  return (
    <>
      <div>
        {t('requests.completeness.received', {
          received: formatCount(counts.received, language),
          requested: formatCount(counts.requested, language),
        })}
      </div>
      {counts.overdue > 0 && (
        <div className="text-danger fw-semibold">
          {t('requests.completeness.overdue', {
            count: counts.overdue,
            n: formatCount(counts.overdue, language),
          })}
        </div>
      )}
    </>
  );
};

/**
 * The study's sites (each a connection): status, documents exchanged (a link to them in the list)
 * and files filed by eTMF-EMS imports, how many of the core artifacts that may be filed at site level hold a document, and those that do
 * not, by number and name (the names are the answer's artifacts'), shown below the site's row
 * on demand (there may be dozens).
 */
export const SiteCompleteness = ({ completeness }: { completeness: StudyCompleteness }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const statusText = useStatusText();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (connectionId: string) => {
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(connectionId)) next.add(connectionId);
      return next;
    });
  };
  const names = new Map(completeness.artifacts.map((a) => [a.number, a.name]));
  const nameOf = (number: string) => names.get(number) ?? '';
  const { studyId } = completeness.study;

  if (completeness.sites.length === 0) {
    return (
      <p className="text-body-secondary" role="status">
        {t('documents.completeness.sites.none')}
      </p>
    );
  }

  return (
    <ScrollRegion label={t('documents.completeness.sites.caption')}>
      <table className="table">
        <caption className="visually-hidden">{t('documents.completeness.sites.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('documents.completeness.sites.site')}</th>
            <th scope="col">{t('documents.completeness.sites.status')}</th>
            <th scope="col" className="text-end">
              {t('documents.completeness.sites.documents')}
            </th>
            <th scope="col" className="text-end">
              {t('documents.completeness.sites.imported')}
            </th>
            <th scope="col">{t('documents.completeness.sites.coreFiled')}</th>
            <th scope="col">{t('documents.completeness.sites.missingHeading')}</th>
            <th scope="col">{t('requests.completeness.heading')}</th>
          </tr>
        </thead>
        <tbody>
          {completeness.sites.map((site) => {
            const filed = filedCore(site);
            const percent = filedPercent(site);
            const siteLabel = t('documents.completeness.sites.siteLabel', {
              site: site.siteNumber,
              name: site.siteName,
            });
            const missing = site.missingCore.length;
            const expanded = open.has(site.connectionId);
            return (
              <Fragment key={site.connectionId}>
                <tr data-testid={`site-${site.connectionId}`}>
                  <th scope="row" className="fw-normal">
                    <span className="fw-semibold">{site.siteNumber}</span>{' '}
                    <span>{site.siteName}</span>
                  </th>
                  <td>{statusText(site.status)}</td>
                  <td className="text-end">
                    {site.documents === 0 ? (
                      formatCount(0, language)
                    ) : (
                      <Link
                        to={documentsPath({ studyId, connectionId: site.connectionId })}
                        data-testid={`site-documents-${site.connectionId}`}
                      >
                        {formatCount(site.documents, language)}{' '}
                        <span className="visually-hidden">
                          {t('documents.completeness.sites.documentsOf', { site: siteLabel })}
                        </span>
                      </Link>
                    )}
                  </td>
                  <td className="text-end" data-testid={`site-imported-${site.connectionId}`}>
                    {formatCount(site.imported, language)}
                  </td>
                  <td style={{ minWidth: '12rem' }}>
                    <div className="small mb-1" data-testid={`filed-${site.connectionId}`}>
                      {t('documents.completeness.sites.filed', {
                        filed: formatCount(filed, language),
                        total: formatCount(site.coreSiteArtifacts, language),
                      })}
                    </div>
                    <div
                      className="progress"
                      style={{ height: '0.5rem' }}
                      role="progressbar"
                      aria-label={t('documents.completeness.sites.progress', { site: siteLabel })}
                      aria-valuemin={0}
                      aria-valuemax={site.coreSiteArtifacts}
                      aria-valuenow={filed}
                      aria-valuetext={t('documents.completeness.sites.filed', {
                        filed: formatCount(filed, language),
                        total: formatCount(site.coreSiteArtifacts, language),
                      })}
                    >
                      <div
                        className={`progress-bar${percent === 100 ? ' bg-success' : ''}`}
                        style={{ width: `${String(percent)}%` }}
                      />
                    </div>
                  </td>
                  <td>
                    {missing === 0 ? (
                      <span className="text-success">
                        {t('documents.completeness.sites.noneMissing')}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-link p-0 text-start"
                        aria-expanded={expanded}
                        aria-controls={expanded ? `missing-${site.connectionId}` : undefined}
                        onClick={() => {
                          toggle(site.connectionId);
                        }}
                      >
                        {t('documents.completeness.sites.missing', {
                          count: missing,
                          n: formatCount(missing, language),
                        })}
                      </button>
                    )}
                  </td>
                  <td className="small" data-testid={`site-requests-${site.connectionId}`}>
                    <SiteRequests counts={site.requests} language={language} />
                  </td>
                </tr>
                {expanded && missing > 0 && (
                  <MissingCore site={site} siteLabel={siteLabel} nameOf={nameOf} />
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
};
