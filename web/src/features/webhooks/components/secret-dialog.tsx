import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/app-modal';

/**
 * A signing secret, shown once (after a subscription or a rotation): the receiving system's
 * engineers verify each delivery with it. Not closed by a click beside it: closing is a choice.
 */
export const SecretDialog = ({
  secret,
  rotated,
  onClose,
}: {
  secret: string;
  /** After a rotation: the old secret still signs until the time the endpoint shows. */
  rotated: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <AppModal
      show
      isStatic
      size="lg"
      title={t('webhooks.secret.title')}
      cancelLabel={t('webhooks.secret.done')}
      onCancel={onClose}
    >
      <p>{t(rotated ? 'webhooks.secret.rotatedText' : 'webhooks.secret.text')}</p>
      <label className="form-label fw-semibold" htmlFor={id}>
        {t('webhooks.secret.label')}
      </label>
      <div className="input-group mb-2">
        <input
          id={id}
          type="text"
          readOnly
          className="form-control font-monospace"
          value={secret}
          data-testid="webhook-secret"
          onFocus={(e) => {
            e.target.select();
          }}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => {
            navigator.clipboard.writeText(secret).then(
              () => {
                setCopied(true);
              },
              () => undefined, // no clipboard permission: the text can still be selected and copied
            );
          }}
        >
          <span aria-live="polite">
            {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
          </span>
        </button>
      </div>
      <p className="alert alert-warning mb-0">{t('webhooks.secret.once')}</p>
    </AppModal>
  );
};
