import { credentialRoutes as routes } from '@ccsc/contract/credentials';
import type { AuditEntry } from '../core/ports/audit-trail';
import { declareOperation as op } from '../core/operation';
import { refusalsAudited as audited } from '../core/refusals-audited';
import * as link from './credential-link.core';
import * as generate from './generate-credential.core';
import * as listing from './list-credentials.core';
import * as resend from './resend-credential.core';
import * as retire from './retire-secret.core';
import * as revoke from './revoke-credential.core';
import * as scope from './scope-document.core';

// The API credentials' operations: one line each. A change's refusals are audited
// (core/refusals-audited.ts) with the action it would have had.
type Target = NonNullable<AuditEntry['target']>;
const credential = (i: { apiId: string }): Target => ({ type: 'api-credential', id: i.apiId });
const system = (i: { systemId: string }): Target => ({ type: 'system', id: i.systemId });

export const listApiCredentials = /* @__PURE__ */ op(
  routes,
  'list-api-credentials',
  listing.listCredentials,
  'read',
);
export const generateApiCredential = /* @__PURE__ */ op(
  routes,
  'generateApiCredential',
  /* @__PURE__ */ audited(
    { action: 'api-credential.issued', target: system },
    generate.generateCredential,
  ),
  'issue',
);
export const resendApiCredential = /* @__PURE__ */ op(
  routes,
  'resendApiCredential',
  /* @__PURE__ */ audited(
    { action: 'api-credential.resent', target: credential },
    resend.resendCredential,
  ),
  'resend',
);
export const retireApiCredentialSecret = /* @__PURE__ */ op(
  routes,
  'retire-api-credential-secret',
  /* @__PURE__ */ audited(
    { action: 'api-credential.old-secret-retired', target: credential },
    retire.retireSecret,
  ),
  'retire',
);
export const deleteApiCredential = /* @__PURE__ */ op(
  routes,
  'deleteApiCredential',
  /* @__PURE__ */ audited(
    { action: 'api-credential.revoked', target: credential },
    revoke.revokeCredential,
  ),
  'revoke',
);
export const downloadApiScope = /* @__PURE__ */ op(
  routes,
  'downloadApiScope',
  scope.downloadScope,
  'scope',
);
export const getApiCredentialLink = /* @__PURE__ */ op(
  routes,
  'get-api-credential-link',
  link.getCredentialLink,
  'link',
);
export const decription = /* @__PURE__ */ op(routes, 'decription', link.revealCredential, 'reveal');
