import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  type ArtifactFilter,
  type CompletenessArtifact,
  type StudyCompleteness,
  type ZoneNames,
  groupArtifacts,
} from '../utils/completeness';
import { documentsPath } from '../utils/document-query';
import { formatCount } from '../utils/sizes';
import { ScrollRegion } from '../../../components/scroll-region';
import { TmfName, WithTmfName } from '../../../components/tmf-name';

/** The filters in the address (`core=1`, `empty=1`), so that a link shows the same. */
const FILTERS = { coreOnly: 'core', emptyOnly: 'empty' } as const;

const useArtifactFilter = () => {
  const [params, setParams] = useSearchParams();
  const filter: ArtifactFilter = {
    coreOnly: params.get(FILTERS.coreOnly) === '1',
    emptyOnly: params.get(FILTERS.emptyOnly) === '1',
  };
  const change = (key: keyof ArtifactFilter, on: boolean) => {
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (on) next.set(FILTERS[key], '1');
        else next.delete(FILTERS[key]);
        return next;
      },
      { replace: true },
    );
  };
  return { filter, change };
};

const COLUMNS = 6;

const ArtifactRow = ({
  artifact,
  studyId,
}: {
  artifact: CompletenessArtifact;
  studyId: string;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <tr data-testid={`artifact-${artifact.number}`}>
      <td className="font-monospace text-nowrap">{artifact.number}</td>
      <th scope="row" className="fw-normal">
        <TmfName>{artifact.name}</TmfName>
      </th>
      <td>
        {artifact.core ? (
          <span className="badge text-bg-primary">
            {t('documents.completeness.artifacts.core')}
          </span>
        ) : (
          <span className="badge text-bg-light border">
            {t('documents.completeness.artifacts.recommended')}
          </span>
        )}
      </td>
      <td>
        {artifact.siteLevel
          ? t('documents.completeness.artifacts.yes')
          : t('documents.completeness.artifacts.no')}
      </td>
      <td className="text-end">
        {artifact.documents === 0 ? (
          <span className="text-body-secondary">{formatCount(0, language)}</span>
        ) : (
          <Link to={documentsPath({ studyId, artifactNumber: artifact.number })}>
            {formatCount(artifact.documents, language)}{' '}
            <span className="visually-hidden">
              {t('documents.completeness.artifacts.documentsOf', {
                number: artifact.number,
                name: artifact.name,
              })}
            </span>
          </Link>
        )}
      </td>
      <td className="text-end" data-testid={`artifact-imported-${artifact.number}`}>
        {artifact.imported === 0 ? (
          <span className="text-body-secondary">{formatCount(0, language)}</span>
        ) : (
          formatCount(artifact.imported, language)
        )}
      </td>
    </tr>
  );
};

/**
 * Every artifact of the TMF Reference Model with the study's documents (exchanged, and the files
 * eTMF-EMS imports filed beside them), a table per zone (the
 * first two digits of the number) in rows grouped by section, with the zone's and section's names
 * once the catalogue is there (`names`); filtered to the core artifacts, the empty ones (neither
 * exchanged nor imported), or both. An exchanged count links to the study's documents of that
 * artifact; imported files have no list of their own by artifact (each import lists its files).
 */
export const ArtifactCompleteness = ({
  completeness,
  names,
}: {
  completeness: StudyCompleteness;
  names: ZoneNames | null;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { filter, change } = useArtifactFilter();
  const zones = groupArtifacts(completeness.artifacts, filter);
  const shown = zones.reduce((sum, z) => sum + z.count, 0);
  const { studyId } = completeness.study;
  const zoneLabel = (number: string) => t('documents.completeness.artifacts.zone', { number });
  const zoneName = (number: string) => {
    const name = names?.get(number);
    return name === undefined ? (
      zoneLabel(number)
    ) : (
      <WithTmfName
        text={(place) => t('documents.completeness.artifacts.zoneNamed', { number, name: place })}
        name={name}
      />
    );
  };
  // A section reads as the catalogue writes it: "05.04 Site Management".
  const sectionName = (number: string) => {
    const name = names?.get(number);
    return name === undefined ? (
      t('documents.completeness.artifacts.section', { number })
    ) : (
      <>
        {number} <TmfName>{name}</TmfName>
      </>
    );
  };

  return (
    <>
      <fieldset className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <legend className="form-label fs-6 mb-0 me-1 float-none w-auto">
          {t('documents.completeness.artifacts.show')}
        </legend>
        {(['coreOnly', 'emptyOnly'] as const).map((key) => (
          <div className="form-check mb-0" key={key}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`artifact-filter-${key}`}
              checked={filter[key]}
              onChange={(e) => {
                change(key, e.target.checked);
              }}
            />
            <label className="form-check-label" htmlFor={`artifact-filter-${key}`}>
              {t(`documents.completeness.artifacts.${key}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <p className="small text-body-secondary" role="status" data-testid="artifacts-shown">
        {t('documents.completeness.artifacts.shown', {
          shown: formatCount(shown, language),
          total: formatCount(completeness.artifacts.length, language),
        })}
      </p>
      {zones.length === 0 && (
        <p className="text-body-secondary">{t('documents.completeness.artifacts.noMatch')}</p>
      )}
      {zones.map((zone) => (
        <ScrollRegion className="mb-3" key={zone.number} label={zoneLabel(zone.number)}>
          <table className="table table-sm align-middle" data-testid={`zone-${zone.number}`}>
            <caption className="caption-top text-body">
              <h3 className="h6 mb-0">{zoneName(zone.number)}</h3>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('documents.completeness.artifacts.number')}</th>
                <th scope="col">{t('documents.completeness.artifacts.name')}</th>
                <th scope="col">{t('documents.completeness.artifacts.kind')}</th>
                <th scope="col">{t('documents.completeness.artifacts.siteLevel')}</th>
                <th scope="col" className="text-end">
                  {t('documents.completeness.artifacts.documents')}
                </th>
                <th scope="col" className="text-end">
                  {t('documents.completeness.artifacts.imported')}
                </th>
              </tr>
            </thead>
            {zone.sections.map((section) => (
              <tbody key={section.number}>
                <tr className="table-light">
                  <th scope="rowgroup" colSpan={COLUMNS} className="small">
                    {sectionName(section.number)}
                  </th>
                </tr>
                {section.artifacts.map((artifact) => (
                  <ArtifactRow key={artifact.number} artifact={artifact} studyId={studyId} />
                ))}
              </tbody>
            ))}
          </table>
        </ScrollRegion>
      ))}
    </>
  );
};
