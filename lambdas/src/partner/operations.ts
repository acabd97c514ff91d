import { partnerRoutes as routes } from '@ccsc/contract/partner-api';
import { declareOperation as op } from '../core/operation';
import * as calls from './partner-calls.core';

// The partner API's own operations (a document's are the documents area's): one line each.
export const partnerMe = /* @__PURE__ */ op(routes, 'partner-me', calls.partnerMe, 'read');
export const partnerConnections = /* @__PURE__ */ op(
  routes,
  'partner-connections',
  calls.partnerConnections,
  'read',
);
export const partnerStandards = /* @__PURE__ */ op(
  routes,
  'partner-standards',
  calls.partnerStandards,
  'standards',
);
