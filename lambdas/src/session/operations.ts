import { sessionRoutes as routes } from '@ccsc/contract/session';
import { declareOperation as op } from '../core/operation';
import * as lockout from './account-lockout.core';
import * as passwordReset from './confirm-forget-password.core';
import * as totpConfirm from './forget-totp-confirm.core';
import * as totp from './forget-totp.core';
import * as signOut from './logout.core';
import * as redirect from './redirect-user.core';

// The session's operations (sign-in's steps, sign-out, the self-service resets): one line each.
export const logout = /* @__PURE__ */ op(routes, 'logout', signOut.logout, 'signOut');
export const redirectUser = /* @__PURE__ */ op(
  routes,
  'redirectUser',
  redirect.redirectUser,
  'signIn',
);
export const accountLockout = /* @__PURE__ */ op(
  routes,
  'accountLockout',
  lockout.accountLockout,
  'lockout',
);
export const confirmForgetPassword = /* @__PURE__ */ op(
  routes,
  'confirm-forget-password',
  passwordReset.confirmForgetPassword,
  'passwordReset',
);
export const forgetTotp = /* @__PURE__ */ op(routes, 'forget-totp', totp.forgetTotp, 'totpReset');
export const forgetTotpConfirm = /* @__PURE__ */ op(
  routes,
  'forget-totp/confirm',
  totpConfirm.forgetTotpConfirm,
  'totpResetConfirm',
);
