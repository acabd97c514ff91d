import { GetUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  fetchUserAttributes,
  getCurrentUser,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { decodeJwt } from 'jose';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  amplifyFailureOf,
  amplifyRefreshToken,
  amplifySignOutQuietly,
  configureAmplify,
} from '../support/amplify';
import {
  Authenticator,
  cognito,
  cognitoError,
  createConfirmedUser,
  createTestPool,
  createUser,
  failureOf,
  strongPassword,
  type TestPool,
} from '../support/aws';

/**
 * The Amplify v6 calls the web app makes, against the offline Cognito, exactly as Amplify makes
 * them (default SRP sign-in, its own challenge handling, its own refresh and sign-out). Amplify
 * keeps one signed-in user per process: these tests run one after another and sign out between.
 */

const c = inject('console');
const idp = cognito(c);
const consolePool = { userPoolId: c.userPoolId, userPoolClientId: c.userPoolClientId };

const ACCESS_REVOKED = cognitoError('NotAuthorizedException', 'Access Token has been revoked');
const REFRESH_REVOKED = cognitoError('NotAuthorizedException', 'Refresh Token has been revoked');

const getUser = (accessToken: string) => idp.send(new GetUserCommand({ AccessToken: accessToken }));

const refresh = (clientId: string, refreshToken: string) =>
  idp.send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );

const currentAccessToken = async (forceRefresh = false) => {
  const session = await fetchAuthSession({ forceRefresh });
  const token = session.tokens?.accessToken.toString();
  if (token === undefined) throw new Error('Amplify holds no access token');
  return token;
};

describe('aws-amplify v6 against the offline Cognito', () => {
  let mfaOn: TestPool;
  beforeAll(async () => {
    mfaOn = await createTestPool(idp, { name: 'amplify-mfa-on', mfa: 'ON' });
  });
  afterEach(async () => {
    await amplifySignOutQuietly();
  });

  it('signs in with SRP (DONE), knows the user, refreshes, and signs out globally', async () => {
    configureAmplify(c, consolePool);
    const user = await createConfirmedUser(idp, c.userPoolId, 'amplify');
    const out = await signIn({ username: user.email, password: user.password });
    expect(out).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

    const current = await getCurrentUser();
    expect(current.userId).toBe(user.username);
    expect(current.username).toBe(user.username);
    expect(current.signInDetails?.loginId).toBe(user.email);
    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ email: user.email, email_verified: 'true' });

    const first = await currentAccessToken();
    const refreshed = await currentAccessToken(true);
    expect(refreshed).not.toBe(first);
    expect(decodeJwt(refreshed).origin_jti).toBe(decodeJwt(first).origin_jti);
    expect((await getUser(refreshed)).Username).toBe(user.username);
    const refreshToken = amplifyRefreshToken(c.userPoolClientId) ?? '';
    expect(refreshToken).not.toBe('');

    await signOut({ global: true });
    expect(await failureOf(getUser(refreshed))).toEqual(ACCESS_REVOKED);
    expect(await failureOf(getUser(first))).toEqual(ACCESS_REVOKED);
    expect(await failureOf(refresh(c.userPoolClientId, refreshToken))).toEqual(REFRESH_REVOKED);
  });

  it('signs out locally by revoking the refresh token (RevokeToken)', async () => {
    configureAmplify(c, consolePool);
    const user = await createConfirmedUser(idp, c.userPoolId, 'amplify-local-out');
    await signIn({ username: user.email, password: user.password });
    const accessToken = await currentAccessToken();
    const refreshToken = amplifyRefreshToken(c.userPoolClientId) ?? '';
    await signOut();
    expect(await failureOf(getUser(accessToken))).toEqual(ACCESS_REVOKED);
    expect(await failureOf(refresh(c.userPoolClientId, refreshToken))).toEqual(REFRESH_REVOKED);
  });

  it('reports a wrong password as NotAuthorizedException "Incorrect username or password."', async () => {
    configureAmplify(c, consolePool);
    const user = await createConfirmedUser(idp, c.userPoolId, 'amplify-wrong');
    expect(
      await amplifyFailureOf(signIn({ username: user.email, password: `${user.password}x` })),
    ).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('asks for a new password after a temporary one (CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED)', async () => {
    configureAmplify(c, consolePool);
    const temporary = strongPassword();
    const user = await createUser(idp, c.userPoolId, {
      tag: 'amplify-npr',
      temporaryPassword: temporary,
    });
    const out = await signIn({ username: user.email, password: temporary });
    expect(out.isSignedIn).toBe(false);
    expect(out.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const done = await confirmSignIn({ challengeResponse: strongPassword() });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await getCurrentUser()).userId).toBe(user.username);
  });

  it('sets up TOTP (setUpTOTP, verifyTOTPSetup, updateMFAPreference), then asks for codes', async () => {
    configureAmplify(c, consolePool);
    const user = await createConfirmedUser(idp, c.userPoolId, 'amplify-totp');
    await signIn({ username: user.email, password: user.password });
    const details = await setUpTOTP();
    const app = new Authenticator(details.sharedSecret);
    expect(details.getSetupUri('CCSC', user.email).toString()).toContain(details.sharedSecret);
    await verifyTOTPSetup({ code: await app.next() });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();

    const out = await signIn({ username: user.email, password: user.password });
    expect(out.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect(await amplifyFailureOf(confirmSignIn({ challengeResponse: app.wrongCode() }))).toEqual({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    const done = await confirmSignIn({ challengeResponse: await app.next() });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });

  it('in a pool with MFA ON: new password, then TOTP set-up (CONTINUE_SIGN_IN_WITH_TOTP_SETUP), then codes', async () => {
    configureAmplify(c, { userPoolId: mfaOn.userPoolId, userPoolClientId: mfaOn.webClientId });
    const temporary = strongPassword();
    const user = await createUser(idp, mfaOn.userPoolId, {
      tag: 'amplify-mfa-on',
      temporaryPassword: temporary,
    });
    const first = await signIn({ username: user.email, password: temporary });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const chosen = strongPassword();
    const setup = await confirmSignIn({ challengeResponse: chosen });
    if (setup.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') {
      throw new Error(`expected the TOTP set-up step, got ${setup.nextStep.signInStep}`);
    }
    const app = new Authenticator(setup.nextStep.totpSetupDetails.sharedSecret);
    const done = await confirmSignIn({ challengeResponse: await app.next() });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await getUser(await currentAccessToken())).Username).toBe(user.username);
    await signOut();

    const again = await signIn({ username: user.email, password: chosen });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect(await confirmSignIn({ challengeResponse: await app.next() })).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
  });
});
