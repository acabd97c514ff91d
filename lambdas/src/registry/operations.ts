import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { declareOperation as op } from '../core/operation';
import type { AuditEntry } from '../core/ports/audit-trail';
import { refusalsAudited as audited } from '../core/refusals-audited';
import * as activateOrg from './activate-organisation.core';
import * as activateSys from './activate-system.core';
import * as connectionExport from './connection-export.core';
import * as connectionList from './connection-list.core';
import * as steps from './connection-steps.core';
import * as createOrg from './create-organisation.core';
import * as createSys from './create-system.core';
import * as deactivateOrg from './deactivate-organisation.core';
import * as deactivateSys from './deactivate-system.core';
import * as exportOrgs from './export-organisations.core';
import * as exportSys from './export-systems.core';
import * as orgSysList from './get-org-sys-list.core';
import * as getOrg from './get-organisation.core';
import * as siteOrgList from './get-site-org-list.core';
import * as sponsorList from './get-sponsor-list.core';
import * as importOrgs from './import-organisations.core';
import * as importSys from './import-systems.core';
import * as invite from './invite-site.core';
import * as listOrgs from './list-organisations.core';
import * as siteSearch from './site-directory-search.core';
import * as studyCreate from './study-create.core';
import * as studyList from './study-list.core';
import * as studyUpdate from './study-update.core';
import * as updateOrg from './update-organisation.core';
import * as updateSys from './update-system.core';

// The registry's operations (organisations, systems, studies, connections): one line each. A
// change's refusals are audited (core/refusals-audited.ts) with the action it would have had and
// the record the request named. Lists and details are read from the registry's snapshot
// ('registry.read'); a change is a registry write, an import stages its parts, an export writes
// the exports bucket.
type Target = NonNullable<AuditEntry['target']>;
const organisation = (i: { organisationId: string }): Target => ({
  type: 'organisation',
  id: i.organisationId,
});
const sponsor = (i: { sponsorOrganisationId: string }): Target => ({
  type: 'organisation',
  id: i.sponsorOrganisationId,
});
const system = (i: { systemId: string }): Target => ({ type: 'system', id: i.systemId });
const study = (i: { studyId: string }): Target => ({ type: 'study', id: i.studyId });
const connection = (i: { connectionId: string }): Target => ({
  type: 'connection',
  id: i.connectionId,
});

export const acceptConnection = /* @__PURE__ */ op(
  routes,
  'accept-connection',
  /* @__PURE__ */ audited(
    { action: 'connection.accepted', target: connection },
    steps.acceptConnection,
  ),
  'write',
  ['registry.write'],
);
export const activateOrganisation = /* @__PURE__ */ op(
  routes,
  'activate-organisation',
  /* @__PURE__ */ audited(
    { action: 'organisation.activated', target: organisation },
    activateOrg.activateOrganisation,
  ),
  'write',
  ['registry.write'],
);
export const activateSystem = /* @__PURE__ */ op(
  routes,
  'activate-system',
  /* @__PURE__ */ audited(
    { action: 'system.activated', target: system },
    activateSys.activateSystem,
  ),
  'write',
  ['registry.write'],
);
export const createOrganisation = /* @__PURE__ */ op(
  routes,
  'create-organisation',
  /* @__PURE__ */ audited({ action: 'organisation.created' }, createOrg.createOrganisation),
  'write',
  ['registry.write'],
);
export const createStudy = /* @__PURE__ */ op(
  routes,
  'create-study',
  /* @__PURE__ */ audited({ action: 'study.created', target: sponsor }, studyCreate.createStudy),
  'write',
  ['registry.write'],
);
export const createSystem = /* @__PURE__ */ op(
  routes,
  'create-system',
  /* @__PURE__ */ audited(
    { action: 'system.created', target: organisation },
    createSys.createSystem,
  ),
  'write',
  ['registry.write'],
);
export const deactivateOrganisation = /* @__PURE__ */ op(
  routes,
  'deactivate-organisation',
  /* @__PURE__ */ audited(
    { action: 'organisation.deactivated', target: organisation },
    deactivateOrg.deactivateOrganisation,
  ),
  'write',
  ['registry.write'],
);
export const deactivateSystem = /* @__PURE__ */ op(
  routes,
  'deactivate-system',
  /* @__PURE__ */ audited(
    { action: 'system.deactivated', target: system },
    deactivateSys.deactivateSystem,
  ),
  'write',
  ['registry.write'],
);
export const declineConnection = /* @__PURE__ */ op(
  routes,
  'decline-connection',
  /* @__PURE__ */ audited(
    { action: 'connection.declined', target: connection },
    steps.declineConnection,
  ),
  'write',
  ['registry.write'],
);
export const endConnection = /* @__PURE__ */ op(
  routes,
  'end-connection',
  /* @__PURE__ */ audited({ action: 'connection.ended', target: connection }, steps.endConnection),
  'write',
  ['registry.write'],
);
export const importOrganisations = /* @__PURE__ */ op(
  routes,
  'import-organisations',
  /* @__PURE__ */ audited(
    { action: 'organisation.imported', codes: ['FORBIDDEN'] },
    importOrgs.importOrganisations,
  ),
  'write',
  ['registry.import-write'],
);
export const importSystems = /* @__PURE__ */ op(
  routes,
  'import-systems',
  /* @__PURE__ */ audited(
    { action: 'systems.imported', codes: ['FORBIDDEN'] },
    importSys.importSystems,
  ),
  'write',
  ['registry.import-write'],
);
export const inviteSite = /* @__PURE__ */ op(
  routes,
  'invite-site',
  /* @__PURE__ */ audited({ action: 'connection.invited', target: study }, invite.inviteSite),
  'write',
  ['registry.write'],
);
export const resumeConnection = /* @__PURE__ */ op(
  routes,
  'resume-connection',
  /* @__PURE__ */ audited(
    { action: 'connection.resumed', target: connection },
    steps.resumeConnection,
  ),
  'write',
  ['registry.write'],
);
export const suspendConnection = /* @__PURE__ */ op(
  routes,
  'suspend-connection',
  /* @__PURE__ */ audited(
    { action: 'connection.suspended', target: connection },
    steps.suspendConnection,
  ),
  'write',
  ['registry.write'],
);
export const updateOrganisation = /* @__PURE__ */ op(
  routes,
  'update-organisation',
  /* @__PURE__ */ audited(
    { action: 'organisation.updated', target: organisation },
    updateOrg.updateOrganisation,
  ),
  'write',
  ['registry.write'],
);
export const updateStudy = /* @__PURE__ */ op(
  routes,
  'update-study',
  /* @__PURE__ */ audited({ action: 'study.updated', target: study }, studyUpdate.updateStudy),
  'write',
  ['registry.write'],
);
export const updateSystem = /* @__PURE__ */ op(
  routes,
  'update-system',
  /* @__PURE__ */ audited({ action: 'system.updated', target: system }, updateSys.updateSystem),
  'write',
  ['registry.write'],
);
export const getOrganisation = /* @__PURE__ */ op(
  routes,
  'get-organisation',
  getOrg.getOrganisation,
  'read',
  ['registry.read'],
);
export const getOrgSysList = /* @__PURE__ */ op(
  routes,
  'getOrgSysList',
  orgSysList.getOrgSysList,
  'read',
  ['registry.read'],
);
export const getSiteOrgList = /* @__PURE__ */ op(
  routes,
  'getSiteOrgList',
  siteOrgList.getSiteOrgList,
  'read',
  ['registry.read'],
);
export const getSponsorList = /* @__PURE__ */ op(
  routes,
  'getSponsorList',
  sponsorList.getSponsorList,
  'read',
  ['registry.read'],
);
export const listConnections = /* @__PURE__ */ op(
  routes,
  'list-connections',
  connectionList.listConnections,
  'read',
  ['registry.read'],
);
export const listOrganisations = /* @__PURE__ */ op(
  routes,
  'list-organisations',
  listOrgs.listOrganisations,
  'read',
  ['registry.read'],
);
export const listStudies = /* @__PURE__ */ op(
  routes,
  'list-studies',
  studyList.listStudies,
  'read',
  ['registry.read'],
);
export const searchSiteDirectory = /* @__PURE__ */ op(
  routes,
  'search-site-directory',
  siteSearch.searchSiteDirectory,
  'read',
  ['registry.read'],
);
export const exportConnections = /* @__PURE__ */ op(
  routes,
  'export-connections',
  connectionExport.exportConnections,
  'exporting',
  ['registry.export'],
);
export const exportOrganisations = /* @__PURE__ */ op(
  routes,
  'export-organisations',
  exportOrgs.exportOrganisations,
  'exporting',
  ['registry.export'],
);
export const exportSystems = /* @__PURE__ */ op(
  routes,
  'export-systems',
  exportSys.exportSystems,
  'exporting',
  ['registry.export'],
);
