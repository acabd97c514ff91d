import type { Coverage } from '@ccsc/contract/standard-rows';
import { useTranslation } from 'react-i18next';
import { TmfName } from '../../../components/tmf-name';

/**
 * The coverage report: how many of the TMF model's core artifacts the rows reach, and which core
 * artifacts no row maps to (number and name), in the model's order.
 */
export const CoveragePanel = ({ coverage }: { coverage: Coverage }) => {
  const { t } = useTranslation();
  const percent =
    coverage.coreTotal === 0 ? 100 : Math.round((coverage.coreReached / coverage.coreTotal) * 100);
  return (
    <section className="card h-100" aria-labelledby="coverage-heading" data-testid="coverage">
      <div className="card-body">
        <h2 id="coverage-heading" className="h5">
          {t('standards.coverage.heading')}
        </h2>
        <p className="mb-1" data-testid="coverage-summary">
          {t('standards.coverage.reached', {
            reached: coverage.coreReached,
            total: coverage.coreTotal,
            percent,
          })}
        </p>
        <div
          className="progress mb-3"
          role="progressbar"
          aria-label={t('standards.coverage.heading')}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="progress-bar" style={{ width: `${String(percent)}%` }} />
        </div>
        {coverage.missing.length === 0 ? (
          <p className="text-success mb-0">{t('standards.coverage.complete')}</p>
        ) : (
          <details>
            <summary>{t('standards.coverage.missing', { count: coverage.missing.length })}</summary>
            <ul className="list-unstyled small mt-2 mb-0 overflow-auto" style={{ maxHeight: 260 }}>
              {coverage.missing.map((a) => (
                <li key={a.number}>
                  <strong>{a.number}</strong> <TmfName>{a.name}</TmfName>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </section>
  );
};
