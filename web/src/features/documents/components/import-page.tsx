import type { FiledObject, ImportDetail } from '@ccsc/contract/documents';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { PagedList } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { formatDateTime, formatDisplayDate } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import {
  ImportHeld,
  ImportStopped,
  type ImportWait,
  importUntilDone,
} from '../hooks/use-etmf-import';
import { useImportReport } from '../hooks/use-import-report';
import { completenessPath } from '../utils/completeness';
import { arrivalOf, filesDone, isImportId, mayImport, shortHash } from '../utils/imports';
import { formatBytes, formatCount, formatSize } from '../utils/sizes';
import { CopyButton } from './copy-button';
import { ImportStateBadge } from './document-badges';

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
 * files not filed with the reason) and the files it filed (a rejected import's too: filed before
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

/** A term and what it is, in the page's lists of facts. */
const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <>
    <dt className="col-sm-6">{term}</dt>
    <dd className="col-sm-6">{children}</dd>
  </>
);

const Section = ({
  heading,
  id,
  children,
}: {
  heading: string;
  id: string;
  children: ReactNode;
}) => (
  <section className="mb-4" aria-labelledby={id}>
    <h2 className="h5" id={id}>
      {heading}
    </h2>
    {children}
  </section>
);

/**
 * **Continue the import** (an import left `importing`): s3documents/import-etmf until it is done,
 * as the dialog calls it (failures worth repeating repeated, a hold by another session waited
 * out for a while); then the page's report is loaded again. Leaving the page stops it.
 */
const useContinueImport = (report: ImportDetail | null, onContinued: () => void) => {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<ImportDetail | null>(null);
  const [waiting, setWaiting] = useState<ImportWait | null>(null);
  const [continuing, setContinuing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      running.current?.abort();
    },
    [],
  );

  const continueImport = async () => {
    if (report === null || running.current !== null) return;
    const controller = new AbortController();
    running.current = controller;
    setContinuing(true);
    setNotice(null);
    try {
      const done = await importUntilDone(
        report.importId,
        (answer) => {
          setProgress(answer);
          setWaiting(null);
        },
        controller.signal,
        { from: filesDone(report), onWait: setWaiting },
      );
      setNotice({
        kind: done.state === 'rejected' ? 'warning' : 'success',
        text: t('documents.import.continued', { state: t(`documents.importState.${done.state}`) }),
      });
      onContinued();
    } catch (err) {
      if (err instanceof ImportStopped || controller.signal.aborted) return;
      setNotice({
        kind: 'danger',
        text:
          err instanceof ImportHeld
            ? t('documents.import.held')
            : messageOfError(err, t('documents.import.continueFailed')),
      });
      // Where it stands now, whatever stopped it.
      onContinued();
    } finally {
      if (!controller.signal.aborted) {
        running.current = null;
        setContinuing(false);
        setProgress(null);
        setWaiting(null);
      }
    }
  };

  return { continuing, progress, waiting, notice, continueImport };
};

type ContinueFlow = ReturnType<typeof useContinueImport>;

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

      {(reported || report.notFiledList.length > 0) && (
        <Section heading={t('documents.import.notFiledHeading')} id="import-not-filed">
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

const ImportFacts = ({ report }: { report: ImportDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <dl className="row small" data-testid="import-facts">
      <Fact term={t('documents.import.importId')}>
        <span className="font-monospace text-break">{report.importId}</span>
      </Fact>
      <Fact term={t('documents.import.fileName')}>
        <span className="text-break">{report.fileName}</span>
      </Fact>
      <Fact term={t('documents.import.size')}>
        {formatSize(report.size, language)}
        <div className="text-body-secondary">{formatBytes(report.size, language)}</div>
      </Fact>
      <Fact term={t('documents.import.startedAt')}>
        <time dateTime={report.startedAt}>{formatDateTime(report.startedAt, language)}</time>
      </Fact>
      <Fact term={t('documents.import.startedBy')}>
        <span className="text-break">{report.startedBy}</span>
      </Fact>
      <Fact term={t('documents.import.completedAt')}>
        {report.completedAt === null ? (
          <span className="text-body-secondary">{t('documents.import.notFinished')}</span>
        ) : (
          <time dateTime={report.completedAt}>{formatDateTime(report.completedAt, language)}</time>
        )}
      </Fact>
    </dl>
  );
};

const BATCH_FIELDS = [
  'studyId',
  'transferSourceId',
  'transferId',
  'specificationId',
  'tmfRmVersion',
] as const;

const BatchFacts = ({ batch }: { batch: ImportDetail['batch'] }) => {
  const { t } = useTranslation();
  if (batch === null) {
    return <p className="small text-body-secondary">{t('documents.import.noBatch')}</p>;
  }
  return (
    <dl className="row small" data-testid="import-batch">
      {BATCH_FIELDS.map((field) => (
        <Fact key={field} term={t(`documents.import.batch.${field}`)}>
          <span className="text-break">{batch[field]}</span>
        </Fact>
      ))}
    </dl>
  );
};

const COUNTS = ['objects', 'files', 'filed', 'alreadyFiled', 'notFiled'] as const;

const Counts = ({ report }: { report: ImportDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <dl className="row small" data-testid="import-counts">
      {COUNTS.map((count) => (
        <Fact key={count} term={t(`documents.import.counts.${count}`)}>
          <span
            className={count === 'notFiled' && report.notFiled > 0 ? 'text-danger fw-semibold' : ''}
            data-testid={`count-${count}`}
          >
            {formatCount(report[count], language)}
          </span>
        </Fact>
      ))}
    </dl>
  );
};

const Problems = ({ problems }: { problems: ImportDetail['problems'] }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="table-responsive">
      <table className="table table-sm" data-testid="import-problems">
        <caption className="visually-hidden">{t('documents.import.problemsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-end">
              {t('documents.import.line')}
            </th>
            <th scope="col">{t('documents.import.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={`${String(p.line)}-${String(i)}`}>
              <td className="text-end font-monospace">{formatCount(p.line, language)}</td>
              <td className="text-break">{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const NotFiled = ({ report }: { report: ImportDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const rows = report.notFiledList;
  if (rows.length === 0) {
    return <p className="small text-body-secondary">{t('documents.import.notFiledNone')}</p>;
  }
  return (
    <>
      {report.notFiled > rows.length && (
        <p className="small text-body-secondary">
          {t('documents.import.notFiledFirst', {
            shown: formatCount(rows.length, language),
            n: formatCount(report.notFiled, language),
          })}
        </p>
      )}
      <div className="table-responsive">
        <table className="table table-sm align-middle" data-testid="import-not-filed">
          <caption className="visually-hidden">{t('documents.import.notFiledCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('documents.import.objectId')}</th>
              <th scope="col">{t('documents.import.file')}</th>
              <th scope="col">{t('documents.import.artifactNumber')}</th>
              <th scope="col">{t('documents.import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={`${row.objectId}-${row.fileName}-${String(i)}`}>
                <td className="font-monospace small text-break">{row.objectId}</td>
                <th scope="row" className="fw-normal small text-break">
                  {row.fileName}
                </th>
                <td className="font-monospace small">{row.artifactNumber}</td>
                <td className="small">
                  <div data-testid="not-filed-reason">
                    {t(`documents.import.reasons.${row.reason}`)}
                  </div>
                  {row.detail !== '' && (
                    <div className="text-body-secondary text-break">{row.detail}</div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
};

/** The files the import filed, in the inventory's order; each row's **Download**. */
const FiledTable = ({
  importId,
  objects,
  loading,
}: {
  importId: string;
  objects: readonly FiledObject[];
  loading: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** Where a filed file belongs: the trial, a country, or a site of the study. */
  const levelText = (o: FiledObject): string => {
    if (o.level === 'site' && o.siteNumber !== null)
      return t('documents.import.atSite', { site: o.siteNumber });
    if (o.level === 'country' && o.countryId !== null)
      return t('documents.import.inCountry', { country: o.countryId });
    return t(`documents.level.${o.level}`);
  };

  const download = async (seq: number) => {
    if (busy !== null) return;
    setBusy(seq);
    setNotice(null);
    try {
      const { url, fileName } = await callApi('s3documents/import-download', { importId, seq });
      downloadFile(url, fileName);
      setNotice({ kind: 'success', text: t('documents.import.downloaded', { fileName }) });
    } catch (err) {
      setNotice({
        kind: 'danger',
        text: messageOfError(err, t('documents.import.downloadFailed')),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <NoticeArea notice={notice} testId="download-notice" />
      <ListTable
        label={t('documents.import.filedCaption')}
        loading={loading}
        columns={[
          t('documents.import.artifact'),
          t('documents.import.level'),
          t('documents.import.title'),
          t('documents.import.version'),
          t('documents.import.file'),
          { label: t('documents.import.size'), className: 'text-end' },
          t('documents.import.sha256'),
        ]}
        head={
          <th scope="col">
            <span className="visually-hidden">{t('documents.import.actions')}</span>
          </th>
        }
      >
        {objects.map((o) => {
          return (
            <tr key={o.seq} data-testid={`filed-${String(o.seq)}`}>
              <td className="small">
                <span className="font-monospace">{o.artifactNumber}</span> {o.artifactName}
                {o.subArtifact !== null && (
                  <div className="text-body-secondary">{o.subArtifact}</div>
                )}
              </td>
              <td className="small text-nowrap">{levelText(o)}</td>
              <th scope="row" className="fw-normal">
                {o.title}
                {o.artifactDate !== null && (
                  <div className="small text-body-secondary">
                    {formatDisplayDate(o.artifactDate, language)}
                  </div>
                )}
              </th>
              <td className="small text-nowrap">
                {o.version}
                <div className="text-body-secondary">
                  {t(`documents.import.versionState.${o.versionState}`)}
                </div>
              </td>
              <td className="small text-break">{o.fileName}</td>
              <td className="small text-end text-nowrap">{formatSize(o.size, language)}</td>
              <td className="small">
                <div className="d-flex align-items-center gap-2">
                  <code className="text-body" title={o.sha256} data-testid="sha256">
                    {shortHash(o.sha256)}
                  </code>
                  <CopyButton
                    text={o.sha256}
                    label={t('documents.import.copySha', { fileName: o.fileName })}
                  />
                </div>
              </td>
              <td>
                {/* Named with its file ("Download content/visit-log-1.pdf"), the word first as
                    it shows; aria-disabled while a download is asked for, not disabled: the
                    focus stays on the button. */}
                <button
                  type="button"
                  className={`btn btn-sm btn-outline-primary text-nowrap${busy === null ? '' : ' disabled'}`}
                  aria-disabled={busy !== null}
                  onClick={() => void download(o.seq)}
                >
                  {busy === o.seq && (
                    <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                  )}
                  {t('documents.import.download')}{' '}
                  <span className="visually-hidden">{o.fileName}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </ListTable>
    </>
  );
};
