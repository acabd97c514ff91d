import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import * as z from 'zod';
import { clientSecretId, editableSecretsOf, MAX_CLIENT_SECRETS, secretsOf } from './client-secrets';
import { cognitoError, invalidParameter } from './errors';
import type { FidelityTarget } from './fidelity-target';
import { M2M_MESSAGES, newClientSecret, requirePool, userPoolId } from './m2m';
import { parseRequest } from './request';
import type { StoredClientSecret } from './state';

/**
 * AddUserPoolClientSecret, ListUserPoolClientSecrets and DeleteUserPoolClientSecret, as the API
 * reference describes them: up to two secrets per confidential app client, for rotation without
 * downtime; the value is shown once, by Add, and only when Cognito made it; the last secret
 * cannot be deleted. The secrets themselves, and every check of one, are in client-secrets.ts.
 *
 * What the reference leaves open, and what we answer:
 * - DescribeUserPoolClient's ClientSecret is the secret the client was created with while it
 *   exists, and absent once it is deleted (no other secret takes its place). Undocumented; this
 *   is what a contributor to another emulator reports seeing from real Cognito
 *   (floci-io/floci#345), not confirmed by us.
 * - A public client (created without a secret) cannot be given one: the reference says Add is
 *   for "an existing confidential user pool app client"; the exception and its words are ours.
 * - The exception names are from the operations' documented errors; every message below is our
 *   wording, not confirmed against AWS.
 */
export const CLIENT_SECRET_MESSAGES = {
  // wording not confirmed
  limitExceeded: `An app client can have at most ${String(MAX_CLIENT_SECRETS)} client secrets.`,
  // wording not confirmed
  publicClient: (clientId: string) =>
    `Client ${clientId} has no client secret: secrets can only be added to a confidential app client.`,
  // wording not confirmed
  secretNotFound: (secretId: string) => `Client secret ${secretId} does not exist.`,
  // wording not confirmed (the reference: "You cannot delete the last remaining secret for an app
  // client.")
  lastSecret: 'You cannot delete the last remaining secret for an app client.',
} as const;

// Field shapes, with the AWS model's constraints (API reference, cognito-idp 2016-04-18).
const clientId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w+]+$/);
const clientSecretValue = z
  .string()
  .min(24)
  .max(64)
  .regex(/^[\w+]+$/);
const secretIdField = z.string().min(1).max(128);
const paginationKey = z.string().min(1).regex(/^\S+$/);

/** The client, when it is in the pool; Cognito's ResourceNotFoundException otherwise. */
const requireClient = async (
  services: Services,
  ctx: Context,
  poolId: string,
  id: string,
): Promise<AppClient> => {
  await requirePool(services, ctx, poolId);
  const client = await services.cognito.getAppClient(ctx, id);
  if (client?.UserPoolId !== poolId) {
    throw cognitoError('ResourceNotFoundException', M2M_MESSAGES.clientNotFound(id));
  }
  return client;
};

/** ClientSecretDescriptorType; the value only where the caller may see it. */
const descriptor = (secret: StoredClientSecret, showValue = false) => ({
  ClientSecretId: secret.id,
  ...(showValue ? { ClientSecretValue: secret.value } : {}),
  // A Date: cognito-local's server sends it as epoch seconds, as the JSON protocol wants.
  ClientSecretCreateDate: new Date(secret.createdAt),
});

const AddUserPoolClientSecret: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: userPoolId,
        ClientId: clientId,
        ClientSecret: clientSecretValue.optional(),
      }),
      body,
    );
    const client = await requireClient(services, ctx, req.UserPoolId, req.ClientId);
    const generated = req.ClientSecret === undefined;
    const value = req.ClientSecret ?? newClientSecret();
    const now = services.clock.get().getTime();
    const added = await fidelity.store.update(req.UserPoolId, (state) => {
      // Read and changed in one synchronous step: two Adds at once cannot both pass the limit.
      if (secretsOf(state, client).length === 0) {
        throw invalidParameter(CLIENT_SECRET_MESSAGES.publicClient(client.ClientId));
      }
      const secrets = editableSecretsOf(state, client);
      if (secrets.length >= MAX_CLIENT_SECRETS) {
        throw cognitoError('LimitExceededException', CLIENT_SECRET_MESSAGES.limitExceeded);
      }
      // The id carries the creation time; a secret made in the same millisecond as another
      // (the client's own, in a quick test) takes the next one, so ids stay unique.
      let createdAt = now;
      while (secrets.some((s) => s.id === clientSecretId(client.ClientId, createdAt))) {
        createdAt += 1;
      }
      const secret: StoredClientSecret = {
        id: clientSecretId(client.ClientId, createdAt),
        value,
        createdAt,
      };
      secrets.push(secret);
      return secret;
    });
    // "The ClientSecretValue is only returned when Amazon Cognito generates the secret."
    return { ClientSecretDescriptor: descriptor(added, generated) };
  };

/**
 * Every secret at once, oldest first, never their values. The reference: no pagination tokens,
 * "there are only 2 secrets at any given time"; a NextToken sent anyway is checked for shape and
 * otherwise ignored (what Cognito does with one is not documented).
 */
const ListUserPoolClientSecrets: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({ UserPoolId: userPoolId, ClientId: clientId, NextToken: paginationKey.optional() }),
      body,
    );
    const client = await requireClient(services, ctx, req.UserPoolId, req.ClientId);
    const secrets = secretsOf(await fidelity.store.read(req.UserPoolId), client);
    return { ClientSecrets: secrets.map((s) => descriptor(s)) };
  };

/**
 * Deletes one secret; it stops working at once, everywhere (every check reads the list). The
 * last one is refused. Deleting the secret the client was created with also empties
 * DescribeUserPoolClient's ClientSecret (above).
 */
const DeleteUserPoolClientSecret: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({ UserPoolId: userPoolId, ClientId: clientId, ClientSecretId: secretIdField }),
      body,
    );
    const client = await requireClient(services, ctx, req.UserPoolId, req.ClientId);
    const deleted = await fidelity.store.update(req.UserPoolId, (state) => {
      const current = secretsOf(state, client);
      const index = current.findIndex((s) => s.id === req.ClientSecretId);
      if (index < 0) {
        throw cognitoError(
          'ResourceNotFoundException',
          CLIENT_SECRET_MESSAGES.secretNotFound(req.ClientSecretId),
        );
      }
      if (current.length <= 1) throw invalidParameter(CLIENT_SECRET_MESSAGES.lastSecret);
      return editableSecretsOf(state, client).splice(index, 1)[0];
    });
    if (
      deleted !== undefined &&
      client.ClientSecret !== undefined &&
      deleted.id === clientSecretId(client.ClientId, client.CreationDate.getTime())
    ) {
      const pool = await requirePool(services, ctx, req.UserPoolId);
      await pool.saveAppClient(ctx, { ...client, ClientSecret: undefined });
    }
    return {};
  };

export const clientSecretTargets: Readonly<Record<string, FidelityTarget>> = {
  AddUserPoolClientSecret,
  ListUserPoolClientSecrets,
  DeleteUserPoolClientSecret,
};
