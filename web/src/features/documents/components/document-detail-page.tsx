import {
  type DocumentDetail,
  documentIdSchema,
  fileMayBeHandedOut,
} from '@ccsc/contract/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { formatDateTime, formatDisplayDate } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';
import { settledError } from '../../../lib/query-state';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { documentKeys } from '../api/keys';
import { documentsPath } from '../utils/document-query';
import { type DocumentActor, senderNameOf } from '../utils/document-rules';
import { formatBytes, formatSize } from '../utils/sizes';
import { ClassificationPath } from './classification-path';
import { CopyButton } from './copy-button';
import { DocumentStateBadge } from './document-badges';
import { DocumentDownloads, DocumentTimeline } from './document-history';
import { ReturnPanel } from './document-returns';
import { DocumentVersions } from './document-versions';
import { HoldNotice } from './hold-notice';
import { DocumentViewer, isViewable } from './document-viewer';

/** The list the document was opened from (its filters), handed over by the list's links. */
const listSearchOf = (state: unknown): string => {
  if (typeof state !== 'object' || state === null || !('listSearch' in state)) return '';
  const listSearch: unknown = state.listSearch;
  return typeof listSearch === 'string' && listSearch.startsWith('?') ? listSearch : '';
};

const BackLink = () => {
  const { t } = useTranslation();
  const state: unknown = useLocation().state;
  return (
    <nav aria-label={t('documents.detail.breadcrumb')} className="small mb-2">
      <Link to={`${paths.admin.documents}${listSearchOf(state)}`}>{t('documents.backToList')}</Link>
    </nav>
  );
};

/**
 * /admin/documents/view?documentId=… (issue 17): one document, every field of it. A link that
 * names no document (or not one as the hub writes its ids) is not sent to the server.
 */
export const DocumentDetailPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const documentId = params.get('documentId') ?? '';
  if (!documentIdSchema.safeParse(documentId).success) {
    return (
      <>
        <BackLink />
        <ScreenIntro
          heading={t('documents.detailHeading')}
          description={t('documents.detailDescription')}
        />
        <p className="alert alert-secondary" role="status">
          {documentId === '' ? t('documents.detail.noneChosen') : t('documents.detail.badId')}
        </p>
      </>
    );
  }
  // Each document is its own page: another one starts afresh.
  return <DocumentView key={documentId} documentId={documentId} />;
};

/** A term and what it is, in the page's lists of facts. */
const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <>
    <dt className="col-sm-4 col-xl-3">{term}</dt>
    <dd className="col-sm-8 col-xl-9">{children}</dd>
  </>
);

const Section = ({ heading, children }: { heading: string; children: ReactNode }) => (
  <section className="mb-4">
    <h2 className="h5">{heading}</h2>
    {children}
  </section>
);

const DocumentView = ({ documentId }: { documentId: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [actor] = useState((): DocumentActor => {
    const profile = getProfile();
    return { role: profile?.role ?? null, organisationId: profile?.organisationId ?? null };
  });
  const client = useQueryClient();
  const key = documentKeys.document(documentId);
  const loaded = useQuery({
    queryKey: key,
    queryFn: async () => (await callApi('s3documents/get', { documentId })).document,
  });
  // Once shown, the document stays on screen while it loads again (and should that fail).
  const document: DocumentDetail | null = loaded.data ?? null;
  const loadError = settledError(loaded);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [viewing, setViewing] = useState(false);
  // A download is on the document once its link was given: the document is loaded again.
  const downloading = useMutation({
    mutationFn: () => callApi('s3documents/download', { documentId }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
    },
  });
  // A retried classification changes the document, and the lists that show its state.
  const retrying = useMutation({
    mutationFn: async () => (await callApi('s3documents/retry', { documentId })).document,
    onSuccess: (now) => {
      client.setQueryData(key, now);
      void client.invalidateQueries({ queryKey: documentKeys.lists() });
    },
  });
  const busy = downloading.isPending ? 'download' : retrying.isPending ? 'retry' : null;

  if (document === null) {
    return (
      <>
        <BackLink />
        <ScreenIntro
          heading={t('documents.detailHeading')}
          description={t('documents.detailDescription')}
        />
        {loadError === null ? (
          <LoadingIndicator className="my-4" />
        ) : (
          <RetryAlert
            message={messageOfError(loadError, t('documents.detail.loadFailed'))}
            retryLabel={t('documents.retry')}
            onRetry={() => {
              void loaded.refetch();
            }}
          />
        )}
      </>
    );
  }

  const download = async () => {
    setNotice(null);
    try {
      const { url, fileName } = await downloading.mutateAsync();
      downloadFile(url, fileName);
      setNotice({ kind: 'success', text: t('documents.detail.downloaded', { fileName }) });
    } catch (err) {
      setNotice({
        kind: 'danger',
        text: messageOfError(err, t('documents.detail.downloadFailed')),
      });
    }
  };

  const retry = async () => {
    setNotice(null);
    try {
      const now = await retrying.mutateAsync();
      setNotice(
        now.state === 'held' && now.holdReason !== null
          ? {
              kind: 'warning',
              text: t('documents.detail.stillHeld', {
                reason: t(`documents.holdExplain.${now.holdReason}`),
              }),
            }
          : {
              kind: 'success',
              text: t('documents.detail.retried', { state: t(`documents.state.${now.state}`) }),
            },
      );
    } catch (err) {
      setNotice({ kind: 'danger', text: messageOfError(err, t('documents.detail.retryFailed')) });
    }
  };

  const d = document;
  const uploaded = d.receivedSize !== null;
  // The server hands a file out only once its scan found it clean (fileMayBeHandedOut).
  const downloadable = uploaded && fileMayBeHandedOut(d);
  const noDownloadText = !uploaded
    ? t('documents.detail.notUploaded')
    : d.state === 'quarantined'
      ? t('documents.detail.quarantinedNoDownload')
      : d.state === 'recalled'
        ? t('documents.returns.recalledNoDownload')
        : t('documents.detail.notCleanYet');
  const sizeDiffers = d.receivedSize !== null && d.receivedSize !== d.size;
  const size = (bytes: number) =>
    `${formatSize(bytes, language)} (${formatBytes(bytes, language)})`;

  return (
    <>
      <BackLink />
      <header className="mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h3 mb-0">{d.title}</h1>
          <span className="fs-5">{t('documents.detail.version', { version: d.version })}</span>
          <DocumentStateBadge state={d.state} />
        </div>
        <p className="text-body-secondary mb-0">
          {t('documents.detail.summary', {
            sender: senderNameOf(d.sender, t),
            receiver: d.receiver.name,
            protocol: d.protocolNumber,
            site: d.siteNumber,
          })}
        </p>
      </header>

      <NoticeArea notice={notice} testId="document-notice" />

      <HoldNotice document={d} actor={actor} busy={busy} onRetry={() => void retry()} />
      <ReturnPanel
        document={d}
        actor={actor}
        disabled={busy !== null}
        onDone={(text) => {
          setNotice({ kind: 'success', text });
        }}
      />

      <div
        className="d-flex flex-wrap align-items-center gap-2 mb-4"
        role="group"
        aria-label={t('documents.detail.actions')}
      >
        <button
          type="button"
          className="btn btn-primary"
          disabled={!downloadable || busy !== null}
          aria-describedby={downloadable ? undefined : 'download-unavailable'}
          onClick={() => void download()}
        >
          {busy === 'download' ? t('documents.working') : t('documents.detail.download')}
        </button>
        {downloadable && isViewable(d.contentType) && (
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-expanded={viewing}
            disabled={busy !== null}
            onClick={() => {
              setViewing(!viewing);
            }}
          >
            {viewing ? t('documents.viewer.close') : t('documents.viewer.open')}
          </button>
        )}
        {!downloadable && (
          <span id="download-unavailable" className="small text-body-secondary">
            {noDownloadText}
          </span>
        )}
        {downloadable && !isViewable(d.contentType) && (
          <span className="small text-body-secondary">{t('documents.viewer.downloadOnly')}</span>
        )}
      </div>
      {viewing && downloadable && (
        <DocumentViewer
          document={d}
          onOpened={() => {
            void client.invalidateQueries({ queryKey: key });
          }}
          onClose={() => {
            setViewing(false);
          }}
        />
      )}

      <Section heading={t('documents.path.heading')}>
        <ClassificationPath document={d} />
      </Section>

      <div className="row">
        <div className="col-xl-6">
          <Section heading={t('documents.detail.documentHeading')}>
            <dl className="row small" data-testid="document-facts">
              <Fact term={t('documents.detail.documentId')}>
                <span className="font-monospace">{d.documentId}</span>
              </Fact>
              <Fact term={t('documents.detail.fileName')}>
                <span className="text-break">{d.fileName}</span>
              </Fact>
              <Fact term={t('documents.detail.contentType')}>{d.contentType}</Fact>
              <Fact term={t('documents.detail.typeCode')}>
                <span className="font-monospace">{d.typeCode}</span>
              </Fact>
              <Fact term={t('documents.detail.documentDate')}>
                {formatDisplayDate(d.documentDate, language)}
              </Fact>
              <Fact term={t('documents.detail.language')}>{d.language}</Fact>
              <Fact term={t('documents.detail.personName')}>{d.personName ?? '—'}</Fact>
              <Fact term={t('documents.detail.organisationName')}>{d.organisationName ?? '—'}</Fact>
              <Fact term={t('documents.detail.sentAt')}>
                <time dateTime={d.sentAt}>{formatDateTime(d.sentAt, language)}</time>
              </Fact>
              <Fact term={t('documents.detail.updatedAt')}>
                <time dateTime={d.updatedAt}>{formatDateTime(d.updatedAt, language)}</time>
              </Fact>
            </dl>
          </Section>
          <Section heading={t('documents.detail.integrityHeading')}>
            <dl className="row small" data-testid="document-integrity">
              <Fact term={t('documents.detail.sha256')}>
                <div className="d-flex align-items-start gap-2">
                  <code className="font-monospace text-break text-body" data-testid="sha256">
                    {d.sha256}
                  </code>
                  <CopyButton text={d.sha256} label={t('documents.detail.copySha')} />
                </div>
              </Fact>
              <Fact term={t('documents.detail.announcedSize')}>{size(d.size)}</Fact>
              <Fact term={t('documents.detail.receivedSize')}>
                {d.receivedSize === null ? (
                  <span className="text-body-secondary">{t('documents.detail.notReceived')}</span>
                ) : (
                  <>
                    {size(d.receivedSize)}
                    {sizeDiffers && (
                      <span className="text-danger ms-2" data-testid="size-differs">
                        {t('documents.detail.sizeDiffers')}
                      </span>
                    )}
                  </>
                )}
              </Fact>
            </dl>
          </Section>
          <DocumentVersions document={d} />
        </div>
        <div className="col-xl-6">
          <Section heading={t('documents.detail.exchangeHeading')}>
            <dl className="row small" data-testid="document-exchange">
              <Fact term={t('documents.detail.direction')}>
                {t(`documents.direction.${d.direction}`)}
              </Fact>
              <Fact term={t('documents.detail.sender')}>
                {senderNameOf(d.sender, t)}
                <div className="text-body-secondary">
                  {d.sender.organisationName} ·{' '}
                  <span className="font-monospace">{d.sender.systemId}</span>
                </div>
              </Fact>
              <Fact term={t('documents.detail.receiver')}>
                {d.receiver.name}
                <div className="text-body-secondary">
                  {d.receiver.organisationName} ·{' '}
                  <span className="font-monospace">{d.receiver.systemId}</span>
                </div>
              </Fact>
              <Fact term={t('documents.detail.study')}>
                {d.protocolNumber}{' '}
                <span className="font-monospace text-body-secondary">({d.studyId})</span>
                <div>
                  <Link to={documentsPath({ studyId: d.studyId })}>
                    {t('documents.detail.studyDocuments')}
                  </Link>
                </div>
              </Fact>
              <Fact term={t('documents.detail.site')}>{d.siteNumber}</Fact>
              <Fact term={t('documents.detail.connection')}>
                <span className="font-monospace">{d.connectionId}</span>
                <div>
                  <Link to={documentsPath({ connectionId: d.connectionId })}>
                    {t('documents.detail.connectionDocuments')}
                  </Link>
                </div>
              </Fact>
            </dl>
          </Section>
        </div>
      </div>

      <Section heading={t('documents.timeline.heading')}>
        <DocumentTimeline document={d} />
      </Section>
      <Section heading={t('documents.downloads.heading')}>
        <DocumentDownloads document={d} />
      </Section>
    </>
  );
};
