import * as z from 'zod';
import { assertFlowEnabled, clientAndPool } from './auth-client';
import { matchesAnySecret, secretValuesOf } from './client-secrets';
import { notAuthorized } from './errors';
import type { FidelityTarget } from './fidelity-target';
import { initiate } from './initiate-auth';
import { fields, parseRequest } from './request';
import { respond } from './respond-to-auth-challenge';
import { refreshSignIn } from './sign-in-refresh';

/**
 * Sign-in as Cognito runs it: InitiateAuth / AdminInitiateAuth with USER_SRP_AUTH (Amplify's
 * default), USER_PASSWORD_AUTH, ADMIN_USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH; the challenges
 * PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED, MFA_SETUP and SOFTWARE_TOKEN_MFA; the client's
 * allowed flows, secret and user-existence setting; disabled users; the temporary lockout after
 * repeated failures; expiring temporary passwords; and an auth event for every attempt.
 * Lambda triggers are not run by these targets (the product uses none).
 *
 * Each piece lives in its own module: the client's settings (auth-client.ts), the flows'
 * entries (initiate-auth.ts, respond-to-auth-challenge.ts), and each step (sign-in-*.ts).
 */

const getTokensSchema = z.object({
  RefreshToken: z.string().min(1),
  ClientId: fields.clientId,
  ClientSecret: z.string().min(1).max(64).optional(),
  ClientMetadata: fields.stringMap.optional(),
});

export const authTargets: Readonly<Record<string, FidelityTarget>> = {
  InitiateAuth: (services, fidelity) => (ctx, body: unknown) =>
    initiate(services, fidelity, ctx, body, false),
  AdminInitiateAuth: (services, fidelity) => (ctx, body: unknown) =>
    initiate(services, fidelity, ctx, body, true),
  RespondToAuthChallenge: (services, fidelity) => (ctx, body: unknown) =>
    respond(services, fidelity, ctx, body, false),
  AdminRespondToAuthChallenge: (services, fidelity) => (ctx, body: unknown) =>
    respond(services, fidelity, ctx, body, true),
  GetTokensFromRefreshToken: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(getTokensSchema, body);
    const { client, pool } = await clientAndPool(services, ctx, req.ClientId);
    const secrets = await secretValuesOf(fidelity.store, client);
    if (
      secrets.length > 0 &&
      (req.ClientSecret === undefined || !matchesAnySecret(secrets, req.ClientSecret))
    ) {
      throw notAuthorized(`Unable to verify secret hash for client ${client.ClientId}`);
    }
    assertFlowEnabled(client, 'REFRESH_TOKEN_AUTH');
    const answer = await refreshSignIn({ services, fidelity, ctx, pool, client }, req.RefreshToken);
    return { AuthenticationResult: answer.AuthenticationResult };
  },
};
