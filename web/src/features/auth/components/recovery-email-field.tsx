import { useTranslation } from 'react-i18next';
import type { LoginEmailCheck } from '../utils/login-email';

interface RecoveryEmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The login e-mail rules' verdict on `value` (SPEC §5), null while it is empty. */
  check: LoginEmailCheck | null;
  disabled?: boolean;
}

/** The e-mail field of the recovery screens: the login e-mail rules and messages. */
export const RecoveryEmailField = ({
  id,
  value,
  onChange,
  check,
  disabled,
}: RecoveryEmailFieldProps) => {
  const { t } = useTranslation();
  const error = check && !check.ok ? t(check.messageKey) : null;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('login.email')}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        value={value}
        disabled={disabled}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {error && (
        <div className="invalid-feedback" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
};
