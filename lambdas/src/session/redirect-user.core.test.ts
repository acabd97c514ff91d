import { describe, expect, it } from 'vitest';
import { callerContext, FakeAuditTrail } from '../core/testing/fakes';
import { redirectUser } from './redirect-user.core';

const noSync = () => Promise.resolve();

describe('redirectUser', () => {
  it("brings the caller's row of the user index up to date after recording", async () => {
    const audit = new FakeAuditTrail();
    const synced: string[] = [];
    const syncUser = (u: string) => {
      synced.push(u);
      return Promise.resolve();
    };
    await redirectUser({ logLogin: 'true' }, callerContext({ userName: 's-9' }), {
      audit,
      syncUser,
    });
    expect(synced).toEqual(['s-9']);
  });

  it('records a sign-in of the verified caller', async () => {
    const audit = new FakeAuditTrail();
    const ctx = callerContext({ sub: 's-1', userName: 's-1', email: 'a@example.com' });
    expect(await redirectUser({ logLogin: 'true' }, ctx, { audit, syncUser: noSync })).toEqual({
      recorded: true,
    });
    expect(audit.entries).toEqual([
      {
        action: 'session.login',
        outcome: 'success',
        actor: { sub: 's-1', email: 'a@example.com', role: 'Auditor' },
        target: { type: 'user', id: 's-1', label: 'a@example.com' },
        source: { ip: '203.0.113.7', userAgent: 'vitest' },
        requestId: 'req-1',
      },
    ]);
  });

  it('records a first sign-in as its own action', async () => {
    const audit = new FakeAuditTrail();
    await redirectUser({ firstLogin: 'true' }, callerContext(), { audit, syncUser: noSync });
    expect(audit.actions()).toEqual(['session.first-login']);
  });

  it('fails when the trail cannot record it (the web app then signs the user out)', async () => {
    const audit = new FakeAuditTrail();
    audit.failWith = new Error('audit down');
    await expect(
      redirectUser({ logLogin: 'true' }, callerContext(), { audit, syncUser: noSync }),
    ).rejects.toThrow();
  });
});
