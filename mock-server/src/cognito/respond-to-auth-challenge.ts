import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import * as z from 'zod';
import { clientAndPool } from './auth-client';
import { secretValuesOf } from './client-secrets';
import { cognitoError, invalidParameter, MESSAGES, notAuthorized } from './errors';
import type { Fidelity } from './fidelity-target';
import { fields, parseRequest } from './request';
import { checkSecretHash } from './secret-hash';
import type { ChallengeName } from './sessions';
import { answerMfaSetup, answerSoftwareTokenMfa } from './sign-in-mfa';
import { answerNewPassword } from './sign-in-new-password';
import type { Answering, ChallengeAnswer, SessionData, SignInContext } from './sign-in-session';
import { answerPasswordVerifier } from './sign-in-srp';

/**
 * RespondToAuthChallenge and its admin twin: the client and SECRET_HASH checked, the challenge
 * session taken (single use), then the challenge's own answer.
 */

const respondSchema = z.object({
  ClientId: fields.clientId,
  ChallengeName: z.string().min(1),
  ChallengeResponses: fields.stringMap.optional(),
  Session: z.string().max(2048).optional(),
  ClientMetadata: fields.stringMap.optional(),
  AnalyticsMetadata: z.unknown().optional(),
  UserContextData: z.unknown().optional(),
  ContextData: z.unknown().optional(),
});

const SUPPORTED_CHALLENGES: readonly ChallengeName[] = [
  'PASSWORD_VERIFIER',
  'NEW_PASSWORD_REQUIRED',
  'MFA_SETUP',
  'SOFTWARE_TOKEN_MFA',
];

export const respond = async (
  services: Services,
  fidelity: Fidelity,
  ctx: Context,
  body: unknown,
  admin: boolean,
): Promise<ChallengeAnswer> => {
  const req = parseRequest(
    admin ? respondSchema.extend({ UserPoolId: fields.userPoolId }) : respondSchema,
    body,
  );
  const { client, pool } = await clientAndPool(services, ctx, req.ClientId);
  const name = SUPPORTED_CHALLENGES.find((c) => c === req.ChallengeName);
  if (!name) throw invalidParameter(`Unsupported challenge ${req.ChallengeName}`);
  const answers = req.ChallengeResponses ?? {};
  const usernameAnswer = answers.USERNAME;
  if (usernameAnswer === undefined) throw invalidParameter('Missing required parameter USERNAME');
  checkSecretHash(
    client,
    await secretValuesOf(fidelity.store, client),
    usernameAnswer,
    answers.SECRET_HASH,
    'SECRET_HASH',
  );
  const sc: SignInContext = { services, fidelity, ctx, pool, client };

  if (admin && 'UserPoolId' in req && req.UserPoolId !== client.UserPoolId) {
    throw cognitoError(
      'ResourceNotFoundException',
      `User pool client ${req.ClientId} does not exist.`,
    );
  }

  // PASSWORD_VERIFIER's session travels as the SECRET_BLOCK, as in Cognito. Taken (consumed)
  // before anything is awaited, so two racing answers cannot both use it.
  const sessionId =
    name === 'PASSWORD_VERIFIER' ? answers.PASSWORD_CLAIM_SECRET_BLOCK : req.Session;
  const session = fidelity.sessions.take<SessionData>(sessionId, client.ClientId, [name]);
  const id = sessionId as string;
  const user = session.username === '' ? null : await pool.getUserByUsername(ctx, session.username);
  const named = await pool.getUserByUsername(ctx, usernameAnswer);

  if (name === 'PASSWORD_VERIFIER') {
    return answerPasswordVerifier(sc, session, user, named, answers, usernameAnswer);
  }

  if (
    !user ||
    named?.Username !== user.Username ||
    session.data.createdAt !== user.UserCreateDate.getTime()
  ) {
    throw notAuthorized(MESSAGES.invalidSession);
  }
  const answering: Answering = {
    sc,
    id,
    session,
    user,
    answers,
    challenges: session.data.challenges ?? [],
  };
  if (name === 'NEW_PASSWORD_REQUIRED') return answerNewPassword(answering);
  if (name === 'MFA_SETUP') return answerMfaSetup(answering);
  return answerSoftwareTokenMfa(answering);
};
