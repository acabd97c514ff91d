import { describe, expect, it } from 'vitest';
import { FakeUserDirectory } from '../../testing/fake-user-directory';
import { logout } from './logout.core';

describe('logout', () => {
  it('signs out the verified caller, not whoever a body names', async () => {
    const directory = new FakeUserDirectory();
    const result = await logout(
      { accessToken: 'a.b.c' },
      {
        caller: {
          sub: 'caller-sub',
          userName: 'caller-sub',
          email: 'caller@example.com',
          role: 'Auditor',
          organisationId: null,
        },
        requestId: 'r',
        sourceIp: '127.0.0.1',
        userAgent: null,
      },
      { directory },
    );
    expect(result).toEqual({ signedOut: true });
    expect(directory.signedOut).toEqual(['caller-sub']);
  });
});
