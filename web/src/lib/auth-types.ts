/**
 * The sign-in's vocabulary (SPEC §4, §8), shared by lib/auth.ts, which the screens call, and
 * lib/sign-in-flow.ts, which it loads: types only, so neither imports the other for them.
 */

/** Why a password sign-in failed, in the terms of SPEC §8. */
export type SignInFailure =
  /** "Incorrect username or password." (the account-lockout check follows it). */
  | 'incorrect-credentials'
  /** "User does not exist.": shown like incorrect credentials. */
  | 'unknown-user'
  /** "User is disabled." */
  | 'user-disabled'
  /** Cognito wants the password reset (RESET_REQUIRED, or an expired temporary password). */
  | 'password-reset-required'
  /** Cognito's own lock after repeated failures ("Password attempts exceeded"). */
  | 'attempts-exceeded'
  /** The sign-in succeeded but the redirect-user call did not: signed out again (SPEC §8). */
  | 'redirect-failed'
  /** Anything else: network, throttling, a misconfigured pool... */
  | 'unknown';

/** Why an answer to a step (new password, authenticator code) was refused (SPEC §8). */
export type StepFailure =
  /** A wrong or reused code, an invalid auth state or an expired challenge session. */
  | 'invalid-code'
  /** Too many attempts. */
  | 'attempt-limit'
  /** The pool refused the new password (its policy). */
  | 'password-rejected'
  /** The challenge session ran out (3 minutes): the user must start again. */
  | 'session-expired'
  | 'unknown';

/**
 * How the authenticator app is being set up: as the answer to Cognito's MFA_SETUP challenge (a
 * pool with MFA required), or after a sign-in without MFA by a user who has none yet (TOTP is
 * mandatory for every administrator, though the pool's MFA is OPTIONAL).
 */
export type TotpSetupVia = 'challenge' | 'signed-in';

/** Where a sign-in stands after each answer (SPEC §4). */
export type SignInResult =
  /** Done: redirect-user recorded it, the marker and profile are stored. */
  | { kind: 'signed-in' }
  /** NEW_PASSWORD_REQUIRED: the set-new-password screen. */
  | { kind: 'new-password' }
  /** SOFTWARE_TOKEN_MFA: the OTP screen without a QR image. */
  | { kind: 'totp-code' }
  /** Enrolment: the QR image (from `setupUri`), the secret as text, then the OTP screen. */
  | { kind: 'totp-setup'; via: TotpSetupVia; secret: string; setupUri: string }
  /** A challenge the product does not support (custom, SMS or e-mail codes, other MFA...). */
  | { kind: 'unsupported' }
  | { kind: 'failed'; reason: SignInFailure };

/** The answer to a step: where the sign-in goes next, or why the answer was refused. */
export type StepResult = SignInResult | { kind: 'step-failed'; reason: StepFailure };

/** react-router's navigate, or anything shaped like it. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;
