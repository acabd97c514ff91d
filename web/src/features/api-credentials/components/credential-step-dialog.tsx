import {
  type ApiCredential,
  DEFAULT_GRACE_DAYS,
  freeTextSchema,
  MAX_GRACE_DAYS,
} from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { formatDateTime, formatDisplayDate } from '../../../lib/dates';
import { isConflict, messageOfError } from '../../../lib/refusals';

/** The steps that change a credential, each asked for in a dialog. */
export type CredentialStep = 'resend' | 'rotate' | 'retire' | 'revoke';

const reasonSchema = freeTextSchema(500);

interface CredentialStepDialogProps {
  step: CredentialStep;
  /** The credential as the list shows it now (its revision is the one sent). */
  credential: ApiCredential;
  onCancel: () => void;
  onDone: (credential: ApiCredential) => void;
  /** A 409: the list is loaded again, so that the dialog shows the credential as it is now. */
  onConflict: () => void;
}

/**
 * Send a new link (pending), rotate (active: a second secret by a new link, the old one kept for
 * a grace period), end a rotation's grace now, or revoke (final). Every step sends the revision
 * the screen shows; a refusal (409: changed meanwhile, the step no longer fits) is shown here.
 */
export const CredentialStepDialog = ({
  step,
  credential,
  onCancel,
  onDone,
  onConflict,
}: CredentialStepDialogProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [grace, setGrace] = useState(String(DEFAULT_GRACE_DAYS));
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const names = {
    system: credential.systemName,
    organisation: credential.organisationName,
    email: credential.contactEmail,
  };

  const graceDays = /^\d{1,2}$/.test(grace.trim()) ? Number(grace.trim()) : NaN;
  const graceOk = Number.isInteger(graceDays) && graceDays >= 0 && graceDays <= MAX_GRACE_DAYS;
  const trimmedReason = reason.trim();
  const reasonOk = trimmedReason === '' || reasonSchema.safeParse(trimmedReason).success;
  const showGraceProblem = submitted && step === 'rotate' && !graceOk;
  const showReasonProblem = submitted && step === 'revoke' && !reasonOk;

  const take = async () => {
    setSubmitted(true);
    if ((step === 'rotate' && !graceOk) || (step === 'revoke' && !reasonOk)) return;
    setSaving(true);
    setMessage(null);
    const target = { apiId: credential.apiId, revision: credential.revision };
    try {
      let result: { credential: ApiCredential };
      switch (step) {
        case 'resend':
          result = await callApi('resendApiCredential', target);
          break;
        case 'rotate':
          result = await callApi('resendApiCredential', { ...target, graceDays });
          break;
        case 'retire':
          result = await callApi('retire-api-credential-secret', target);
          break;
        case 'revoke':
          result = await callApi('deleteApiCredential', {
            ...target,
            ...(trimmedReason === '' ? {} : { reason: trimmedReason }),
          });
          break;
      }
      onDone(result.credential);
    } catch (err) {
      setSaving(false);
      setMessage(messageOfError(err, t('credentials.actionFailed'), { namingFields: true }));
      if (isConflict(err)) onConflict();
    }
  };

  const common = {
    message,
    busyLabel: t('credentials.working'),
    saving,
    onSubmit: () => void take(),
    onCancel,
    testId: `credential-${step}-dialog`,
  };

  switch (step) {
    case 'resend':
      return (
        <FormDialog
          {...common}
          title={t('credentials.resend.title')}
          submitLabel={t('credentials.resend.submit')}
        >
          <p className="mb-0">{t('credentials.resend.text', names)}</p>
        </FormDialog>
      );
    case 'rotate':
      return (
        <FormDialog
          {...common}
          title={t('credentials.rotate.title')}
          submitLabel={t('credentials.rotate.submit')}
        >
          <p>{t('credentials.rotate.text', names)}</p>
          <div className="col-sm-6">
            <label className="form-label" htmlFor="rotate-grace">
              {t('credentials.rotate.grace')}
            </label>
            <input
              id="rotate-grace"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_GRACE_DAYS}
              step={1}
              className={`form-control${showGraceProblem ? ' is-invalid' : ''}`}
              value={grace}
              aria-describedby={showGraceProblem ? 'rotate-grace-problem' : 'rotate-grace-help'}
              onChange={(e) => {
                setGrace(e.target.value);
              }}
            />
            {showGraceProblem && (
              <div id="rotate-grace-problem" className="invalid-feedback">
                {t('credentials.rotate.graceInvalid', { max: MAX_GRACE_DAYS })}
              </div>
            )}
          </div>
          <div id="rotate-grace-help" className="form-text col-12 mt-1">
            {t('credentials.rotate.graceHelp', {
              days: graceOk ? graceDays : DEFAULT_GRACE_DAYS,
              max: MAX_GRACE_DAYS,
            })}
          </div>
        </FormDialog>
      );
    case 'retire':
      return (
        <FormDialog
          {...common}
          title={t('credentials.retire.title')}
          submitLabel={t('credentials.retire.submit')}
          submitVariant="warning"
        >
          <p className="mb-0">
            {t('credentials.retire.text', {
              ...names,
              when:
                credential.rotation?.retiresAt != null
                  ? formatDateTime(credential.rotation.retiresAt, language)
                  : '—',
            })}
          </p>
        </FormDialog>
      );
    case 'revoke':
      return (
        <FormDialog
          {...common}
          title={t('credentials.revoke.title', names)}
          submitLabel={t('credentials.revoke.submit')}
          submitVariant="danger"
        >
          <p>{t('credentials.revoke.text', names)}</p>
          <p className="small text-body-secondary">
            {t('credentials.revoke.details', {
              clientId: credential.clientId,
              expires: formatDisplayDate(credential.expiresAt, language),
            })}
          </p>
          <div className="col-12">
            <label className="form-label" htmlFor="revoke-reason">
              {t('credentials.revoke.reason')}
            </label>
            <textarea
              id="revoke-reason"
              className={`form-control${showReasonProblem ? ' is-invalid' : ''}`}
              rows={2}
              maxLength={500}
              value={reason}
              aria-describedby={showReasonProblem ? 'revoke-reason-problem' : undefined}
              onChange={(e) => {
                setReason(e.target.value);
              }}
            />
            {showReasonProblem && (
              <div id="revoke-reason-problem" className="invalid-feedback">
                {t('credentials.revoke.reasonInvalid')}
              </div>
            )}
          </div>
        </FormDialog>
      );
  }
};
