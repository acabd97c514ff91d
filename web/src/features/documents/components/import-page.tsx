import type { ImportDetail } from '@ccsc/contract/documents';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { PagedList } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useImportReport } from '../hooks/use-import-report';
import { completenessPath } from '../utils/completeness';
import { arrivalOf, filesDone, isImportId, mayImport } from '../utils/imports';
import { formatCount, formatSize } from '../utils/sizes';
import { ImportStateBadge } from './document-badges';
import { type ContinueFlow, useContinueImport } from '../hooks/use-continue-import';
import { Conflicts } from './import-conflicts';
import {
  BatchFacts,
  Counts,
  FiledTable,
  ImportFacts,
  NotFiled,
  Problems,
  Section,
} from './import-report-sections';

/** Back to the study's completeness once the import names its study; to the documents before. */
const BackLink = ({ studyId }: { studyId?: string }) => {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('documents.detail.breadcrumb')} className="small mb-2">
      {studyId === undefined ? (
        <Link to={paths.admin.documents}>{t('documents.backToList')}</Link>
      ) : (
        <Link to={completenessPath(studyId)}>{t('documents.import.backToStudy')}</Link>
      )}
    </nav>
  );
};

const Intro = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro
      heading={t('documents.import.heading')}
      description={t('documents.import.description')}
    />
  );
};

/**
 * /admin/documents/import?importId=… (issue 17): one eTMF-EMS import of a study — its report (the
 * package's batch, the counts, why it was refused with exchange.xml's problems by line, the
 * conflicts a person resolves (issue 34: file as…, skip), the objects not filed with the reason
 * and each file's outcome) and the files it filed (a rejected import's too: filed before
 * it stopped), paged as the server pages them, each with **Download**. An import left `importing`
 * (its dialog closed on the way) reads "not finished" and can be continued here by whoever may
 * import. Come from the dialog, the heading takes the focus and the outcome is said. A link that
 * names no import (or not one as the hub writes its ids) is not sent to the server.
 */
export const ImportPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const importId = params.get('importId') ?? '';
  if (!isImportId(importId)) {
    return (
      <>
        <BackLink />
        <Intro />
        <p className="alert alert-secondary" role="status">
          {importId === '' ? t('documents.import.noneChosen') : t('documents.import.badId')}
        </p>
      </>
    );
  }
  // Each import is its own page: another one starts afresh.
  return <ImportView key={importId} importId={importId} />;
};

const ImportView = ({ importId }: { importId: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const list = useImportReport(importId);
  const { report } = list;
  const [offered] = useState(() => mayImport(getProfile()?.role));
  const flow = useContinueImport(report, list.reload);
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(() => arrivalOf(location.state));
  const heading = useRef<HTMLHeadingElement>(null);
  const greeted = useRef(false);

  // Come from the dialog (or the list's Continue): the heading takes the focus once the report is
  // there (and the import is continued). The state is taken out of the history entry, so that
  // going back here or reloading does neither again.
  useEffect(() => {
    if (report === null || arrival === null || greeted.current) return;
    greeted.current = true;
    heading.current?.focus();
    if (arrival === 'continue' && report.state === 'importing' && offered) {
      void flow.continueImport();
    }
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  });

  // Come from the dialog, its outcome is said, in a live region there since the page began (so
  // that it is announced when the report arrives).
  const arrived: Notice | null =
    arrival === 'imported' &&
    report !== null &&
    (report.state === 'completed' || report.state === 'rejected')
      ? {
          kind: report.state === 'completed' ? 'success' : 'warning',
          text: t(`documents.import.arrived.${report.state}`, {
            filed: formatCount(report.filed, language),
            alreadyFiled: formatCount(report.alreadyFiled, language),
            notFiled: formatCount(report.notFiled, language),
          }),
        }
      : null;
  const arrivedArea = <NoticeArea notice={arrived} testId="import-arrived" />;

  if (report === null) {
    return (
      <>
        <BackLink />
        <Intro />
        {arrivedArea}
        {list.error === null ? (
          <LoadingIndicator className="my-4" />
        ) : (
          <RetryAlert
            message={messageOfError(list.error, t('documents.import.loadFailed'))}
            retryLabel={t('documents.retry')}
            onRetry={list.reload}
          />
        )}
      </>
    );
  }

  const reported = report.state === 'completed' || report.state === 'importing';
  return (
    <>
      <BackLink studyId={report.studyId} />
      <header className="mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h3 mb-0" tabIndex={-1} ref={heading}>
            {t('documents.import.heading')}
          </h1>
          <ImportStateBadge state={report.state} moving={flow.continuing} />
        </div>
        <p className="text-body-secondary mb-0 text-break" data-testid="import-summary">
          {t('documents.import.summary', {
            protocol: report.protocolNumber,
            fileName: report.fileName,
            size: formatSize(report.size, language),
          })}
        </p>
      </header>

      {arrivedArea}
      <StateNotice report={report} offered={offered} flow={flow} />

      <div className="row">
        <div className="col-lg-4">
          <Section heading={t('documents.import.factsHeading')} id="import-facts">
            <ImportFacts report={report} />
          </Section>
        </div>
        <div className="col-lg-4">
          <Section heading={t('documents.import.batchHeading')} id="import-batch">
            <BatchFacts batch={report.batch} />
          </Section>
        </div>
        <div className="col-lg-4">
          <Section heading={t('documents.import.countsHeading')} id="import-counts">
            <Counts report={report} />
          </Section>
        </div>
      </div>

      {report.problems.length > 0 && (
        <Section heading={t('documents.import.problemsHeading')} id="import-problems">
          <Problems problems={report.problems} />
        </Section>
      )}

      {report.conflictList.length > 0 && (
        <Section heading={t('documents.import.conflicts.heading')} id="import-conflicts">
          <Conflicts report={report} offered={offered} onResolved={list.reload} />
        </Section>
      )}

      {(reported || report.notFiledList.length > 0) && (
        <Section heading={t('documents.import.notFiledObjectsHeading')} id="import-not-filed">
          <NotFiled report={report} />
        </Section>
      )}

      {/* A rejected import may have filed files before it stopped (a package replaced part-way):
          they stay filed, and are listed. */}
      {(reported || report.filed > 0) && (
        <Section heading={t('documents.import.filedHeading')} id="import-filed">
          <PagedList
            list={list}
            failure={messageOfError(list.error, t('documents.import.filedLoadFailed'))}
            retryLabel={t('documents.retry')}
            empty={
              list.hasNext ? t('documents.import.filedNoneOnPage') : t('documents.import.filedNone')
            }
            pagingLabel={t('documents.import.paging')}
          >
            <FiledTable importId={importId} objects={list.items} loading={list.loading} />
          </PagedList>
        </Section>
      )}
    </>
  );
};

/**
 * What the import's state means: not uploaded, not finished (with **Continue the import** for whoever
 * may import), or rejected (with the server's reason, and whether files were filed before it
 * stopped). A completed import needs no word.
 */
const StateNotice = ({
  report,
  offered,
  flow,
}: {
  report: ImportDetail;
  offered: boolean;
  flow: ContinueFlow;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { continuing, waiting } = flow;
  const shown = flow.progress ?? report;
  const said = t('documents.import.inProgress', {
    count: shown.files,
    n: formatCount(shown.files, language),
    done: formatCount(filesDone(shown), language),
  });
  return (
    <>
      <NoticeArea notice={flow.notice} testId="import-notice" />
      {report.state === 'awaiting-upload' && (
        <p className="alert alert-secondary" data-testid="import-state-note">
          {t('documents.import.awaitingUpload')}
        </p>
      )}
      {report.state === 'importing' && (
        <div
          className="alert alert-info d-flex flex-wrap align-items-center gap-2"
          data-testid="import-state-note"
        >
          <span className="me-auto" role="status">
            {waiting === null ? said : `${said} ${t(`documents.importDialog.waiting.${waiting}`)}`}
          </span>
          {offered && (
            // aria-disabled, not disabled: the focus stays on the button while it works.
            <button
              type="button"
              className={`btn btn-primary${continuing ? ' disabled' : ''}`}
              aria-disabled={continuing}
              onClick={() => {
                if (!continuing) void flow.continueImport();
              }}
            >
              {continuing && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t('documents.import.continue')}
            </button>
          )}
        </div>
      )}
      {report.state === 'rejected' && (
        <div className="alert alert-danger" data-testid="import-rejected">
          <p className="mb-1 fw-semibold">
            {report.filed === 0
              ? t('documents.import.rejected')
              : t('documents.import.rejectedAfterFiling', {
                  count: report.filed,
                  n: formatCount(report.filed, language),
                })}
          </p>
          {report.rejection !== null && <p className="mb-0">{report.rejection}</p>}
        </div>
      )}
    </>
  );
};
