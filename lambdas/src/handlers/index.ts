import { handler as listApiCredentials } from './list-api-credentials';
import { handler as generateApiCredential } from './generateApiCredential';
import { handler as resendApiCredential } from './resendApiCredential';
import { handler as retireApiCredentialSecret } from './retire-api-credential-secret';
import { handler as deleteApiCredential } from './deleteApiCredential';
import { handler as downloadApiScope } from './downloadApiScope';
import { handler as getApiCredentialLink } from './get-api-credential-link';
import { handler as decription } from './decription';
import { handler as partnerMe } from './partner-me';
import { handler as partnerConnections } from './partner-connections';
import { handler as partnerStandards } from './partner-standards';
import { handler as partnerOpenApi } from './partner-openapi';
import { handler as partnerSendDocument } from './partner-send-document';
import { handler as partnerCompleteDocument } from './partner-complete-document';
import { handler as partnerGetDocument } from './partner-get-document';
import { handler as partnerListDocuments } from './partner-list-documents';
import { handler as partnerAcknowledgeDocument } from './partner-acknowledge-document';
import { operations, type Operation } from '@ccsc/contract/routes';
import type { PartnerOperation } from '@ccsc/contract/partner-api';
import type { LambdaHandler } from '../http/router';
import { handler as accountLockout } from './accountLockout';
import { handler as confirmForgetPassword } from './confirm-forget-password';
import { handler as createUser } from './create-user';
import { handler as deleteUser } from './delete-user';
import { handler as disableUser } from './disable-user';
import { handler as enableUser } from './enable-user';
import { handler as exportAuditRecords } from './export-audit-records';
import { handler as exportUsers } from './export-users';
import { handler as forgetTotp } from './forget-totp';
import { handler as getMobDialCode } from './get-mob-dial-code';
import { handler as getSiteOrgList } from './getSiteOrgList';
import { handler as getSponsorList } from './getSponsorList';
import { handler as forgetTotpConfirm } from './forget-totp-confirm';
import { handler as listAllGroups } from './list-all-groups';
import { handler as listAllUsers } from './list-all-users';
import { handler as listAuditRecords } from './list-audit-records';
import { handler as logout } from './logout';
import { handler as notImplemented } from './not-implemented';
import { handler as redirectUser } from './redirectUser';
import { handler as resendInvitation } from './resend-invitation';
import { handler as resetUserMfa } from './reset-user-mfa';
import { handler as updateUser } from './update-user';
import { handler as verifyAuditChain } from './verify-audit-chain';
import { handler as acceptConnection } from './accept-connection';
import { handler as activateOrganisation } from './activate-organisation';
import { handler as activateSystem } from './activate-system';
import { handler as createOrganisation } from './create-organisation';
import { handler as createStudy } from './create-study';
import { handler as createSystem } from './create-system';
import { handler as deactivateOrganisation } from './deactivate-organisation';
import { handler as deactivateSystem } from './deactivate-system';
import { handler as declineConnection } from './decline-connection';
import { handler as endConnection } from './end-connection';
import { handler as exportConnections } from './export-connections';
import { handler as exportOrganisations } from './export-organisations';
import { handler as exportSystems } from './export-systems';
import { handler as getOrganisation } from './get-organisation';
import { handler as getOrgSysList } from './getOrgSysList';
import { handler as importOrganisations } from './import-organisations';
import { handler as importSystems } from './import-systems';
import { handler as inviteSite } from './invite-site';
import { handler as listConnections } from './list-connections';
import { handler as listOrganisations } from './list-organisations';
import { handler as listStudies } from './list-studies';
import { handler as resumeConnection } from './resume-connection';
import { handler as searchSiteDirectory } from './search-site-directory';
import { handler as suspendConnection } from './suspend-connection';
import { handler as updateOrganisation } from './update-organisation';
import { handler as updateStudy } from './update-study';
import { handler as updateSystem } from './update-system';
import { handler as artifactListStandards } from './artifact-list-standards';
import { handler as artifactGetStandard } from './artifact-get-standard';
import { handler as artifactCreateStandard } from './artifact-create-standard';
import { handler as artifactUpdateStandard } from './artifact-update-standard';
import { handler as artifactNewVersion } from './artifact-new-version';
import { handler as artifactPublishStandard } from './artifact-publish-standard';
import { handler as artifactRetireStandard } from './artifact-retire-standard';
import { handler as artifactDiffStandards } from './artifact-diff-standards';
import { handler as artifactDownload } from './artifact-download';
import { handler as artifactCatalogue } from './artifact-catalogue';
import { handler as s3documentsList } from './s3documents-list';
import { handler as s3documentsGet } from './s3documents-get';
import { handler as s3documentsDownload } from './s3documents-download';
import { handler as s3documentsRetry } from './s3documents-retry';
import { handler as s3documentsExportEtmf } from './s3documents-export-etmf';
import { handler as artifactStudyCompleteness } from './artifact-study-completeness';
import { handler as s3documentsImportEtmfUpload } from './s3documents-import-etmf-upload';
import { handler as s3documentsImportEtmf } from './s3documents-import-etmf';
import { handler as s3documentsImports } from './s3documents-imports';
import { handler as s3documentsImportGet } from './s3documents-import-get';
import { handler as s3documentsImportDownload } from './s3documents-import-download';
import { handler as dashboardNeedsAction } from './dashboard-needs-action';
import { handler as dashboardActivity } from './dashboard-activity';
import { handler as dashboardSecurity } from './dashboard-security';
import { handler as dashboardRecentChanges } from './dashboard-recent-changes';

/**
 * Every operation's Lambda handler, keyed by operation: the mock server calls these, the CDK
 * API deploys one function per implemented entry file. An operation missing from
 * `implemented` is served by the not-implemented entry (501).
 */
export const implemented: Partial<Record<Operation, LambdaHandler>> = {
  logout,
  redirectUser,
  accountLockout,
  'confirm-forget-password': confirmForgetPassword,
  'forget-totp': forgetTotp,
  'forget-totp/confirm': forgetTotpConfirm,
  'list-all-users': listAllUsers,
  'export-users': exportUsers,
  'enable-user': enableUser,
  'disable-user': disableUser,
  'delete-user': deleteUser,
  'list-all-groups': listAllGroups,
  'get-mob-dial-code': getMobDialCode,
  getSiteOrgList,
  getSponsorList,
  'create-user': createUser,
  'update-user': updateUser,
  'reset-user-mfa': resetUserMfa,
  'resend-invitation': resendInvitation,
  'list-audit-records': listAuditRecords,
  'export-audit-records': exportAuditRecords,
  'verify-audit-chain': verifyAuditChain,
  'accept-connection': acceptConnection,
  'activate-organisation': activateOrganisation,
  'activate-system': activateSystem,
  'create-organisation': createOrganisation,
  'create-study': createStudy,
  'create-system': createSystem,
  'deactivate-organisation': deactivateOrganisation,
  'deactivate-system': deactivateSystem,
  'decline-connection': declineConnection,
  'end-connection': endConnection,
  'export-connections': exportConnections,
  'export-organisations': exportOrganisations,
  'export-systems': exportSystems,
  'get-organisation': getOrganisation,
  getOrgSysList,
  'import-organisations': importOrganisations,
  'import-systems': importSystems,
  'invite-site': inviteSite,
  'list-connections': listConnections,
  'list-organisations': listOrganisations,
  'list-studies': listStudies,
  'resume-connection': resumeConnection,
  'search-site-directory': searchSiteDirectory,
  'suspend-connection': suspendConnection,
  'update-organisation': updateOrganisation,
  'update-study': updateStudy,
  'update-system': updateSystem,
  'list-api-credentials': listApiCredentials,
  generateApiCredential,
  resendApiCredential,
  'retire-api-credential-secret': retireApiCredentialSecret,
  deleteApiCredential,
  downloadApiScope,
  'get-api-credential-link': getApiCredentialLink,
  decription,
  'artifact/list-standards': artifactListStandards,
  'artifact/get-standard': artifactGetStandard,
  'artifact/create-standard': artifactCreateStandard,
  'artifact/update-standard': artifactUpdateStandard,
  'artifact/new-version': artifactNewVersion,
  'artifact/publish-standard': artifactPublishStandard,
  'artifact/retire-standard': artifactRetireStandard,
  'artifact/diff-standards': artifactDiffStandards,
  'artifact/download': artifactDownload,
  'artifact/catalogue': artifactCatalogue,
  's3documents/list': s3documentsList,
  's3documents/get': s3documentsGet,
  's3documents/download': s3documentsDownload,
  's3documents/retry': s3documentsRetry,
  's3documents/export-etmf': s3documentsExportEtmf,
  'artifact/study-completeness': artifactStudyCompleteness,
  's3documents/import-etmf-upload': s3documentsImportEtmfUpload,
  's3documents/import-etmf': s3documentsImportEtmf,
  's3documents/imports': s3documentsImports,
  's3documents/import-get': s3documentsImportGet,
  's3documents/import-download': s3documentsImportDownload,
  'dashboard/needs-action': dashboardNeedsAction,
  'dashboard/activity': dashboardActivity,
  'dashboard/security': dashboardSecurity,
  'dashboard/recent-changes': dashboardRecentChanges,
};

/**
 * The partner API's handlers (/ccsc/api/v1/, issue 15), by the contract's partner operation, and
 * its public OpenAPI document (`partner-openapi`).
 */
/** The partner API's functions: each partner call's, and the OpenAPI document's. */
export type PartnerFunction = PartnerOperation | 'partner-openapi';

const partnerHandlers: Record<PartnerFunction, LambdaHandler> = {
  'partner-me': partnerMe,
  'partner-connections': partnerConnections,
  'partner-standards': partnerStandards,
  'partner-send-document': partnerSendDocument,
  'partner-complete-document': partnerCompleteDocument,
  'partner-get-document': partnerGetDocument,
  'partner-list-documents': partnerListDocuments,
  'partner-acknowledge-document': partnerAcknowledgeDocument,
  'partner-openapi': partnerOpenApi,
};

/**
 * Every function's handler, by operation: each console operation's (`not-implemented` until its
 * feature lands), each partner call's and the partner API's OpenAPI document's. The offline
 * console mounts this one table, as infra deploys one function per entry.
 */
export const handlers: Record<Operation | PartnerFunction, LambdaHandler> = {
  ...(Object.fromEntries(operations.map((op) => [op, implemented[op] ?? notImplemented])) as Record<
    Operation,
    LambdaHandler
  >),
  ...partnerHandlers,
};
export type { LambdaHandler } from '../http/router';
