import { dashboardRoutes as routes } from '@ccsc/contract/dashboard';
import { declareOperation as op } from '../core/operation';
import * as activity from './activity.core';
import * as needsAction from './needs-action.core';
import * as recentChanges from './recent-changes.core';
import * as security from './security.core';

// The dashboard's operations: one line each.
export const dashboardNeedsAction = /* @__PURE__ */ op(
  routes,
  'dashboard/needs-action',
  needsAction.dashboardNeedsAction,
  'needsAction',
);
export const dashboardActivity = /* @__PURE__ */ op(
  routes,
  'dashboard/activity',
  activity.dashboardActivity,
  'activity',
);
export const dashboardSecurity = /* @__PURE__ */ op(
  routes,
  'dashboard/security',
  security.dashboardSecurity,
  'security',
);
export const dashboardRecentChanges = /* @__PURE__ */ op(
  routes,
  'dashboard/recent-changes',
  recentChanges.dashboardRecentChanges,
  'recentChanges',
);
