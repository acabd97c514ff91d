import { partnerRoutes as routes } from '@ccsc/contract/partner-api';
import { declareOperation as op } from '../core/operation';
import * as calls from './partner-calls.core';

// The partner API's own operations (a document's are the documents area's): one line each. Each
// call reads the registry's snapshot (and the router checks its credential: infra adds that).
export const partnerMe = /* @__PURE__ */ op(routes, 'partner-me', calls.partnerMe, 'read', [
  'registry.read',
]);
export const partnerConnections = /* @__PURE__ */ op(
  routes,
  'partner-connections',
  calls.partnerConnections,
  'read',
  ['registry.read'],
);
// The standards' rows (with rows=true) from the artifacts bucket's standards/ prefix.
export const partnerStandards = /* @__PURE__ */ op(
  routes,
  'partner-standards',
  calls.partnerStandards,
  'standards',
  ['registry.read', 'standard-rows.read'],
);
