import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import { setOwn } from './pool-store';
import { constantTimeEqual } from './secret-hash';
import type { FidelityStore, PoolState, StoredClientSecret } from './state';

/**
 * An app client's secrets: since 2025 Cognito keeps up to two per client
 * (AddUserPoolClientSecret, ListUserPoolClientSecrets, DeleteUserPoolClientSecret), and every
 * check of a secret accepts any of them. cognito-local knows one, the AppClient's ClientSecret;
 * the list lives in the pool's fidelity state from the first time it changes. Until then a
 * client's one secret is its own ClientSecret, so clients made before this existed, and data
 * folders from before it, need nothing written. Every check of a secret goes through here: the
 * token endpoint, SECRET_HASH, and the plain ClientSecret of RevokeToken and
 * GetTokensFromRefreshToken.
 */

/** At most this many secrets per app client (the API reference: "up to 2 active secrets"). */
export const MAX_CLIENT_SECRETS = 2;

/**
 * The id Cognito gives a secret: `<client-id>--<epoch-create-time>` (ClientSecretDescriptorType).
 * Milliseconds, not seconds: two secrets made in the same second must still differ.
 */
export const clientSecretId = (clientId: string, createdAt: number) =>
  `${clientId}--${String(createdAt)}`;

/** The secret a client was created with, as the list shows it before the list is written. */
const originalSecret = (client: AppClient): StoredClientSecret[] =>
  client.ClientSecret === undefined || client.ClientSecret === ''
    ? []
    : [
        {
          id: clientSecretId(client.ClientId, client.CreationDate.getTime()),
          value: client.ClientSecret,
          createdAt: client.CreationDate.getTime(),
        },
      ];

/** The client's current secrets, oldest first; none for a public client. */
export const secretsOf = (
  state: Readonly<PoolState>,
  client: AppClient,
): readonly StoredClientSecret[] =>
  Object.hasOwn(state.clientSecrets, client.ClientId)
    ? (state.clientSecrets[client.ClientId] ?? [])
    : originalSecret(client);

/** The client's secrets as `secretsOf` gives them, made writable in `state` (in an update). */
export const editableSecretsOf = (state: PoolState, client: AppClient): StoredClientSecret[] => {
  const existing = Object.hasOwn(state.clientSecrets, client.ClientId)
    ? state.clientSecrets[client.ClientId]
    : undefined;
  if (existing) return existing;
  const secrets = originalSecret(client);
  setOwn(state.clientSecrets, client.ClientId, secrets);
  return secrets;
};

/** Forgets a deleted client's secrets. */
export const forgetClientSecrets = (state: PoolState, clientId: string): void => {
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a record keyed by client id
  delete state.clientSecrets[clientId];
};

/** The values of the client's current secrets, read from the store now. */
export const secretValuesOf = async (
  store: FidelityStore,
  client: AppClient,
): Promise<readonly string[]> =>
  secretsOf(await store.read(client.UserPoolId), client).map((s) => s.value);

/**
 * Whether `candidate` is one of `secrets`. Every secret is compared, in constant time, whichever
 * matches: how long the answer takes says nothing about which one it was, or how close.
 */
export const matchesAnySecret = (secrets: readonly string[], candidate: string): boolean => {
  let matched = false;
  for (const secret of secrets) {
    if (constantTimeEqual(secret, candidate)) matched = true;
  }
  return matched;
};
