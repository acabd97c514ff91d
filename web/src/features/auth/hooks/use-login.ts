import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { paths } from '../../../config/paths';
import {
  cancelSignIn,
  confirmNewPassword,
  confirmTotpCode,
  signIn,
  type SignInFailure,
  type SignInResult,
  type StepFailure,
  type StepResult,
} from '../../../lib/auth';

/** The login screen's three states (SPEC §2); the OTP state shows the QR image on enrolment. */
export type LoginStage =
  | { name: 'credentials' }
  | { name: 'new-password' }
  | { name: 'totp'; step: Extract<SignInResult, { kind: 'totp-code' | 'totp-setup' }> };

/** What SPEC §8 shows under the credentials form for each failed sign-in. */
const FAILURE_MESSAGES = {
  'incorrect-credentials': 'errors.loginFailed',
  'unknown-user': 'errors.loginFailed',
  'password-reset-required': 'errors.loginFailed',
  'user-disabled': 'errors.userDisabled',
  'attempts-exceeded': 'errors.attemptLimit',
} as const satisfies Partial<Record<SignInFailure, string>>;

export type LoginFailureKey =
  | (typeof FAILURE_MESSAGES)[keyof typeof FAILURE_MESSAGES]
  | 'errors.accountLocked'
  | 'login.sessionExpired';

/** What SPEC §8 shows on the OTP and new-password states for a refused answer. */
const STEP_MESSAGES = {
  'invalid-code': 'otp.invalidCode',
  'attempt-limit': 'errors.attemptLimit',
  'password-rejected': 'recovery.passwordRejected',
  unknown: 'otp.otherError',
} as const satisfies Partial<Record<StepFailure, string>>;

export type StepMessageKey =
  (typeof STEP_MESSAGES)[keyof typeof STEP_MESSAGES] | 'validation.newPasswordSameAsCurrent';

/** The info dialog's messages. */
export type InfoKey = 'errors.generic' | 'errors.redirectFailed' | 'login.unsupportedChallenge';

/**
 * "Incorrect username or password.": the server decides whether this failure locked the account
 * (it counts the account's real failed sign-ins; SPEC §8 `accountLockout`). Any failure of that
 * call leaves the usual message.
 */
const lockedNow = async (email: string): Promise<boolean> => {
  try {
    const { callApi } = await import('../../../lib/api');
    const { locked } = await callApi('accountLockout', {
      clientId: getRuntimeConfig().userPoolClientId,
      email,
    });
    return locked;
  } catch {
    return false;
  }
};

/**
 * The whole sign-in of the login screen: credentials, then the steps Cognito asks for (new
 * password, authenticator enrolment or code), then the dashboard. One attempt or answer at a time
 * (a second click while one runs is ignored); a blocking loader meanwhile; the spec's messages.
 */
export const useLogin = () => {
  const navigate = useNavigate();
  const pending = useRef(false);
  /** The password typed on the credentials form, kept only to refuse it as the new password. */
  const currentPassword = useRef('');
  const [stage, setStage] = useState<LoginStage>({ name: 'credentials' });
  const [busy, setBusy] = useState(false);
  /** Shown under the credentials form; cleared when the user edits a field. */
  const [failure, setFailure] = useState<LoginFailureKey | null>(null);
  /** Shown on the new-password or OTP state; cleared when the user edits. */
  const [stepError, setStepError] = useState<StepMessageKey | null>(null);
  /** Shown in the info dialog. */
  const [info, setInfo] = useState<InfoKey | null>(null);

  const backToCredentials = () => {
    currentPassword.current = '';
    setStepError(null);
    setStage({ name: 'credentials' });
  };

  /** Shows where a sign-in went: the next state, the dashboard, or why it stopped. */
  const follow = async (result: SignInResult): Promise<void> => {
    switch (result.kind) {
      case 'signed-in':
        currentPassword.current = '';
        await navigate(paths.admin.dashboard, { replace: true });
        return;
      case 'new-password':
        setStage({ name: 'new-password' });
        return;
      case 'totp-code':
      case 'totp-setup':
        setStage({ name: 'totp', step: result });
        return;
      case 'unsupported':
        await cancelSignIn();
        backToCredentials();
        setInfo('login.unsupportedChallenge');
        return;
      case 'failed':
        backToCredentials();
        if (result.reason === 'redirect-failed') setInfo('errors.redirectFailed');
        else if (result.reason === 'unknown') setInfo('errors.generic');
        else setFailure(FAILURE_MESSAGES[result.reason]);
    }
  };

  const followStep = async (result: StepResult): Promise<void> => {
    if (result.kind !== 'step-failed') {
      await follow(result);
    } else if (result.reason === 'session-expired') {
      // The challenge lasts 3 minutes: past that only a new sign-in helps.
      await cancelSignIn();
      backToCredentials();
      setFailure('login.sessionExpired');
    } else {
      setStepError(STEP_MESSAGES[result.reason]);
    }
  };

  const once = async (work: () => Promise<void>): Promise<void> => {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };

  const submitCredentials = (email: string, password: string) =>
    once(async () => {
      const result = await signIn(email, password);
      if (result.kind === 'failed' && result.reason === 'incorrect-credentials') {
        setFailure((await lockedNow(email)) ? 'errors.accountLocked' : 'errors.loginFailed');
        return;
      }
      currentPassword.current = password;
      await follow(result);
    });

  const submitNewPassword = (newPassword: string) =>
    once(async () => {
      if (newPassword === currentPassword.current) {
        setStepError('validation.newPasswordSameAsCurrent');
        return;
      }
      await followStep(await confirmNewPassword(newPassword));
    });

  const submitCode = (code: string) =>
    once(async () => {
      if (stage.name !== 'totp') return;
      await followStep(await confirmTotpCode(code, stage.step));
    });

  const cancel = () =>
    once(async () => {
      await cancelSignIn();
      backToCredentials();
    });

  return {
    stage,
    busy,
    submitCredentials,
    submitNewPassword,
    submitCode,
    cancel,
    failure,
    clearFailure: () => {
      setFailure(null);
    },
    stepError,
    clearStepError: () => {
      setStepError(null);
    },
    info,
    closeInfo: () => {
      setInfo(null);
    },
  };
};

export type LoginFlow = ReturnType<typeof useLogin>;
