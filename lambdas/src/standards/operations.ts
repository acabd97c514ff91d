import { standardRoutes as routes } from '@ccsc/contract/standards';
import type { AuditEntry } from '../core/ports/audit-trail';
import { declareOperation as op } from '../core/operation';
import { refusalsAudited as audited } from '../core/refusals-audited';
import * as download from './download-standard.core';
import * as reads from './read-standards.core';
import * as writes from './write-standards.core';

// The mapping standards' operations (issue 16): registry records, their rows in the artifacts
// bucket; one line each (publishing joins the documents area: it is declared in
// flows/operations.ts). A change's refusals are audited (core/refusals-audited.ts).
type Target = NonNullable<AuditEntry['target']>;
const standard = (i: { standardId: string }): Target => ({ type: 'standard', id: i.standardId });
const organisation = (i: { organisationId: string }): Target => ({
  type: 'organisation',
  id: i.organisationId,
});

export const artifactListStandards = /* @__PURE__ */ op(
  routes,
  'artifact/list-standards',
  reads.listStandards,
  'read',
  ['registry.read'],
);
export const artifactGetStandard = /* @__PURE__ */ op(
  routes,
  'artifact/get-standard',
  reads.getStandard,
  'read',
  ['registry.read', 'standard-rows.read'],
);
export const artifactDiffStandards = /* @__PURE__ */ op(
  routes,
  'artifact/diff-standards',
  reads.diffStandards,
  'read',
  ['registry.read', 'standard-rows.read'],
);
export const artifactCatalogue = /* @__PURE__ */ op(
  routes,
  'artifact/catalogue',
  reads.getCatalogue,
  'none',
  [],
);
export const artifactCreateStandard = /* @__PURE__ */ op(
  routes,
  'artifact/create-standard',
  /* @__PURE__ */ audited(
    { action: 'standard.created', target: organisation },
    writes.createStandard,
  ),
  'write',
  ['registry.write', 'standard-rows.read', 'standard-rows.write'],
);
export const artifactUpdateStandard = /* @__PURE__ */ op(
  routes,
  'artifact/update-standard',
  /* @__PURE__ */ audited({ action: 'standard.updated', target: standard }, writes.updateStandard),
  'write',
  ['registry.write', 'standard-rows.read', 'standard-rows.write'],
);
export const artifactNewVersion = /* @__PURE__ */ op(
  routes,
  'artifact/new-version',
  /* @__PURE__ */ audited(
    { action: 'standard.version-created', target: standard },
    writes.newVersion,
  ),
  'write',
  ['registry.write', 'standard-rows.read'],
);
export const artifactRetireStandard = /* @__PURE__ */ op(
  routes,
  'artifact/retire-standard',
  /* @__PURE__ */ audited({ action: 'standard.retired', target: standard }, writes.retireStandard),
  'write',
  ['registry.write', 'standard-rows.read'],
);
export const artifactDownload = /* @__PURE__ */ op(
  routes,
  'artifact/download',
  download.downloadStandard,
  'download',
  ['registry.read', 'standard-rows.read', 'exports.write', 'audit.append'],
);
