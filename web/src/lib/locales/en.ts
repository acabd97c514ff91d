/**
 * English, the default language: the texts the login screen needs (the entry chunk carries them);
 * the rest are in en-more.ts, a chunk of their own (lib/i18n.ts `loadAllTexts`). Texts the spec gives are copied exactly, spelling included.
 * de.ts and tr.ts must have the same keys (the type enforces it, locales.test.ts checks it again).
 */
import type { enMore } from './en-more';

export const en = {
  common: {
    loading: 'Loading.Please wait...',
    ok: 'Ok',
    cancel: 'Cancel',
    info: 'Info',
    close: 'Close',
  },
  language: {
    label: 'Language',
    en: 'English',
    de: 'Deutsch',
    tr: 'Türkçe',
  },
  configError: {
    title: 'The console could not start',
    body: 'Its configuration could not be loaded. Please reload the page in a moment; if the problem persists, contact your administrator.',
    details: 'Details',
    reload: 'Reload',
  },
  validation: {
    emailFormat: 'Email Address provided is not in the correct format',
    emailDisallowedChars:
      'Backslash, apostrophe, double quote and spaces are not allowed in the email address',
    identifierChars: 'Only following characters A-Za-z0-9_@.- are allowed.',
    freeTextChars:
      'Only following characters A-Za-z0-9_@.,!*=/:|{}[]~-+&;?%#\'()"space are allowed.',
    numberChars: 'Only following number 0-9 are allowed.',
    passwordsDoNotMatch: 'Passwords entered do not match',
    newPasswordSameAsCurrent: 'New password can not be same as current password',
  },
  errors: {
    loginFailed:
      'Your login attempt has failed. The specified username or password may be incorrect, or your password has expired.',
    userDisabled: 'User is disabled',
    generic: 'Some Error occur. Please try after sometime',
    accountLocked:
      'Your account is locked due to consecutive failed login attempts. Contact the administrator to unlock your account.',
    attemptLimit: 'Attempt limit exceeded, please try after some time',
    redirectFailed: 'Some error occur please try again after sometime',
  },
  login: {
    heading: 'Login',
    message: 'Seamlessly Connect Site and Sponsor Systems for Enhanced Collaboration',
    instruction: 'Please enter your registered email and password',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    forgotPassword: 'Forgot Password?',
    cantAccessAuthenticator: "Can't access authenticator app?",
    submit: 'Login',
    noteFirstLogin: 'First time login requires password received via registered email',
    notePasswordExpired:
      'Use Forgot Password to reset your password, in case your password has expired.',
    newPasswordHeading: 'Set New Password',
    newPasswordInstruction:
      'This is your first login. Replace the temporary password from your email with a password of your own.',
    sessionExpired: 'Your login session has expired. Please log in again.',
    unsupportedChallenge:
      'This account asks for a sign-in step the console does not support. Please contact the administrator.',
  },
};

/** Every text of the console: what de.ts and tr.ts must have. */
export type Translation = typeof en & typeof enMore;
