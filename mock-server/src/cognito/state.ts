import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DamagedFileError, readJsonFile, writeFileAtomic } from '../services/atomic-file.mjs';
import { SIGNING_KEY_FILE } from './signing-key';

/**
 * What the fidelity layer remembers beside cognito-local's own store (which keeps users, groups,
 * clients and pools): per pool, one JSON file under `<cognito dir>/fidelity/`, written through on
 * every change (atomically, one write at a time), so a restart loses nothing but sessions in
 * flight. `open()` reads every pool's file at the start, so that a damaged one stops the start
 * rather than a later call. Times are epoch milliseconds; no key ends in "Date" (cognito-local's
 * convention for Date objects).
 */

/** One sign-in: the refresh token it issued and every access/ID token derived from it. */
export interface TokenOrigin {
  originJti: string;
  /** cognito-local's Username (the sub in an e-mail-username pool). */
  username: string;
  clientId: string;
  /** sha256 of the refresh token, hex; never the token itself. */
  refreshHash?: string;
  authTime: number;
  refreshExpiresAt?: number;
  revokedAt?: number;
}

export type AuthEventType = 'SignIn' | 'ForgotPassword' | 'PasswordChange' | 'ResendCode';
export type AuthEventResponse = 'Pass' | 'Fail' | 'InProgress';

/** An auth event as AdminListUserAuthEvents returns it (CreationDate kept as epoch ms). */
export interface StoredAuthEvent {
  EventId: string;
  EventType: AuthEventType;
  CreatedAt: number;
  EventResponse: AuthEventResponse;
  ChallengeResponses: {
    ChallengeName: 'Password' | 'Mfa';
    ChallengeResponse: 'Success' | 'Failure';
  }[];
  EventContextData: { IpAddress: string; DeviceName: string };
}

export interface ResourceServerScope {
  ScopeName: string;
  ScopeDescription: string;
}

export interface StoredResourceServer {
  Identifier: string;
  Name: string;
  Scopes: ResourceServerScope[];
}

/** One of an app client's secrets (client-secrets.ts); the value is what clients send. */
export interface StoredClientSecret {
  /** `<client id>--<creation time, epoch ms>`, as ListUserPoolClientSecrets shows it. */
  id: string;
  value: string;
  createdAt: number;
}

export interface UserMeta {
  /** When the current temporary password was set (AdminCreateUser, RESEND). */
  temporaryPasswordAt?: number;
  /** Consecutive failed password checks and the temporary lock they caused. */
  failedAttempts?: number;
  lockedUntil?: number;
  lastFailureAt?: number;
  /** ChangePassword's wrong old passwords and wrong reset codes, for their attempt limits. */
  changePasswordFailures?: { count: number; at: number };
  resetCodeFailures?: { count: number; at: number };
  /** The last TOTP time step accepted: a code is accepted once. */
  lastTotpStep?: number;
  /** A software token associated but not verified yet (the verified one stays in use). */
  pendingTotpSecret?: string;
  /** ForgotPassword / AdminResetUserPassword code and its expiry. */
  resetCodeAt?: number;
}

export interface PoolState {
  origins: Record<string, TokenOrigin>;
  /** refresh-token hash → origin jti */
  refresh: Record<string, string>;
  authEvents: Record<string, StoredAuthEvent[]>;
  users: Record<string, UserMeta>;
  resourceServers: Record<string, StoredResourceServer>;
  /**
   * client id → its secrets, oldest first, once AddUserPoolClientSecret or
   * DeleteUserPoolClientSecret changed them; absent, the AppClient's own ClientSecret is its one
   * secret. Absent in data folders from before (the default below).
   */
  clientSecrets: Record<string, StoredClientSecret[]>;
}

const emptyState = (): PoolState => ({
  origins: {},
  refresh: {},
  authEvents: {},
  users: {},
  resourceServers: {},
  clientSecrets: {},
});

const fileName = (poolId: string) => `${poolId.replace(/[^\w-]/g, '_')}.json`;

const WHAT = "the offline Cognito's fidelity state (token origins, auth events, lockout counters)";

export class FidelityStore {
  /** By file name. */
  private readonly pools = new Map<string, PoolState>();
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly directory: string) {}

  /** Reads every pool's file now: a damaged one throws a DamagedFileError naming it. */
  async open(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const name of names.sort()) {
      if (name.endsWith('.json') && name !== SIGNING_KEY_FILE) await this.loadFile(name);
    }
  }

  private load(poolId: string): Promise<PoolState> {
    return this.loadFile(fileName(poolId));
  }

  private async loadFile(name: string): Promise<PoolState> {
    const cached = this.pools.get(name);
    if (cached) return cached;
    const path = join(this.directory, name);
    const saved = await readJsonFile(path, WHAT);
    if (
      saved !== undefined &&
      (typeof saved !== 'object' || saved === null || Array.isArray(saved))
    ) {
      throw new DamagedFileError(path, WHAT, 'is not a JSON object');
    }
    const state: PoolState = { ...emptyState(), ...(saved as Partial<PoolState> | undefined) };
    // Another call may have loaded it meanwhile: keep the first, it may already be changed.
    const raced = this.pools.get(name);
    if (raced) return raced;
    this.pools.set(name, state);
    return state;
  }

  /** A read-only view; change state only through `update`. */
  async read(poolId: string): Promise<Readonly<PoolState>> {
    return this.load(poolId);
  }

  /** Applies `change` to the pool's state and persists it before resolving. */
  async update<T>(poolId: string, change: (state: PoolState) => T): Promise<T> {
    const state = await this.load(poolId);
    const result = change(state);
    const snapshot = JSON.stringify(state);
    const write = this.writing.then(async () => {
      await mkdir(this.directory, { recursive: true });
      await writeFileAtomic(join(this.directory, fileName(poolId)), snapshot);
    });
    this.writing = write.catch(() => undefined);
    await write;
    return result;
  }

  /** The user's meta record, created empty on first change. */
  static userMeta(state: PoolState, username: string): UserMeta {
    state.users[username] ??= {};
    return state.users[username];
  }
}
