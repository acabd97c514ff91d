import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  RespondToAuthChallengeCommand,
  type RespondToAuthChallengeCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';

/**
 * USER_SRP_AUTH through the AWS SDK, with the client half of SRP computed by Amplify's own
 * internal helpers (the code the web app runs), so that the offline Cognito is checked against
 * the real client and not against a second implementation of ours.
 */

/** The few members of Amplify's internal SRP helpers used here. */
interface AmplifyBigInteger {
  toString(radix: number): string;
}
type BigIntegerClass = new (value: string, radix: number) => AmplifyBigInteger;
interface AuthenticationHelper {
  A: AmplifyBigInteger;
  getPasswordAuthenticationKey(input: {
    username: string;
    password: string;
    serverBValue: AmplifyBigInteger;
    salt: AmplifyBigInteger;
  }): Promise<Uint8Array>;
}
interface AmplifySrp {
  getAuthenticationHelper(userPoolName: string): Promise<AuthenticationHelper>;
  getNowString(): string;
  getSignatureString(input: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }): string;
}

/** Amplify's SRP folder, in the @aws-amplify/auth that aws-amplify itself resolves. */
const amplifySrpDir = (): string => {
  const amplify = createRequire(import.meta.url).resolve('aws-amplify/package.json');
  const auth = createRequire(amplify).resolve('@aws-amplify/auth/package.json');
  return join(dirname(auth), 'dist/esm/providers/cognito/utils/srp');
};

let loaded: Promise<{ srp: AmplifySrp; BigInteger: BigIntegerClass }> | undefined;

const amplifySrp = () =>
  (loaded ??= (async () => {
    const dir = amplifySrpDir();
    const srp = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as AmplifySrp;
    const bigInteger = (await import(
      pathToFileURL(join(dir, 'BigInteger/BigInteger.mjs')).href
    )) as { default: BigIntegerClass };
    return { srp, BigInteger: bigInteger.default };
  })());

/** Cognito's SECRET_HASH: Base64(HMAC-SHA256(client secret, username + client id)). */
export const secretHash = (clientId: string, clientSecret: string, username: string) =>
  createHmac('sha256', clientSecret).update(`${username}${clientId}`).digest('base64');

export interface SrpSignInInput {
  userPoolId: string;
  clientId: string;
  /** What the person types: the e-mail address in an e-mail-username pool. */
  username: string;
  password: string;
  clientSecret?: string;
}

export interface SrpAttempt {
  /** InitiateAuth's answer: PASSWORD_VERIFIER with SALT, SRP_B, SECRET_BLOCK, USER_ID_FOR_SRP. */
  challenge: InitiateAuthCommandOutput;
  /**
   * Sends the PASSWORD_VERIFIER answer (the expensive part computed in advance, the timestamp and
   * signature now) and returns Cognito's reply: tokens or the next challenge.
   */
  respond(): Promise<RespondToAuthChallengeCommandOutput>;
}

/**
 * Step one of an SRP sign-in, as Amplify's handlePasswordSRP does it, with the password key for
 * step two already derived: `respond()` then takes one quick request (tests that must answer
 * right after something else, such as the lockout, depend on that).
 */
export const startSrpSignIn = async (
  client: CognitoIdentityProviderClient,
  input: SrpSignInInput,
): Promise<SrpAttempt> => {
  const { srp, BigInteger } = await amplifySrp();
  const userPoolName = input.userPoolId.split('_')[1] ?? '';
  const helper = await srp.getAuthenticationHelper(userPoolName);
  const challenge = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: input.clientId,
      AuthParameters: {
        USERNAME: input.username,
        SRP_A: helper.A.toString(16),
        ...(input.clientSecret === undefined
          ? {}
          : { SECRET_HASH: secretHash(input.clientId, input.clientSecret, input.username) }),
      },
    }),
  );
  const parameters = challenge.ChallengeParameters ?? {};
  const userIdForSrp = parameters.USER_ID_FOR_SRP;
  if (challenge.ChallengeName !== 'PASSWORD_VERIFIER' || userIdForSrp === undefined) {
    throw new Error(
      `USER_SRP_AUTH answered ${challenge.ChallengeName ?? 'no challenge'}, not PASSWORD_VERIFIER`,
    );
  }
  const hkdf = await helper.getPasswordAuthenticationKey({
    username: userIdForSrp,
    password: input.password,
    serverBValue: new BigInteger(parameters.SRP_B ?? '', 16),
    salt: new BigInteger(parameters.SALT ?? '', 16),
  });
  const respond = () => {
    const dateNow = srp.getNowString();
    return client.send(
      new RespondToAuthChallengeCommand({
        ClientId: input.clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        ...(challenge.Session === undefined ? {} : { Session: challenge.Session }),
        ChallengeResponses: {
          USERNAME: userIdForSrp,
          PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK ?? '',
          TIMESTAMP: dateNow,
          PASSWORD_CLAIM_SIGNATURE: srp.getSignatureString({
            userPoolName,
            username: userIdForSrp,
            challengeParameters: parameters,
            dateNow,
            hkdf,
          }),
          ...(input.clientSecret === undefined
            ? {}
            : { SECRET_HASH: secretHash(input.clientId, input.clientSecret, userIdForSrp) }),
        },
      }),
    );
  };
  return { challenge, respond };
};

/**
 * A whole SRP sign-in: InitiateAuth USER_SRP_AUTH, then RespondToAuthChallenge
 * PASSWORD_VERIFIER. Returns the second answer: tokens, or the next challenge
 * (NEW_PASSWORD_REQUIRED, MFA_SETUP, SOFTWARE_TOKEN_MFA) with its Session.
 */
export const srpSignIn = async (
  client: CognitoIdentityProviderClient,
  input: SrpSignInInput,
): Promise<RespondToAuthChallengeCommandOutput> => (await startSrpSignIn(client, input)).respond();
