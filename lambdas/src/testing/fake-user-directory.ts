import type { DirectoryUser, ListUsersQuery, UserDirectory } from '../ports/user-directory';

/** An in-memory UserDirectory with Cognito's paging semantics, for core tests. */
export class FakeUserDirectory implements UserDirectory {
  readonly signedOut: string[] = [];

  constructor(public users: DirectoryUser[] = []) {}

  listUsers(q: ListUsersQuery) {
    const matching = this.users.filter(
      (u) => q.emailPrefix === undefined || u.email.startsWith(q.emailPrefix),
    );
    const start = q.cursor === undefined ? 0 : Number(q.cursor);
    const page = matching.slice(start, start + q.limit);
    const next = start + q.limit;
    return Promise.resolve({
      users: page,
      nextCursor: next < matching.length ? String(next) : null,
    });
  }

  signOutEverywhere(userName: string) {
    this.signedOut.push(userName);
    return Promise.resolve();
  }
}

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
