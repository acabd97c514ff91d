import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { IndexedUser } from '../core/ports/user-index';
import { revealCredential } from './credential-link.core';
import { runCredentialJob } from './credential-expiry.core';
import { as, contact, lastLink, world } from './credential-test-kit';
import { generateCredential } from './generate-credential.core';
import { listCredentials } from './list-credentials.core';
import { resendCredential } from './resend-credential.core';

const admin = (email: string, organisationId: string, enabled = true) =>
  ({ email, organisationId, role: 'OrgAdmin', enabled }) as IndexedUser;

const activeCredential = async () => {
  const w = world();
  const { credential } = await generateCredential(
    routes.generateApiCredential.request.parse({
      systemId: 'a-eisf',
      scopes: ['ccsc-api/system.read'],
      expiresAt: '2026-03-01T00:00:00.000Z',
      contactEmail: 'it@nord.example',
    }),
    as('orgAdminA'),
    w.deps,
  );
  const revealed = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
  const users = {
    all: () =>
      Promise.resolve([
        admin('boss@nord.example', 'A'),
        admin('gone@nord.example', 'A', false),
        admin('boss@sued.example', 'B'),
      ]),
  };
  const job = () => runCredentialJob({ ...w.deps, users });
  return { w, credential, revealed, job };
};

describe('the credential job', () => {
  it('sends the 30- and 7-day notices once each, to the contact and the organisation’s OrgAdmins', async () => {
    const { w, job } = await activeCredential();
    expect(await job()).toMatchObject({ noticed: 0 });
    w.clock.current = new Date('2026-01-31T00:00:00.000Z');
    w.mailer.sent.length = 0;
    expect(await job()).toMatchObject({ noticed: 1 });
    expect(w.mailer.sent.map((m) => m.to).sort()).toEqual(['boss@nord.example', 'it@nord.example']);
    expect(await job()).toMatchObject({ noticed: 0 });
    w.clock.current = new Date('2026-02-23T00:00:00.000Z');
    expect(await job()).toMatchObject({ noticed: 1 });
    expect(w.mailer.sent.at(-1)?.subject).toMatch(/expires in 6 days/u);
    expect(await job()).toMatchObject({ noticed: 0 });
  });

  it('makes a credential expiring within 14 days an event of its organisation, once, mailing nobody itself (issue 35)', async () => {
    const { w, credential, job } = await activeCredential();
    w.clock.current = new Date('2026-01-31T00:00:00.000Z');
    await job(); // the 30-day notice
    w.clock.current = new Date('2026-02-14T00:00:00.000Z');
    expect(await job()).toMatchObject({ noticed: 0 });
    const mailed = w.mailer.sent.length;
    w.clock.current = new Date('2026-02-16T00:00:00.000Z');
    expect(await job()).toMatchObject({ noticed: 1 });
    expect(w.mailer.sent).toHaveLength(mailed);
    expect(w.events.events).toEqual([
      expect.objectContaining({
        kind: 'credential.expiring',
        organisationId: 'A',
        subject: { type: 'credential', id: credential.apiId, name: expect.any(String) as unknown },
        reason: 'expires-in-13-days',
      }),
    ]);
    expect(await job()).toMatchObject({ noticed: 0 });
    w.clock.current = new Date('2026-02-23T00:00:00.000Z');
    expect(await job()).toMatchObject({ noticed: 1 });
    expect(w.mailer.sent.length).toBeGreaterThan(mailed);
    expect(w.events.events).toHaveLength(1);
  });

  it('expires the credential at its date: the client is deleted, the status is expired, audited', async () => {
    const { w, credential, job } = await activeCredential();
    w.clock.current = new Date('2026-03-01T00:00:01.000Z');
    expect(await job()).toMatchObject({ expired: 1 });
    expect(w.clients.clients.has(credential.clientId)).toBe(false);
    const [after] = (await listCredentials({}, as('admin'), w.deps)).credentials;
    expect(after?.status).toBe('expired');
    expect(w.audit.entries.at(-1)).toMatchObject({ action: 'api-credential.expired', actor: null });
    expect(await job()).toMatchObject({ expired: 0 });
  });

  it('retires the old secret when a rotation’s grace period has ended', async () => {
    const { w, credential, revealed, job } = await activeCredential();
    await resendCredential(
      { apiId: credential.apiId, revision: 2, graceDays: 2 },
      as('orgAdminA'),
      w.deps,
    );
    const second = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    w.clock.advance(24 * 60 * 60 * 1000);
    expect(await job()).toMatchObject({ retired: 0 });
    w.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await job()).toMatchObject({ retired: 1 });
    expect(w.clients.accepts(credential.clientId, revealed.clientSecret)).toBe(false);
    expect(w.clients.accepts(credential.clientId, second.clientSecret)).toBe(true);
    // The end of a grace period leaves issued tokens to expire: a system on the new secret
    // never sees a refused call.
    expect(w.credentials.records.get(credential.apiId)?.tokensNotBefore ?? null).toBeNull();
  });
});
