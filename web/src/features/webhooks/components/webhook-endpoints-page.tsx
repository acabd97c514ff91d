import { mayManageCredentials } from '@ccsc/contract/credential-access';
import type { WebhookEndpointView } from '@ccsc/contract/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { registryPaths } from '../../../config/registry-paths';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useEndpoints } from '../hooks/use-webhooks';
import { DeliveryLog } from './delivery-log';
import { EndpointChangeDialog, RotateSecretDialog } from './endpoint-action-dialogs';
import { type EndpointAction, EndpointCard } from './endpoint-card';
import { EndpointFormDialog } from './endpoint-form-dialog';
import { SecretDialog } from './secret-dialog';

type Dialog =
  | { kind: 'create' }
  | { kind: EndpointAction; endpoint: WebhookEndpointView }
  | { kind: 'secret'; secret: string; rotated: boolean };

/**
 * A system's webhook endpoints (issue 36, /admin/webhooks?systemId=…): where the hub POSTs the
 * events of the system's organisation, signed as Standard Webhooks defines, with each endpoint's
 * health and, chosen by `endpointId`, its delivery log. Everyone who sees the system reads it; a
 * PlatformAdmin or the organisation's OrgAdmin subscribes, changes, rotates secrets, disables,
 * deletes and redelivers (the server decides every call on its own).
 */
export const WebhookEndpointsPage = ({ systemId }: { systemId: string }) => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const openId = search.get('endpointId');
  const loaded = useEndpoints(systemId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const profile = getProfile();
  const actor = { role: profile?.role ?? null, organisationId: profile?.organisationId ?? null };

  if (loaded.value === null) {
    return (
      <>
        <ScreenIntro heading={t('webhooks.heading')} description={t('webhooks.description')} />
        {loaded.error === null ? (
          <LoadingIndicator className="my-4" />
        ) : (
          <RetryAlert
            message={messageOfError(loaded.error, t('webhooks.loadFailed'))}
            retryLabel={t('webhooks.retry')}
            onRetry={loaded.reload}
          />
        )}
      </>
    );
  }

  const { system, endpoints } = loaded.value;
  const manages = mayManageCredentials(actor, system.organisationId);
  const open = endpoints.find((e) => e.endpointId === openId) ?? null;
  const change =
    dialog?.kind === 'delete' || dialog?.kind === 'disable' || dialog?.kind === 'enable'
      ? { kind: dialog.kind, endpoint: dialog.endpoint }
      : null;
  const done = (text: string) => {
    setDialog(null);
    setNotice({ kind: 'success', text });
  };

  return (
    <>
      <ScreenIntro
        heading={t('webhooks.headingOf', { system: system.name })}
        description={t('webhooks.description')}
      />
      <p>
        <Link to={registryPaths.organisation(system.organisationId)}>
          {t('webhooks.backTo', { organisation: system.organisationName })}
        </Link>
      </p>
      <NoticeArea notice={notice} testId="webhook-notice" />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="me-auto text-body-secondary">
          {t('webhooks.count', { count: endpoints.length })}
        </span>
        {manages && system.status === 'active' && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(null);
              setDialog({ kind: 'create' });
            }}
          >
            {t('webhooks.subscribe')}
          </button>
        )}
      </div>
      {endpoints.length === 0 ? (
        <p className="text-body-secondary">{t('webhooks.empty')}</p>
      ) : (
        <ul className="list-unstyled" aria-label={t('webhooks.listLabel')}>
          {endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.endpointId}
              endpoint={endpoint}
              open={endpoint.endpointId === openId}
              manages={manages}
              onAction={(action) => {
                setNotice(null);
                setDialog({ kind: action, endpoint });
              }}
            />
          ))}
        </ul>
      )}
      {open !== null && <DeliveryLog key={open.endpointId} endpoint={open} manages={manages} />}

      {dialog?.kind === 'create' && (
        <EndpointFormDialog
          systemId={system.systemId}
          endpoint={null}
          onCancel={() => {
            setDialog(null);
          }}
          onSaved={(_endpoint, secret) => {
            setDialog(secret === null ? null : { kind: 'secret', secret, rotated: false });
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EndpointFormDialog
          systemId={system.systemId}
          endpoint={dialog.endpoint}
          onCancel={() => {
            setDialog(null);
          }}
          onSaved={() => {
            done(t('webhooks.saved'));
          }}
        />
      )}
      {dialog?.kind === 'rotate' && (
        <RotateSecretDialog
          endpoint={dialog.endpoint}
          onCancel={() => {
            setDialog(null);
          }}
          onRotated={(secret) => {
            setDialog({ kind: 'secret', secret, rotated: true });
          }}
        />
      )}
      {change !== null && (
        <EndpointChangeDialog
          endpoint={change.endpoint}
          change={change.kind}
          onCancel={() => {
            setDialog(null);
          }}
          onDone={() => {
            done(t(`webhooks.${change.kind}.done`));
          }}
        />
      )}
      {dialog?.kind === 'secret' && (
        <SecretDialog
          secret={dialog.secret}
          rotated={dialog.rotated}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
    </>
  );
};
