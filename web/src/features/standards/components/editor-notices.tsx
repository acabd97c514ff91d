import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeAlert } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { messageOfError } from '../../../lib/refusals';

interface EditorNoticesProps {
  notice: Notice | null;
  /** The server's 409, offering to reload. */
  conflict: string | null;
  onReload: () => void;
  /** Why the version only reads, or null. */
  readOnlyReason: string | null;
}

/** The editor's notice, a conflict with its Reload, and why the version only reads. */
export const EditorNotices = ({
  notice,
  conflict,
  onReload,
  readOnlyReason,
}: EditorNoticesProps) => {
  const { t } = useTranslation();
  return (
    <>
      <div aria-live="polite">
        {notice && <NoticeAlert notice={notice} testId="standard-notice" />}
        {conflict !== null && (
          <div
            className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
            role="alert"
            data-testid="standard-conflict"
          >
            <span className="me-auto">
              {conflict} {t('standards.editor.conflict')}
            </span>
            <button type="button" className="btn btn-sm btn-warning" onClick={onReload}>
              {t('standards.editor.reload')}
            </button>
          </div>
        )}
      </div>
      {readOnlyReason !== null && (
        <p className="alert alert-secondary" data-testid="read-only">
          {readOnlyReason}
        </p>
      )}
    </>
  );
};

/** The editor while its version loads, or why it did not, with Retry. */
export const EditorLoading = ({
  loadError,
  onRetry,
}: {
  loadError: unknown;
  onRetry: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <>
        <ScreenIntro
          heading={t('standards.viewEditHeading')}
          description={t('standards.viewEditDescription')}
        />
        {loadError === null ? (
          <LoadingIndicator className="my-4" />
        ) : (
          <RetryAlert
            message={messageOfError(loadError, t('standards.editor.loadFailed'))}
            retryLabel={t('standards.retry')}
            onRetry={onRetry}
          />
        )}
        <Link to={paths.admin.standards}>{t('standards.backToList')}</Link>
      </>
    </>
  );
};
