import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { preloadAuth } from '../../../lib/auth';
import { useHydrated } from '../../../lib/hydration';
import { useLoginEmailCheck } from '../hooks/use-login-email-check';
import type { LoginFlow } from '../hooks/use-login';
import { PasswordField } from './password-field';

interface LoginFormProps {
  flow: Pick<LoginFlow, 'submitCredentials' | 'busy' | 'failure' | 'clearFailure'>;
  /** Starts fetching what the sign-in's later steps need, once the user starts typing. */
  onPrepare: () => void;
}

/**
 * State 1 of the login screen (SPEC §2): e-mail, password, the recovery links and Login. Bootstrap
 * markup without React-Bootstrap's form components, which the login screen's first load cannot
 * afford (README, "Size budget").
 */
export const LoginForm = ({ flow, onPrepare }: LoginFormProps) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { check, prepare: prepareEmailCheck } = useLoginEmailCheck();
  const { submitCredentials, busy, failure, clearFailure } = flow;
  // The prerendered form (app/login-prerender.tsx) takes input once React runs it.
  const hydrated = useHydrated();

  const emailCheck = email === '' || !check ? null : check(email);
  const emailError = emailCheck && !emailCheck.ok ? emailCheck.messageKey : null;
  // SPEC §5: disabled while a field is empty or while an error is showing.
  const canSubmit = emailCheck?.ok === true && password !== '' && failure === null;

  // What a sign-in needs is fetched once the user starts, not with the screen.
  const prepare = () => {
    prepareEmailCheck();
    preloadAuth();
    onPrepare();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (emailCheck?.ok && canSubmit) void submitCredentials(emailCheck.email, password);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <fieldset disabled={busy || !hydrated}>
        <div className="mb-3">
          <label className="form-label" htmlFor="login-email">
            {t('login.email')}
          </label>
          <input
            id="login-email"
            className={`form-control${emailError ? ' is-invalid' : ''}`}
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            value={email}
            aria-invalid={emailError !== null}
            aria-describedby={emailError ? 'login-email-error' : undefined}
            onFocus={prepare}
            onChange={(event) => {
              prepare();
              setEmail(event.target.value);
              clearFailure();
            }}
          />
          {emailError && (
            <div className="invalid-feedback" id="login-email-error">
              {t(emailError)}
            </div>
          )}
        </div>

        <PasswordField
          id="login-password"
          label={t('login.password')}
          value={password}
          autoComplete="current-password"
          onFocus={prepare}
          onChange={(value) => {
            prepare();
            setPassword(value);
            clearFailure();
          }}
        />

        <div className="d-flex flex-wrap justify-content-between gap-2 mb-3 small">
          <Link to={paths.forgotPassword}>{t('login.forgotPassword')}</Link>
          <Link to={paths.forgotTotp}>{t('login.cantAccessAuthenticator')}</Link>
        </div>

        {failure && (
          <div className="alert alert-danger py-2" role="alert">
            {t(failure)}
          </div>
        )}

        <button type="submit" className="btn btn-primary w-100" disabled={!canSubmit}>
          {t('login.submit')}
        </button>
      </fieldset>
    </form>
  );
};
