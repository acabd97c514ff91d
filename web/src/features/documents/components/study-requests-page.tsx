import { documentFilterShape } from '@ccsc/contract/documents';
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
import { getProfile } from '../../../lib/session';
import { documentKeys } from '../api/keys';
import { managesRequests } from '../utils/requests';
import { DocumentRequestsPanel } from './document-requests-panel';
import { ExpectedDocumentsEditor } from './expected-documents-editor';

const STUDY_ID = documentFilterShape().studyId;

const Intro = () => {
  const { t } = useTranslation();
  return <ScreenIntro heading={t('requests.heading')} description={t('requests.description')} />;
};

/**
 * /admin/documents/requests?studyId=… (issue 35): a study's expected documents (the list the
 * sponsor keeps, started from the Reference Model's core site-level artifacts) and its document
 * requests to the sites. The study's sponsor's OrgAdmin (or a PlatformAdmin) edits and requests;
 * everyone else within reach reads (a site's readers: their own).
 */
export const StudyRequestsPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const studyId = params.get('studyId')?.trim() ?? '';
  if (!STUDY_ID.safeParse(studyId).success) {
    return (
      <>
        <Intro />
        <p className="alert alert-secondary" role="status">
          {t('requests.noneChosen')}
        </p>
      </>
    );
  }
  return <RequestsView key={studyId} studyId={studyId} />;
};

const RequestsView = ({ studyId }: { studyId: string }) => {
  const { t } = useTranslation();
  const expected = useQuery({
    queryKey: documentKeys.expected(studyId),
    queryFn: () => callApi('expected-documents/get', { studyId }),
  });
  const loadError = settledError(expected);
  const list = expected.data;
  if (list === undefined) {
    return (
      <>
        <Intro />
        {loadError === null ? (
          <LoadingIndicator className="my-4" />
        ) : (
          <RetryAlert
            message={messageOfError(loadError, t('requests.loadFailed'))}
            retryLabel={t('documents.retry')}
            onRetry={() => {
              void expected.refetch();
            }}
          />
        )}
      </>
    );
  }
  const manages = managesRequests(getProfile(), list.study.sponsorOrganisationId);
  return (
    <>
      <nav aria-label={t('documents.detail.breadcrumb')} className="small mb-2">
        <Link to={`${paths.admin.documentCompleteness}?studyId=${encodeURIComponent(studyId)}`}>
          {t('requests.backToCompleteness')}
        </Link>
      </nav>
      <header className="mb-3">
        <h1 className="h3 mb-1">{t('requests.heading')}</h1>
        <p className="fs-5 mb-1" data-testid="requests-study">
          {t('documents.completeness.study', {
            protocol: list.study.protocolNumber,
            title: list.study.title,
          })}
        </p>
        <p className="text-body-secondary mb-0">{t('requests.description')}</p>
      </header>
      <section className="mb-4" aria-labelledby="requests-expected">
        <h2 className="h5" id="requests-expected">
          {t('requests.expected.heading')}
        </h2>
        {/* Saved again, the list comes back at its new revision: the editor starts afresh. */}
        <ExpectedDocumentsEditor key={list.revision} list={list} manages={manages} />
      </section>
      <section className="mb-4" aria-labelledby="requests-list">
        <h2 className="h5" id="requests-list">
          {t('requests.list.heading')}
        </h2>
        <DocumentRequestsPanel list={list} manages={manages} />
      </section>
    </>
  );
};
