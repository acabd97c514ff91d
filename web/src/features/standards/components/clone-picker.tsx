import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { allPages, callApi } from '../../../lib/api';
import type { StandardSummary } from '../utils/standard-types';

/** A standard to copy: one the caller sees, or a connected partner's (its version in use only). */
export type CloneSource = StandardSummary & { partner: boolean };

export type Clones =
  { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; standards: CloneSource[] };

/** One list of standards, every page (a few pages of 100: a form's choices). */
const everyStandard = (partners: boolean) =>
  allPages(async (cursor) => {
    const page = await callApi('artifact/list-standards', {
      limit: 100,
      ...(partners ? { partners: 'true' as const } : {}),
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.standards, nextCursor: page.nextCursor };
  }, 20);

/**
 * Every standard the caller sees, and the connected partners' standards with a version in use
 * (issue 37: a site starting from its sponsor's; the server decides which), to clone from.
 */
export const loadClones = async (): Promise<CloneSource[]> => {
  const [own, partners] = await Promise.all([everyStandard(false), everyStandard(true)]);
  return [
    ...own.map((s) => ({ ...s, partner: false })),
    ...partners.map((s) => ({ ...s, partner: true })),
  ];
};

/** The standards as options: the caller's own, then the partners' in a group of their own. */
const CloneOptions = ({
  standards,
  ownLabel,
  partnersLabel,
}: {
  standards: readonly CloneSource[];
  ownLabel: string;
  partnersLabel: string;
}) => {
  const option = (s: CloneSource) => (
    <option key={s.standardId} value={s.standardId}>
      {`${s.name} (${s.organisationName})`}
    </option>
  );
  const partners = standards.filter((s) => s.partner);
  if (partners.length === 0) return <>{standards.map(option)}</>;
  const own = standards.filter((s) => !s.partner);
  return (
    <>
      {own.length > 0 && <optgroup label={ownLabel}>{own.map(option)}</optgroup>}
      <optgroup label={partnersLabel}>{partners.map(option)}</optgroup>
    </>
  );
};

/** The version cloned: the standard chosen, and which of its versions. */
export type CloneChoice = { standardId: string; version: number } | null;

interface ClonePickerProps {
  clones: Clones | null;
  clone: CloneChoice;
  /** The standard chosen, once the list has it. */
  chosenClone: CloneSource | null;
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
                    // A partner's: its version in use, the only one it may be copied at.
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
          {clones?.state === 'loaded' && (
            <CloneOptions
              standards={clones.standards}
              ownLabel={t('standards.create.ownGroup')}
              partnersLabel={t('standards.create.partnersGroup')}
            />
          )}
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
            (chosenClone.partner && chosenClone.publishedVersion !== null
              ? [chosenClone.publishedVersion]
              : Array.from({ length: chosenClone.latestVersion }, (_, i) => i + 1).reverse()
            ).map((v) => (
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
