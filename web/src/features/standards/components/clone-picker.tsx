import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { allPages, callApi } from '../../../lib/api';
import type { StandardSummary } from '../utils/standard-types';

export type Clones =
  { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; standards: StandardSummary[] };

/** Every standard the caller sees, to clone from (a few pages of 100: a form's choices). */
export const loadClones = () =>
  allPages(async (cursor) => {
    const page = await callApi('artifact/list-standards', {
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.standards, nextCursor: page.nextCursor };
  }, 20);

/** The version cloned: the standard chosen, and which of its versions. */
export type CloneChoice = { standardId: string; version: number } | null;

interface ClonePickerProps {
  clones: Clones | null;
  clone: CloneChoice;
  /** The standard chosen, once the list has it. */
  chosenClone: StandardSummary | null;
  onChoose: (clone: CloneChoice) => void;
  onRetry: () => void;
}

/** A new standard's rows copied from a version the caller sees: the standard, then its version. */
export const ClonePicker = ({
  clones,
  clone,
  chosenClone,
  onChoose,
  onRetry,
}: ClonePickerProps) => {
  const { t } = useTranslation();
  return (
    <div className="row g-3 mt-1">
      <div className="col-md-8">
        <label className="form-label" htmlFor="create-clone-standard">
          {t('standards.create.cloneStandard')}
        </label>
        <select
          id="create-clone-standard"
          className="form-select"
          disabled={clones?.state !== 'loaded'}
          value={clone?.standardId ?? ''}
          onChange={(e) => {
            const chosen =
              clones?.state === 'loaded'
                ? clones.standards.find((s) => s.standardId === e.target.value)
                : undefined;
            onChoose(
              chosen === undefined
                ? null
                : {
                    standardId: chosen.standardId,
                    version: chosen.publishedVersion ?? chosen.latestVersion,
                  },
            );
          }}
        >
          <option value="">
            {clones?.state === 'loaded'
              ? t('standards.create.chooseStandard')
              : t('common.loading')}
          </option>
          {clones?.state === 'loaded' &&
            clones.standards.map((s) => (
              <option key={s.standardId} value={s.standardId}>
                {`${s.name} (${s.organisationName})`}
              </option>
            ))}
        </select>
        {clones?.state === 'loaded' && clones.standards.length === 0 && (
          <p className="form-text" role="status">
            {t('standards.create.noClones')}
          </p>
        )}
        {clones?.state === 'failed' && (
          <RetryAlert
            message={t('standards.create.clonesFailed')}
            retryLabel={t('standards.retry')}
            onRetry={onRetry}
            className="mt-2 gap-2"
          />
        )}
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="create-clone-version">
          {t('standards.create.cloneVersion')}
        </label>
        <select
          id="create-clone-version"
          className="form-select"
          disabled={chosenClone === null}
          value={clone?.version ?? ''}
          onChange={(e) => {
            if (clone !== null) onChoose({ ...clone, version: Number(e.target.value) });
          }}
        >
          {chosenClone !== null &&
            Array.from({ length: chosenClone.latestVersion }, (_, i) => i + 1)
              .reverse()
              .map((v) => (
                <option key={v} value={v}>
                  {v === chosenClone.publishedVersion
                    ? t('standards.create.versionInUse', { version: v })
                    : v === chosenClone.draftVersion
                      ? t('standards.create.versionDraft', { version: v })
                      : t('standards.versionN', { version: v })}
                </option>
              ))}
        </select>
      </div>
    </div>
  );
};
