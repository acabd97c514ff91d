import { describe, expect, it } from 'vitest';
import { FakeUserDirectory } from '../core/testing/fake-user-directory';
import { callerContext, FakeAuditTrail } from '../core/testing/fakes';
import { logout } from './logout.core';

describe('logout', () => {
  it('signs out the verified caller, not whoever a body names, and audits it', async () => {
    const directory = new FakeUserDirectory();
    const audit = new FakeAuditTrail();
    const result = await logout(
      { accessToken: 'a.b.c' },
      callerContext({ sub: 'caller-sub', userName: 'caller-sub' }),
      { directory, audit },
    );
    expect(result).toEqual({ signedOut: true });
    expect(directory.signedOut).toEqual(['caller-sub']);
    expect(audit.entries).toEqual([
      {
        action: 'session.logout',
        outcome: 'success',
        actor: { sub: 'caller-sub', email: 'caller@example.com', role: 'Auditor' },
        target: { type: 'user', id: 'caller-sub', label: 'caller@example.com' },
        source: { ip: '203.0.113.7', userAgent: 'vitest' },
        requestId: 'req-1',
      },
    ]);
    expect(JSON.stringify(audit.entries)).not.toContain('a.b.c');
  });

  it('signs out before it audits, so a failing trail never leaves the session alive', async () => {
    const directory = new FakeUserDirectory();
    const audit = new FakeAuditTrail();
    audit.failWith = new Error('audit down');
    await expect(logout({}, callerContext(), { directory, audit })).rejects.toThrow('audit down');
    expect(directory.signedOut).toEqual(['caller-sub']);
  });
});
