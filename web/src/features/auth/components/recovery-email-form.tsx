import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkLoginEmail } from '../utils/login-email';
import { RecoveryEmailField } from './recovery-email-field';

/** Why a recovery request did not go through, as a text key. */
export type RecoveryFailure =
  'errors.generic' | 'recovery.attemptLimit' | 'recovery.tooManyRequests' | 'recovery.invalidLink';

interface RecoveryEmailFormProps {
  /** The e-mail field's id (unique on the page). */
  id: string;
  submitLabel: string;
  /**
   * Sends the request for the checked, normalised address: null when it went through (the page
   * then moves on), else why not, shown above the button.
   */
  onSend: (email: string) => Promise<RecoveryFailure | null>;
}

/**
 * The one form of the recovery screens (forgot password, forgot authenticator): the registered
 * e-mail (recovery-email-field.tsx, the login e-mail rules and messages of SPEC §5, which the
 * reset-password form shares), sent once it passes them, the form
 * held while it is sent, and the reason shown when it did not go through.
 */
export const RecoveryEmailForm = ({ id, submitLabel, onSend }: RecoveryEmailFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<RecoveryFailure | null>(null);
  const check = email === '' ? null : checkLoginEmail(email);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check?.ok || sending) return;
    setSending(true);
    setFailure(null);
    const result = await onSend(check.email);
    setSending(false);
    setFailure(result);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset disabled={sending}>
        <RecoveryEmailField
          id={id}
          value={email}
          check={check}
          onChange={(value) => {
            setEmail(value);
            setFailure(null);
          }}
        />
        {failure && (
          <div className="alert alert-danger py-2" role="alert">
            {t(failure)}
          </div>
        )}
        <button type="submit" className="btn btn-primary w-100" disabled={!check?.ok}>
          {submitLabel}
        </button>
      </fieldset>
    </form>
  );
};
