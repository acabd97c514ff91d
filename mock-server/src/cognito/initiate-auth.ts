import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import { UnsupportedError } from 'cognito-local/lib/errors.js';
import * as z from 'zod';
import {
  assertFlowEnabled,
  AUTH_FLOW_ENUM,
  clientAndPool,
  DEFAULT_FLOWS,
  type Flow,
} from './auth-client';
import { secretValuesOf } from './client-secrets';
import { cognitoError, invalidParameter } from './errors';
import type { Fidelity } from './fidelity-target';
import { fields, parseRequest } from './request';
import { checkSecretHash } from './secret-hash';
import { passwordSignIn } from './sign-in-password';
import { refreshSignIn } from './sign-in-refresh';
import type { SignInContext } from './sign-in-session';
import { srpSignIn } from './sign-in-srp';

/**
 * InitiateAuth and AdminInitiateAuth: the flow checked against the AWS model and the client's
 * allowed flows, the SECRET_HASH, then the flow's first step.
 */

const initiateSchema = z.object({
  AuthFlow: z.string().min(1),
  AuthParameters: fields.stringMap.optional(),
  ClientId: fields.clientId,
  ClientMetadata: fields.stringMap.optional(),
  AnalyticsMetadata: z.unknown().optional(),
  UserContextData: z.unknown().optional(),
  ContextData: z.unknown().optional(),
  Session: z.string().optional(),
});

export const initiate = async (
  services: Services,
  fidelity: Fidelity,
  ctx: Context,
  body: unknown,
  admin: boolean,
) => {
  const req = parseRequest(
    admin ? initiateSchema.extend({ UserPoolId: fields.userPoolId }) : initiateSchema,
    body,
  );
  const { client, pool } = await clientAndPool(services, ctx, req.ClientId);
  if (admin && 'UserPoolId' in req && req.UserPoolId !== client.UserPoolId) {
    throw cognitoError(
      'ResourceNotFoundException',
      `User pool client ${req.ClientId} does not exist.`,
    );
  }
  const flows: readonly Flow[] = admin
    ? [
        'ADMIN_USER_PASSWORD_AUTH',
        'ADMIN_NO_SRP_AUTH',
        'USER_SRP_AUTH',
        'REFRESH_TOKEN_AUTH',
        'REFRESH_TOKEN',
      ]
    : ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'];
  if (!AUTH_FLOW_ENUM.includes(req.AuthFlow)) {
    throw invalidParameter(
      `1 validation error detected: Value '${req.AuthFlow}' at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set: [${AUTH_FLOW_ENUM.join(', ')}]`,
    );
  }
  if (req.AuthFlow === 'CUSTOM_AUTH' || req.AuthFlow === 'USER_AUTH') {
    const enabled = client.ExplicitAuthFlows?.length ? client.ExplicitAuthFlows : DEFAULT_FLOWS;
    if (!enabled.includes(`ALLOW_${req.AuthFlow}`)) {
      throw invalidParameter(`${req.AuthFlow} is not enabled for the client.`);
    }
    throw new UnsupportedError(`${req.AuthFlow} (the console uses no custom or passwordless flow)`);
  }
  const flow = flows.find((f) => f === req.AuthFlow);
  if (!flow) throw invalidParameter('Initiate Auth method not supported.');
  assertFlowEnabled(client, flow);
  const params = req.AuthParameters ?? {};
  const sc: SignInContext = { services, fidelity, ctx, pool, client };
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
    return refreshSignIn(sc, params.REFRESH_TOKEN, { received: params.SECRET_HASH });
  }
  const username = params.USERNAME;
  if (username === undefined) throw invalidParameter('Missing required parameter USERNAME');
  // Both wordings are real Cognito output: the password flow's, and SRP's and the admin flows'.
  checkSecretHash(
    client,
    await secretValuesOf(fidelity.store, client),
    username,
    params.SECRET_HASH,
    flow === 'USER_PASSWORD_AUTH' ? 'secret' : 'SECRET_HASH',
  );
  if (flow === 'USER_SRP_AUTH') return srpSignIn(sc, username, params.SRP_A);
  return passwordSignIn(sc, username, params.PASSWORD);
};
