import { describe, expect, it } from 'vitest';
import { DEFAULT_GRACE_DAYS } from '@ccsc/contract/credentials';
import { routes } from '@ccsc/contract/routes';
import { hashToken } from '../core/links';
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
  type World,
} from './credential-test-kit';
import { resendCredential } from './resend-credential.core';

/** resendApiCredential: a new link for a pending credential, a rotation for an active one. */

const HOUR = 60 * 60 * 1000;

describe('resendApiCredential', () => {
  it('gives a pending credential a new link: mailed to the contact, the old one dead, audited', async () => {
    const w = world();
    const credential = await issued(w);
    const old = lastLink(w.mailer);
    w.clock.advance(HOUR);
    const out = await resendCredential(
      { apiId: credential.apiId, revision: 1 },
      as('orgAdminA'),
      w.deps,
    );
    expect(routes.resendApiCredential.response.parse(out)).toEqual(out);
    expect(out.credential).toMatchObject({
      status: 'pending',
      revision: 2,
      rotation: null,
      linkExpiresAt: '2026-01-13T10:00:00.000Z',
    });
    expect(w.mailer.sent).toHaveLength(2);
    expect(w.mailer.sent[1]?.to).toBe('it@nord.example');
    const fresh = lastLink(w.mailer);
    expect(fresh.token).not.toBe(old.token);
    expect(w.credentials.records.get(credential.apiId)?.link?.tokenHash).toBe(
      hashToken(fresh.token),
    );
    await expect(revealCredential(old, contact(), w.linkDeps)).rejects.toMatchObject({
      message: LINK_NOT_VALID,
    });
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'api-credential.link-resent',
      outcome: 'success',
      actor: { email: 'orgAdminA@example.com', role: 'OrgAdmin' },
      organisationId: 'A',
      target: { type: 'api-credential', id: credential.apiId, label: 'Nord eISF' },
      after: { clientId: credential.clientId, contactEmail: 'it@nord.example' },
    });
    expect(w.journal.entries.size).toBe(0);
  });

  it('starts a rotation of an active credential, with the default grace unless told', async () => {
    const w = world();
    const { credential, secret } = await activeCredential(w);
    const out = await resendCredential(
      { apiId: credential.apiId, revision: 2 },
      as('admin'),
      w.deps,
    );
    expect(out.credential).toMatchObject({
      status: 'active',
      revision: 3,
      rotation: { graceDays: DEFAULT_GRACE_DAYS, revealedAt: null, retiresAt: null },
    });
    // Nothing changes for the running system until the new secret is revealed.
    expect(w.clients.accepts(credential.clientId, secret)).toBe(true);
    expect(w.clients.clients.get(credential.clientId)?.secrets).toHaveLength(1);
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'api-credential.rotation-started',
      actor: { email: 'admin@example.com', role: 'PlatformAdmin' },
      organisationId: 'A',
      after: { clientId: credential.clientId, graceDays: DEFAULT_GRACE_DAYS },
    });
  });

  it('lets a PlatformAdmin and the organisation’s OrgAdmin resend; others are refused, nothing written', async () => {
    for (const [who, expected] of MANAGING_A) {
      const w = world();
      const credential = await issued(w);
      const before = written(w);
      const call = resendCredential({ apiId: credential.apiId, revision: 1 }, as(who), w.deps);
      if (expected === 'ok') {
        await expect(call, who).resolves.toBeTruthy();
        expect(w.audit.actions().at(-1)).toBe('api-credential.link-resent');
      } else {
        await expect(call, who).rejects.toMatchObject({ code: expected });
        expect(written(w), who).toEqual(before);
      }
    }
    const w = world();
    await expect(
      resendCredential({ apiId: 'api-9999', revision: 1 }, as('admin'), w.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses with 409 a stale revision and a revoked, expired or broken credential, writing nothing', async () => {
    const cases: [string, (w: World, apiId: string) => number][] = [
      ['a stale revision', () => 0],
      [
        'revoked',
        (w, apiId) => {
          const r = w.credentials.records.get(apiId);
          if (r) w.credentials.records.set(apiId, { ...r, status: 'revoked' });
          return 1;
        },
      ],
      [
        'broken',
        (w, apiId) => {
          const r = w.credentials.records.get(apiId);
          if (r) w.credentials.records.set(apiId, { ...r, status: 'broken' });
          return 1;
        },
      ],
      [
        'expired',
        (w) => {
          w.clock.current = new Date('2026-07-01T00:00:00.000Z');
          return 1;
        },
      ],
    ];
    for (const [what, arrange] of cases) {
      const w = world();
      const credential = await issued(w);
      const revision = arrange(w, credential.apiId);
      const before = written(w);
      await expect(
        resendCredential({ apiId: credential.apiId, revision }, as('orgAdminA'), w.deps),
        what,
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(written(w), what).toEqual(before);
    }
  });

  it('refuses another rotation while a revealed one is in its grace period, and allows it after', async () => {
    const w = world();
    const { credential } = await activeCredential(w);
    await resendCredential(
      { apiId: credential.apiId, revision: 2, graceDays: 2 },
      as('orgAdminA'),
      w.deps,
    );
    await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    const before = written(w);
    await expect(
      resendCredential({ apiId: credential.apiId, revision: 4 }, as('orgAdminA'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(written(w)).toEqual(before);
    w.clock.advance(2 * 24 * HOUR + 1000);
    await expect(
      resendCredential({ apiId: credential.apiId, revision: 4 }, as('orgAdminA'), w.deps),
    ).resolves.toBeTruthy();
  });

  it('answers the same call again (same caller, same revision) as the first, without another mail', async () => {
    const w = world();
    const credential = await issued(w);
    const first = await resendCredential(
      { apiId: credential.apiId, revision: 1 },
      as('orgAdminA'),
      w.deps,
    );
    const before = written(w);
    const again = await resendCredential(
      { apiId: credential.apiId, revision: 1 },
      as('orgAdminA'),
      w.deps,
    );
    expect(again).toEqual(first);
    expect(written(w)).toEqual(before);
    // Someone else from the same revision changed nothing yet: theirs is stale.
    await expect(
      resendCredential({ apiId: credential.apiId, revision: 1 }, as('admin'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
