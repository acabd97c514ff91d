import { sessionRoutes as routes } from '@ccsc/contract/session';
import { declareOperation as op } from '../core/operation';
import * as lockout from './account-lockout.core';
import * as passwordReset from './confirm-forget-password.core';
import * as totpConfirm from './forget-totp-confirm.core';
import * as totp from './forget-totp.core';
import * as signOut from './logout.core';
import * as redirect from './redirect-user.core';

// The session's operations (sign-in's steps, sign-out, the self-service resets): one line each.
export const logout = /* @__PURE__ */ op(routes, 'logout', signOut.logout, 'signOut', [
  'cognito.global-sign-out',
  'audit.append',
]);
export const redirectUser = /* @__PURE__ */ op(
  routes,
  'redirectUser',
  redirect.redirectUser,
  'signIn',
  ['audit.append', 'user-index.sync'],
);
// The lock is a journaled write (its entry and the last-PlatformAdmin lease), then the account
// disabled under the rule and signed out.
export const accountLockout = /* @__PURE__ */ op(
  routes,
  'accountLockout',
  lockout.accountLockout,
  'lockout',
  ['account.read', 'cognito.lock-account', 'journal', 'audit.append', 'user-index.sync'],
);
// A journaled write around ConfirmForgotPassword (a public call: no IAM); the account read to name
// it in the record.
export const confirmForgetPassword = /* @__PURE__ */ op(
  routes,
  'confirm-forget-password',
  passwordReset.confirmForgetPassword,
  'passwordReset',
  ['account.read', 'cognito.auth-events', 'journal', 'audit.append', 'user-index.sync'],
);
// The link's ticket, written only if new; the link mailed.
export const forgetTotp = /* @__PURE__ */ op(routes, 'forget-totp', totp.forgetTotp, 'totpReset', [
  'account.read',
  'totp-reset.ticket',
  'audit.append',
  'mail.send',
]);
// The ticket redeemed by one conditional DeleteItem that returns it (single use): a journaled
// write.
export const forgetTotpConfirm = /* @__PURE__ */ op(
  routes,
  'forget-totp/confirm',
  totpConfirm.forgetTotpConfirm,
  'totpResetConfirm',
  ['account.read', 'cognito.reset-totp', 'journal', 'audit.append', 'mail.send', 'user-index.sync'],
);
