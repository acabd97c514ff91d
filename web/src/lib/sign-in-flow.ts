import type * as AmplifyAuthModule from 'aws-amplify/auth';
import { getRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { loadAmplifyAuth, setEstablishing, signOutLocally, type AmplifyAuth } from './auth-amplify';
import type {
  SignInFailure,
  SignInResult,
  StepFailure,
  StepResult,
  TotpSetupVia,
} from './auth-types';
import {
  isFirstTimeLogin,
  roleOfGroups,
  setAgentSession,
  setFirstTimeLogin,
  setProfile,
} from './session';

/**
 * The steps of a sign-in after the password (SPEC §4), loaded when the user first types on the
 * login form rather than with it (README, "Size budget"). lib/auth.ts is the way in: it keeps
 * sign-ins to one at a time and wraps these in its own functions; this module takes Amplify from
 * lib/auth-amplify.ts, not from lib/auth.ts, so that the two do not import each other.
 */

const nameOf = (err: unknown): string => (err instanceof Error ? err.name : '');
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : '');

const failureOf = (err: unknown): SignInFailure => {
  switch (messageOf(err)) {
    case 'Incorrect username or password.':
      return 'incorrect-credentials';
    case 'User does not exist.':
      return 'unknown-user';
    case 'User is disabled.':
      return 'user-disabled';
    case 'Password attempts exceeded':
      return 'attempts-exceeded';
    default:
      return nameOf(err) === 'PasswordResetRequiredException'
        ? 'password-reset-required'
        : 'unknown';
  }
};

const stepFailureOf = (err: unknown): StepFailure => {
  const name = nameOf(err);
  const message = messageOf(err);
  if (message.startsWith('Invalid session for the user')) return 'session-expired';
  if (
    name === 'CodeMismatchException' ||
    name === 'EnableSoftwareTokenMFAException' ||
    name === 'ExpiredCodeException' ||
    message === 'Invalid code or auth state for the user.' ||
    message === 'Your software token has already been used once.'
  ) {
    return 'invalid-code';
  }
  if (
    name === 'LimitExceededException' ||
    name === 'TooManyFailedAttemptsException' ||
    name === 'TooManyRequestsException' ||
    message === 'Password attempts exceeded'
  ) {
    return 'attempt-limit';
  }
  if (name === 'InvalidPasswordException') return 'password-rejected';
  return 'unknown';
};

/** The otpauth issuer (SPEC §3): the account name, the environment name and a fixed suffix. */
export const totpIssuer = (config: RuntimeConfig): string =>
  `${config.accountName} ${config.environmentName} MFA`;

/** The otpauth:// link an authenticator app scans (Key Uri Format: issuer, label, secret). */
export const totpSetupUri = (issuer: string, account: string, secret: string): string => {
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${query
    .toString()
    .replaceAll('+', '%20')}`;
};

/** The e-mail of the sign-in under way: the otpauth label, and who the new tokens belong to. */
let signingInAs = '';

const totpSetup = (via: TotpSetupVia, secret: string): SignInResult => ({
  kind: 'totp-setup',
  via,
  secret,
  setupUri: totpSetupUri(totpIssuer(getRuntimeConfig()), signingInAs, secret),
});

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The ID token's claims, or none when the session cannot be read. */
const idTokenClaims = async (auth: AmplifyAuth): Promise<Partial<Record<string, unknown>>> => {
  try {
    return (await auth.fetchAuthSession()).tokens?.idToken?.payload ?? {};
  } catch {
    return {};
  }
};

/**
 * The session is there (Cognito said DONE, TOTP is enrolled): redirect-user records the sign-in
 * (logLogin, or firstLogin after a new password), then the profile and the agent-session marker
 * are stored (SPEC §4). When redirect-user fails the user is signed out again (SPEC §8).
 */
const establishSession = async (auth: AmplifyAuth): Promise<SignInResult> => {
  setEstablishing(true);
  try {
    const { callApi } = await import('./api');
    await callApi(
      'redirectUser',
      isFirstTimeLogin() ? { firstLogin: 'true' } : { logLogin: 'true' },
    );
    setFirstTimeLogin(false);
    let attributes: Partial<Record<string, string>> = {};
    try {
      attributes = await auth.fetchUserAttributes();
    } catch {
      // The header then reads N/A; the sign-in itself stands.
    }
    // The role is the ID token's one role group (cognito:groups), what the server goes by: the
    // custom:role attribute of older accounts is never read. The organisation is the attribute,
    // or the token's claim when the attributes could not be read.
    const claims = await idTokenClaims(auth);
    const role = roleOfGroups(claims['cognito:groups']);
    const organisationId =
      textOf(attributes['custom:organisationId']) ?? textOf(claims['custom:organisationId']);
    setProfile({
      givenName: attributes.given_name ?? null,
      familyName: attributes.family_name ?? null,
      email: attributes.email ?? signingInAs,
      userName: textOf(claims['cognito:username']) ?? undefined,
      role,
      organisationId,
    });
    setAgentSession();
    return { kind: 'signed-in' };
  } catch {
    await signOutLocally();
    return { kind: 'failed', reason: 'redirect-failed' };
  } finally {
    setEstablishing(false);
  }
};

/** Whether the signed-in user has an authenticator app (TOTP) enrolled with Cognito. */
const hasTotp = async (auth: AmplifyAuth): Promise<boolean> => {
  const { enabled } = await auth.fetchMFAPreference();
  return enabled?.includes('TOTP') ?? false;
};

/** Where Cognito's next step leads (SPEC §4), answering what needs no user (MFA selection). */
const advance = async (
  auth: AmplifyAuth,
  nextStep: AmplifyAuthModule.SignInOutput['nextStep'],
): Promise<SignInResult> => {
  switch (nextStep.signInStep) {
    case 'DONE':
      if (!(await hasTotp(auth))) {
        // TOTP is mandatory: enrolment comes before anything else, the marker after it.
        const { sharedSecret } = await auth.setUpTOTP();
        return totpSetup('signed-in', sharedSecret);
      }
      return establishSession(auth);
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { kind: 'new-password' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return totpSetup('challenge', nextStep.totpSetupDetails.sharedSecret);
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { kind: 'totp-code' };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      // The product knows TOTP only: chosen for the user when Cognito offers it.
      if (nextStep.allowedMFATypes?.includes('TOTP')) {
        const next = await auth.confirmSignIn({ challengeResponse: 'TOTP' });
        return advance(auth, next.nextStep);
      }
      return { kind: 'unsupported' };
    case 'RESET_PASSWORD':
      return { kind: 'failed', reason: 'password-reset-required' };
    default:
      // Custom challenge, SMS or e-mail codes, e-mail MFA set-up, passwordless first factors.
      return { kind: 'unsupported' };
  }
};

/** A password sign-in and the steps needing no user; lib/auth.ts keeps it to one at a time. */
export const attemptSignIn = async (email: string, password: string): Promise<SignInResult> => {
  try {
    const auth = await loadAmplifyAuth();
    signingInAs = email;
    const start = () => auth.signIn({ username: email, password });
    let output: AmplifyAuthModule.SignInOutput;
    try {
      // Amplify's default flow, USER_SRP_AUTH: the password never leaves the browser, not even
      // to Cognito, and never to our API. The app client allows SRP and refresh only.
      output = await start();
    } catch (err) {
      // Tokens of a sign-in left unfinished (the tab closed during enrolment): not a session the
      // console knows (no marker), so they are dropped and the sign-in starts afresh.
      if (nameOf(err) !== 'UserAlreadyAuthenticatedException') throw err;
      await auth.signOut();
      output = await start();
    }
    return await advance(auth, output.nextStep);
  } catch (err) {
    return { kind: 'failed', reason: failureOf(err) };
  }
};

const answerStep = async (
  answer: (auth: AmplifyAuth) => Promise<SignInResult>,
): Promise<StepResult> => {
  let auth: AmplifyAuth;
  try {
    auth = await loadAmplifyAuth();
  } catch {
    return { kind: 'step-failed', reason: 'unknown' };
  }
  try {
    return await answer(auth);
  } catch (err) {
    return { kind: 'step-failed', reason: stepFailureOf(err) };
  }
};

/**
 * NEW_PASSWORD_REQUIRED answered (SPEC §4): the first-login flag is set, and the sign-in goes on
 * with the new password. The password goes to Cognito only, never to our API.
 */
export const confirmNewPassword = (newPassword: string): Promise<StepResult> =>
  answerStep(async (auth) => {
    const { nextStep } = await auth.confirmSignIn({ challengeResponse: newPassword });
    setFirstTimeLogin(true);
    return advance(auth, nextStep);
  });

/**
 * The six-digit code of the authenticator app: the answer to SOFTWARE_TOKEN_MFA ('totp-code'), or
 * the proof that enrolment worked ('totp-setup'), after which TOTP becomes the preferred MFA.
 */
export const confirmTotpCode = (
  code: string,
  step: { kind: 'totp-code' } | { kind: 'totp-setup'; via: TotpSetupVia },
): Promise<StepResult> =>
  answerStep(async (auth) => {
    if (step.kind === 'totp-setup' && step.via === 'signed-in') {
      await auth.verifyTOTPSetup({ code });
      await auth.updateMFAPreference({ totp: 'PREFERRED' });
      return establishSession(auth);
    }
    const { nextStep } = await auth.confirmSignIn({ challengeResponse: code });
    if (step.kind === 'totp-setup' && nextStep.signInStep === 'DONE') {
      await auth.updateMFAPreference({ totp: 'PREFERRED' });
    }
    return advance(auth, nextStep);
  });
