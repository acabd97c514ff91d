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

// The API credentials' operations (issue 15): one line each. Each reads the registry's snapshot
// for the names it shows; each change is a journaled write of its kind (issue 32). A change's
// refusals are audited (core/refusals-audited.ts) with the action it would have had.
type Target = NonNullable<AuditEntry['target']>;
const credential = (i: { apiId: string }): Target => ({ type: 'api-credential', id: i.apiId });
const system = (i: { systemId: string }): Target => ({ type: 'system', id: i.systemId });

export const listApiCredentials = /* @__PURE__ */ op(
  routes,
  'list-api-credentials',
  listing.listCredentials,
  'read',
  ['credential.list', 'registry.read'],
);
// A Cognito client with exactly the scopes, the record and its client lookup, the link mailed to
// the contact through the outbox.
export const generateApiCredential = /* @__PURE__ */ op(
  routes,
  'generateApiCredential',
  /* @__PURE__ */ audited(
    { action: 'api-credential.issued', target: system },
    generate.generateCredential,
  ),
  'issue',
  ['registry.read', 'credential.issue'],
);
// A new link (a rotation's too) in the record, mailed; no Cognito call until it is revealed.
export const resendApiCredential = /* @__PURE__ */ op(
  routes,
  'resendApiCredential',
  /* @__PURE__ */ audited(
    { action: 'api-credential.resent', target: credential },
    resend.resendCredential,
  ),
  'resend',
  ['registry.read', 'credential.write', 'credential.link-mail'],
);
// The end of a rotation's grace: every secret but the newest deleted.
export const retireApiCredentialSecret = /* @__PURE__ */ op(
  routes,
  'retire-api-credential-secret',
  /* @__PURE__ */ audited(
    { action: 'api-credential.old-secret-retired', target: credential },
    retire.retireSecret,
  ),
  'retire',
  ['registry.read', 'credential.retire'],
);
// Revocation: the record says revoked (the partner API reads it on every call), then the client is
// deleted.
export const deleteApiCredential = /* @__PURE__ */ op(
  routes,
  'deleteApiCredential',
  /* @__PURE__ */ audited(
    { action: 'api-credential.revoked', target: credential },
    revoke.revokeCredential,
  ),
  'revoke',
  ['registry.read', 'credential.end'],
);
// The scope document written to the exports bucket (GetObject signs its link).
export const downloadApiScope = /* @__PURE__ */ op(
  routes,
  'downloadApiScope',
  scope.downloadScope,
  'scope',
  ['credential.read', 'registry.read', 'exports.write', 'audit.append'],
);
// Public: the link's preview reads the credential and the names; it writes nothing.
export const getApiCredentialLink = /* @__PURE__ */ op(
  routes,
  'get-api-credential-link',
  link.getCredentialLink,
  'link',
  ['credential.read', 'registry.read'],
);
// Public: the one reveal, the link redeemed by a conditional put, then the secret (the client's
// own, or a rotation's second); a reveal cut short is undone.
export const decription = /* @__PURE__ */ op(
  routes,
  'decription',
  link.revealCredential,
  'reveal',
  ['registry.read', 'credential.reveal'],
);
