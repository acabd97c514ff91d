import { dashboardRoutes as routes } from '@ccsc/contract/dashboard';
import { declareOperation as op } from '../core/operation';
import * as activity from './activity.core';
import * as needsAction from './needs-action.core';
import * as recentChanges from './recent-changes.core';
import * as security from './security.core';

// The dashboard's operations (issue 18): one line each, read-only, one call per block, each
// reading what the lists its figures open read.
// The user index (built from the directory if it never was, as the user list does), the
// credentials, the registry, the documents' held counters.
export const dashboardNeedsAction = /* @__PURE__ */ op(
  routes,
  'dashboard/needs-action',
  needsAction.dashboardNeedsAction,
  'needsAction',
  ['user-index.read', 'credential.list', 'registry.read', 'document.counts.read'],
);
// The documents' day counters and the registry's connections.
export const dashboardActivity = /* @__PURE__ */ op(
  routes,
  'dashboard/activity',
  activity.dashboardActivity,
  'activity',
  ['registry.read', 'document.counts.read'],
);
// The security views counted on their indexes; the last verification.
export const dashboardSecurity = /* @__PURE__ */ op(
  routes,
  'dashboard/security',
  security.dashboardSecurity,
  'security',
  ['audit.views.read', 'audit.verification.read'],
);
// One query of the changes' index.
export const dashboardRecentChanges = /* @__PURE__ */ op(
  routes,
  'dashboard/recent-changes',
  recentChanges.dashboardRecentChanges,
  'recentChanges',
  ['audit.views.read'],
);
