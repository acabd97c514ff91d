import type { Role } from '@ccsc/contract/roles';
import type { Clock } from '../ports/clock';
import { ConflictError, NotFoundError } from '../errors';
import {
  type AttributeChanges,
  type AuthEvent,
  type DirectoryUser,
  type DirectoryUserDetail,
  type ListedUser,
  type ListUsersQuery,
  type NewUser,
  type PasswordReset,
  PasswordResetRefused,
  roleOfGroups,
  TOTP_MFA,
  type UserDirectory,
} from '../ports/user-directory';

/**
 * A user of the fake directory: the list fields, MFA, auth events and a pending reset code. The
 * role is the user's one role group, as Cognito's groups give it (`groups`; a user made with a
 * `role` starts in that group).
 */
export interface FakeUser extends DirectoryUserDetail {
  groups: Role[];
  /** Newest last, as they happened. */
  authEvents: AuthEvent[];
  resetCode?: { code: string; expired?: boolean };
  password?: string;
}

/**
 * An in-memory UserDirectory with Cognito's semantics where the cores depend on them: paging,
 * lookup by username or e-mail, newest-first auth events in pages of 60, disable ending sessions,
 * ConfirmForgotPassword with existence errors prevented. `calls` records every call in order.
 */
export class FakeUserDirectory implements UserDirectory {
  readonly signedOut: string[] = [];
  readonly calls: string[] = [];
  /** Make the next calls fail, e.g. with a TooManyRequestsError. */
  failWith: Error | null = null;
  /** The time of the auth events it records. */
  clock: Clock = { now: () => new Date() };
  readonly users: FakeUser[];

  constructor(users: (DirectoryUser | FakeUser)[] = []) {
    this.users = users.map(asFake);
  }

  private find(userName: string): FakeUser | undefined {
    const wanted = userName.toLowerCase();
    return this.users.find((u) => u.userName === userName || u.email.toLowerCase() === wanted);
  }

  /** Records the call and runs it; failures come back as rejected promises, as from the SDK. */
  private run<T>(name: string, work: () => T): Promise<T> {
    this.calls.push(name);
    try {
      if (this.failWith) throw this.failWith;
      return Promise.resolve(work());
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  private existing(userName: string): FakeUser {
    const user = this.find(userName);
    if (!user) throw new NotFoundError('User does not exist.');
    return user;
  }

  listUsers(q: ListUsersQuery) {
    return this.run('listUsers', () => {
      const matching = this.users.filter(
        (u) => q.emailPrefix === undefined || u.email.startsWith(q.emailPrefix),
      );
      const start = q.cursor === undefined ? 0 : Number(q.cursor);
      const page = matching.slice(start, start + q.limit);
      const next = start + q.limit;
      return {
        users: page.map(toListUser),
        nextCursor: next < matching.length ? String(next) : null,
      };
    });
  }

  getUser(userName: string) {
    return this.run('getUser', () => {
      const user = this.find(userName);
      return user ? toDetail(user) : null;
    });
  }

  signOutEverywhere(userName: string) {
    return this.run('signOutEverywhere', () => {
      this.signedOut.push(userName);
    });
  }

  disableUser(userName: string) {
    return this.run('disableUser', () => {
      this.existing(userName).enabled = false;
    });
  }

  /** Usernames handed out by createUser, as Cognito's subs. */
  private created = 0;

  /** Every user's groups, as pairs. */
  get memberships(): { userName: string; group: Role }[] {
    return this.users.flatMap((u) => u.groups.map((group) => ({ userName: u.userName, group })));
  }

  createUser(user: NewUser) {
    return this.run('createUser', () => {
      if (this.find(user.email)) {
        throw new ConflictError('A user with this e-mail address already exists.');
      }
      this.created += 1;
      const now = new Date('2025-01-15T10:00:00.000Z');
      const fake = asFake({
        userName: `10000000-0000-4000-8000-${String(this.created).padStart(12, '0')}`,
        email: user.email,
        emailVerified: true,
        givenName: user.givenName,
        familyName: user.familyName,
        phoneNumber: user.phoneNumber,
        role: null,
        organisationId: user.organisationId,
        enabled: true,
        status: 'FORCE_CHANGE_PASSWORD',
        createdAt: now,
        updatedAt: now,
      });
      this.users.push(fake);
      return toDetail(fake);
    });
  }

  addToGroup(userName: string, group: Role) {
    return this.run('addToGroup', () => {
      const user = this.existing(userName);
      if (!user.groups.includes(group)) user.groups.push(group);
    });
  }

  /** Addresses invitations were sent again to. */
  readonly resent: string[] = [];

  resendInvitation(email: string) {
    return this.run('resendInvitation', () => {
      this.resent.push(this.existing(email).email);
    });
  }

  removeFromGroup(userName: string, group: Role) {
    return this.run('removeFromGroup', () => {
      const user = this.existing(userName);
      user.groups = user.groups.filter((g) => g !== group);
    });
  }

  updateAttributes(userName: string, changes: AttributeChanges) {
    return this.run('updateAttributes', () => {
      const user = this.existing(userName);
      if (changes.email !== undefined && changes.email !== user.email) {
        if (this.find(changes.email)) {
          throw new ConflictError('A user with this e-mail address already exists.');
        }
        user.email = changes.email;
        user.emailVerified = false;
      }
      if (changes.givenName !== undefined) user.givenName = changes.givenName;
      if (changes.familyName !== undefined) user.familyName = changes.familyName;
      if (changes.phoneNumber !== undefined) user.phoneNumber = changes.phoneNumber;
      if (changes.organisationId !== undefined) user.organisationId = changes.organisationId;
    });
  }

  enableUser(userName: string) {
    return this.run('enableUser', () => {
      this.existing(userName).enabled = true;
    });
  }

  deleteUser(userName: string) {
    return this.run('deleteUser', () => {
      this.users.splice(this.users.indexOf(this.existing(userName)), 1);
    });
  }

  /** The pool's groups: the three roles, as provisioning creates them, unless a test says. */
  groups: { name: string; description: string | null }[] = [
    { name: 'PlatformAdmin', description: 'Platform administrators' },
    { name: 'OrgAdmin', description: 'Organisation administrators' },
    { name: 'Auditor', description: 'Auditors' },
  ];

  listGroups() {
    return this.run('listGroups', () => this.groups.map((g) => ({ ...g })));
  }

  groupMembers(group: Role) {
    return this.run('groupMembers', () =>
      this.users
        .filter((u) => u.groups.includes(group))
        .map((u) => ({ userName: u.userName, enabled: u.enabled, status: u.status })),
    );
  }

  listAuthEvents(userName: string, cursor?: string) {
    return this.run('listAuthEvents', () => {
      const events = [...this.existing(userName).authEvents].reverse();
      const start = cursor === undefined ? 0 : Number(cursor);
      const next = start + 60;
      return {
        events: events.slice(start, next),
        nextCursor: next < events.length ? String(next) : null,
      };
    });
  }

  disableTotp(userName: string) {
    return this.run('disableTotp', () => {
      const user = this.existing(userName);
      user.mfaMethods = user.mfaMethods.filter((m) => m !== TOTP_MFA);
      if (user.preferredMfa === TOTP_MFA) user.preferredMfa = null;
    });
  }

  confirmPasswordReset(reset: PasswordReset) {
    return this.run('confirmPasswordReset', () => {
      const user = this.find(reset.email);
      const mismatch = new PasswordResetRefused(
        'code-mismatch',
        'Invalid verification code provided, please try again.',
      );
      if (!user?.enabled) throw mismatch;
      if (user.resetCode === undefined || user.resetCode.expired === true) {
        throw new PasswordResetRefused(
          'code-expired',
          'Invalid code provided, please request a code again.',
        );
      }
      if (user.resetCode.code !== reset.code) throw mismatch;
      user.password = reset.newPassword;
      delete user.resetCode;
      // As Cognito's threat protection records it.
      user.authEvents.push({ type: 'PasswordChange', response: 'Pass', at: this.clock.now() });
    });
  }
}

const asFake = (u: DirectoryUser | FakeUser): FakeUser => ({
  mfaMethods: [],
  preferredMfa: null,
  authEvents: [],
  groups: u.role === null ? [] : [u.role],
  ...u,
});

const toListUser = (u: FakeUser): ListedUser => ({
  userName: u.userName,
  email: u.email,
  emailVerified: u.emailVerified,
  givenName: u.givenName,
  familyName: u.familyName,
  phoneNumber: u.phoneNumber,
  organisationId: u.organisationId,
  enabled: u.enabled,
  status: u.status,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

const toDetail = (u: FakeUser): DirectoryUserDetail => ({
  ...toListUser(u),
  role: roleOfGroups(u.groups),
  mfaMethods: [...u.mfaMethods],
  preferredMfa: u.preferredMfa,
});

export const directoryUser = (
  n: number,
  overrides: Partial<DirectoryUser> = {},
): DirectoryUser => ({
  userName: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `user${n}@example.com`,
  emailVerified: true,
  givenName: `Given${n}`,
  familyName: `Family${n}`,
  phoneNumber: null,
  role: 'OrgAdmin',
  organisationId: 'site-001',
  enabled: true,
  status: 'CONFIRMED',
  createdAt: new Date('2024-03-01T10:00:00.000Z'),
  updatedAt: new Date('2024-03-02T10:00:00.000Z'),
  ...overrides,
});

/** A user of the fake directory with TOTP enrolled, and whatever else the test says. */
export const fakeUser = (n: number, overrides: Partial<FakeUser> = {}): FakeUser => {
  const user = { ...directoryUser(n), ...overrides };
  return {
    mfaMethods: [TOTP_MFA],
    preferredMfa: TOTP_MFA,
    authEvents: [],
    groups: user.role === null ? [] : [user.role],
    ...user,
  };
};
