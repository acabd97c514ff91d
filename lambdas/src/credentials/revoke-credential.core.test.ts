import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { LINK_NOT_VALID, revealCredential } from './credential-link.core';
import {
  activeCredential,
  as,
  contact,
  issued,
  lastLink,
  world,
  written,
  MANAGING_A,
} from './credential-test-kit';
import { revokeCredential } from './revoke-credential.core';

/** deleteApiCredential: revokes a credential, for good. */

describe('deleteApiCredential', () => {
  it('marks the credential revoked, deletes its client and audits what it was, with the reason', async () => {
    const w = world();
    const { credential, secret } = await activeCredential(w);
    const out = await revokeCredential(
      { apiId: credential.apiId, revision: 2, reason: 'System retired' },
      as('orgAdminA'),
      w.deps,
    );
    expect(routes.deleteApiCredential.response.parse(out)).toEqual(out);
    expect(out.credential).toMatchObject({
      status: 'revoked',
      revokedAt: '2026-01-10T09:00:00.400Z',
      revokedBy: 'orgAdminA@example.com',
      revision: 3,
    });
    expect(w.clients.clients.has(credential.clientId)).toBe(false);
    expect(w.clients.accepts(credential.clientId, secret)).toBe(false);
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'api-credential.revoked',
      outcome: 'success',
      actor: { sub: 'orgAdminA-sub', email: 'orgAdminA@example.com', role: 'OrgAdmin' },
      organisationId: 'A',
      target: { type: 'api-credential', id: credential.apiId, label: 'Nord eISF' },
      before: {
        systemId: 'a-eisf',
        clientId: credential.clientId,
        scopes: credential.scopes,
        contactEmail: 'it@nord.example',
        status: 'active',
        validUntil: '2026-07-01T00:00:00.000Z',
      },
      reason: 'System retired',
    });
    expect(w.journal.entries.size).toBe(0);
  });

  it('revokes a pending credential too: its link stops working', async () => {
    const w = world();
    const credential = await issued(w);
    const link = lastLink(w.mailer);
    await revokeCredential({ apiId: credential.apiId, revision: 1 }, as('admin'), w.deps);
    await expect(revealCredential(link, contact(), w.linkDeps)).rejects.toMatchObject({
      message: LINK_NOT_VALID,
    });
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'api-credential.revoked',
      actor: { role: 'PlatformAdmin' },
      before: { status: 'pending' },
    });
  });

  it('lets a PlatformAdmin and the organisation’s OrgAdmin revoke; others are refused, nothing written', async () => {
    for (const [who, expected] of MANAGING_A) {
      const w = world();
      const { credential } = await activeCredential(w);
      const before = written(w);
      const call = revokeCredential({ apiId: credential.apiId, revision: 2 }, as(who), w.deps);
      if (expected === 'ok') {
        await expect(call, who).resolves.toMatchObject({ credential: { status: 'revoked' } });
      } else {
        await expect(call, who).rejects.toMatchObject({ code: expected });
        expect(written(w), who).toEqual(before);
        expect(w.clients.clients.has(credential.clientId), who).toBe(true);
      }
    }
    await expect(
      revokeCredential({ apiId: 'api-9999', revision: 1 }, as('admin'), world().deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a stale revision with 409, and a second revocation by anyone else, writing nothing', async () => {
    const w = world();
    const { credential } = await activeCredential(w);
    let before = written(w);
    await expect(
      revokeCredential({ apiId: credential.apiId, revision: 1 }, as('orgAdminA'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(written(w)).toEqual(before);
    const first = await revokeCredential(
      { apiId: credential.apiId, revision: 2 },
      as('orgAdminA'),
      w.deps,
    );
    before = written(w);
    await expect(
      revokeCredential({ apiId: credential.apiId, revision: 3 }, as('orgAdminA'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      revokeCredential({ apiId: credential.apiId, revision: 2 }, as('admin'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // The same call again (its answer lost) answers as the first did.
    const again = await revokeCredential(
      { apiId: credential.apiId, revision: 2 },
      as('orgAdminA'),
      w.deps,
    );
    expect(again).toEqual(first);
    expect(written(w)).toEqual(before);
  });

  it('stands when Cognito cannot delete the client now: revoked and audited with clientDeleted false', async () => {
    const w = world();
    const { credential } = await activeCredential(w);
    w.clients.failing.add('delete');
    const out = await revokeCredential(
      { apiId: credential.apiId, revision: 2 },
      as('orgAdminA'),
      w.deps,
    );
    expect(out.credential.status).toBe('revoked');
    expect(w.credentials.records.get(credential.apiId)?.status).toBe('revoked');
    expect(w.clients.clients.has(credential.clientId)).toBe(true);
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'api-credential.revoked',
      after: { status: 'revoked', clientDeleted: false },
    });
  });
});
