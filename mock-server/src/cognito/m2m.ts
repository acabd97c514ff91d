import { randomBytes } from 'node:crypto';
import { ResourceNotFoundError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { cognitoError } from './errors';
import { fields } from './request';
import type { PoolState } from './state';

/**
 * Machine-to-machine, what its parts share: Cognito's messages, the pool lookup, scopes and
 * client secrets. The targets are in resource-servers.ts and user-pool-clients.ts (client
 * secrets in user-pool-client-secrets.ts, the token endpoint in oauth2.ts).
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

export const invalidOAuthFlow = (message: string) =>
  cognitoError('InvalidOAuthFlowException', message);

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
export const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Field shapes, with the AWS model's constraints (botocore cognito-idp 2016-04-18)

export const userPoolId = fields.userPoolId.regex(/^[\w-]+_[0-9a-zA-Z]+$/);
