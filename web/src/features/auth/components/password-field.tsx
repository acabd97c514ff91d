import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeSlashIcon } from '../../../components/icons/eye-icons';

/** A shown password hides itself again after this long (SPEC §9). */
export const PASSWORD_REVEAL_MS = 3000;
/**
 * The contract's PASSWORD_MAX (SPEC §5), repeated because importing the contract would bring zod
 * into the login screen's first load; password-field.test.tsx checks that the two agree.
 */
export const PASSWORD_MAX_LENGTH = 64;

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  onFocus?: () => void;
}

/**
 * A password input (at most 64 characters) with a show/hide toggle that re-hides after 3 s.
 * Bootstrap markup without React-Bootstrap's form components, which the login screen's first load
 * cannot afford (README, "Size budget").
 */
export const PasswordField = ({
  id,
  label,
  value,
  onChange,
  autoComplete,
  onFocus,
}: PasswordFieldProps) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => {
      setVisible(false);
    }, PASSWORD_REVEAL_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [visible]);

  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          className="form-control"
          type={visible ? 'text' : 'password'}
          value={value}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          onFocus={onFocus}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
          aria-controls={id}
          onClick={() => {
            setVisible((shown) => !shown);
          }}
        >
          {visible ? <EyeSlashIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  );
};
