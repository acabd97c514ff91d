import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { messageOfError } from '../../../lib/refusals';
import type { DashboardBlock } from '../hooks/use-dashboard-block';
import { formatTimeOfDay } from '../utils/dashboard-format';

interface DashboardCardProps<T extends { asOf: string }> {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  block: DashboardBlock<T>;
  /** The body's least height, the skeleton's too: the page does not shift as blocks arrive. */
  minHeight: number;
  /** Said when the block's call fails without the server's own words. */
  failed: string;
  children: (value: T) => ReactNode;
}

/** Grey bars the size of a block's figures, while its first answer is on its way. */
const Skeleton = ({ minHeight }: { minHeight: number }) => {
  const { t } = useTranslation();
  const lines = Math.max(1, Math.floor(minHeight / 32));
  return (
    <div style={{ minHeight }}>
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div className="placeholder-glow" aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <span
            key={i}
            className={`placeholder d-block mb-3 col-${String([10, 7, 9, 6, 8][i % 5])}`}
            style={{ height: 16 }}
          />
        ))}
      </div>
    </div>
  );
};

/**
 * One block of the dashboard as a card: its heading, how fresh it is ("as of 09:14") and Refresh;
 * a skeleton until the first answer, the failure with Retry, and after a refresh a sentence for
 * screen readers in a live region that is always there.
 */
export const DashboardCard = <T extends { asOf: string }>({
  id,
  title,
  block,
  minHeight,
  failed,
  children,
}: DashboardCardProps<T>) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { value, error, loading, refreshed, reload } = block;
  const asOf = value === null ? null : formatTimeOfDay(value.asOf, language);

  return (
    <section className="card h-100" aria-labelledby={id} aria-busy={loading}>
      <div className="card-header bg-body d-flex flex-wrap align-items-center gap-2">
        <h2 id={id} className="h5 mb-0 me-auto">
          {title}
        </h2>
        {asOf !== null && (
          <span className="small text-body-secondary">{t('dashboard.asOf', { time: asOf })}</span>
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          // aria-disabled rather than disabled: the focus stays on the button while it loads.
          aria-disabled={loading}
          aria-label={t('dashboard.refreshNamed', { block: title })}
          onClick={() => {
            if (!loading) reload();
          }}
        >
          {loading && value !== null && (
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
          )}
          {t('dashboard.refresh')}
        </button>
      </div>
      <div className="card-body" style={{ minHeight: minHeight + 32 }}>
        <div className="visually-hidden" aria-live="polite">
          {refreshed && asOf !== null ? t('dashboard.refreshed', { block: title, time: asOf }) : ''}
        </div>
        {error !== null && !loading && (
          <RetryAlert
            message={messageOfError(error, failed)}
            retryLabel={t('dashboard.retry')}
            onRetry={reload}
          />
        )}
        {value === null ? (
          error === null && <Skeleton minHeight={minHeight} />
        ) : (
          <div style={{ minHeight }}>{children(value)}</div>
        )}
      </div>
    </section>
  );
};
