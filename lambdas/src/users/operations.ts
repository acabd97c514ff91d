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
// Each user write may take every step of every user write ('user.write'): a write cut short is
// finished by the next on the same user, whatever its kind. Enabling a locked account releases its
// lock record; a user's organisation must exist in the registry.
export const createUser = /* @__PURE__ */ op(routes, 'create-user', create.createUser, 'profile', [
  'user.write',
]);
export const updateUser = /* @__PURE__ */ op(routes, 'update-user', update.updateUser, 'profile', [
  'user.write',
]);
export const deleteUser = /* @__PURE__ */ op(routes, 'delete-user', status.deleteUser, 'account', [
  'user.write',
]);
export const disableUser = /* @__PURE__ */ op(
  routes,
  'disable-user',
  status.disableUser,
  'account',
  ['user.write'],
);
export const enableUser = /* @__PURE__ */ op(routes, 'enable-user', status.enableUser, 'account', [
  'user.write',
]);
export const resendInvitation = /* @__PURE__ */ op(
  routes,
  'resend-invitation',
  status.resendInvitation,
  'account',
  ['user.write'],
);
export const resetUserMfa = /* @__PURE__ */ op(
  routes,
  'reset-user-mfa',
  status.resetUserMfa,
  'account',
  ['user.write'],
);
// The index read whole; sorting by organisation names them from the registry.
export const listAllUsers = /* @__PURE__ */ op(
  routes,
  'list-all-users',
  listing.listAllUsers,
  'listing',
  ['user-index.read', 'registry.read'],
);
// The index read by e-mail, the filtered list streamed into the exports bucket.
export const exportUsers = /* @__PURE__ */ op(
  routes,
  'export-users',
  exporting.exportUsers,
  'exporting',
  ['user-index.read', 'exports.write', 'audit.append'],
);
export const listAllGroups = /* @__PURE__ */ op(
  auditRoutes,
  'list-all-groups',
  groups.listAllGroups,
  'directory',
  ['cognito.list-groups'],
);
// Served from the `phone` library's data: nothing to call.
export const getMobDialCode = /* @__PURE__ */ op(
  auditRoutes,
  'get-mob-dial-code',
  dialCodes.getMobDialCode,
  'none',
  [],
);
