import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUserGlobalSignOutCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { describe, expect, inject, it } from 'vitest';
import {
  cognito,
  cognitoError,
  createConfirmedUser,
  createUser,
  failureOf,
  type PoolUser,
  strongPassword,
} from '../support/aws';
import { srpSignIn } from '../support/srp-client';

/**
 * Tokens as real Cognito issues, checks, refreshes and revokes them, through the AWS SDK: the
 * pool's JWKS and Cognito's claims, REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken, sign-out
 * and revocation, and the answers to forged, foreign and expired access tokens.
 */

const c = inject('console');
const idp = cognito(c);
const web = { userPoolId: c.userPoolId, clientId: c.userPoolClientId };

const ACCESS_REVOKED = cognitoError('NotAuthorizedException', 'Access Token has been revoked');
const REFRESH_REVOKED = cognitoError('NotAuthorizedException', 'Refresh Token has been revoked');
const INVALID_ACCESS = cognitoError('NotAuthorizedException', 'Invalid Access Token');

interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

const signIn = async (user: PoolUser): Promise<Tokens> => {
  const res = await srpSignIn(idp, { ...web, username: user.email, password: user.password });
  const r = res.AuthenticationResult;
  if (!r?.AccessToken || !r.IdToken || !r.RefreshToken) throw new Error('no tokens');
  return { accessToken: r.AccessToken, idToken: r.IdToken, refreshToken: r.RefreshToken };
};

const getUser = (accessToken: string) => idp.send(new GetUserCommand({ AccessToken: accessToken }));

const refresh = (refreshToken: string) =>
  idp.send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: c.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('issued tokens', () => {
  it('verify against the JWKS the discovery document names, RS256, with Cognito’s claims', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'claims');
    const tokens = await signIn(user);
    const discovery = (await (
      await fetch(`${c.cognitoEndpoint}/${c.userPoolId}/.well-known/openid-configuration`)
    ).json()) as { issuer: string; jwks_uri: string };
    expect(discovery.issuer).toBe(`${c.cognitoEndpoint}/${c.userPoolId}`);
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const options = { issuer: discovery.issuer, algorithms: ['RS256'] };

    const access = await jwtVerify(tokens.accessToken, jwks, options);
    expect(access.protectedHeader.alg).toBe('RS256');
    expect(access.protectedHeader.kid).toEqual(expect.any(String));
    expect(access.payload).toMatchObject({
      sub: expect.any(String) as unknown,
      token_use: 'access',
      client_id: c.userPoolClientId,
      origin_jti: expect.any(String) as unknown,
      event_id: expect.any(String) as unknown,
      username: user.username,
      scope: 'aws.cognito.signin.user.admin',
      auth_time: expect.any(Number) as unknown,
      jti: expect.any(String) as unknown,
    });
    expect(access.payload).not.toHaveProperty('aud');
    expect((access.payload.exp ?? 0) - (access.payload.iat ?? 0)).toBe(3600);

    const id = await jwtVerify(tokens.idToken, jwks, { ...options, audience: c.userPoolClientId });
    expect(id.payload).toMatchObject({
      sub: access.payload.sub,
      aud: c.userPoolClientId,
      'cognito:username': user.username,
      token_use: 'id',
      email: user.email,
      email_verified: true,
      origin_jti: access.payload.origin_jti,
      auth_time: access.payload.auth_time,
    });
  });
});

describe('refresh', () => {
  it('REFRESH_TOKEN_AUTH gives new access and ID tokens of the same sign-in, no new refresh token', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'refresh');
    const tokens = await signIn(user);
    const res = await refresh(tokens.refreshToken);
    const r = res.AuthenticationResult;
    expect(r).toMatchObject({
      AccessToken: expect.any(String) as unknown,
      IdToken: expect.any(String) as unknown,
      TokenType: 'Bearer',
      ExpiresIn: 3600,
    });
    expect(r?.RefreshToken).toBeUndefined();
    expect(r?.AccessToken).not.toBe(tokens.accessToken);
    const before = decodeJwt(tokens.accessToken);
    const after = decodeJwt(r?.AccessToken ?? '');
    expect(after.origin_jti).toBe(before.origin_jti);
    expect(after.auth_time).toBe(before.auth_time);
    expect((await getUser(r?.AccessToken ?? '')).Username).toBe(user.username);
  });

  it('GetTokensFromRefreshToken gives new tokens too', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'get-tokens');
    const tokens = await signIn(user);
    const res = await idp.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: c.userPoolClientId,
        RefreshToken: tokens.refreshToken,
      }),
    );
    expect(res.AuthenticationResult).toMatchObject({
      AccessToken: expect.any(String) as unknown,
      IdToken: expect.any(String) as unknown,
      TokenType: 'Bearer',
    });
    expect((await getUser(res.AuthenticationResult?.AccessToken ?? '')).Username).toBe(
      user.username,
    );
  });

  it('refuses a refresh token it never issued: "Invalid Refresh Token."', async () => {
    expect(await failureOf(refresh('not-a-refresh-token'))).toEqual(
      cognitoError('NotAuthorizedException', 'Invalid Refresh Token.'),
    );
  });

  it('works with the refresh token of a sign-in that went through NEW_PASSWORD_REQUIRED', async () => {
    const temporary = strongPassword();
    const user = await createUser(idp, c.userPoolId, {
      tag: 'refresh-npr',
      temporaryPassword: temporary,
    });
    const challenge = await srpSignIn(idp, { ...web, username: user.email, password: temporary });
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await idp.send(
      new RespondToAuthChallengeCommand({
        ClientId: c.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: user.username, NEW_PASSWORD: strongPassword() },
      }),
    );
    const res = await refresh(done.AuthenticationResult?.RefreshToken ?? '');
    expect((await getUser(res.AuthenticationResult?.AccessToken ?? '')).Username).toBe(
      user.username,
    );
  });
});

describe('sign-out and revocation', () => {
  it('GlobalSignOut revokes every access and refresh token of the user', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'global');
    const first = await signIn(user);
    const second = await signIn(user);
    await idp.send(new GlobalSignOutCommand({ AccessToken: first.accessToken }));
    for (const tokens of [first, second]) {
      expect(await failureOf(getUser(tokens.accessToken))).toEqual(ACCESS_REVOKED);
      expect(await failureOf(refresh(tokens.refreshToken))).toEqual(REFRESH_REVOKED);
    }
    // A second GlobalSignOut with the same token is told so too.
    expect(
      await failureOf(idp.send(new GlobalSignOutCommand({ AccessToken: first.accessToken }))),
    ).toEqual(ACCESS_REVOKED);
    // Signing in again works.
    expect((await getUser((await signIn(user)).accessToken)).Username).toBe(user.username);
  });

  it('AdminUserGlobalSignOut revokes every access and refresh token of the user', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'admin-global');
    const other = await createConfirmedUser(idp, c.userPoolId, 'admin-global-other');
    const tokens = await signIn(user);
    const others = await signIn(other);
    await idp.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: c.userPoolId, Username: user.email }),
    );
    expect(await failureOf(getUser(tokens.accessToken))).toEqual(ACCESS_REVOKED);
    expect(await failureOf(refresh(tokens.refreshToken))).toEqual(REFRESH_REVOKED);
    // Nobody else is signed out.
    expect((await getUser(others.accessToken)).Username).toBe(other.username);
    expect((await refresh(others.refreshToken)).AuthenticationResult).toBeDefined();
  });

  it('RevokeToken revokes its refresh token and the access tokens issued with it, not others', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'revoke');
    const revoked = await signIn(user);
    const kept = await signIn(user);
    const refreshedBefore = await refresh(revoked.refreshToken);
    const result = await idp.send(
      new RevokeTokenCommand({ ClientId: c.userPoolClientId, Token: revoked.refreshToken }),
    );
    expect(result.$metadata.httpStatusCode).toBe(200);
    expect(await failureOf(getUser(revoked.accessToken))).toEqual(ACCESS_REVOKED);
    expect(
      await failureOf(getUser(refreshedBefore.AuthenticationResult?.AccessToken ?? '')),
    ).toEqual(ACCESS_REVOKED);
    expect(await failureOf(refresh(revoked.refreshToken))).toEqual(REFRESH_REVOKED);
    // Another sign-in of the same user is untouched.
    expect((await getUser(kept.accessToken)).Username).toBe(user.username);
    expect((await refresh(kept.refreshToken)).AuthenticationResult).toBeDefined();
  });

  it('AdminDisableUser ends the user’s sessions, for good', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'disable');
    const tokens = await signIn(user);
    await idp.send(new AdminDisableUserCommand({ UserPoolId: c.userPoolId, Username: user.email }));
    expect(await failureOf(refresh(tokens.refreshToken))).toEqual(REFRESH_REVOKED);
    // While disabled, the access token is refused; the message is UNCONF for GetUser (the docs
    // say AdminDisableUser revokes the tokens; our layer may answer "User is disabled.").
    expect((await failureOf(getUser(tokens.accessToken))).name).toBe('NotAuthorizedException');
    // Enabled again, the old tokens stay revoked (AdminDisableUser "revokes all access tokens").
    await idp.send(new AdminEnableUserCommand({ UserPoolId: c.userPoolId, Username: user.email }));
    expect(await failureOf(getUser(tokens.accessToken))).toEqual(ACCESS_REVOKED);
    expect(await failureOf(refresh(tokens.refreshToken))).toEqual(REFRESH_REVOKED);
    expect((await getUser((await signIn(user)).accessToken)).Username).toBe(user.username);
  });

  it('AdminDeleteUser ends the user’s sessions', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'delete');
    const tokens = await signIn(user);
    await idp.send(new AdminDeleteUserCommand({ UserPoolId: c.userPoolId, Username: user.email }));
    // UNCONF: the facts do not name Cognito's answer for a deleted user's tokens; these are our
    // layer's (real Cognito may say UserNotFoundException "User does not exist." instead).
    expect(await failureOf(getUser(tokens.accessToken))).toEqual(ACCESS_REVOKED);
    expect(await failureOf(refresh(tokens.refreshToken))).toEqual(REFRESH_REVOKED);
  });
});

describe('access tokens that are not good', () => {
  const genuine = async () => signIn(await createConfirmedUser(idp, c.userPoolId, 'forged'));

  it('refuses an unsigned token (alg "none"): "Invalid Access Token"', async () => {
    const { accessToken } = await genuine();
    const forged = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(decodeJwt(accessToken))}.`;
    expect(await failureOf(getUser(forged))).toEqual(INVALID_ACCESS);
  });

  it('refuses a token signed by another key under the pool’s key id: "Invalid Access Token"', async () => {
    const { accessToken } = await genuine();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(accessToken))
      .setProtectedHeader(decodeProtectedHeader(accessToken) as { alg: string })
      .sign(privateKey);
    expect(await failureOf(getUser(forged))).toEqual(INVALID_ACCESS);
  });

  it('refuses a tampered payload and a token that is no JWT: "Invalid Access Token"', async () => {
    const { accessToken } = await genuine();
    const [header, , signature] = accessToken.split('.');
    const claims = { ...decodeJwt(accessToken), username: 'someone-else' };
    expect(
      await failureOf(getUser(`${header ?? ''}.${b64url(claims)}.${signature ?? ''}`)),
    ).toEqual(INVALID_ACCESS);
    expect(await failureOf(getUser('not-a-token'))).toEqual(INVALID_ACCESS);
  });

  it('refuses an ID token in place of the access token: "Invalid Access Token"', async () => {
    const { idToken } = await genuine();
    expect(await failureOf(getUser(idToken))).toEqual(INVALID_ACCESS);
  });

  it('refuses a token signed with cognito-local\'s published key: "Invalid Access Token"', async () => {
    const { accessToken } = await genuine();
    const keyFile = createRequire(import.meta.url)(
      'cognito-local/lib/keys/cognitoLocal.private.json',
    ) as { jwk: JWK };
    const forged = await new SignJWT(decodeJwt(accessToken))
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .sign(await importJWK(keyFile.jwk, 'RS256'));
    expect(await failureOf(getUser(forged))).toEqual(INVALID_ACCESS);
  });

  it('refuses an expired token signed with the pool’s own key: "Access Token has expired"', async () => {
    const { accessToken } = await genuine();
    // The pool's own key, which the offline stack keeps in its data folder.
    const privateJwk = JSON.parse(
      await readFile(join(c.dataDir, 'cognito', 'fidelity', 'signing-key.json'), 'utf8'),
    ) as JWK;
    const key = await importJWK({ ...privateJwk, alg: 'RS256' }, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({
      ...decodeJwt(accessToken),
      iat: now - 7200,
      exp: now - 3600,
    })
      .setProtectedHeader(decodeProtectedHeader(accessToken) as { alg: string })
      .sign(key);
    expect(await failureOf(getUser(expired))).toEqual(
      cognitoError('NotAuthorizedException', 'Access Token has expired'),
    );
  });
});
