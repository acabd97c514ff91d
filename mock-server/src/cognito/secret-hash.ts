import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import { notAuthorized } from './errors';

/**
 * Cognito's SECRET_HASH (developer guide, "Computing secret hash values"):
 * Base64(HMAC-SHA256(key = client secret, message = username + client id)).
 */
export const secretHash = (clientSecret: string, username: string, clientId: string) =>
  createHmac('sha256', clientSecret)
    .update(username + clientId)
    .digest('base64');

/**
 * Cognito words a missing SECRET_HASH two ways, both seen in real answers:
 * - `secret`: "Client <id> is configured for secret but secret was not received", in CLI output
 *   of InitiateAuth (USER_PASSWORD_AUTH) and SignUp;
 * - `SECRET_HASH`: "Client <id> is configured with secret but SECRET_HASH was not received", in
 *   Amplify's USER_SRP_AUTH sign-in and an AdminInitiateAuth (ADMIN_NO_SRP_AUTH) transcript.
 * Which operation uses which is not documented; the caller picks.
 */
export type MissingSecretWording = 'secret' | 'SECRET_HASH';

export const SECRET_HASH_MESSAGES = {
  missing: (clientId: string, wording: MissingSecretWording = 'secret') =>
    wording === 'secret'
      ? `Client ${clientId} is configured for secret but secret was not received`
      : `Client ${clientId} is configured with secret but SECRET_HASH was not received`,
  mismatch: (clientId: string) => `Unable to verify secret hash for client ${clientId}`,
} as const;

/** Equal strings, compared in constant time (whatever their lengths). */
export const constantTimeEqual = (a: string, b: string) =>
  timingSafeEqual(
    createHash('sha256').update(a, 'utf8').digest(),
    createHash('sha256').update(b, 'utf8').digest(),
  );

/**
 * A client with a secret requires SECRET_HASH on every call that names a user:
 * NotAuthorizedException when it is missing or matches none of the client's current `secrets`
 * (client-secrets.ts: up to two, during a rotation either one signs). A client without a secret
 * ignores whatever is sent.
 */
export const checkSecretHash = (
  client: AppClient,
  secrets: readonly string[],
  username: string,
  received: string | undefined,
  missingWording: MissingSecretWording = 'secret',
): void => {
  if (secrets.length === 0) return;
  if (received === undefined) {
    throw notAuthorized(SECRET_HASH_MESSAGES.missing(client.ClientId, missingWording));
  }
  // Every secret is tried (no early exit), so the time taken does not say which one matched.
  let matched = false;
  for (const secret of secrets) {
    if (constantTimeEqual(secretHash(secret, username, client.ClientId), received)) matched = true;
  }
  if (!matched) throw notAuthorized(SECRET_HASH_MESSAGES.mismatch(client.ClientId));
};
