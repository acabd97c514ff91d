import type { Context } from 'cognito-local/lib/services/context.js';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import { cognitoError, invalidParameter, MESSAGES, notAuthorized, userNotFound } from './errors';

/**
 * What an app client's settings decide about sign-in: the flows it allows, and whether it hides
 * which accounts exist.
 */

export type Flow =
  | 'USER_SRP_AUTH'
  | 'USER_PASSWORD_AUTH'
  | 'ADMIN_USER_PASSWORD_AUTH'
  | 'ADMIN_NO_SRP_AUTH'
  | 'REFRESH_TOKEN_AUTH'
  | 'REFRESH_TOKEN';

/** Which ExplicitAuthFlows entries allow a flow (new ALLOW_ names and the legacy ones). */
const FLOW_SETTINGS: Record<Flow, readonly string[]> = {
  USER_SRP_AUTH: ['ALLOW_USER_SRP_AUTH'],
  USER_PASSWORD_AUTH: ['ALLOW_USER_PASSWORD_AUTH', 'USER_PASSWORD_AUTH'],
  ADMIN_USER_PASSWORD_AUTH: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'],
  ADMIN_NO_SRP_AUTH: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'],
  REFRESH_TOKEN_AUTH: ['ALLOW_REFRESH_TOKEN_AUTH'],
  REFRESH_TOKEN: ['ALLOW_REFRESH_TOKEN_AUTH'],
};

/** AuthFlowType in the AWS model. */
export const AUTH_FLOW_ENUM: readonly string[] = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
];

/** A client created without ExplicitAuthFlows gets Cognito's defaults. */
export const DEFAULT_FLOWS = [
  'ALLOW_USER_SRP_AUTH',
  'ALLOW_CUSTOM_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
];

const FLOW_NOT_ENABLED: Record<Flow, string> = {
  USER_SRP_AUTH: 'USER_SRP_AUTH is not enabled for the client.',
  USER_PASSWORD_AUTH: 'USER_PASSWORD_AUTH flow not enabled for this client',
  ADMIN_USER_PASSWORD_AUTH: 'Auth flow not enabled for this client',
  ADMIN_NO_SRP_AUTH: 'Auth flow not enabled for this client',
  REFRESH_TOKEN_AUTH: 'Refresh Token flow not enabled for this client',
  REFRESH_TOKEN: 'Refresh Token flow not enabled for this client',
};

export const assertFlowEnabled = (client: AppClient, flow: Flow) => {
  const enabled =
    client.ExplicitAuthFlows && client.ExplicitAuthFlows.length > 0
      ? client.ExplicitAuthFlows
      : DEFAULT_FLOWS;
  if (!FLOW_SETTINGS[flow].some((setting) => enabled.includes(setting))) {
    throw invalidParameter(FLOW_NOT_ENABLED[flow]);
  }
};

/** The client and its pool; an unknown client is Cognito's ResourceNotFoundException. */
export const clientAndPool = async (services: Services, ctx: Context, clientId: string) => {
  const client = await services.cognito.getAppClient(ctx, clientId);
  if (!client) {
    throw cognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  }
  const pool = await services.cognito.getUserPool(ctx, client.UserPoolId);
  return { client, pool };
};

/** Whether the client hides which accounts exist (PreventUserExistenceErrors ENABLED). */
export const hidesUserExistence = (client: AppClient) =>
  client.PreventUserExistenceErrors === 'ENABLED';

/** The error for an unknown user, as the client's PreventUserExistenceErrors setting says. */
export const unknownUserError = (client: AppClient) =>
  hidesUserExistence(client) ? notAuthorized(MESSAGES.incorrectCredentials) : userNotFound();
