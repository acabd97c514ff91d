import { useTranslation } from 'react-i18next';
import type { StandardVersion } from '../utils/standard-types';

interface StandardActionsProps {
  standard: StandardVersion;
  /** A draft whoever may change the standard edits. */
  editable: boolean;
  mayChange: boolean;
  /** The standard has a draft version already. */
  hasDraft: boolean;
  dirty: boolean;
  busy: 'save' | 'new-version' | 'download' | null;
  /** Why Publish is off, or null. */
  publishBlocked: string | null;
  onSave: () => void;
  onPublish: () => void;
  onNewVersion: () => void;
  onRetire: () => void;
  onDownload: (format: 'csv' | 'json') => void;
}

/** The version's steps: save, publish, new version, retire, downloads, and what holds them. */
export const StandardActions = ({
  standard,
  editable,
  mayChange,
  hasDraft,
  dirty,
  busy,
  publishBlocked,
  onSave,
  onPublish,
  onNewVersion,
  onRetire,
  onDownload,
}: StandardActionsProps) => {
  const { t } = useTranslation();
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-3"
      role="group"
      aria-label={t('standards.editor.actions')}
    >
      {editable && (
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!dirty || busy !== null}
            onClick={onSave}
          >
            {busy === 'save' ? t('standards.working') : t('standards.editor.save')}
          </button>
          <button
            type="button"
            className="btn btn-success"
            disabled={publishBlocked !== null || busy !== null}
            aria-describedby={publishBlocked === null ? undefined : 'publish-blocked'}
            onClick={onPublish}
          >
            {t('standards.editor.publish')}
          </button>
        </>
      )}
      {mayChange && standard.status !== 'draft' && !hasDraft && (
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={busy !== null}
          onClick={onNewVersion}
        >
          {t('standards.editor.newVersion')}
        </button>
      )}
      {mayChange && standard.status === 'published' && (
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={busy !== null}
          onClick={onRetire}
        >
          {t('standards.editor.retire')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={busy !== null}
        onClick={() => {
          onDownload('csv');
        }}
      >
        {t('standards.editor.downloadCsv')}
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={busy !== null}
        onClick={() => {
          onDownload('json');
        }}
      >
        {t('standards.editor.downloadJson')}
      </button>
      {editable && dirty && (
        <span className="badge text-bg-warning" role="status">
          {t('standards.editor.unsaved')}
        </span>
      )}
      {editable && publishBlocked !== null && (
        <span id="publish-blocked" className="small text-body-secondary">
          {publishBlocked}
        </span>
      )}
    </div>
  );
};
