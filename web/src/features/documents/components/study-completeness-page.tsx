import { documentFilterShape } from '@ccsc/contract/documents';
import { CATALOGUE_VERSIONS } from '@ccsc/contract/standard-rows';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { settledError } from '../../../lib/query-state';
import { messageOfError } from '../../../lib/refusals';
import { documentKeys } from '../api/keys';
import { type StudyCompleteness, type ZoneNames, holdsFiles, namesOf } from '../utils/completeness';
import { documentsPath } from '../utils/document-query';
import { formatCount } from '../utils/sizes';
import { ArtifactCompleteness } from './artifact-completeness';
import { SiteCompleteness } from './site-completeness';
import { StudyImports } from './study-imports';

/** The contract's rule for a study id (the list's filter and this call take the same). */
const STUDY_ID = documentFilterShape().studyId;

const BackLink = ({ studyId }: { studyId?: string }) => {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('documents.detail.breadcrumb')} className="small mb-2">
      <Link to={documentsPath(studyId === undefined ? {} : { studyId })}>
        {studyId === undefined
          ? t('documents.backToList')
          : t('documents.completeness.backToStudyList')}
      </Link>
    </nav>
  );
};

const Intro = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro
      heading={t('documents.completeness.heading')}
      description={t('documents.completeness.description')}
    />
  );
};

/**
 * /admin/documents/completeness?studyId=… (issue 17): a study's TMF at artifact level
 * (artifact/study-completeness): each site's core site-level artifacts still without a document,
 * and every artifact's documents, by zone and section, the documents exchanged beside the files
 * eTMF-EMS imports filed. Every exchanged count links to the document list behind it. Between the
 * sites and the artifacts, the study's eTMF-EMS imports and the way to start one. A link that names no study (or not one the
 * contract accepts) is not sent.
 */
export const StudyCompletenessPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const studyId = params.get('studyId')?.trim() ?? '';
  if (!STUDY_ID.safeParse(studyId).success) {
    return (
      <>
        <BackLink />
        <Intro />
        <p className="alert alert-secondary" role="status">
          {studyId === ''
            ? t('documents.completeness.noneChosen')
            : t('documents.completeness.badId')}
        </p>
      </>
    );
  }
  // Each study is its own page: another one starts afresh.
  return <CompletenessView key={studyId} studyId={studyId} />;
};

/** The zones' and sections' names of the catalogue the answer counted by, if it is known here. */
const loadNames = async (version: string): Promise<ZoneNames> => {
  const known = CATALOGUE_VERSIONS.find((v) => v === version);
  const { catalogue } = await callApi('artifact/catalogue', known ? { version: known } : {});
  return catalogue.version === version ? namesOf(catalogue) : new Map();
};

const CompletenessView = ({ studyId }: { studyId: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const completeness = useQuery({
    queryKey: documentKeys.completeness(studyId),
    queryFn: () => callApi('artifact/study-completeness', { studyId }),
  });
  const answer: StudyCompleteness | null = completeness.data ?? null;
  const loadError = settledError(completeness);

  // The names come from the catalogue, once the answer says which one it counted by.
  const version = answer?.catalogueVersion ?? null;
  const catalogueNames = useQuery({
    queryKey: documentKeys.catalogueNames(version ?? ''),
    queryFn: () => loadNames(version ?? ''),
    enabled: version !== null,
  });
  const names: ZoneNames | null = catalogueNames.data ?? null;
  const namesError = settledError(catalogueNames);

  if (answer === null) {
    return (
      <>
        <BackLink studyId={studyId} />
        <Intro />
        {loadError === null ? (
          <LoadingIndicator className="my-4" />
        ) : (
          <RetryAlert
            message={messageOfError(loadError, t('documents.completeness.loadFailed'))}
            retryLabel={t('documents.retry')}
            onRetry={() => {
              void completeness.refetch();
            }}
          />
        )}
      </>
    );
  }

  const filled = answer.artifacts.filter(holdsFiles).length;
  const total = answer.artifacts.reduce((sum, a) => sum + a.documents, 0);
  const imported = answer.artifacts.reduce((sum, a) => sum + a.imported, 0);

  return (
    <>
      <BackLink studyId={studyId} />
      <header className="mb-3">
        <h1 className="h3 mb-1">{t('documents.completeness.heading')}</h1>
        <p className="fs-5 mb-1" data-testid="completeness-study">
          {t('documents.completeness.study', {
            protocol: answer.study.protocolNumber,
            title: answer.study.title,
          })}
        </p>
        <p className="text-body-secondary mb-0">
          {t('documents.completeness.summary', {
            count: total,
            n: formatCount(total, language),
            filled: formatCount(filled, language),
            artifacts: formatCount(answer.artifacts.length, language),
            version: answer.catalogueVersion,
          })}
          {imported > 0 && (
            <>
              {' '}
              {t('documents.completeness.importedSummary', {
                count: imported,
                n: formatCount(imported, language),
              })}
            </>
          )}
        </p>
      </header>

      <section className="mb-4" aria-labelledby="completeness-sites">
        <div className="d-flex flex-wrap align-items-baseline gap-3">
          <h2 className="h5" id="completeness-sites">
            {t('documents.completeness.sites.heading')}
          </h2>
          <Link
            to={`${paths.admin.documentRequests}?studyId=${encodeURIComponent(studyId)}`}
            data-testid="completeness-requests-link"
          >
            {t('requests.open')}
          </Link>
        </div>
        <SiteCompleteness completeness={answer} />
      </section>

      {/* The study's imports are its sponsor side's (the call refuses a site's people). */}
      {answer.sponsorSide && (
        <StudyImports studyId={studyId} protocolNumber={answer.study.protocolNumber} />
      )}

      <section className="mb-4" aria-labelledby="completeness-artifacts">
        <h2 className="h5" id="completeness-artifacts">
          {t('documents.completeness.artifacts.heading')}
        </h2>
        {namesError !== null && (
          <RetryAlert
            className="gap-2 small"
            message={messageOfError(namesError, t('documents.completeness.artifacts.namesFailed'))}
            retryLabel={t('documents.retry')}
            onRetry={() => {
              void catalogueNames.refetch();
            }}
          />
        )}
        <ArtifactCompleteness completeness={answer} names={names} />
      </section>
    </>
  );
};
