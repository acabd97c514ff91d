import type { WebhookEndpointView } from '@ccsc/contract/webhooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { webhookPaths } from '../../../config/webhook-paths';
import { formatDateTime } from '../../../lib/dates';

export type EndpointAction = 'edit' | 'rotate' | 'disable' | 'enable' | 'delete';

const statusOf = (e: WebhookEndpointView) =>
  e.status === 'active'
    ? { badge: 'text-bg-success', key: 'active' as const }
    : e.disabledReason === 'failing'
      ? { badge: 'text-bg-danger', key: 'disabledFailing' as const }
      : { badge: 'text-bg-secondary', key: 'disabled' as const };

/**
 * One endpoint: its URL, state (active, disabled by its owner, or by the hub after failing for
 * the whole retry schedule), event types and health; its delivery log's link; a manager's
 * actions.
 */
export const EndpointCard = ({
  endpoint,
  open,
  manages,
  onAction,
}: {
  endpoint: WebhookEndpointView;
  /** Its delivery log is the one shown. */
  open: boolean;
  manages: boolean;
  onAction: (action: EndpointAction) => void;
}) => {
  const { t, i18n } = useTranslation();
  const status = statusOf(endpoint);
  const when = (iso: string | null) => (iso === null ? '—' : formatDateTime(iso, i18n.language));
  const button = (action: EndpointAction, variant: string) => (
    <button
      type="button"
      className={`btn btn-sm btn-outline-${variant}`}
      aria-label={t(`webhooks.actions.${action}Named`, { url: endpoint.url })}
      onClick={() => {
        onAction(action);
      }}
    >
      {t(`webhooks.actions.${action}`)}
    </button>
  );
  return (
    <li className="card mb-3" data-testid="webhook-endpoint">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
          <h2 className="h6 mb-0 me-auto text-break font-monospace">{endpoint.url}</h2>
          <span className={`badge ${status.badge}`}>{t(`webhooks.status.${status.key}`)}</span>
        </div>
        {endpoint.description !== null && <p className="mb-2">{endpoint.description}</p>}
        {endpoint.status === 'disabled' && endpoint.disabledReason === 'failing' && (
          <p className="alert alert-danger py-2 small">
            {t('webhooks.status.failingText', { at: when(endpoint.disabledAt) })}
          </p>
        )}
        <dl className="row small mb-2">
          <dt className="col-sm-4 col-lg-3">{t('webhooks.fields.eventTypes')}</dt>
          <dd className="col-sm-8 col-lg-9">
            {endpoint.eventTypes.map((kind) => t(`notifications.kind.${kind}`)).join(', ')}
          </dd>
          <dt className="col-sm-4 col-lg-3">{t('webhooks.fields.lastSuccess')}</dt>
          <dd className="col-sm-8 col-lg-9">{when(endpoint.lastSuccessAt)}</dd>
          {endpoint.failingSince !== null && (
            <>
              <dt className="col-sm-4 col-lg-3">{t('webhooks.fields.failingSince')}</dt>
              <dd className="col-sm-8 col-lg-9 text-danger">{when(endpoint.failingSince)}</dd>
            </>
          )}
          {endpoint.previousSecretRetiresAt !== null && (
            <>
              <dt className="col-sm-4 col-lg-3">{t('webhooks.fields.previousSecret')}</dt>
              <dd className="col-sm-8 col-lg-9">{when(endpoint.previousSecretRetiresAt)}</dd>
            </>
          )}
          <dt className="col-sm-4 col-lg-3">{t('webhooks.fields.created')}</dt>
          <dd className="col-sm-8 col-lg-9">{when(endpoint.createdAt)}</dd>
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <Link
            className={`btn btn-sm ${open ? 'btn-primary' : 'btn-outline-primary'}`}
            to={webhookPaths.of(endpoint.systemId, endpoint.endpointId)}
            aria-current={open ? 'true' : undefined}
            aria-label={t('webhooks.actions.deliveriesNamed', { url: endpoint.url })}
          >
            {t('webhooks.actions.deliveries')}
          </Link>
          {manages && (
            <>
              {button('edit', 'secondary')}
              {button('rotate', 'secondary')}
              {endpoint.status === 'active'
                ? button('disable', 'danger')
                : button('enable', 'success')}
              {button('delete', 'danger')}
            </>
          )}
        </div>
      </div>
    </li>
  );
};
