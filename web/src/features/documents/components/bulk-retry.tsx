import type { DocumentSummary } from '@ccsc/contract/documents';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { callApi } from '../../../lib/api';
import { getProfile } from '../../../lib/session';
import { type DocumentActor, mayRetry } from '../utils/document-rules';
import type { DocumentSelection } from './document-table';

/**
 * Retry of many held documents at once (issue 37, the held queue): the rows the caller may retry
 * (`mayRetry`, the server's own rule) get a box; "Retry selected" asks the hub to classify (or
 * scan) each again, one after the other — each its own s3documents/retry call, so each is its own
 * audit record and the server checks each — and says how many moved on, how many are still held
 * and how many could not be retried. The list is read again afterwards.
 */
export const useBulkRetry = (
  documents: readonly DocumentSummary[],
  reload: () => void,
): { selection: DocumentSelection | undefined; bar: ReactNode } => {
  const { t } = useTranslation();
  const checkboxId = useId();
  const [actor] = useState((): DocumentActor => {
    const profile = getProfile();
    return { role: profile?.role ?? null, organisationId: profile?.organisationId ?? null };
  });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; count: number } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const retryable = documents.filter((d) => mayRetry(actor, d));
  // Only what is on this page and may still be retried counts (a page turned, a row moved on).
  const chosen = retryable.filter((d) => picked.has(d.documentId));
  const running = progress !== null;

  const retryChosen = async () => {
    setNotice(null);
    let moved = 0;
    let held = 0;
    let failed = 0;
    for (const [i, d] of chosen.entries()) {
      setProgress({ done: i + 1, count: chosen.length });
      try {
        const { document } = await callApi('s3documents/retry', { documentId: d.documentId });
        if (document.state === 'held') held += 1;
        else moved += 1;
      } catch {
        failed += 1;
      }
    }
    setProgress(null);
    setPicked(new Set());
    setNotice({
      kind: failed > 0 ? 'danger' : held > 0 ? 'warning' : 'success',
      text: t('documents.list.retriedPicked', { count: chosen.length, moved, held, failed }),
    });
    reload();
  };

  if (retryable.length === 0) {
    return { selection: undefined, bar: <NoticeArea notice={notice} testId="bulk-retry-notice" /> };
  }
  const all = chosen.length === retryable.length;
  const selection: DocumentSelection = {
    mayPick: (d) => mayRetry(actor, d),
    picked,
    onPick: (documentId, on) => {
      setPicked((before) => {
        const next = new Set(before);
        if (on) next.add(documentId);
        else next.delete(documentId);
        return next;
      });
    },
  };
  const bar = (
    <>
      <NoticeArea notice={notice} testId="bulk-retry-notice" />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <div className="form-check mb-0">
          <input
            id={checkboxId}
            type="checkbox"
            className="form-check-input"
            checked={all}
            disabled={running}
            onChange={() => {
              setPicked(all ? new Set() : new Set(retryable.map((d) => d.documentId)));
            }}
          />
          <label className="form-check-label" htmlFor={checkboxId}>
            {t('documents.list.pickAll', { count: retryable.length })}
          </label>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={chosen.length === 0 || running}
          onClick={() => void retryChosen()}
        >
          {t('documents.list.retryPicked', { count: chosen.length })}
        </button>
        <span role="status" className="small">
          {progress !== null && t('documents.list.retryingPicked', progress)}
        </span>
      </div>
    </>
  );
  return { selection, bar };
};
