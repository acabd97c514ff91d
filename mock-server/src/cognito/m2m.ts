import { randomBytes, randomUUID } from 'node:crypto';
import { InvalidParameterError, ResourceNotFoundError } from 'cognito-local/lib/errors.js';
import { type AppClient, newId } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { appClientToResponseObject } from 'cognito-local/lib/targets/responses.js';
import * as z from 'zod';
import { forgetClientSecrets, secretsOf } from './client-secrets';
import { cognitoError, invalidParameter } from './errors';
import type { FidelityTarget } from './fidelity-target';
import { fields, parseRequest } from './request';
import type { PoolState, StoredResourceServer } from './state';
import { setOwn } from '../services/cognito-store';

/**
 * Machine-to-machine: resource servers and their custom scopes, and app clients with secrets and
 * OAuth settings checked as Cognito checks them (the token endpoint itself is in oauth2.ts).
 */

/**
 * Cognito's answers. Sources: real CLI/CloudFormation/Terraform output quoted in public
 * repositories for the client checks and `Invalid scope requested`; moto's wording (not
 * confirmed against AWS) for the resource-server duplicate and not-found messages.
 */
export const M2M_MESSAGES = {
  poolNotFound: (poolId: string) => `User pool ${poolId} does not exist.`,
  clientNotFound: (clientId: string) => `User pool client ${clientId} does not exist.`,
  resourceServerExists: (identifier: string, poolId: string) =>
    `${identifier} already exists in user pool ${poolId}.`,
  resourceServerNotFound: (identifier: string) => `Resource server ${identifier} does not exist.`,
  oauthRequired:
    'AllowedOAuthFlows and AllowedOAuthScopes are required if user pool client is allowed to use OAuth flows.',
  clientCredentialsWithOthers:
    'client_credentials flow can not be selected along with code flow or implicit flow.',
  clientCredentialsWithoutSecret:
    'client_credentials flow can not be selected if client does not have a client secret.',
  callbackUrlsRequired: 'CallbackUrls can not be empty when code flow or implicit flow is selected',
  scopeDoesNotExist: (scope: string) => `Invalid scope requested: ${scope}`,
  scopeNotForClientCredentials: (scope: string) =>
    `${scope} is not supported with client_credentials flow`,
  secretAndGenerateSecret:
    'You cannot specify both GenerateSecret as true and provide a ClientSecret value.',
} as const;

const invalidOAuthFlow = (message: string) => cognitoError('InvalidOAuthFlowException', message);

// ---------------------------------------------------------------------------------------------
// Shared helpers

/** The pool, or Cognito's ResourceNotFoundException (cognito-local words it differently). */
export const requirePool = async (
  services: Services,
  ctx: Context,
  poolId: string,
): Promise<UserPoolService> => {
  try {
    return await services.cognito.getUserPool(ctx, poolId);
  } catch (err) {
    if (err instanceof ResourceNotFoundError) {
      throw cognitoError('ResourceNotFoundException', M2M_MESSAGES.poolNotFound(poolId));
    }
    throw err;
  }
};

/** The OAuth and OIDC scopes Cognito itself defines; every other scope is a custom one. */
export const STANDARD_SCOPES: readonly string[] = [
  'phone',
  'email',
  'openid',
  'profile',
  'aws.cognito.signin.user.admin',
];

/**
 * A custom scope `<resource server identifier>/<scope name>` defined on the pool. Identifiers
 * may contain `/` (URLs are common), scope names may not: the name is after the last `/`.
 */
export const customScopeExists = (state: Readonly<PoolState>, scope: string): boolean => {
  const slash = scope.lastIndexOf('/');
  if (slash <= 0) return false;
  const identifier = scope.slice(0, slash);
  const name = scope.slice(slash + 1);
  const server = Object.hasOwn(state.resourceServers, identifier)
    ? state.resourceServers[identifier]
    : undefined;
  return server?.Scopes.some((s) => s.ScopeName === name) ?? false;
};

/** A client secret shaped like Cognito's: 51 characters of [a-z0-9], from the CSPRNG. */
export const CLIENT_SECRET_LENGTH = 51;
const SECRET_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export const newClientSecret = (): string => {
  let secret = '';
  while (secret.length < CLIENT_SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 252 = 7 × 36: rejecting the top 4 byte values keeps every character equally likely.
      if (byte < 252 && secret.length < CLIENT_SECRET_LENGTH) {
        secret += SECRET_ALPHABET.charAt(byte % SECRET_ALPHABET.length);
      }
    }
  }
  return secret;
};

/** Code-unit order: stable across runs and locales. */
const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Field shapes, with the AWS model's constraints (botocore cognito-idp 2016-04-18)

export const userPoolId = fields.userPoolId.regex(/^[\w-]+_[0-9a-zA-Z]+$/);
const identifier = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/);
const resourceServerName = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[\w\s+=,.@-]+$/);
const scopeList = z
  .array(
    z.object({
      ScopeName: z
        .string()
        .min(1)
        .max(256)
        .regex(/^[\x21\x23-\x2E\x30-\x5B\x5D-\x7E]+$/),
      ScopeDescription: z.string().min(1).max(256),
    }),
  )
  .max(100);

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

const resourceServerResponse = (poolId: string, server: StoredResourceServer) => ({
  UserPoolId: poolId,
  Identifier: server.Identifier,
  Name: server.Name,
  Scopes: server.Scopes.map((s) => ({
    ScopeName: s.ScopeName,
    ScopeDescription: s.ScopeDescription,
  })),
});

const serverNotFound = (identifier: string) =>
  cognitoError('ResourceNotFoundException', M2M_MESSAGES.resourceServerNotFound(identifier));

const findServer = (state: Readonly<PoolState>, id: string) =>
  Object.hasOwn(state.resourceServers, id) ? state.resourceServers[id] : undefined;

const resourceServerSchema = z.object({
  UserPoolId: userPoolId,
  Identifier: identifier,
  Name: resourceServerName,
  Scopes: scopeList.optional(),
});

const resourceServerKeySchema = z.object({ UserPoolId: userPoolId, Identifier: identifier });

const CreateResourceServer: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(resourceServerSchema, body);
  await requirePool(services, ctx, req.UserPoolId);
  const server: StoredResourceServer = {
    Identifier: req.Identifier,
    Name: req.Name,
    Scopes: req.Scopes ?? [],
  };
  await fidelity.store.update(req.UserPoolId, (state) => {
    if (findServer(state, req.Identifier)) {
      throw invalidParameter(M2M_MESSAGES.resourceServerExists(req.Identifier, req.UserPoolId));
    }
    setOwn(state.resourceServers, req.Identifier, server);
  });
  return { ResourceServer: resourceServerResponse(req.UserPoolId, server) };
};

const DescribeResourceServer: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(resourceServerKeySchema, body);
    await requirePool(services, ctx, req.UserPoolId);
    const server = findServer(await fidelity.store.read(req.UserPoolId), req.Identifier);
    if (!server) throw serverNotFound(req.Identifier);
    return { ResourceServer: resourceServerResponse(req.UserPoolId, server) };
  };

/** The AWS model's ListResourceServersLimitType is 1..50; absent means the most, 50. */
export const LIST_RESOURCE_SERVERS_MAX = 50;

const listTokenSchema = z.object({ pool: z.string(), after: z.string() });

/**
 * ListResourceServers in identifier order. A NextToken names the pool and the last identifier
 * served (so servers created or deleted between pages neither repeat nor shift the rest); any
 * other token is refused as Cognito refuses a foreign paging marker.
 */
const ListResourceServers: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(
    z.object({
      UserPoolId: userPoolId,
      MaxResults: z.number().int().min(1).max(LIST_RESOURCE_SERVERS_MAX).optional(),
      NextToken: z.string().min(1).regex(/^\S+$/).optional(),
    }),
    body,
  );
  await requirePool(services, ctx, req.UserPoolId);
  let after: string | undefined;
  if (req.NextToken !== undefined) {
    const token = req.NextToken;
    try {
      const decoded = listTokenSchema.parse(
        JSON.parse(Buffer.from(token, 'base64url').toString('utf8')),
      );
      if (decoded.pool === req.UserPoolId) after = decoded.after;
    } catch {
      // answered below, as any foreign token
    }
    if (after === undefined) {
      throw invalidParameter(`Paging marker ${token} is invalid for request ${randomUUID()}`);
    }
  }
  const state = await fidelity.store.read(req.UserPoolId);
  const sorted = Object.values(state.resourceServers).sort((a, b) =>
    compareStrings(a.Identifier, b.Identifier),
  );
  const from = after;
  const start = from === undefined ? 0 : sorted.findIndex((s) => s.Identifier > from);
  const rest = start < 0 ? [] : sorted.slice(start);
  const page = rest.slice(0, req.MaxResults ?? LIST_RESOURCE_SERVERS_MAX);
  const last = page.at(-1);
  return {
    ResourceServers: page.map((s) => resourceServerResponse(req.UserPoolId, s)),
    ...(rest.length > page.length && last !== undefined
      ? {
          NextToken: Buffer.from(
            JSON.stringify({ pool: req.UserPoolId, after: last.Identifier }),
          ).toString('base64url'),
        }
      : {}),
  };
};

/** Name and scopes are replaced; Scopes left out means none (the API reference: defaults). */
const UpdateResourceServer: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(resourceServerSchema, body);
  await requirePool(services, ctx, req.UserPoolId);
  const server: StoredResourceServer = {
    Identifier: req.Identifier,
    Name: req.Name,
    Scopes: req.Scopes ?? [],
  };
  await fidelity.store.update(req.UserPoolId, (state) => {
    if (!findServer(state, req.Identifier)) throw serverNotFound(req.Identifier);
    setOwn(state.resourceServers, req.Identifier, server);
  });
  return { ResourceServer: resourceServerResponse(req.UserPoolId, server) };
};

const DeleteResourceServer: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(resourceServerKeySchema, body);
  await requirePool(services, ctx, req.UserPoolId);
  await fidelity.store.update(req.UserPoolId, (state) => {
    if (!findServer(state, req.Identifier)) throw serverNotFound(req.Identifier);
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a record keyed by identifier
    delete state.resourceServers[req.Identifier];
  });
  return {};
};

/** Machine-to-machine: resource servers, client secrets (the token endpoint is in oauth2.ts). */
export const m2mTargets: Readonly<Record<string, FidelityTarget>> = {
  CreateResourceServer,
  DescribeResourceServer,
  ListResourceServers,
  UpdateResourceServer,
  DeleteResourceServer,
  CreateUserPoolClient,
  UpdateUserPoolClient,
  DeleteUserPoolClient,
};
