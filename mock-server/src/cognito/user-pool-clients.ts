import { InvalidParameterError } from 'cognito-local/lib/errors.js';
import { type AppClient, newId } from 'cognito-local/lib/services/appClient.js';
import { appClientToResponseObject } from 'cognito-local/lib/targets/responses.js';
import * as z from 'zod';
import { forgetClientSecrets, secretsOf } from './client-secrets';
import { cognitoError, invalidParameter } from './errors';
import type { FidelityTarget } from './fidelity-target';
import {
  customScopeExists,
  invalidOAuthFlow,
  M2M_MESSAGES,
  newClientSecret,
  requirePool,
  STANDARD_SCOPES,
  userPoolId,
} from './m2m';
import { fields, parseRequest } from './request';
import type { PoolState } from './state';

/**
 * CreateUserPoolClient, UpdateUserPoolClient and DeleteUserPoolClient as Cognito runs them:
 * Cognito-like secrets, OAuth flows and scopes checked against the resource servers, Cognito's
 * defaults, omitted settings reset on update.
 */

const OAUTH_FLOWS = ['code', 'implicit', 'client_credentials'] as const;
const EXPLICIT_AUTH_FLOWS = [
  'ADMIN_NO_SRP_AUTH',
  'CUSTOM_AUTH_FLOW_ONLY',
  'USER_PASSWORD_AUTH',
  'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  'ALLOW_CUSTOM_AUTH',
  'ALLOW_USER_PASSWORD_AUTH',
  'ALLOW_USER_SRP_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
  'ALLOW_USER_AUTH',
] as const;
const timeUnit = z.enum(['seconds', 'minutes', 'hours', 'days']);
const redirectUrl = z.string().min(1).max(1024);
const oauthScope = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/);

/** Everything CreateUserPoolClient and UpdateUserPoolClient share. */
const clientSettingsShape = {
  UserPoolId: userPoolId,
  RefreshTokenValidity: z.number().int().min(0).max(315360000).optional(),
  AccessTokenValidity: z.number().int().min(1).max(86400).optional(),
  IdTokenValidity: z.number().int().min(1).max(86400).optional(),
  TokenValidityUnits: z
    .object({
      AccessToken: timeUnit.optional(),
      IdToken: timeUnit.optional(),
      RefreshToken: timeUnit.optional(),
    })
    .optional(),
  ReadAttributes: z.array(z.string().min(1).max(2048)).optional(),
  WriteAttributes: z.array(z.string().min(1).max(2048)).optional(),
  ExplicitAuthFlows: z.array(z.enum(EXPLICIT_AUTH_FLOWS)).optional(),
  SupportedIdentityProviders: z.array(z.string().min(1).max(32)).optional(),
  CallbackURLs: z.array(redirectUrl).max(100).optional(),
  LogoutURLs: z.array(redirectUrl).max(100).optional(),
  DefaultRedirectURI: redirectUrl.optional(),
  AllowedOAuthFlows: z.array(z.enum(OAUTH_FLOWS)).max(3).optional(),
  AllowedOAuthScopes: z.array(oauthScope).max(50).optional(),
  AllowedOAuthFlowsUserPoolClient: z.boolean().optional(),
  AnalyticsConfiguration: z.record(z.string(), z.unknown()).optional(),
  PreventUserExistenceErrors: z.enum(['LEGACY', 'ENABLED']).optional(),
  EnableTokenRevocation: z.boolean().optional(),
  EnablePropagateAdditionalUserContextData: z.boolean().optional(),
  AuthSessionValidity: z.number().int().min(3).max(15).optional(),
};

const clientName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w\s+=,.@-]+$/);

const createClientSchema = z.object({
  ...clientSettingsShape,
  ClientName: clientName,
  GenerateSecret: z.boolean().optional(),
  ClientSecret: z
    .string()
    .min(24)
    .max(64)
    .regex(/^[\w+]+$/)
    .optional(),
});

const updateClientSchema = z.object({
  ...clientSettingsShape,
  ClientId: fields.clientId,
  ClientName: clientName.optional(),
});

type ClientSettings = z.infer<z.ZodObject<typeof clientSettingsShape>>;

/**
 * AllowedOAuthFlows outside the enum: AWS's own validation message (real CloudFormation output,
 * awsdocs/aws-cloudformation-user-guide#563), more precise than the generic one.
 */
const checkOAuthFlowsEnum = (body: unknown) => {
  const flows: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'AllowedOAuthFlows') : undefined;
  if (!Array.isArray(flows)) return;
  const values = flows as unknown[];
  if (
    values.every((f) => typeof f === 'string' && (OAUTH_FLOWS as readonly string[]).includes(f))
  ) {
    return;
  }
  const shown = values.map((f) => (typeof f === 'string' ? f : JSON.stringify(f))).join(', ');
  throw new InvalidParameterError(
    `1 validation error detected: Value '[${shown}]' at 'allowedOAuthFlows' failed to satisfy constraint: Member must satisfy constraint: [Member must satisfy enum value set: [implicit, client_credentials, code]]`,
  );
};

/**
 * The configurable part of a client, from a Create or Update request. As the API reference says
 * of UpdateUserPoolClient, a setting left out takes its default, it does not keep its old value.
 * Defaults: refresh tokens 30 days; access and ID tokens in hours, refresh tokens in days;
 * token revocation on; OAuth off; LEGACY user-existence errors.
 */
const clientSettings = (req: ClientSettings) => ({
  RefreshTokenValidity: req.RefreshTokenValidity ?? 30,
  AccessTokenValidity: req.AccessTokenValidity,
  IdTokenValidity: req.IdTokenValidity,
  TokenValidityUnits: {
    AccessToken: req.TokenValidityUnits?.AccessToken ?? 'hours',
    IdToken: req.TokenValidityUnits?.IdToken ?? 'hours',
    RefreshToken: req.TokenValidityUnits?.RefreshToken ?? 'days',
  },
  ReadAttributes: req.ReadAttributes,
  WriteAttributes: req.WriteAttributes,
  ExplicitAuthFlows: req.ExplicitAuthFlows,
  SupportedIdentityProviders: req.SupportedIdentityProviders,
  CallbackURLs: req.CallbackURLs,
  LogoutURLs: req.LogoutURLs,
  DefaultRedirectURI: req.DefaultRedirectURI,
  AllowedOAuthFlows: req.AllowedOAuthFlows,
  AllowedOAuthScopes: req.AllowedOAuthScopes,
  AllowedOAuthFlowsUserPoolClient: req.AllowedOAuthFlowsUserPoolClient ?? false,
  AnalyticsConfiguration: req.AnalyticsConfiguration as AppClient['AnalyticsConfiguration'],
  PreventUserExistenceErrors: req.PreventUserExistenceErrors ?? 'LEGACY',
  EnableTokenRevocation: req.EnableTokenRevocation ?? true,
});

/**
 * Cognito's checks of a client's OAuth settings, each with its real message: OAuth switched on
 * needs flows and scopes; client_credentials stands alone and needs a secret; code and implicit
 * need callback URLs; every scope must be a standard one or a resource server's; a
 * client_credentials client takes custom scopes only.
 */
const checkOAuthSettings = (state: Readonly<PoolState>, client: AppClient) => {
  const flows: readonly string[] = client.AllowedOAuthFlows ?? [];
  const scopes: readonly string[] = client.AllowedOAuthScopes ?? [];
  if (
    client.AllowedOAuthFlowsUserPoolClient === true &&
    (flows.length === 0 || scopes.length === 0)
  ) {
    throw invalidParameter(M2M_MESSAGES.oauthRequired);
  }
  const clientCredentials = flows.includes('client_credentials');
  if (clientCredentials && flows.some((f) => f !== 'client_credentials')) {
    throw invalidOAuthFlow(M2M_MESSAGES.clientCredentialsWithOthers);
  }
  // Its secrets, not its ClientSecret: deleting the secret it was created with leaves that empty.
  if (clientCredentials && secretsOf(state, client).length === 0) {
    throw invalidOAuthFlow(M2M_MESSAGES.clientCredentialsWithoutSecret);
  }
  if (
    (flows.includes('code') || flows.includes('implicit')) &&
    (client.CallbackURLs ?? []).length === 0
  ) {
    throw invalidOAuthFlow(M2M_MESSAGES.callbackUrlsRequired);
  }
  const unknown = scopes.find((s) => !STANDARD_SCOPES.includes(s) && !customScopeExists(state, s));
  if (unknown !== undefined) {
    throw cognitoError('ScopeDoesNotExistException', M2M_MESSAGES.scopeDoesNotExist(unknown));
  }
  const standard = scopes.find((s) => STANDARD_SCOPES.includes(s));
  if (clientCredentials && standard !== undefined) {
    throw invalidOAuthFlow(M2M_MESSAGES.scopeNotForClientCredentials(standard));
  }
};

// ---------------------------------------------------------------------------------------------
// App clients

/**
 * CreateUserPoolClient as cognito-local stores it (its AppClient, saved with saveAppClient),
 * with a Cognito-like 51-character secret (or the caller's own ClientSecret) and the OAuth
 * checks above.
 */
const CreateUserPoolClient: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  checkOAuthFlowsEnum(body);
  const req = parseRequest(createClientSchema, body);
  const pool = await requirePool(services, ctx, req.UserPoolId);
  if (req.GenerateSecret === true && req.ClientSecret !== undefined) {
    throw invalidParameter(M2M_MESSAGES.secretAndGenerateSecret);
  }
  const now = services.clock.get();
  const client: AppClient = {
    ...clientSettings(req),
    ClientId: newId(),
    ClientName: req.ClientName,
    ClientSecret: req.ClientSecret ?? (req.GenerateSecret === true ? newClientSecret() : undefined),
    CreationDate: now,
    LastModifiedDate: now,
    UserPoolId: req.UserPoolId,
  };
  checkOAuthSettings(await fidelity.store.read(req.UserPoolId), client);
  await pool.saveAppClient(ctx, client);
  return { UserPoolClient: appClientToResponseObject(client) };
};

/** UpdateUserPoolClient: id, secret, name (when not given) and creation date are kept. */
const UpdateUserPoolClient: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  checkOAuthFlowsEnum(body);
  const req = parseRequest(updateClientSchema, body);
  const pool = await requirePool(services, ctx, req.UserPoolId);
  const existing = await services.cognito.getAppClient(ctx, req.ClientId);
  if (existing?.UserPoolId !== req.UserPoolId) {
    throw cognitoError('ResourceNotFoundException', M2M_MESSAGES.clientNotFound(req.ClientId));
  }
  const client: AppClient = {
    ...existing,
    ...clientSettings(req),
    ClientName: req.ClientName ?? existing.ClientName,
    LastModifiedDate: services.clock.get(),
  };
  checkOAuthSettings(await fidelity.store.read(req.UserPoolId), client);
  await pool.saveAppClient(ctx, client);
  return { UserPoolClient: appClientToResponseObject(client) };
};

/**
 * cognito-local's answers "Resource not found" / "User Pool … not found": AWS's words here. The
 * client's secrets go with it.
 */
const DeleteUserPoolClient: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(z.object({ UserPoolId: userPoolId, ClientId: fields.clientId }), body);
  const pool = await requirePool(services, ctx, req.UserPoolId);
  const client = await services.cognito.getAppClient(ctx, req.ClientId);
  if (client?.UserPoolId !== req.UserPoolId) {
    throw cognitoError('ResourceNotFoundException', M2M_MESSAGES.clientNotFound(req.ClientId));
  }
  await pool.deleteAppClient(ctx, client);
  if (Object.hasOwn((await fidelity.store.read(req.UserPoolId)).clientSecrets, client.ClientId)) {
    await fidelity.store.update(req.UserPoolId, (state) => {
      forgetClientSecrets(state, client.ClientId);
    });
  }
  return {};
};

// ---------------------------------------------------------------------------------------------
// Resource servers

export const userPoolClientTargets: Readonly<Record<string, FidelityTarget>> = {
  CreateUserPoolClient,
  UpdateUserPoolClient,
  DeleteUserPoolClient,
};
