import type { ResponseOf } from '@ccsc/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { callApi } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';
import { messageOfError } from '../../../lib/refusals';
import { formatCount, formatSize } from '../utils/sizes';

type Exported = ResponseOf<'s3documents/export-etmf'>;

interface EtmfExportProps {
  /** The list's study filter: without one there is nothing to export. */
  studyId: string | undefined;
  /** The list's connection filter: with the study, the export is that connection's only. */
  connectionId: string | undefined;
  /** Shown before the button, on its line (the list's other study actions). */
  children?: ReactNode;
}

/** What an export ended in, said with the link kept (it works a few minutes) in case. */
type Outcome = { notice: Notice; link: Exported | null };

/**
 * "Export as eTMF-EMS" (s3documents/export-etmf): the received documents of the study the list is
 * filtered to (of the connection, when it is filtered to one too) as an eTMF Exchange Mechanism
 * Standard zip. The server packs every file, which can take many seconds: the button says it is
 * working meanwhile; then the download starts from the link it answers, and the notice says what
 * the package holds and what was left out. The list's other filters do not apply to it.
 */
export const EtmfExport = ({ studyId, connectionId, children }: EtmfExportProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const start = async (study: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const exported = await callApi('s3documents/export-etmf', {
        studyId: study,
        ...(connectionId === undefined ? {} : { connectionId }),
      });
      downloadFile(exported.url, exported.fileName);
      const { documents, bytes, unclassified } = exported;
      const said = [
        t('documents.export.done', {
          count: documents,
          n: formatCount(documents, language),
          size: formatSize(bytes, language),
          fileName: exported.fileName,
        }),
      ];
      if (unclassified > 0) {
        said.push(
          t('documents.export.unclassified', {
            count: unclassified,
            n: formatCount(unclassified, language),
          }),
        );
      }
      setOutcome({
        notice: { kind: documents === 0 ? 'warning' : 'success', text: said.join(' ') },
        link: exported,
      });
    } catch (err) {
      setOutcome({
        notice: { kind: 'danger', text: messageOfError(err, t('documents.export.failed')) },
        link: null,
      });
    } finally {
      setBusy(false);
    }
  };

  const hint =
    studyId === undefined
      ? t('documents.export.needsStudy')
      : connectionId === undefined
        ? t('documents.export.studyHint')
        : t('documents.export.connectionHint');

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        {children}
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={studyId === undefined || busy}
          aria-busy={busy}
          aria-describedby="etmf-export-hint"
          onClick={() => {
            if (studyId !== undefined) void start(studyId);
          }}
        >
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {busy ? t('documents.export.working') : t('documents.export.button')}
        </button>
        <span id="etmf-export-hint" className="small text-body-secondary">
          {hint}
        </span>
        <span className="visually-hidden" role="status">
          {busy ? t('documents.export.workingNote') : ''}
        </span>
      </div>
      <NoticeArea notice={outcome?.notice ?? null} testId="export-notice">
        {outcome?.link && (
          <div className="small mt-1">
            <a href={outcome.link.url} download={outcome.link.fileName} rel="noopener">
              {t('documents.export.again', { fileName: outcome.link.fileName })}
            </a>{' '}
            {t('documents.export.until', {
              time: formatDateTime(outcome.link.expiresAt, language),
            })}
          </div>
        )}
      </NoticeArea>
    </>
  );
};
