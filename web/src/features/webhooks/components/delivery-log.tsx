import type { WebhookDeliveryView, WebhookEndpointView } from '@ccsc/contract/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { Pager } from '../../../components/pager';
import { RetryAlert } from '../../../components/retry-alert';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatDateTime } from '../../../lib/dates';
import { messageOfError } from '../../../lib/refusals';
import { useDeliveries, useWebhookWrite } from '../hooks/use-webhooks';

const STATE_BADGE: Record<WebhookDeliveryView['state'], string> = {
  pending: 'text-bg-warning',
  succeeded: 'text-bg-success',
  failed: 'text-bg-danger',
};

/** One attempt as a line: when, what came back (the status or the error), how long, who asked. */
const AttemptLine = ({ attempt }: { attempt: WebhookDeliveryView['attempts'][number] }) => {
  const { t, i18n } = useTranslation();
  const outcome =
    attempt.status === null
      ? (attempt.error ?? t('webhooks.log.noAnswer'))
      : `HTTP ${String(attempt.status)}`;
  return (
    <li>
      {formatDateTime(attempt.at, i18n.language)} · {outcome} ·{' '}
      {t('webhooks.log.duration', { ms: attempt.durationMs })} ·{' '}
      {t(`webhooks.log.trigger.${attempt.trigger}`)}
    </li>
  );
};

/**
 * An endpoint's deliveries (issue 36), newest event first: the event, its state, every attempt
 * (when, status or error, duration, schedule or redelivery), when the next is due; a manager
 * redelivers one now (an active endpoint only; the attempt joins the log).
 */
export const DeliveryLog = ({
  endpoint,
  manages,
}: {
  endpoint: WebhookEndpointView;
  manages: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const pages = useDeliveries(endpoint.endpointId);
  const redeliver = useWebhookWrite('redeliver-webhook');
  const [notice, setNotice] = useState<Notice | null>(null);
  const rows = pages.lastPage;

  const send = async (delivery: WebhookDeliveryView) => {
    setNotice(null);
    try {
      const answer = await redeliver.mutateAsync({
        endpointId: endpoint.endpointId,
        deliveryId: delivery.deliveryId,
      });
      const last = answer.delivery.attempts.at(-1);
      const ok = last?.status !== null && last?.status !== undefined && last.status < 300;
      setNotice({
        kind: ok ? 'success' : 'warning',
        text: t(ok ? 'webhooks.log.redelivered' : 'webhooks.log.redeliveryFailed', {
          outcome:
            last?.status === null || last?.status === undefined
              ? (last?.error ?? '')
              : `HTTP ${String(last.status)}`,
        }),
      });
    } catch (err) {
      setNotice({ kind: 'danger', text: messageOfError(err, t('webhooks.saveFailed')) });
    }
  };

  let body;
  if (rows === null && pages.error !== null) {
    body = (
      <RetryAlert
        message={messageOfError(pages.error, t('webhooks.log.loadFailed'))}
        retryLabel={t('webhooks.retry')}
        onRetry={pages.reload}
      />
    );
  } else if (rows === null) {
    body = <LoadingIndicator className="my-3" />;
  } else if (rows.length === 0) {
    body = <p className="text-body-secondary">{t('webhooks.log.empty')}</p>;
  } else {
    body = (
      <ScrollRegion label={t('webhooks.log.tableLabel')}>
        <table className="table table-sm align-middle" aria-busy={pages.loading}>
          <thead>
            <tr>
              <th scope="col">{t('webhooks.log.event')}</th>
              <th scope="col">{t('webhooks.log.state')}</th>
              <th scope="col">{t('webhooks.log.attempts')}</th>
              <th scope="col">{t('webhooks.log.next')}</th>
              {manages && <th scope="col">{t('webhooks.log.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.deliveryId} data-testid="webhook-delivery">
                <td>
                  <div>{t(`notifications.kind.${d.eventType}`)}</div>
                  <div className="small text-body-secondary">
                    {formatDateTime(d.createdAt, i18n.language)}
                  </div>
                  <div className="small font-monospace text-break">{d.deliveryId}</div>
                </td>
                <td>
                  <span className={`badge ${STATE_BADGE[d.state]}`}>
                    {t(`webhooks.log.states.${d.state}`)}
                  </span>
                </td>
                <td>
                  {d.attempts.length === 0 ? (
                    t('webhooks.log.noAttempt')
                  ) : (
                    <ol className="small mb-0 ps-3">
                      {d.attempts.map((a, i) => (
                        <AttemptLine key={`${a.at}-${String(i)}`} attempt={a} />
                      ))}
                    </ol>
                  )}
                </td>
                <td className="small">
                  {d.nextAttemptAt === null ? '—' : formatDateTime(d.nextAttemptAt, i18n.language)}
                </td>
                {manages && (
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary text-nowrap"
                      disabled={endpoint.status !== 'active' || redeliver.isPending}
                      onClick={() => void send(d)}
                    >
                      {t('webhooks.log.redeliver')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    );
  }

  return (
    <section aria-labelledby="webhook-log-heading" className="mt-4" data-testid="webhook-log">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="webhook-log-heading" className="h5 mb-0 me-auto text-break">
          {t('webhooks.log.heading', { url: endpoint.url })}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={pages.loading}
          onClick={pages.reload}
        >
          {t('webhooks.log.refresh')}
        </button>
      </div>
      <NoticeArea notice={notice} />
      {body}
      <Pager label={t('webhooks.log.paging')} pages={pages} />
    </section>
  );
};
