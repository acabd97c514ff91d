import type { Activity } from '@ccsc/contract/dashboard';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import { useDashboardBlock } from '../hooks/use-dashboard-block';
import {
  CHART_HEIGHT,
  DIRECTIONS,
  SERIES_COLOURS,
  sentInTotal,
  shortDay,
} from '../utils/activity-chart-data';
import { formatCount, percentileOf } from '../utils/dashboard-format';
import { DashboardCard } from './dashboard-card';
import { FigureLink } from './figure-link';

// The chart library is fetched only when the chart is drawn: a chunk of its own, imported from
// here alone (never from the route table), so the login route's and this chunk stay small.
const ActivityChart = lazyNamed(() => import('./activity-chart'), 'ActivityChart');

/** The chart's place while its chunk loads: its very size, so nothing moves when it arrives. */
const ChartPlaceholder = () => (
  <div className="placeholder-glow" style={{ height: CHART_HEIGHT }} aria-hidden="true">
    <span className="placeholder w-100 h-100 rounded" />
  </div>
);

/** The legend: a swatch and the direction's name (the colour is never the only label). */
const Legend = () => {
  const { t } = useTranslation();
  return (
    <ul className="list-inline small mb-1" aria-hidden="true">
      {DIRECTIONS.map((dir) => (
        <li key={dir} className="list-inline-item me-3">
          <span
            className="d-inline-block me-1 align-middle rounded-1"
            style={{ width: 12, height: 12, backgroundColor: SERIES_COLOURS[dir] }}
          />
          {t(`dashboard.activity.direction.${dir}`)}
        </li>
      ))}
    </ul>
  );
};

/**
 * The chart's numbers as a table, each a link to that day's list: hidden from sight, shown when
 * a keyboard reaches its links (Bootstrap's visually-hidden-focusable), read by screen readers.
 */
const DaysTable = ({ days }: { days: Activity['days'] }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="visually-hidden-focusable" data-testid="activity-table">
      <table className="table table-sm mt-2">
        <caption>{t('dashboard.activity.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.activity.day')}</th>
            {DIRECTIONS.map((dir) => (
              <th key={dir} scope="col" className="text-end">
                {t(`dashboard.activity.direction.${dir}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row" className="fw-normal">
                {shortDay(d.day, language)}
              </th>
              {DIRECTIONS.map((dir) => (
                <td key={dir} className="text-end">
                  <FigureLink
                    figure={d.sent[dir]}
                    label={`${t(`dashboard.activity.direction.${dir}`)}, ${shortDay(d.day, language)}`}
                    hiddenLabel
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const PERCENTILES = [
  ['p50', 'p50Seconds'],
  ['p90', 'p90Seconds'],
  ['p99', 'p99Seconds'],
] as const;

/** The totals beside the chart: sent per direction, delivered and how fast, connections. */
const Totals = ({ value }: { value: Activity }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { delivery } = value;
  return (
    <>
      <h3 className="h6">{t('dashboard.activity.sentHeading')}</h3>
      <ul className="list-unstyled mb-3">
        {DIRECTIONS.map((dir) => (
          <li key={dir}>
            <FigureLink figure={value.sent[dir]} label={t(`dashboard.activity.direction.${dir}`)} />
          </li>
        ))}
        <li>
          <FigureLink figure={delivery.delivered} label={t('dashboard.activity.delivered')} />
        </li>
      </ul>
      <h3 className="h6">{t('dashboard.activity.deliveryHeading')}</h3>
      <dl className="small mb-3" data-testid="delivery-percentiles">
        {PERCENTILES.map(([name, field]) => {
          const percentile = percentileOf(
            delivery[field],
            delivery.beyond.includes(name),
            language,
          );
          return (
            <div key={name} className="d-flex gap-2">
              <dt className="fw-normal">{t(`dashboard.activity.${name}`)}</dt>
              <dd className="mb-0">
                {percentile.kind === 'none'
                  ? '—'
                  : t(`dashboard.activity.${percentile.kind}`, { duration: percentile.duration })}
              </dd>
            </div>
          );
        })}
      </dl>
      <h3 className="h6">{t('dashboard.activity.connectionsHeading')}</h3>
      <ul className="list-unstyled mb-0">
        {value.connections.map(({ status, figure }) => (
          <li key={status}>
            <FigureLink
              figure={figure}
              label={t(`dashboard.activity.connectionStatus.${status}`)}
              className={figure.value === 0 ? 'link-secondary' : undefined}
            />
          </li>
        ))}
      </ul>
    </>
  );
};

/**
 * Activity (issue 18): the documents sent per day over the last 30 days by direction (a chart,
 * and the same numbers as a table), beside the totals, delivery times and connections by state.
 */
export const ActivityBlock = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const block = useDashboardBlock('dashboard/activity');
  return (
    <DashboardCard
      id="dashboard-activity"
      title={t('dashboard.activity.heading')}
      block={block}
      minHeight={CHART_HEIGHT + 60}
      failed={t('dashboard.activity.loadFailed')}
    >
      {(value) => (
        <div className="row g-4">
          <div className="col-lg-8">
            <h3 className="h6">{t('dashboard.activity.chartHeading')}</h3>
            {sentInTotal(value) === 0 ? (
              <p className="alert alert-secondary mb-0" data-testid="activity-empty">
                {t('dashboard.activity.empty')}
              </p>
            ) : (
              <>
                <Legend />
                <Suspense fallback={<ChartPlaceholder />}>
                  <ActivityChart
                    days={value.days}
                    label={t('dashboard.activity.chartLabel', {
                      days: value.days.length,
                      toSponsor: formatCount(value.sent['site-to-sponsor'].value, language),
                      toSite: formatCount(value.sent['sponsor-to-site'].value, language),
                    })}
                  />
                </Suspense>
                <DaysTable days={value.days} />
              </>
            )}
          </div>
          <div className="col-lg-4">
            <Totals value={value} />
          </div>
        </div>
      )}
    </DashboardCard>
  );
};
