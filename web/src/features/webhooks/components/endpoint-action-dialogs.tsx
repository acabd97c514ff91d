import { WEBHOOK_ROTATION_HOURS_MAX, type WebhookEndpointView } from '@ccsc/contract/webhooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { messageOfError } from '../../../lib/refusals';
import { useWebhookWrite } from '../hooks/use-webhooks';

/**
 * "Rotate secret": a new secret, the old one signing beside it for the hours chosen (0: stops at
 * once), so the receiver can switch without a failed check.
 */
export const RotateSecretDialog = ({
  endpoint,
  onCancel,
  onRotated,
}: {
  endpoint: WebhookEndpointView;
  onCancel: () => void;
  onRotated: (secret: string) => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const rotate = useWebhookWrite('rotate-webhook-secret');
  const [hours, setHours] = useState('24');
  const [message, setMessage] = useState<string | null>(null);
  const submit = async () => {
    const keepOldHours = Number(hours);
    if (!/^\d+$/u.test(hours) || keepOldHours > WEBHOOK_ROTATION_HOURS_MAX) {
      setMessage(t('webhooks.rotate.hoursInvalid', { max: WEBHOOK_ROTATION_HOURS_MAX }));
      return;
    }
    setMessage(null);
    try {
      const answer = await rotate.mutateAsync({
        endpointId: endpoint.endpointId,
        revision: endpoint.revision,
        keepOldHours,
      });
      onRotated(answer.secret);
    } catch (err) {
      setMessage(messageOfError(err, t('webhooks.saveFailed')));
    }
  };
  return (
    <FormDialog
      title={t('webhooks.rotate.title')}
      message={message}
      submitLabel={t('webhooks.rotate.submit')}
      busyLabel={t('webhooks.saving')}
      submitVariant="warning"
      saving={rotate.isPending}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      testId="webhook-rotate-form"
    >
      <p className="text-break">{t('webhooks.rotate.text', { url: endpoint.url })}</p>
      <label className="form-label" htmlFor={`${id}-hours`}>
        {t('webhooks.rotate.keepOldHours')}
      </label>
      <input
        id={`${id}-hours`}
        type="number"
        inputMode="numeric"
        min={0}
        max={WEBHOOK_ROTATION_HOURS_MAX}
        className="form-control"
        style={{ maxWidth: '10rem' }}
        value={hours}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setHours(e.target.value);
        }}
      />
      <div id={`${id}-hint`} className="form-text">
        {t('webhooks.rotate.hint', { max: WEBHOOK_ROTATION_HOURS_MAX })}
      </div>
    </FormDialog>
  );
};

/** Deleting, disabling or enabling an endpoint: asked once, at the revision shown. */
export const EndpointChangeDialog = ({
  endpoint,
  change,
  onCancel,
  onDone,
}: {
  endpoint: WebhookEndpointView;
  change: 'delete' | 'disable' | 'enable';
  onCancel: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const remove = useWebhookWrite('delete-webhook-endpoint');
  const update = useWebhookWrite('update-webhook-endpoint');
  const [message, setMessage] = useState<string | null>(null);
  const at = { endpointId: endpoint.endpointId, revision: endpoint.revision };
  const submit = async () => {
    setMessage(null);
    try {
      if (change === 'delete') await remove.mutateAsync(at);
      else {
        await update.mutateAsync({ ...at, status: change === 'disable' ? 'disabled' : 'active' });
      }
      onDone();
    } catch (err) {
      setMessage(messageOfError(err, t('webhooks.saveFailed')));
    }
  };
  return (
    <FormDialog
      title={t(`webhooks.${change}.title`)}
      message={message}
      submitLabel={t(`webhooks.${change}.submit`)}
      busyLabel={t('webhooks.saving')}
      submitVariant={change === 'enable' ? 'primary' : 'danger'}
      saving={remove.isPending || update.isPending}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      testId={`webhook-${change}-form`}
    >
      <p className="text-break mb-0">{t(`webhooks.${change}.text`, { url: endpoint.url })}</p>
    </FormDialog>
  );
};
