import {
  type ApiCredential,
  DEFAULT_GRACE_DAYS,
  freeTextSchema,
  MAX_GRACE_DAYS,
} from '@ccsc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, type ResolverResult, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { formatDateTime, formatDisplayDate } from '../../../lib/dates';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { credentialKeys } from '../api/keys';

/** The steps that change a credential, each asked for in a dialog. */
export type CredentialStep = 'resend' | 'rotate' | 'retire' | 'revoke';

const reasonSchema = freeTextSchema(500);

interface StepValues {
  grace: string;
  reason: string;
}

/** What a step sends besides the credential: the grace in days, the reason trimmed. */
interface StepInput {
  graceDays: number;
  reason: string;
}

/** The grace as typed, in whole days up to the contract's most; null when it is not such. */
const graceDaysOf = (text: string): number | null => {
  const grace = text.trim();
  const days = /^\d{1,2}$/.test(grace) ? Number(grace) : NaN;
  return Number.isInteger(days) && days >= 0 && days <= MAX_GRACE_DAYS ? days : null;
};

/** A rotation's grace (whole days, up to the contract's most) and a revocation's reason. */
const stepResolver =
  (step: CredentialStep) =>
  (values: StepValues): ResolverResult<StepValues, StepInput> => {
    const graceDays = graceDaysOf(values.grace);
    const reason = values.reason.trim();
    const reasonOk = reason === '' || reasonSchema.safeParse(reason).success;
    const errors: FieldErrors<StepValues> = {};
    if (step === 'rotate' && graceDays === null) errors.grace = { type: 'validate' };
    if (step === 'revoke' && !reasonOk) errors.reason = { type: 'validate' };
    return Object.keys(errors).length === 0
      ? { values: { graceDays: graceDays ?? DEFAULT_GRACE_DAYS, reason }, errors: {} }
      : { values: {}, errors };
  };

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
  const { control, setValue, handleSubmit, formState } = useForm({
    resolver: stepResolver(step),
    // A problem shows once the step was asked for, then follows each change.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: { grace: String(DEFAULT_GRACE_DAYS), reason: '' },
  });
  const [grace, reason] = useWatch({ control, name: ['grace', 'reason'] });
  const client = useQueryClient();
  const taking = useMutation({
    mutationFn: (call: () => Promise<{ credential: ApiCredential }>) => call(),
    // The screen loads the page of the list it shows itself; the others are stale.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: credentialKeys.lists(), refetchType: 'none' });
    },
  });
  const saving = taking.isPending || taking.isSuccess;
  const [message, setMessage] = useState<string | null>(null);
  const names = {
    system: credential.systemName,
    organisation: credential.organisationName,
    email: credential.contactEmail,
  };
  const showGraceProblem = formState.errors.grace !== undefined;
  const showReasonProblem = formState.errors.reason !== undefined;

  const set = (field: 'grace' | 'reason', value: string) => {
    setValue(field, value, { shouldValidate: formState.isSubmitted });
  };

  const take = async ({ graceDays, reason: trimmedReason }: StepInput) => {
    setMessage(null);
    const target = { apiId: credential.apiId, revision: credential.revision };
    try {
      const result = await taking.mutateAsync(() => {
        switch (step) {
          case 'resend':
            return callApi('resendApiCredential', target);
          case 'rotate':
            return callApi('resendApiCredential', { ...target, graceDays });
          case 'retire':
            return callApi('retire-api-credential-secret', target);
          case 'revoke':
            return callApi('deleteApiCredential', {
              ...target,
              ...(trimmedReason === '' ? {} : { reason: trimmedReason }),
            });
        }
      });
      onDone(result.credential);
    } catch (err) {
      setMessage(messageOfError(err, t('credentials.actionFailed'), { namingFields: true }));
      if (isConflict(err)) onConflict();
    }
  };

  const common = {
    message,
    busyLabel: t('credentials.working'),
    saving,
    onSubmit: () => void handleSubmit(take)(),
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
                set('grace', e.target.value);
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
              days: graceDaysOf(grace) ?? DEFAULT_GRACE_DAYS,
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
                set('reason', e.target.value);
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
