import { describe, expect, it } from 'vitest';
import { directoryUser, FakeUserDirectory } from '../../testing/fake-user-directory';
import type { RequestContext } from '../../http/router';
import type { Caller } from '../../http/claims';
import { listAllUsers } from './list-all-users.core';

const ctx: RequestContext<Caller> = {
  caller: {
    sub: 's',
    userName: 's',
    email: 'admin@example.com',
    role: 'PlatformAdmin',
    organisationId: null,
  },
  requestId: 'r',
  sourceIp: '127.0.0.1',
  userAgent: null,
  origin: null,
  host: null,
};

describe('listAllUsers', () => {
  it('returns one page of at most 60 users with a cursor to the next', async () => {
    const directory = new FakeUserDirectory(
      Array.from({ length: 130 }, (_, i) => directoryUser(i)),
    );
    const first = await listAllUsers({}, ctx, { directory });
    expect(first.users).toHaveLength(60);
    expect(first.count).toBe(60);
    expect(first.nextCursor).not.toBeNull();
    const third = await listAllUsers({ cursor: '120' }, ctx, { directory });
    expect(third.users).toHaveLength(10);
    expect(third.nextCursor).toBeNull();
  });

  it('shapes users for the console with ISO dates', async () => {
    const directory = new FakeUserDirectory([directoryUser(1)]);
    const page = await listAllUsers({ limit: 5 }, ctx, { directory });
    expect(page.users[0]).toEqual({
      userName: '00000000-0000-4000-8000-000000000001',
      email: 'user1@example.com',
      emailVerified: true,
      givenName: 'Given1',
      familyName: 'Family1',
      phoneNumber: null,
      role: 'OrgAdmin',
      organisationId: 'site-001',
      enabled: true,
      cognitoStatus: 'CONFIRMED',
      createdAt: '2024-03-01T10:00:00.000Z',
      updatedAt: '2024-03-02T10:00:00.000Z',
    });
  });

  it('searches by lower-cased e-mail prefix', async () => {
    const directory = new FakeUserDirectory([
      directoryUser(1, { email: 'anna@site.example' }),
      directoryUser(2, { email: 'bob@site.example' }),
    ]);
    const page = await listAllUsers({ search: 'ANN' }, ctx, { directory });
    expect(page.users.map((u) => u.email)).toEqual(['anna@site.example']);
  });
});
