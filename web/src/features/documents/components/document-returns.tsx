import type { DocumentDetail } from '@ccsc/contract/documents';
import { returnSideOf } from '@ccsc/contract/document-return-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import type { DocumentActor } from '../utils/document-rules';
import { type ReturnAction, ReturnDialog } from './document-return-dialog';

/** Who acted: a system (`system:<id>`) by its id, an administrator by their e-mail. */
const actorText = (by: string) => (by.startsWith('system:') ? by.slice('system:'.length) : by);

/** The actions the actor may take on the document now (the server's rule: returnSideOf). */
export const returnActionsOf = (actor: DocumentActor, d: DocumentDetail): ReturnAction[] => {
  const side = returnSideOf(actor, {
    senderOrganisationId: d.sender.organisationId,
    receiverOrganisationId: d.receiver.organisationId,
  });
  return [
    ...(side.receives && d.state === 'delivered' ? (['reject'] as const) : []),
    ...(side.sends && ['delivered', 'acknowledged', 'held'].includes(d.state)
      ? (['recall'] as const)
      : []),
    ...(side.receives && d.state === 'recall-requested' ? (['confirm', 'decline'] as const) : []),
  ];
};

interface ReturnPanelProps {
  document: DocumentDetail;
  actor: DocumentActor;
  /** Another action of the page is running: these wait. */
  disabled: boolean;
  onDone: (text: string) => void;
}

/**
 * A document sent back (issue 35): the receiver's rejection and the sender's recall as both sides
 * see them (reason, comments, who and when), and the actions the signed-in OrgAdmin's side may
 * take — Reject, Recall, Confirm or Decline a recall request — each in its dialog.
 */
export const ReturnPanel = ({ document: d, actor, disabled, onDone }: ReturnPanelProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [open, setOpen] = useState<ReturnAction | null>(null);
  const actions = returnActionsOf(actor, d);
  const when = (at: string) => <time dateTime={at}>{formatDateTime(at, language)}</time>;
  const { rejection, recall } = d;
  return (
    <>
      {rejection !== null && (
        <div className="alert alert-danger" data-testid="rejection">
          <p className="mb-1">
            <strong>{t('documents.returns.rejectedBecause')}</strong>{' '}
            <span className="badge text-bg-danger">
              {t(`documents.rejectReason.${rejection.reason}`)}
            </span>
          </p>
          {rejection.comment !== null && (
            <p className="mb-1 text-break" data-testid="rejection-comment">
              {rejection.comment}
            </p>
          )}
          <p className="mb-0 small">
            {t('documents.returns.byAt', { by: actorText(rejection.by) })} {when(rejection.at)}
          </p>
          {d.supersededByDocumentId === null && (
            <p className="mb-0 small">{t('documents.returns.correctedVersionHint')}</p>
          )}
        </div>
      )}
      {recall !== null && (
        <div
          className={`alert ${d.state === 'recall-requested' ? 'alert-warning' : 'alert-secondary'}`}
          data-testid="recall"
        >
          <p className="mb-1">
            <strong>
              {t(
                recall.outcome === null
                  ? 'documents.returns.recallAsked'
                  : `documents.returns.recall.${recall.outcome}`,
              )}
            </strong>
          </p>
          {recall.comment !== null && <p className="mb-1 text-break">{recall.comment}</p>}
          <p className="mb-0 small">
            {t('documents.returns.byAt', { by: actorText(recall.by) })} {when(recall.at)}
          </p>
          {recall.answer !== null && (
            <p className="mb-0 small" data-testid="recall-answer">
              {t('documents.returns.answeredBy', { by: actorText(recall.answer.by) })}{' '}
              {when(recall.answer.at)}
              {recall.answer.comment !== null && (
                <span className="d-block text-break">{recall.answer.comment}</span>
              )}
            </p>
          )}
        </div>
      )}
      {actions.length > 0 && (
        <div
          className="d-flex flex-wrap align-items-center gap-2 mb-3"
          role="group"
          aria-label={t('documents.returns.actions')}
        >
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn ${action === 'confirm' || action === 'decline' ? 'btn-outline-primary' : 'btn-outline-danger'}`}
              disabled={disabled}
              onClick={() => {
                setOpen(action);
              }}
            >
              {t(`documents.returns.${action}Button`)}
            </button>
          ))}
        </div>
      )}
      {open !== null && (
        <ReturnDialog
          action={open}
          documentId={d.documentId}
          acknowledged={d.state === 'acknowledged'}
          onCancel={() => {
            setOpen(null);
          }}
          onDone={(action) => {
            setOpen(null);
            onDone(
              t(
                action === 'recall' && d.state === 'acknowledged'
                  ? 'documents.returns.recallRequested'
                  : `documents.returns.${action}Done`,
              ),
            );
          }}
        />
      )}
    </>
  );
};
