import type { CatalogueIndex } from '@ccsc/contract/standard-rows';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RowLookup } from '../../../config/standard-paths';
import { artifactText } from './artifact-picker';

/** What the caller may do about a missing row in the version shown. */
export type LookupStep =
  /** A draft the caller may change: add the row here. */
  | { kind: 'add'; onAdd: () => void }
  /** A published or retired version, no draft yet: start one ("New version", above). */
  | { kind: 'new-version' }
  /** A published or retired version whose draft exists: open the draft. */
  | { kind: 'open-draft'; version: number; path: string }
  /** Someone else changes this standard. */
  | { kind: 'others'; organisation: string };

interface RowLookupNoticeProps {
  lookup: RowLookup;
  catalogue: CatalogueIndex;
  /** The positions of the rows found (none: the standard lacks the row). */
  found: readonly number[];
  /** Whether the version shown is a draft (its rows count once it is published). */
  draft: boolean;
  step: LookupStep;
}

/**
 * What the editor found for the row its address asks for (`?code=…` or `?artifact=…`, from a held
 * document's "Map this type"): the row, marked in the grid; or, the usual case, that this version
 * has none, and what the administrator does next — add it to this draft, start a new version, or
 * open the draft already begun.
 */
export const RowLookupNotice = ({
  lookup,
  catalogue,
  found,
  draft,
  step,
}: RowLookupNoticeProps) => {
  const { t } = useTranslation();
  const values =
    lookup.kind === 'code'
      ? { code: lookup.value }
      : { artifact: artifactText(catalogue, lookup.value) };
  const first = found[0];
  if (first !== undefined) {
    return (
      <p className="alert alert-info mb-2" role="status" data-testid="row-lookup">
        {t(`standards.lookup.found.${lookup.kind}`, {
          ...values,
          count: found.length,
          row: first + 1,
        })}
        {draft && ` ${t('standards.lookup.foundInDraft')}`}
      </p>
    );
  }
  return (
    <div className="alert alert-warning mb-2" role="status" data-testid="row-lookup">
      <p className="mb-1">
        <strong>{t(`standards.lookup.missing.${lookup.kind}`, values)}</strong>
      </p>
      <p className="mb-0">
        {step.kind === 'others'
          ? t('standards.lookup.others', { organisation: step.organisation })
          : step.kind === 'open-draft'
            ? t(`standards.lookup.openDraft.${lookup.kind}`, { ...values, version: step.version })
            : t(
                `standards.lookup.${step.kind === 'add' ? 'add' : 'newVersion'}.${lookup.kind}`,
                values,
              )}
      </p>
      {step.kind === 'add' && (
        <button type="button" className="btn btn-sm btn-warning mt-2" onClick={step.onAdd}>
          {t('standards.lookup.addRow', { value: lookup.value })}
        </button>
      )}
      {step.kind === 'open-draft' && (
        <Link className="btn btn-sm btn-warning mt-2" to={step.path}>
          {t('standards.lookup.openDraftLink', { version: step.version })}
        </Link>
      )}
    </div>
  );
};
