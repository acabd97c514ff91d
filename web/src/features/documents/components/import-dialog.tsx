import { MAX_IMPORT_BYTES } from '@ccsc/contract/documents';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { messageOfError } from '../../../lib/refusals';
import {
  ImportHeld,
  type ImportStep,
  UploadFailed,
  isPackageGone,
  useEtmfImport,
} from '../hooks/use-etmf-import';
import { filesDone, packageProblem } from '../utils/imports';
import { formatBytes, formatCount, formatSize } from '../utils/sizes';

interface ImportDialogProps {
  studyId: string;
  /** How the study is named to the reader. */
  protocolNumber: string;
  /** Closed: an import under way stops where it is (it can be continued from its page). */
  onCancel: () => void;
  /** The import is done (completed or rejected, its report on its page). */
  onDone: (importId: string) => void;
}

const busy = (state: ImportStep): boolean =>
  state.step === 'announcing' || state.step === 'uploading' || state.step === 'importing';

/**
 * **Import eTMF-EMS package**: a .zip chosen here (anything else, or larger than the contract's
 * MAX_IMPORT_BYTES, is refused at once, nothing sent), announced to the server, uploaded straight
 * to its storage, then imported over as many calls as the server needs, each step said as it goes
 * ("Uploading…", "Importing… 40 of 120 files.": a status outside the busy form, so that it is
 * said). A failed step is said in the server's words where it refused, and **Try again** goes on
 * from that step (or starts over when the link or the package is gone); Cancel stops wherever it
 * is.
 */
export const ImportDialog = ({ studyId, protocolNumber, onCancel, onDone }: ImportDialogProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const flow = useEtmfImport(studyId, onDone);
  const { state } = flow;
  const working = busy(state);
  const max = formatSize(MAX_IMPORT_BYTES, language);
  const problem = file === null ? null : packageProblem(file);

  const failure = (() => {
    if (state.step !== 'failed') return null;
    const { failedAt, error } = state;
    if (failedAt === 'announcing')
      return messageOfError(error, t('documents.importDialog.announceFailed'));
    if (failedAt === 'uploading') {
      if (!(error instanceof UploadFailed)) return t('documents.importDialog.uploadFailed');
      return t(
        error.status === 403
          ? 'documents.importDialog.uploadLinkRefused'
          : 'documents.importDialog.uploadRefused',
        { status: String(error.status) },
      );
    }
    if (error instanceof ImportHeld) return t('documents.importDialog.held');
    const said = messageOfError(error, t('documents.importDialog.importFailed'));
    return isPackageGone(error) ? `${said} ${t('documents.importDialog.startOver')}` : said;
  })();

  const progress = (() => {
    switch (state.step) {
      case 'announcing':
        return t('documents.importDialog.announcing');
      case 'uploading':
        return file === null
          ? t('documents.importDialog.uploading')
          : t('documents.importDialog.uploadingNote', {
              fileName: file.name,
              size: formatSize(file.size, language),
            });
      case 'importing': {
        const { report, waiting } = state;
        const done =
          report === null || report.files === 0
            ? t('documents.importDialog.readingNote')
            : t('documents.importDialog.importingCount', {
                count: report.files,
                n: formatCount(report.files, language),
                done: formatCount(filesDone(report), language),
              });
        return waiting === null
          ? done
          : `${done} ${t(`documents.importDialog.waiting.${waiting}`)}`;
      }
      default:
        return '';
    }
  })();

  const busyLabel =
    state.step === 'uploading'
      ? t('documents.importDialog.uploading')
      : state.step === 'importing'
        ? t('documents.importDialog.importing')
        : t('documents.importDialog.announcing');

  return (
    <FormDialog
      title={t('documents.importDialog.title')}
      message={failure}
      submitLabel={
        state.step === 'failed'
          ? t('documents.importDialog.again')
          : t('documents.importDialog.submit')
      }
      busyLabel={busyLabel}
      saving={working}
      submitDisabled={file === null || problem !== null}
      cancelWhileSaving
      onSubmit={() => {
        if (file !== null && problem === null) void flow.start(file);
      }}
      onCancel={() => {
        flow.stop();
        onCancel();
      }}
      testId="import-dialog"
      status={
        // Outside the form, which is aria-busy while working: a reader may hold back what a busy
        // region says.
        <p className="mb-0 mt-3" role="status" data-testid="import-progress">
          {working && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {progress}
        </p>
      }
    >
      <p className="col-12 mb-0">
        {t('documents.importDialog.intro', { protocol: protocolNumber })}
      </p>
      <div className="col-12">
        <label className="form-label" htmlFor={`${id}-file`}>
          {t('documents.importDialog.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          className={`form-control${problem === null ? '' : ' is-invalid'}`}
          accept=".zip,application/zip"
          disabled={working}
          aria-invalid={problem === null ? undefined : true}
          aria-describedby={`${id}-hint${problem === null ? '' : ` ${id}-problem`}`}
          onChange={(e) => {
            // Another file is another import: nothing of the last one is kept.
            flow.reset();
            setFile(e.target.files?.[0] ?? null);
          }}
        />
        <div id={`${id}-hint`} className="form-text">
          {file === null
            ? t('documents.importDialog.fileHint', { max })
            : t('documents.importDialog.chosen', {
                fileName: file.name,
                size: formatSize(file.size, language),
              })}
        </div>
        {file !== null && problem !== null && (
          <div id={`${id}-problem`} className="invalid-feedback" role="alert">
            {t(`documents.importDialog.problem.${problem}`, {
              fileName: file.name,
              // Exact: rounded, 2,000,000,001 bytes and the limit would both read "2 GB".
              size: formatBytes(file.size, language),
              max: formatBytes(MAX_IMPORT_BYTES, language),
            })}
          </div>
        )}
      </div>
      {working && (
        <p className="col-12 small text-body-secondary mb-0">
          {t('documents.importDialog.cancelNote')}
        </p>
      )}
    </FormDialog>
  );
};
