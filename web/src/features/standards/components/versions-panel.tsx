import type { CatalogueIndex } from '@ccsc/contract/standard-rows';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { messageOfError } from '../../../lib/refusals';
import type { StandardDiff, StandardVersion } from '../utils/standard-types';
import { DiffView } from './diff-view';
import { InUseBadge, SignatureLine, StandardStatusBadge } from './standard-badges';
import { ScrollRegion } from '../../../components/scroll-region';

interface VersionsPanelProps {
  standardId: string;
  versions: readonly StandardVersion[];
  /** The version on screen. */
  current: number;
  catalogue: CatalogueIndex | null;
  /** New versions may be started (the caller may change the standard and it has no draft). */
  mayStartVersion: boolean;
  busy: boolean;
  onOpen: (version: number) => void;
  onNewVersion: (fromVersion: number) => void;
}

/**
 * Every version of the standard: its status, its signature or why it was retired, its rows; open
 * one, start the next draft from a published or retired one, and compare any two side by side.
 */
export const VersionsPanel = ({
  standardId,
  versions,
  current,
  catalogue,
  mayStartVersion,
  busy,
  onOpen,
  onNewVersion,
}: VersionsPanelProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  const [from, setFrom] = useState(() => Math.max(1, current - 1));
  const [to, setTo] = useState(current);
  const [diff, setDiff] = useState<
    | { state: 'loading' }
    | { state: 'failed'; message: string }
    | { state: 'loaded'; diff: StandardDiff }
    | null
  >(null);

  const compare = async () => {
    setDiff({ state: 'loading' });
    try {
      setDiff({
        state: 'loaded',
        diff: await callApi('artifact/diff-standards', { standardId, from, to }),
      });
    } catch (err) {
      setDiff({ state: 'failed', message: messageOfError(err, t('standards.diff.failed')) });
    }
  };

  const versionSelect = (id: string, label: string, value: number, set: (v: number) => void) => (
    <div className="col-sm-4">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(e) => {
          set(Number(e.target.value));
        }}
      >
        {sorted.map((v) => (
          <option key={v.version} value={v.version}>
            {`${t('standards.versionN', { version: v.version })} (${t(`standards.status.${v.status}`)})`}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section className="card" aria-labelledby="versions-heading" data-testid="versions">
      <div className="card-body">
        <h2 id="versions-heading" className="h5">
          {t('standards.versions.heading')}
        </h2>
        <ScrollRegion label={t('standards.versions.heading')}>
          <table
            className="table table-sm align-middle"
            aria-label={t('standards.versions.heading')}
          >
            <thead>
              <tr>
                <th scope="col">{t('standards.versions.version')}</th>
                <th scope="col">{t('standards.versions.status')}</th>
                <th scope="col">{t('standards.versions.record')}</th>
                <th scope="col" className="text-end">
                  {t('standards.list.rows')}
                </th>
                <th scope="col">{t('standards.versions.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((v) => (
                <tr
                  key={v.version}
                  aria-current={v.version === current ? 'true' : undefined}
                  className={v.version === current ? 'table-active' : undefined}
                  data-testid={`version-row-${String(v.version)}`}
                >
                  <td>
                    {t('standards.versionN', { version: v.version })}
                    {v.basedOnVersion !== null && (
                      <div className="small text-body-secondary">
                        {t('standards.versions.basedOn', { version: v.basedOnVersion })}
                      </div>
                    )}
                  </td>
                  <td>
                    <StandardStatusBadge status={v.status} /> {v.inUse && <InUseBadge />}
                  </td>
                  <td className="small">
                    {v.signature !== null && <SignatureLine signature={v.signature} />}
                    {v.retired !== null && (
                      <div>
                        {t('standards.versions.retired', {
                          when: formatDateTime(v.retired.at, language),
                          by: v.retired.by,
                          reason: v.retired.reason,
                        })}
                      </div>
                    )}
                    {v.status === 'draft' && (
                      <span className="text-body-secondary">
                        {t('standards.versions.draftBy', {
                          when: formatDateTime(v.updatedAt, language),
                          by: v.updatedBy,
                        })}
                      </span>
                    )}
                  </td>
                  <td className="text-end">{v.rowCount.toLocaleString(language)}</td>
                  <td>
                    <div className="d-flex flex-wrap gap-1">
                      {v.version !== current && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary"
                          aria-label={t('standards.versions.openLabel', { version: v.version })}
                          onClick={() => {
                            onOpen(v.version);
                          }}
                        >
                          {t('standards.versions.open')}
                        </button>
                      )}
                      {mayStartVersion && v.status !== 'draft' && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          disabled={busy}
                          onClick={() => {
                            onNewVersion(v.version);
                          }}
                        >
                          {/* The visible words first in the name (WCAG 2.5.3), which version after. */}
                          {t('standards.versions.newFrom')}
                          <span className="visually-hidden">
                            {' '}
                            {t('standards.versions.newFromWhich', { version: v.version })}
                          </span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        {versions.length > 1 && (
          <form
            className="row g-2 align-items-end mb-3"
            aria-label={t('standards.diff.formLabel')}
            onSubmit={(e) => {
              e.preventDefault();
              void compare();
            }}
          >
            {versionSelect('compare-from', t('standards.diff.from'), from, setFrom)}
            {versionSelect('compare-to', t('standards.diff.to'), to, setTo)}
            <div className="col-sm-4">
              <button
                type="submit"
                className="btn btn-sm btn-outline-primary"
                disabled={from === to || diff?.state === 'loading'}
              >
                {t('standards.diff.compare')}
              </button>
            </div>
          </form>
        )}
        <div aria-live="polite">
          {diff?.state === 'loading' && <p role="status">{t('common.loading')}</p>}
          {diff?.state === 'failed' && (
            <div className="alert alert-danger" role="alert">
              {diff.message}
            </div>
          )}
        </div>
        {diff?.state === 'loaded' && <DiffView diff={diff.diff} catalogue={catalogue} />}
      </div>
    </section>
  );
};
