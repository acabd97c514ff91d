import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { UnsupportedError } from 'cognito-local/lib/errors.js';
import * as z from 'zod';
import { type ChallengeResult, standInFor } from './auth-events';
import { matchesAnySecret, secretValuesOf } from './client-secrets';
import { cognitoError, invalidParameter, MESSAGES, notAuthorized, userNotFound } from './errors';
import type { Fidelity, FidelityTarget } from './fidelity-target';
import { enforcePasswordPolicy, passwordPolicy } from './password-policy';
import { fields, parseRequest } from './request';
import { checkSecretHash } from './secret-hash';
import type { ChallengeName } from './sessions';
import { type SrpState, SrpError, startSrp, verifyPasswordClaim } from './srp';
import { FidelityStore } from './state';
import type { AuthenticationResult } from './tokens';
import { matchTotp } from './totp';

/**
 * Sign-in as Cognito runs it: InitiateAuth / AdminInitiateAuth with USER_SRP_AUTH (Amplify's
 * default), USER_PASSWORD_AUTH, ADMIN_USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH; the challenges
 * PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED, MFA_SETUP and SOFTWARE_TOKEN_MFA; the client's
 * allowed flows, secret and user-existence setting; disabled users; the temporary lockout after
 * repeated failures; expiring temporary passwords; and an auth event for every attempt.
 * Lambda triggers are not run by these targets (the product uses none).
 */

type Flow =
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
const AUTH_FLOW_ENUM: readonly string[] = [
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
const DEFAULT_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];

const FLOW_NOT_ENABLED: Record<Flow, string> = {
  USER_SRP_AUTH: 'USER_SRP_AUTH is not enabled for the client.',
  USER_PASSWORD_AUTH: 'USER_PASSWORD_AUTH flow not enabled for this client',
  ADMIN_USER_PASSWORD_AUTH: 'Auth flow not enabled for this client',
  ADMIN_NO_SRP_AUTH: 'Auth flow not enabled for this client',
  REFRESH_TOKEN_AUTH: 'Refresh Token flow not enabled for this client',
  REFRESH_TOKEN: 'Refresh Token flow not enabled for this client',
};

const assertFlowEnabled = (client: AppClient, flow: Flow) => {
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

/** Per-process key for the stable fake USER_ID_FOR_SRP of names that are no account. */
const fakeIdKey = randomBytes(32);

/** A UUID-shaped id, stable for the pool and name, for a name that is no account. */
const fakeUserId = (poolId: string, username: string) => {
  const hex = createHmac('sha256', fakeIdKey)
    .update(`${poolId}|${username.toLowerCase()}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Whether the client hides which accounts exist (PreventUserExistenceErrors ENABLED). */
export const hidesUserExistence = (client: AppClient) =>
  client.PreventUserExistenceErrors === 'ENABLED';

/** The error for an unknown user, as the client's PreventUserExistenceErrors setting says. */
export const unknownUserError = (client: AppClient) =>
  hidesUserExistence(client) ? notAuthorized(MESSAGES.incorrectCredentials) : userNotFound();

/** What a challenge session carries beyond its user. */
interface SessionData {
  /** PASSWORD_VERIFIER: the SRP exchange; undefined user for an unknown username. */
  srp?: SrpState;
  /** PASSWORD_VERIFIER: the name InitiateAuth was given (counted as a stand-in if unknown). */
  requestedName?: string;
  /** Events of the attempt so far, recorded with its outcome. */
  challenges?: ChallengeResult[];
  /** MFA_SETUP: the software token was verified with this session. */
  tokenVerified?: boolean;
  /** The user's creation time: a session never passes to an account re-created under the name. */
  createdAt?: number;
}

interface SignInContext {
  services: Services;
  fidelity: Fidelity;
  ctx: Context;
  pool: UserPoolService;
  client: AppClient;
}

interface ChallengeAnswer {
  ChallengeName?: ChallengeName;
  ChallengeParameters: Record<string, string>;
  Session?: string;
  AuthenticationResult?: AuthenticationResult;
}

const challenge = (
  sc: SignInContext,
  user: User,
  name: ChallengeName,
  parameters: Record<string, string>,
  data: SessionData,
): ChallengeAnswer => ({
  ChallengeName: name,
  ChallengeParameters: parameters,
  Session: sc.fidelity.sessions.issue<SessionData>({
    poolId: sc.pool.options.Id,
    clientId: sc.client.ClientId,
    username: user.Username,
    challenge: name,
    data: { ...data, createdAt: user.UserCreateDate.getTime() },
  }),
});

const hasVerifiedTotp = (user: User) =>
  user.SoftwareTokenMfaConfiguration?.Verified === true &&
  (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');

/**
 * Signed in: auth event, failure streak ended, tokens with a new refresh token. The user is read
 * again first: one disabled or reset while a challenge was pending gets no tokens.
 */
const succeed = async (
  sc: SignInContext,
  signingIn: User,
  challenges: ChallengeResult[],
): Promise<ChallengeAnswer> => {
  const poolId = sc.pool.options.Id;
  const user = await sc.pool.getUserByUsername(sc.ctx, signingIn.Username);
  if (!user?.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.UserStatus === 'RESET_REQUIRED') {
    throw cognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  }
  await sc.fidelity.authEvents.clearFailures(poolId, user.Username);
  await sc.fidelity.authEvents.record(poolId, user.Username, 'SignIn', 'Pass', challenges);
  return {
    ChallengeParameters: {},
    AuthenticationResult: await sc.fidelity.tokens.issueUserTokens(
      sc.ctx,
      sc.pool,
      sc.client,
      user,
    ),
  };
};

/**
 * After the password (and a new password, if one was required): MFA as the pool and the user
 * have it. A user with a verified authenticator is asked for a code; in a pool with MFA ON a
 * user without one must set one up first.
 */
const afterPassword = async (sc: SignInContext, user: User): Promise<ChallengeAnswer> => {
  const mfa = sc.pool.options.MfaConfiguration ?? 'OFF';
  const challenges: ChallengeResult[] = [
    { ChallengeName: 'Password', ChallengeResponse: 'Success' },
  ];
  if (mfa !== 'OFF' && hasVerifiedTotp(user)) {
    const device = user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName;
    return challenge(
      sc,
      user,
      'SOFTWARE_TOKEN_MFA',
      { USER_ID_FOR_SRP: user.Username, ...(device ? { FRIENDLY_DEVICE_NAME: device } : {}) },
      { challenges },
    );
  }
  if (mfa === 'ON') {
    return challenge(
      sc,
      user,
      'MFA_SETUP',
      { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.Username },
      { challenges },
    );
  }
  return succeed(sc, user, challenges);
};

/** The user's attributes as NEW_PASSWORD_REQUIRED lists them (without sub and the e-mail id). */
const challengeAttributes = (sc: SignInContext, user: User) => {
  const emailIsUsername = sc.pool.options.UsernameAttributes?.includes('email') ?? false;
  const shown: Record<string, string> = {};
  for (const { Name, Value } of user.Attributes) {
    if (Value === undefined || Name === 'sub') continue;
    if (emailIsUsername && Name === 'email') continue;
    shown[Name] = Value;
  }
  return JSON.stringify(shown);
};

/**
 * The password was right: the checks Cognito makes next (disabled, reset required, unconfirmed,
 * temporary password expired), then the new-password challenge or MFA.
 */
const passwordAccepted = async (sc: SignInContext, user: User): Promise<ChallengeAnswer> => {
  const poolId = sc.pool.options.Id;
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.UserStatus === 'RESET_REQUIRED') {
    throw cognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  }
  if (user.UserStatus === 'UNCONFIRMED') {
    throw cognitoError('UserNotConfirmedException', MESSAGES.userNotConfirmed);
  }
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
    const meta = (await sc.fidelity.store.read(poolId)).users[user.Username];
    const validDays = passwordPolicy(sc.pool.options).TemporaryPasswordValidityDays;
    const setAt = meta?.temporaryPasswordAt ?? user.UserLastModifiedDate.getTime();
    if (setAt + validDays * 86_400_000 < sc.services.clock.get().getTime()) {
      throw notAuthorized(MESSAGES.tempPasswordExpired);
    }
    return challenge(
      sc,
      user,
      'NEW_PASSWORD_REQUIRED',
      {
        USER_ID_FOR_SRP: user.Username,
        requiredAttributes: '[]',
        userAttributes: challengeAttributes(sc, user),
      },
      { challenges: [{ ChallengeName: 'Password', ChallengeResponse: 'Success' }] },
    );
  }
  return afterPassword(sc, user);
};

/**
 * The password check's verdict, counted at once (see AuthEvents.attempt). A name that is no
 * account is counted under its stand-in, so with existence errors prevented it is answered,
 * locked and timed like a wrong password.
 */
const judgePassword = async (
  sc: SignInContext,
  user: User | null,
  username: string,
  correct: boolean,
) => {
  const poolId = sc.pool.options.Id;
  const key = user?.Username ?? standInFor(poolId, username);
  const outcome = await sc.fidelity.authEvents.attempt(poolId, key, user !== null && correct);
  if (outcome === 'locked') throw notAuthorized(MESSAGES.attemptsExceeded);
  if (!user) throw unknownUserError(sc.client);
  if (outcome === 'failed') throw notAuthorized(MESSAGES.incorrectCredentials);
  return passwordAccepted(sc, user);
};

const samePassword = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

/** Checks a plain password (USER_PASSWORD_AUTH, ADMIN_USER_PASSWORD_AUTH). */
const passwordSignIn = async (
  sc: SignInContext,
  username: string,
  password: string | undefined,
) => {
  if (password === undefined) throw invalidParameter('Missing required parameter PASSWORD');
  const user = await sc.pool.getUserByUsername(sc.ctx, username);
  if (!user && !hidesUserExistence(sc.client)) throw userNotFound();
  const correct = samePassword(user?.Password ?? randomBytes(16).toString('hex'), password);
  return judgePassword(sc, user, username, correct);
};

/** USER_SRP_AUTH, step one: the server's half of the exchange, as PASSWORD_VERIFIER. */
const srpSignIn = async (sc: SignInContext, username: string, srpA: string | undefined) => {
  if (srpA === undefined) throw invalidParameter('Missing required parameter SRP_A');
  const user = await sc.pool.getUserByUsername(sc.ctx, username);
  if (!user && !hidesUserExistence(sc.client)) throw userNotFound();
  // An unknown name gets a challenge like anyone's, which no password can answer: a UUID for
  // USER_ID_FOR_SRP as a real account in this pool has (stable for the name), never the name.
  const userIdForSrp = user?.Username ?? fakeUserId(sc.pool.options.Id, username);
  const password = user?.Password ?? randomBytes(32).toString('base64');
  let started;
  try {
    started = startSrp({ userPoolId: sc.pool.options.Id, userIdForSrp, password, srpA });
  } catch (err) {
    if (err instanceof SrpError) throw invalidParameter('SRP_A cannot be 0 mod N');
    throw err;
  }
  const secretBlock = sc.fidelity.sessions.issue<SessionData>({
    poolId: sc.pool.options.Id,
    clientId: sc.client.ClientId,
    username: user?.Username ?? '',
    challenge: 'PASSWORD_VERIFIER',
    data: { srp: started.state, requestedName: username },
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: started.salt,
      SRP_B: started.srpB,
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: userIdForSrp,
      USERNAME: userIdForSrp,
    },
  };
};

/** REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken: new access and ID tokens. */
export const refreshSignIn = async (
  sc: SignInContext,
  refreshToken: string | undefined,
  secretHash?: { received: string | undefined },
) => {
  if (refreshToken === undefined)
    throw invalidParameter('Missing required parameter REFRESH_TOKEN');
  const origin = await sc.fidelity.tokens.originOfRefreshToken(
    sc.pool.options.Id,
    sc.client.ClientId,
    refreshToken,
  );
  // SECRET_HASH for a refresh is computed with the user's internal username (the sub).
  if (secretHash) {
    const secrets = await secretValuesOf(sc.fidelity.store, sc.client);
    checkSecretHash(sc.client, secrets, origin.username, secretHash.received, 'SECRET_HASH');
  }
  const user = await sc.pool.getUserByUsername(sc.ctx, origin.username);
  if (!user) throw notAuthorized(MESSAGES.refreshTokenRevoked);
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  return {
    ChallengeParameters: {},
    AuthenticationResult: await sc.fidelity.tokens.issueUserTokens(
      sc.ctx,
      sc.pool,
      sc.client,
      user,
      origin,
    ),
  };
};

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

const initiate = async (
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

const respond = async (
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
  const poolId = pool.options.Id;

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
    const known = user !== null && named?.Username === user.Username;
    const srp = session.data.srp;
    const claim = {
      userPoolId: poolId,
      userIdForSrp: user?.Username ?? usernameAnswer,
      secretBlock: answers.PASSWORD_CLAIM_SECRET_BLOCK ?? '',
      timestamp: answers.TIMESTAMP ?? '',
      signature: answers.PASSWORD_CLAIM_SIGNATURE ?? '',
    };
    const correct = srp !== undefined && verifyPasswordClaim(srp, claim);
    return judgePassword(
      sc,
      known ? user : null,
      session.data.requestedName ?? usernameAnswer,
      known && correct,
    );
  }

  if (
    !user ||
    named?.Username !== user.Username ||
    session.data.createdAt !== user.UserCreateDate.getTime()
  ) {
    throw notAuthorized(MESSAGES.invalidSession);
  }
  const challenges = session.data.challenges ?? [];

  if (name === 'NEW_PASSWORD_REQUIRED') {
    const newPassword = answers.NEW_PASSWORD;
    if (newPassword === undefined) {
      fidelity.sessions.putBack(id, session);
      throw invalidParameter('Missing required parameter NEW_PASSWORD');
    }
    // An administrator may have set a password meanwhile: the challenge is over then.
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized(MESSAGES.invalidSession);
    if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
    try {
      enforcePasswordPolicy(pool.options, newPassword);
    } catch (err) {
      fidelity.sessions.putBack(id, session); // Amplify lets the user try another password
      throw err;
    }
    // Attributes answered with the new password ("userAttributes.given_name"), as Cognito keeps.
    const given = Object.entries(answers)
      .filter(([key]) => key.startsWith('userAttributes.'))
      .map(([key, value]) => ({ Name: key.slice('userAttributes.'.length), Value: value }));
    const fresh = (await pool.getUserByUsername(ctx, user.Username)) ?? user;
    const updated: User = {
      ...fresh,
      Attributes: [
        ...fresh.Attributes.filter((a) => !given.some((g) => g.Name === a.Name)),
        ...given.filter((g) => g.Name !== 'sub'),
      ],
      Password: newPassword,
      UserStatus: 'CONFIRMED',
      UserLastModifiedDate: services.clock.get(),
    };
    await pool.saveUser(ctx, updated);
    await fidelity.store.update(poolId, (state) => {
      delete FidelityStore.userMeta(state, user.Username).temporaryPasswordAt;
    });
    return afterPassword(sc, updated);
  }

  if (name === 'MFA_SETUP') {
    if (session.data.tokenVerified !== true) {
      fidelity.sessions.putBack(id, session);
      throw invalidParameter('Software token has not been verified with this session');
    }
    return succeed(sc, user, [
      ...challenges,
      { ChallengeName: 'Mfa', ChallengeResponse: 'Success' },
    ]);
  }

  // SOFTWARE_TOKEN_MFA
  const code = answers.SOFTWARE_TOKEN_MFA_CODE;
  if (code === undefined) {
    fidelity.sessions.putBack(id, session);
    throw invalidParameter('Missing required parameter SOFTWARE_TOKEN_MFA_CODE');
  }
  const secret = user.SoftwareTokenMfaConfiguration?.Secret;
  const step =
    secret === undefined ? undefined : matchTotp(secret, code, services.clock.get().getTime());
  const mfaFailure: ChallengeResult[] = [
    ...challenges,
    { ChallengeName: 'Mfa', ChallengeResponse: 'Failure' },
  ];
  const outcome = await fidelity.authEvents.attempt(
    poolId,
    user.Username,
    step !== undefined,
    mfaFailure,
  );
  if (outcome === 'locked') throw notAuthorized(MESSAGES.attemptsExceeded);
  if (outcome === 'failed') {
    // A wrong code keeps the session (the user may try again) and counts toward the lockout.
    fidelity.sessions.putBack(id, session);
    throw cognitoError('CodeMismatchException', MESSAGES.codeMismatch);
  }
  // Accepted once: the check and the record of the step are one store update.
  const fresh = await fidelity.store.update(poolId, (state) => {
    const meta = FidelityStore.userMeta(state, user.Username);
    if (step === undefined || (meta.lastTotpStep !== undefined && step <= meta.lastTotpStep)) {
      return false;
    }
    meta.lastTotpStep = step;
    return true;
  });
  if (!fresh) {
    fidelity.sessions.putBack(id, session);
    throw cognitoError('ExpiredCodeException', MESSAGES.totpReused);
  }
  return succeed(sc, user, [...challenges, { ChallengeName: 'Mfa', ChallengeResponse: 'Success' }]);
};

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
