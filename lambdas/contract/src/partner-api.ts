/**
 * The partner API (issue 15): the calls a site's or a sponsor's system makes, under
 * /ccsc/api/v1/, with an OAuth 2.0 access token from the client_credentials grant of the API
 * credential issued to that system (`Authorization: Bearer <token>`).
 *
 * The scopes are declared here, once: Cognito's resource server (infra and the offline stack), the
 * credential screens, the per-route checks and the OpenAPI document all read them from this
 * file. One scope per kind of access, each granting only what its description says; a credential
 * is given the fewest that its system needs. Later issues add the document exchange's scopes and
 * routes here.
 */

export {
  API_RESOURCE_SERVER_ID,
  API_RESOURCE_SERVER_NAME,
  API_SCOPES,
  API_SCOPE_VALUES,
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  PARTNER_DOCS_PATH,
  apiScopeSchema,
  partnerApiBaseUrl,
  fullScope,
  type ApiScope,
  type ApiScopeName,
} from './scopes';

/*
 * The partner API's contract lives in three files, so that a function needing a record does not
 * carry the route table or the OpenAPI generator: partner-schemas.ts (what the calls take and
 * answer), partner-routes.ts (the calls) and partner-openapi.ts (the document). This module
 * only re-exports them (no code of its own), so a bundle takes only what it uses.
 */

export {
  partnerConnectionSchema,
  type PartnerConnection,
  partnerStandardSchema,
  type PartnerStandard,
  sendDocumentSchema,
  partnerSentDocumentSchema,
  type PartnerSentDocument,
  partnerReceivedDocumentSchema,
  type PartnerReceivedDocument,
} from './partner-schemas';
export * from './partner-routes';
export { partnerOpenApi } from './partner-openapi';
export { pathParametersOf } from './route';
