import { passwordRuleResults, type PasswordRule } from '@ccsc/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../../components/icons/svg-icon';
import { PasswordField } from './password-field';

const RULE_LABELS = {
  length: 'recovery.ruleLength',
  uppercase: 'recovery.ruleUppercase',
  lowercase: 'recovery.ruleLowercase',
  digit: 'recovery.ruleDigit',
  noSpaces: 'recovery.ruleNoSpaces',
} as const satisfies Record<PasswordRule, string>;

const CHECK =
  'M12.736 3.97a.733.733 0 0 1 1.047 0c.286.289.29.756.01 1.05L7.88 12.01a.733.733 0 0 1-1.065.02L3.217 8.384a.757.757 0 0 1 0-1.06.733.733 0 0 1 1.047 0l3.052 3.093 5.4-6.425z';

export interface NewPasswordCheck {
  /** Every rule of SPEC §5 is met. */
  strong: boolean;
  /** The confirmation is filled in and differs. */
  mismatch: boolean;
  /** Strong, and confirmed by an equal, non-empty second entry. */
  ok: boolean;
}

/** The new-password rules of SPEC §5, from the contract (the server checks the same). */
export const checkNewPassword = (password: string, confirmation: string): NewPasswordCheck => {
  const strong = Object.values(passwordRuleResults(password)).every(Boolean);
  const mismatch = confirmation !== '' && confirmation !== password;
  return { strong, mismatch, ok: strong && confirmation !== '' && !mismatch };
};

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  /** A refusal of the new password by the server, already translated. */
  passwordError?: string | null;
  /** An error shown on the confirmation field besides the mismatch (SPEC §8), translated. */
  confirmationError?: string | null;
}

/**
 * New password and its confirmation (SPEC §5): each rule with a green or grey check, Strong or
 * Weak, and "Passwords entered do not match" under the confirmation. Used wherever a new
 * password is chosen: first login (the login screen's state 2) and forgot password.
 */
export const NewPasswordFields = ({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  passwordError,
  confirmationError,
}: NewPasswordFieldsProps) => {
  const { t } = useTranslation();
  const id = useId();
  const rules = passwordRuleResults(password);
  const { strong, mismatch } = checkNewPassword(password, confirmation);

  return (
    <>
      <PasswordField
        id={`${id}-new`}
        label={t('recovery.newPassword')}
        value={password}
        autoComplete="new-password"
        onChange={onPassword}
      />
      {passwordError && (
        <div className="text-danger small mb-3" role="alert">
          {passwordError}
        </div>
      )}
      <div className="small mb-3" aria-live="polite">
        <p className="mb-1">{t('recovery.rulesTitle')}</p>
        <ul className="list-unstyled mb-1">
          {(Object.keys(RULE_LABELS) as PasswordRule[]).map((rule) => (
            <li
              key={rule}
              className={rules[rule] ? 'text-success' : 'text-body-secondary'}
              data-met={rules[rule]}
            >
              <SvgIcon paths={[CHECK]} /> {t(RULE_LABELS[rule])}
            </li>
          ))}
        </ul>
        <p className="mb-0">
          {t('recovery.strength')}:{' '}
          <strong className={strong ? 'text-success' : 'text-danger'}>
            {strong ? t('recovery.strong') : t('recovery.weak')}
          </strong>
        </p>
      </div>
      <PasswordField
        id={`${id}-confirm`}
        label={t('recovery.confirmPassword')}
        value={confirmation}
        autoComplete="new-password"
        onChange={onConfirmation}
      />
      {(mismatch || confirmationError) && (
        <div className="text-danger small mb-3" role="alert">
          {mismatch ? t('validation.passwordsDoNotMatch') : confirmationError}
        </div>
      )}
    </>
  );
};
