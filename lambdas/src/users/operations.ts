import { auditRoutes } from '@ccsc/contract/audit';
import { userRoutes as routes } from '@ccsc/contract/users';
import { declareOperation as op } from '../core/operation';
import * as create from './create-user.core';
import * as dialCodes from './dial-codes.core';
import * as exporting from './export-users.core';
import * as groups from './list-all-groups.core';
import * as listing from './list-all-users.core';
import * as status from './user-status.core';
import * as update from './update-user.core';

// The users area's operations: one line each (lambdas/README.md, "Add an operation").
export const createUser = /* @__PURE__ */ op(routes, 'create-user', create.createUser, 'profile');
export const updateUser = /* @__PURE__ */ op(routes, 'update-user', update.updateUser, 'profile');
export const deleteUser = /* @__PURE__ */ op(routes, 'delete-user', status.deleteUser, 'account');
export const disableUser = /* @__PURE__ */ op(
  routes,
  'disable-user',
  status.disableUser,
  'account',
);
export const enableUser = /* @__PURE__ */ op(routes, 'enable-user', status.enableUser, 'account');
export const resendInvitation = /* @__PURE__ */ op(
  routes,
  'resend-invitation',
  status.resendInvitation,
  'account',
);
export const resetUserMfa = /* @__PURE__ */ op(
  routes,
  'reset-user-mfa',
  status.resetUserMfa,
  'account',
);
export const listAllUsers = /* @__PURE__ */ op(
  routes,
  'list-all-users',
  listing.listAllUsers,
  'listing',
);
export const exportUsers = /* @__PURE__ */ op(
  routes,
  'export-users',
  exporting.exportUsers,
  'exporting',
);
export const listAllGroups = /* @__PURE__ */ op(
  auditRoutes,
  'list-all-groups',
  groups.listAllGroups,
  'directory',
);
export const getMobDialCode = /* @__PURE__ */ op(
  auditRoutes,
  'get-mob-dial-code',
  dialCodes.getMobDialCode,
  'none',
);
