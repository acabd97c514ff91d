import type { ImportDetail } from '@ccsc/contract/documents';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Notice } from '../../../components/notice-area';
import { messageOfError } from '../../../lib/refusals';
import { ImportHeld, ImportStopped, type ImportWait, importUntilDone } from './use-etmf-import';
import { filesDone } from '../utils/imports';

/**
 * **Continue the import** (an import left `importing`): s3documents/import-etmf until it is done,
 * as the dialog calls it (failures worth repeating repeated, a hold by another session waited
 * out for a while); then the page's report is loaded again. Leaving the page stops it.
 */
export const useContinueImport = (report: ImportDetail | null, onContinued: () => void) => {
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

export type ContinueFlow = ReturnType<typeof useContinueImport>;
