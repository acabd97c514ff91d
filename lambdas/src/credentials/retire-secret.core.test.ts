import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { revealCredential } from './credential-link.core';
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
import { resendCredential } from './resend-credential.core';
import { retireSecret } from './retire-secret.core';

/** retire-api-credential-secret: ends a revealed rotation's grace period now. */

/** An active credential whose rotation (grace 7 days) is revealed: revision 4, two secrets. */
const rotated = async () => {
  const w = world();
  const { credential, secret: oldSecret } = await activeCredential(w);
  await resendCredential(
    { apiId: credential.apiId, revision: 2, graceDays: 7 },
    as('orgAdminA'),
    w.deps,
  );
  const { clientSecret: newSecret } = await revealCredential(
    lastLink(w.mailer),
    contact(),
    w.linkDeps,
  );
  return { w, credential, oldSecret, newSecret };
};

describe('retire-api-credential-secret', () => {
  it('deletes the old secret at once, keeps the new one, ends the rotation and audits it', async () => {
    const { w, credential, oldSecret, newSecret } = await rotated();
    const retiresAt = w.credentials.records.get(credential.apiId)?.rotation?.retiresAt;
    expect(retiresAt).toMatch(/^2026-01-17T09:00/u);
    const out = await retireSecret(
      { apiId: credential.apiId, revision: 4 },
      as('orgAdminA'),
      w.deps,
    );
    expect(routes['retire-api-credential-secret'].response.parse(out)).toEqual(out);
    // Revision 5 ends the rotation; 6, after the old secret is gone, refuses the tokens issued
    // before (the first whole second after the clock: a token's iat is in seconds).
    expect(out.credential).toMatchObject({ status: 'active', rotation: null, revision: 6 });
    const cutOff = new Date(Math.floor(w.clock.now().getTime() / 1000) * 1000 + 1000);
    expect(w.credentials.records.get(credential.apiId)?.tokensNotBefore).toBe(cutOff.toISOString());
    expect(w.clients.accepts(credential.clientId, oldSecret)).toBe(false);
    expect(w.clients.accepts(credential.clientId, newSecret)).toBe(true);
    expect(w.clients.clients.get(credential.clientId)?.secrets).toHaveLength(1);
    expect(w.audit.entries.at(-1)).toEqual({
      action: 'api-credential.old-secret-retired',
      outcome: 'success',
      actor: { sub: 'orgAdminA-sub', email: 'orgAdminA@example.com', role: 'OrgAdmin' },
      organisationId: 'A',
      target: { type: 'api-credential', id: credential.apiId, label: 'Nord eISF' },
      before: { retiresAt },
      after: {
        clientId: credential.clientId,
        retiredAt: w.clock.now().toISOString(),
        tokensIssuedBeforeRefused: true,
      },
      source: { ip: '203.0.113.7', userAgent: 'vitest' },
      requestId: 'req-1',
    });
    expect(JSON.stringify(w.audit.entries)).not.toContain(newSecret);
  });

  it('lets a PlatformAdmin and the organisation’s OrgAdmin retire; others are refused, nothing written', async () => {
    for (const [who, expected] of MANAGING_A) {
      const { w, credential, oldSecret } = await rotated();
      const before = written(w);
      const call = retireSecret({ apiId: credential.apiId, revision: 4 }, as(who), w.deps);
      if (expected === 'ok') {
        await expect(call, who).resolves.toBeTruthy();
        expect(w.clients.accepts(credential.clientId, oldSecret), who).toBe(false);
      } else {
        await expect(call, who).rejects.toMatchObject({ code: expected });
        expect(written(w), who).toEqual(before);
        expect(w.clients.accepts(credential.clientId, oldSecret), who).toBe(true);
      }
    }
  });

  it('refuses with 409, writing nothing, when no revealed rotation is under way or the revision is stale', async () => {
    // A pending credential; an active one without a rotation; a rotation not revealed yet.
    const pending = world();
    const p = await issued(pending);
    const active = world();
    const a = (await activeCredential(active)).credential;
    const started = world();
    const s = (await activeCredential(started)).credential;
    await resendCredential({ apiId: s.apiId, revision: 2 }, as('admin'), started.deps);
    const stale = await rotated();
    const cases = [
      { what: 'pending', w: pending, apiId: p.apiId, revision: 1 },
      { what: 'no rotation', w: active, apiId: a.apiId, revision: 2 },
      { what: 'not revealed', w: started, apiId: s.apiId, revision: 3 },
      { what: 'stale', w: stale.w, apiId: stale.credential.apiId, revision: 3 },
    ];
    for (const { what, w, apiId, revision } of cases) {
      const before = written(w);
      await expect(
        retireSecret({ apiId, revision }, as('orgAdminA'), w.deps),
        what,
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(written(w), what).toEqual(before);
    }
  });

  it('answers the same call again as the first, without another audit record', async () => {
    const { w, credential } = await rotated();
    const first = await retireSecret({ apiId: credential.apiId, revision: 4 }, as('admin'), w.deps);
    const before = written(w);
    const again = await retireSecret({ apiId: credential.apiId, revision: 4 }, as('admin'), w.deps);
    expect(again).toEqual(first);
    expect(written(w)).toEqual(before);
    await expect(
      retireSecret({ apiId: credential.apiId, revision: 5 }, as('admin'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
