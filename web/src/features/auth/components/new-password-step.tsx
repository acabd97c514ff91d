import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginFlow } from '../hooks/use-login';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';

interface NewPasswordStepProps {
  flow: Pick<LoginFlow, 'submitNewPassword' | 'cancel' | 'busy' | 'stepError' | 'clearStepError'>;
}

/**
 * State 2 of the login screen (SPEC §2, §5): the first login replaces the e-mailed temporary
 * password. Submit is enabled once every rule is met and the confirmation is filled in; a new
 * password equal to the temporary one is refused on the confirmation field (SPEC §8).
 */
export const NewPasswordStep = ({ flow }: NewPasswordStepProps) => {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { submitNewPassword, cancel, busy, stepError, clearStepError } = flow;
  const check = checkNewPassword(password, confirmation);
  const confirmationError =
    stepError === 'validation.newPasswordSameAsCurrent' ? t(stepError) : null;
  const otherError = stepError && !confirmationError ? t(stepError) : null;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.ok) void submitNewPassword(password);
  };

  return (
    <>
      <h1 className="h3 mb-1">{t('login.newPasswordHeading')}</h1>
      <p className="text-body-secondary">{t('login.newPasswordInstruction')}</p>
      <form noValidate onSubmit={onSubmit}>
        <fieldset disabled={busy}>
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={(value) => {
              setPassword(value);
              clearStepError();
            }}
            onConfirmation={(value) => {
              setConfirmation(value);
              clearStepError();
            }}
            passwordError={otherError}
            confirmationError={confirmationError}
          />
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => void cancel()}
            >
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn-primary flex-grow-1"
              disabled={!check.ok || stepError !== null}
            >
              {t('recovery.submit')}
            </button>
          </div>
        </fieldset>
      </form>
    </>
  );
};
