import { EVENT_KINDS, type EventKind } from '@ccsc/contract/events';
import type { WebhookEndpointView } from '@ccsc/contract/webhooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { messageOfError } from '../../../lib/refusals';
import { useWebhookWrite } from '../hooks/use-webhooks';

/** The event kinds grouped by what they are about (`document.held` is a document's). */
const GROUPS = [...new Set(EVENT_KINDS.map((kind) => kind.split('.')[0] ?? kind))].map((area) => ({
  area,
  kinds: EVENT_KINDS.filter((kind) => kind.startsWith(`${area}.`)),
}));

interface EndpointFormDialogProps {
  systemId: string;
  /** The endpoint to change, or null to subscribe a new one. */
  endpoint: WebhookEndpointView | null;
  onCancel: () => void;
  /** Subscribed: the endpoint and its secret (shown once); changed: the endpoint. */
  onSaved: (endpoint: WebhookEndpointView, secret: string | null) => void;
}

/**
 * "Subscribe an endpoint" and "Edit endpoint": the URL (https to a public address; the server
 * checks it, also after DNS), the event types, a description. The server's refusal shows above.
 */
export const EndpointFormDialog = ({
  systemId,
  endpoint,
  onCancel,
  onSaved,
}: EndpointFormDialogProps) => {
  const { t } = useTranslation();
  const id = useId();
  const create = useWebhookWrite('create-webhook-endpoint');
  const update = useWebhookWrite('update-webhook-endpoint');
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<readonly EventKind[]>(endpoint?.eventTypes ?? []);
  const [message, setMessage] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  const submit = async () => {
    setMessage(null);
    const missing =
      url.trim() === ''
        ? t('webhooks.form.urlRequired')
        : types.length === 0
          ? t('webhooks.form.typesRequired')
          : null;
    if (missing !== null) {
      setMessage(missing);
      return;
    }
    // In the order the list shows them, whatever order they were ticked in.
    const eventTypes = EVENT_KINDS.filter((kind) => types.includes(kind));
    try {
      if (endpoint === null) {
        const made = await create.mutateAsync({
          systemId,
          url: url.trim(),
          eventTypes,
          ...(description.trim() === '' ? {} : { description: description.trim() }),
        });
        onSaved(made.endpoint, made.secret);
      } else {
        const changed = await update.mutateAsync({
          endpointId: endpoint.endpointId,
          revision: endpoint.revision,
          url: url.trim(),
          eventTypes,
          description: description.trim() === '' ? null : description.trim(),
        });
        onSaved(changed.endpoint, null);
      }
    } catch (err) {
      setMessage(messageOfError(err, t('webhooks.saveFailed')));
    }
  };

  const toggle = (kind: EventKind, on: boolean) => {
    setTypes((now) => (on ? [...now, kind] : now.filter((k) => k !== kind)));
  };

  return (
    <FormDialog
      title={t(endpoint === null ? 'webhooks.form.newTitle' : 'webhooks.form.editTitle')}
      message={message}
      submitLabel={t(endpoint === null ? 'webhooks.form.subscribe' : 'webhooks.form.save')}
      busyLabel={t('webhooks.saving')}
      saving={saving}
      cancelWhileSaving
      onSubmit={() => void submit()}
      onCancel={onCancel}
      size="lg"
      testId="webhook-endpoint-form"
    >
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-url`}>
          {t('webhooks.form.url')}
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          className="form-control"
          value={url}
          maxLength={2000}
          aria-describedby={`${id}-url-hint`}
          onChange={(e) => {
            setUrl(e.target.value);
          }}
        />
        <div id={`${id}-url-hint`} className="form-text">
          {t('webhooks.form.urlHint')}
        </div>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-description`}>
          {t('webhooks.form.description')}
        </label>
        <input
          id={`${id}-description`}
          type="text"
          className="form-control"
          value={description}
          maxLength={200}
          onChange={(e) => {
            setDescription(e.target.value);
          }}
        />
      </div>
      <fieldset>
        <legend className="fs-6 fw-semibold">{t('webhooks.form.eventTypes')}</legend>
        <div className="row">
          {GROUPS.map(({ area, kinds }) => (
            <div key={area} className="col-md-6 mb-2">
              {kinds.map((kind) => (
                <div key={kind} className="form-check">
                  <input
                    id={`${id}-${kind}`}
                    type="checkbox"
                    className="form-check-input"
                    checked={types.includes(kind)}
                    onChange={(e) => {
                      toggle(kind, e.target.checked);
                    }}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${kind}`}>
                    {t(`notifications.kind.${kind}`)} <code className="small">{kind}</code>
                  </label>
                </div>
              ))}
            </div>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
};
