import {
  type CatalogueIndex,
  EQUIVALENCES,
  FILING_LEVELS,
  type MappingRow,
  REQUIRED_METADATA,
} from '@ccsc/contract/standard-rows';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { type TmfArtifact, withArtifact, withLevel } from '../utils/grid-state';
import { ArtifactPicker } from './artifact-picker';

interface BulkEditDialogProps {
  count: number;
  catalogue: CatalogueIndex;
  onCancel: () => void;
  /** The change to make to each selected row. */
  onApply: (change: (row: MappingRow) => MappingRow) => void;
}

type Keep = '';

/**
 * Sets the same artifact, filing level, equivalence or required metadata on every selected row;
 * what is left at "Leave unchanged" is. An artifact brings its defaults (as the row's picker does),
 * a level chosen here wins over them.
 */
export const BulkEditDialog = ({ count, catalogue, onCancel, onApply }: BulkEditDialogProps) => {
  const { t } = useTranslation();
  const [artifact, setArtifact] = useState<TmfArtifact | null>(null);
  const [subArtifact, setSubArtifact] = useState<string | null>(null);
  const [level, setLevel] = useState<MappingRow['filingLevel'] | Keep | 'none'>('');
  const [equivalence, setEquivalence] = useState<MappingRow['equivalence'] | Keep>('');
  const [setMetadata, setSetMetadata] = useState(false);
  const [metadata, setMetadataList] = useState<MappingRow['requiredMetadata']>([]);
  const nothing = artifact === null && level === '' && equivalence === '' && !setMetadata;

  const apply = () => {
    onApply((row) => {
      let next = artifact === null ? row : withArtifact(row, artifact, subArtifact);
      if (level === 'none') next = { ...next, filingLevel: '' };
      else if (level !== '') next = withLevel(next, level);
      if (equivalence !== '') next = { ...next, equivalence };
      if (setMetadata) next = { ...next, requiredMetadata: [...metadata] };
      return next;
    });
  };

  return (
    <FormDialog
      title={t('standards.bulk.title', { count })}
      message={null}
      submitLabel={t('standards.bulk.apply', { count })}
      busyLabel={t('standards.working')}
      saving={false}
      submitDisabled={nothing}
      onSubmit={apply}
      onCancel={onCancel}
      size="lg"
      testId="bulk-edit-dialog"
    >
      <p className="col-12 mb-0">{t('standards.bulk.text', { count })}</p>
      <div className="col-12">
        <label className="form-label" htmlFor="bulk-artifact">
          {t('standards.column.artifactNumber')}
        </label>
        <ArtifactPicker
          id="bulk-artifact"
          label={t('standards.column.artifactNumber')}
          catalogue={catalogue}
          value={artifact?.number ?? ''}
          small={false}
          onPick={(chosen, sub) => {
            setArtifact(chosen);
            setSubArtifact(sub);
          }}
          describedBy="bulk-artifact-help"
        />
        <div id="bulk-artifact-help" className="form-text">
          {t('standards.bulk.artifactHelp')}
        </div>
      </div>
      <div className="col-md-6">
        <label className="form-label" htmlFor="bulk-level">
          {t('standards.column.filingLevel')}
        </label>
        <select
          id="bulk-level"
          className="form-select"
          value={level}
          onChange={(e) => {
            const value = e.target.value;
            setLevel(value === 'none' ? 'none' : (FILING_LEVELS.find((l) => l === value) ?? ''));
          }}
        >
          <option value="">{t('standards.bulk.keep')}</option>
          <option value="none">{t('standards.bulk.noLevel')}</option>
          {FILING_LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`standards.level.${l}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-6">
        <label className="form-label" htmlFor="bulk-equivalence">
          {t('standards.column.equivalence')}
        </label>
        <select
          id="bulk-equivalence"
          className="form-select"
          value={equivalence}
          onChange={(e) => {
            setEquivalence(EQUIVALENCES.find((q) => q === e.target.value) ?? '');
          }}
        >
          <option value="">{t('standards.bulk.keep')}</option>
          {EQUIVALENCES.map((q) => (
            <option key={q} value={q}>
              {t(`standards.equivalence.${q}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="col-12">
        <legend className="form-label fs-6">{t('standards.column.requiredMetadata')}</legend>
        <div className="form-check form-switch mb-2">
          <input
            id="bulk-metadata-set"
            type="checkbox"
            className="form-check-input"
            checked={setMetadata}
            onChange={(e) => {
              setSetMetadata(e.target.checked);
            }}
          />
          <label className="form-check-label" htmlFor="bulk-metadata-set">
            {t('standards.bulk.setMetadata')}
          </label>
        </div>
        {REQUIRED_METADATA.map((m) => (
          <div className="form-check form-check-inline" key={m}>
            <input
              id={`bulk-metadata-${m}`}
              type="checkbox"
              className="form-check-input"
              disabled={!setMetadata}
              checked={metadata.includes(m)}
              onChange={(e) => {
                const on = e.target.checked;
                setMetadataList((list) =>
                  REQUIRED_METADATA.filter((x) => (x === m ? on : list.includes(x))),
                );
              }}
            />
            <label className="form-check-label" htmlFor={`bulk-metadata-${m}`}>
              {t(`standards.metadata.${m}`)}
            </label>
          </div>
        ))}
      </fieldset>
    </FormDialog>
  );
};
