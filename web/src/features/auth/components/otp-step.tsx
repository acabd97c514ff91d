import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInResult } from '../../../lib/auth';
import type { LoginFlow } from '../hooks/use-login';
import { emptyOtp, OtpInput } from './otp-input';
import { TotpQrCode } from './totp-qr-code';

interface OtpStepProps {
  flow: Pick<LoginFlow, 'submitCode' | 'cancel' | 'busy' | 'stepError' | 'clearStepError'>;
  step: Extract<SignInResult, { kind: 'totp-code' | 'totp-setup' }>;
}

/** The secret as text, for those who cannot scan, with a copy button. */
const SecretText = ({ secret }: { secret: string }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(secret).then(
      () => {
        setCopied(true);
      },
      () => undefined, // no clipboard permission: the text can still be selected and copied
    );
  };
  return (
    <div className="mb-3">
      <p className="small text-body-secondary mb-1">{t('otp.secretInstruction')}</p>
      <div className="input-group input-group-sm">
        <code
          className="form-control user-select-all text-break"
          data-testid="totp-secret"
          aria-label={t('otp.secretLabel')}
        >
          {secret}
        </code>
        <button type="button" className="btn btn-outline-secondary" onClick={copy}>
          {copied ? t('otp.copied') : t('otp.copy')}
        </button>
      </div>
    </div>
  );
};

/**
 * State 3 of the login screen (SPEC §2): OTP Verification. On enrolment the QR image (228 by 228)
 * and the secret as text come first; Verify is enabled only when all six boxes are filled.
 */
export const OtpStep = ({ flow, step }: OtpStepProps) => {
  const { t } = useTranslation();
  const errorId = useId();
  const [digits, setDigits] = useState(emptyOtp);
  const { submitCode, cancel, busy, stepError, clearStepError } = flow;
  const complete = digits.every((digit) => digit !== '');

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete) void submitCode(digits.join(''));
  };

  return (
    <>
      <h1 className="h3 mb-1">{t('otp.heading')}</h1>
      {step.kind === 'totp-setup' ? (
        <>
          <p className="text-body-secondary">{t('otp.setupInstruction')}</p>
          <TotpQrCode uri={step.setupUri} alt={t('otp.qrAlt')} />
          <SecretText secret={step.secret} />
        </>
      ) : null}
      <p className="text-body-secondary">{t('otp.instruction')}</p>
      <form noValidate onSubmit={onSubmit}>
        <fieldset disabled={busy}>
          <OtpInput
            digits={digits}
            invalid={stepError !== null}
            describedBy={stepError ? errorId : undefined}
            onChange={(next) => {
              setDigits(next);
              clearStepError();
            }}
          />
          {stepError && (
            <div className="alert alert-danger py-2" role="alert" id={errorId}>
              {t(stepError)}
            </div>
          )}
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => void cancel()}
            >
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary flex-grow-1" disabled={!complete}>
              {t('otp.verify')}
            </button>
          </div>
        </fieldset>
      </form>
    </>
  );
};
