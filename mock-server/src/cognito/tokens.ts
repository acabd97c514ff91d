import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from 'cognito-local/lib/services/clock.js';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { errors as joseErrors, jwtVerify, SignJWT, decodeJwt, type JWTPayload } from 'jose';
import { MESSAGES, notAuthorized } from './errors';
import type { SigningKey } from './signing-key';
import type { FidelityStore, TokenOrigin } from './state';

/** The scope of every user access token Cognito issues through its API (not OAuth). */
export const USER_ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

const UNIT_SECONDS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;

/** A client's token lifetimes in seconds, with Cognito's defaults (1 h, 1 h, 30 days). */
export const tokenLifetimes = (client: AppClient) => {
  const seconds = (value: number | undefined, unit: string | undefined, fallback: number) =>
    value === undefined
      ? fallback
      : value * ((UNIT_SECONDS[unit as keyof typeof UNIT_SECONDS] as number | undefined) ?? 1);
  const units = client.TokenValidityUnits;
  return {
    access: seconds(client.AccessTokenValidity, units?.AccessToken ?? 'hours', 3600),
    id: seconds(client.IdTokenValidity, units?.IdToken ?? 'hours', 3600),
    refresh: seconds(client.RefreshTokenValidity, units?.RefreshToken ?? 'days', 30 * 86400),
  };
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const attributeClaims = (user: User): Record<string, unknown> => {
  const claims: Record<string, unknown> = {};
  for (const { Name, Value } of user.Attributes) {
    if (Value === undefined || Name === 'sub') continue;
    claims[Name] = Name.endsWith('_verified') ? Value === 'true' : Value;
  }
  return claims;
};

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  RefreshToken?: string;
}

export interface VerifiedAccess {
  pool: UserPoolService;
  client: AppClient;
  user: User;
  claims: JWTPayload;
  origin: TokenOrigin;
}

/** Issues, verifies and revokes tokens the way Cognito does, with our store's records. */
export class TokenService {
  constructor(
    private readonly cognito: CognitoService,
    private readonly store: FidelityStore,
    private readonly clock: Clock,
    private readonly issuerDomain: () => string,
    private readonly key: SigningKey,
  ) {}

  issuer(poolId: string) {
    return `${this.issuerDomain()}/${poolId}`;
  }

  private now() {
    return this.clock.get().getTime();
  }

  private async sign(claims: JWTPayload, poolId: string, lifetime: number) {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ ...claims, iss: this.issuer(poolId) })
      .setProtectedHeader({ alg: 'RS256', kid: this.key.kid })
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetime)
      .setJti(randomUUID())
      .sign(this.key.privateKey);
  }

  /**
   * Tokens after a successful sign-in (a new origin with a refresh token) or a refresh (the
   * origin's auth_time and no new refresh token, as Cognito answers).
   */
  async issueUserTokens(
    ctx: Context,
    pool: UserPoolService,
    client: AppClient,
    user: User,
    refreshedOrigin?: TokenOrigin,
  ): Promise<AuthenticationResult> {
    const poolId = pool.options.Id;
    const lifetimes = tokenLifetimes(client);
    const groups = await pool.listUserGroupMembership(ctx, user);
    const sub = user.Attributes.find((a) => a.Name === 'sub')?.Value ?? user.Username;
    const now = this.now();
    let origin = refreshedOrigin;
    let refreshToken: string | undefined;
    if (!origin) {
      refreshToken = randomBytes(96).toString('base64url');
      origin = {
        originJti: randomUUID(),
        username: user.Username,
        clientId: client.ClientId,
        refreshHash: hashToken(refreshToken),
        authTime: Math.floor(now / 1000),
        refreshExpiresAt: now + lifetimes.refresh * 1000,
      };
      const created = origin;
      await this.store.update(poolId, (state) => {
        // Origins whose refresh token has expired can no longer be used for anything: dropped.
        for (const [jti, old] of Object.entries(state.origins)) {
          if (old.refreshExpiresAt !== undefined && old.refreshExpiresAt < now) {
            if (old.refreshHash !== undefined)
              Reflect.deleteProperty(state.refresh, old.refreshHash);
            Reflect.deleteProperty(state.origins, jti);
          }
        }
        state.origins[created.originJti] = created;
        if (created.refreshHash) state.refresh[created.refreshHash] = created.originJti;
      });
    }
    const eventId = randomUUID();
    const common = {
      sub,
      ...(groups.length > 0 ? { 'cognito:groups': [...groups] } : {}),
      origin_jti: origin.originJti,
      event_id: eventId,
      auth_time: origin.authTime,
    };
    const accessToken = await this.sign(
      {
        ...common,
        client_id: client.ClientId,
        token_use: 'access',
        scope: USER_ADMIN_SCOPE,
        username: user.Username,
      },
      poolId,
      lifetimes.access,
    );
    const idToken = await this.sign(
      {
        ...attributeClaims(user),
        ...common,
        aud: client.ClientId,
        'cognito:username': user.Username,
        token_use: 'id',
      },
      poolId,
      lifetimes.id,
    );
    return {
      AccessToken: accessToken,
      IdToken: idToken,
      ExpiresIn: lifetimes.access,
      TokenType: 'Bearer',
      ...(refreshToken === undefined ? {} : { RefreshToken: refreshToken }),
    };
  }

  /** A client_credentials access token: sub and client_id are the client, scopes as granted. */
  async issueClientToken(client: AppClient, scopes: readonly string[]) {
    const lifetime = tokenLifetimes(client).access;
    const token = await this.sign(
      {
        sub: client.ClientId,
        token_use: 'access',
        scope: scopes.join(' '),
        auth_time: Math.floor(this.now() / 1000),
        version: 2,
        client_id: client.ClientId,
      },
      client.UserPoolId,
      lifetime,
    );
    return { token, lifetime };
  }

  /**
   * Everything Cognito checks before an operation that takes an AccessToken: RS256 signature by
   * the pool key, issuer, expiry, token_use, the user-admin scope, a client that still exists,
   * an origin not revoked, a user that exists and is enabled.
   */
  async verifyAccessToken(ctx: Context, token: string): Promise<VerifiedAccess> {
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    const clientId = typeof claims.client_id === 'string' ? claims.client_id : undefined;
    const client = clientId ? await this.cognito.getAppClient(ctx, clientId) : null;
    if (!client) throw notAuthorized(MESSAGES.invalidAccessToken);
    try {
      ({ payload: claims } = await jwtVerify(token, this.key.publicKey, {
        algorithms: ['RS256'],
        issuer: this.issuer(client.UserPoolId),
        currentDate: this.clock.get(),
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw notAuthorized(MESSAGES.accessTokenExpired);
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    if (claims.token_use !== 'access') throw notAuthorized(MESSAGES.invalidAccessToken);
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes(USER_ADMIN_SCOPE)) {
      throw notAuthorized('Access Token does not have required scopes');
    }
    const pool = await this.cognito.getUserPool(ctx, client.UserPoolId);
    const state = await this.store.read(client.UserPoolId);
    const origin =
      typeof claims.origin_jti === 'string' ? state.origins[claims.origin_jti] : undefined;
    const user =
      typeof claims.username === 'string'
        ? await pool.getUserByUsername(ctx, claims.username)
        : null;
    if (!user || origin === undefined || origin.revokedAt !== undefined) {
      throw notAuthorized(MESSAGES.accessTokenRevoked);
    }
    // A token belongs to the sign-in it came from: same user, same client, same sub.
    const sub = user.Attributes.find((a) => a.Name === 'sub')?.Value ?? user.Username;
    if (
      origin.username !== user.Username ||
      origin.clientId !== client.ClientId ||
      claims.sub !== sub
    ) {
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
    return { pool, client, user, claims, origin };
  }

  /** The origin behind a refresh token, if it is one of ours, unrevoked and unexpired. */
  async originOfRefreshToken(poolId: string, clientId: string, refreshToken: string) {
    const state = await this.store.read(poolId);
    const jti = state.refresh[hashToken(refreshToken)];
    const origin = jti === undefined ? undefined : state.origins[jti];
    if (!origin || origin.clientId !== clientId) throw notAuthorized(MESSAGES.invalidRefreshToken);
    if (origin.revokedAt !== undefined) throw notAuthorized(MESSAGES.refreshTokenRevoked);
    if (origin.refreshExpiresAt !== undefined && origin.refreshExpiresAt <= this.now()) {
      throw notAuthorized(MESSAGES.refreshTokenExpired);
    }
    return origin;
  }

  /** Revokes one origin: its refresh token and every access token derived from it. */
  async revokeOrigin(poolId: string, originJti: string) {
    const now = this.now();
    await this.store.update(poolId, (state) => {
      const origin = state.origins[originJti];
      if (origin && origin.revokedAt === undefined) origin.revokedAt = now;
    });
  }

  /** Global sign-out: every origin of the user. */
  async revokeUser(poolId: string, username: string) {
    const now = this.now();
    await this.store.update(poolId, (state) => {
      for (const origin of Object.values(state.origins)) {
        if (origin.username === username && origin.revokedAt === undefined) origin.revokedAt = now;
      }
    });
  }
}
