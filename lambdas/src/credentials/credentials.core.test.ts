import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { hashToken } from '../core/links';
import { getCredentialLink, LINK_NOT_VALID, revealCredential } from './credential-link.core';
import {
  as,
  contact,
  issued,
  issueRequest,
  lastLink,
  world,
  type Who,
} from './credential-test-kit';
import { generateCredential } from './generate-credential.core';
import { listCredentials } from './list-credentials.core';
import { resendCredential } from './resend-credential.core';
import { retireSecret } from './retire-secret.core';
import { revokeCredential } from './revoke-credential.core';
import { sweepCredentials } from './credential-sweep';

describe('generateApiCredential', () => {
  it('makes a client with exactly the scopes, records it pending, mails a single-use link, never the secret', async () => {
    const w = world();
    const credential = await issued(w);
    expect(credential).toMatchObject({
      status: 'pending',
      organisationName: 'Klinik Nord',
      systemName: 'Nord eISF',
      scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
      linkExpiresAt: '2026-01-13T09:00:00.000Z',
      revealedAt: null,
      createdBy: 'orgAdminA@example.com',
    });
    expect(routes.generateApiCredential.response.safeParse({ credential }).success).toBe(true);
    const client = w.clients.clients.get(credential.clientId);
    expect(client?.scopes).toEqual(['ccsc-api/system.read', 'ccsc-api/connections.read']);
    const secret = client?.secrets[0]?.value ?? '';
    const { token } = lastLink(w.mailer);
    expect(w.mailer.sent.at(-1)).toMatchObject({ to: 'it@nord.example' });
    // The secret is nowhere but in Cognito; the token only as its hash.
    const everywhere = JSON.stringify([
      credential,
      [...w.credentials.records.values()],
      w.audit.entries,
      w.mailer.sent,
    ]);
    expect(everywhere).not.toContain(secret);
    expect(JSON.stringify([...w.credentials.records.values()])).not.toContain(token);
    expect(JSON.stringify([...w.credentials.records.values()])).toContain(hashToken(token));
    expect(w.audit.actions()).toEqual(['api-credential.issued']);
  });

  it('per role and organisation; an inactive system and an expiry beyond 12 months are refused', async () => {
    const table: [Who, string, string][] = [
      ['admin', 'b-eisf', 'ok'],
      ['orgAdminA', 'a-eisf', 'ok'],
      ['orgAdminA', 'b-eisf', 'NOT_FOUND'],
      ['auditorA', 'a-eisf', 'FORBIDDEN'],
      ['auditorAll', 'a-eisf', 'FORBIDDEN'],
      ['orgAdminA', 'nowhere', 'NOT_FOUND'],
      ['orgAdminA', 'a-off', 'CONFLICT'],
    ];
    for (const [who, systemId, expected] of table) {
      const w = world();
      const result = generateCredential(issueRequest({ systemId }), as(who), w.deps);
      if (expected === 'ok') await expect(result, `${who} ${systemId}`).resolves.toBeTruthy();
      else await expect(result, `${who} ${systemId}`).rejects.toMatchObject({ code: expected });
      if (expected !== 'ok') expect(w.clients.clients.size).toBe(0);
    }
    const w = world();
    for (const expiresAt of ['2027-01-11T09:00:00.000Z', '2026-01-10T12:00:00.000Z']) {
      await expect(
        generateCredential(issueRequest({ expiresAt }), as('admin'), w.deps),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'expiresAt' }] });
    }
  });

  it('issues even when the mail cannot be sent now: the outbox sends a working link once it can', async () => {
    const w = world();
    w.mailer.failWith = new Error('SES down');
    const credential = await issued(w);
    expect(credential.status).toBe('pending');
    expect(w.audit.actions()).toEqual(['api-credential.issued']);
    expect(w.mailer.sent).toEqual([]);
    expect(w.outboxStore.waiting).toBe(1);
    w.mailer.failWith = null;
    // Held a minute by the call that queued it, then the drain's.
    expect(await w.outbox.drain()).toEqual({ sent: 0, failed: 0 });
    w.clock.advance(61_000);
    expect(await w.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    expect(w.outboxStore.waiting).toBe(0);
    // The drain made a new token (the first is gone with the call): its link works.
    const revealed = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    expect(revealed.clientId).toBe(credential.clientId);
  });

  it('answers a repeat with the same requestKey with the same credential, issuing nothing more', async () => {
    const w = world();
    const key = 'b2f0c3a4-1111-4222-8333-944455556666';
    const first = (
      await generateCredential(issueRequest({ requestKey: key }), as('orgAdminA'), w.deps)
    ).credential;
    const again = (
      await generateCredential(issueRequest({ requestKey: key }), as('orgAdminA'), w.deps)
    ).credential;
    expect(again).toEqual(first);
    expect(w.clients.clients.size).toBe(1);
    expect(w.mailer.sent).toHaveLength(1);
    expect(w.audit.actions()).toEqual(['api-credential.issued']);
    // The key with another request is refused; another administrator's key is theirs.
    await expect(
      generateCredential(
        issueRequest({ requestKey: key, description: 'other' }),
        as('orgAdminA'),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const theirs = await generateCredential(issueRequest({ requestKey: key }), as('admin'), w.deps);
    expect(theirs.credential.apiId).not.toBe(first.apiId);
  });
});

describe('the link: what it issues, and its one reveal', () => {
  it('shows what is issued, reveals id and secret once, and then says only that the link is not valid', async () => {
    const w = world();
    const credential = await issued(w);
    const link = lastLink(w.mailer);
    const peek = await getCredentialLink(link, contact(), w.linkDeps);
    expect(peek.link).toMatchObject({ kind: 'initial', systemName: 'Nord eISF' });
    const revealed = await revealCredential(link, contact(), w.linkDeps);
    expect(revealed).toMatchObject({
      clientId: credential.clientId,
      tokenUrl: 'https://auth.example/oauth2/token',
      apiBaseUrl: 'https://api.console.example/prod/ccsc/api/v1',
      openApiUrl: 'https://api.console.example/prod/ccsc/api/v1/openapi.json',
    });
    expect(w.clients.accepts(credential.clientId, revealed.clientSecret)).toBe(true);
    expect(JSON.stringify(w.audit.entries)).not.toContain(revealed.clientSecret);
    expect(w.audit.actions()).toEqual(['api-credential.issued', 'api-credential.revealed']);
    const [after] = (await listCredentials({}, as('orgAdminA'), w.deps)).credentials;
    // The peek took its steady 400 ms before the reveal.
    expect(after).toMatchObject({ status: 'active', revealedAt: '2026-01-10T09:00:00.400Z' });

    for (const call of [getCredentialLink, revealCredential]) {
      await expect(call(link, contact(), w.linkDeps)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: LINK_NOT_VALID,
      });
    }
  });

  it('a first reveal Cognito cannot answer spends nothing: the link works once it can', async () => {
    const w = world();
    const credential = await issued(w);
    const link = lastLink(w.mailer);
    w.clients.failing.add('originalSecret');
    await expect(revealCredential(link, contact(), w.linkDeps)).rejects.toThrow(
      'Service unavailable.',
    );
    w.clients.failing.clear();
    const revealed = await revealCredential(link, contact(), w.linkDeps);
    expect(w.clients.accepts(credential.clientId, revealed.clientSecret)).toBe(true);
    expect(w.audit.actions()).toEqual(['api-credential.issued', 'api-credential.revealed']);
  });

  it('answers a tampered token, an unknown apiId and an expired link alike, in the same time', async () => {
    const w = world();
    await issued(w);
    const link = lastLink(w.mailer);
    const tries = [
      { ...link, token: `${link.token.slice(0, -1)}y` },
      { ...link, apiId: 'api-9999' },
    ];
    for (const attempt of tries) {
      const before = w.clock.now().getTime();
      await expect(revealCredential(attempt, contact(), w.linkDeps)).rejects.toMatchObject({
        message: LINK_NOT_VALID,
      });
      expect(w.clock.now().getTime() - before).toBe(400);
    }
    w.clock.advance(72 * 60 * 60 * 1000 + 1);
    await expect(revealCredential(link, contact(), w.linkDeps)).rejects.toMatchObject({
      message: LINK_NOT_VALID,
    });
  });

  it('a new link replaces the old one', async () => {
    const w = world();
    const credential = await issued(w);
    const old = lastLink(w.mailer);
    await resendCredential({ apiId: credential.apiId, revision: 1 }, as('orgAdminA'), w.deps);
    await expect(revealCredential(old, contact(), w.linkDeps)).rejects.toMatchObject({
      message: LINK_NOT_VALID,
    });
    await expect(revealCredential(lastLink(w.mailer), contact(), w.linkDeps)).resolves.toBeTruthy();
  });
});

describe('rotation, retirement and revocation', () => {
  const active = async () => {
    const w = world();
    const credential = await issued(w);
    const first = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    return { w, credential, first };
  };

  it('rotates without downtime: both secrets work through the grace period, then only the new one', async () => {
    const { w, credential, first } = await active();
    const resent = await resendCredential(
      { apiId: credential.apiId, revision: 2, graceDays: 7 },
      as('orgAdminA'),
      w.deps,
    );
    expect(resent.credential.rotation).toEqual({ graceDays: 7, revealedAt: null, retiresAt: null });
    const second = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    expect(w.clients.accepts(credential.clientId, first.clientSecret)).toBe(true);
    expect(w.clients.accepts(credential.clientId, second.clientSecret)).toBe(true);
    const [during] = (await listCredentials({}, as('admin'), w.deps)).credentials;
    expect(during?.rotation?.retiresAt).toMatch(/^2026-01-17T09:00:00/u);
    // Another rotation waits for the grace period to end.
    await expect(
      resendCredential({ apiId: credential.apiId, revision: 4 }, as('orgAdminA'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await retireSecret({ apiId: credential.apiId, revision: 4 }, as('orgAdminA'), w.deps);
    expect(w.clients.accepts(credential.clientId, first.clientSecret)).toBe(false);
    expect(w.clients.accepts(credential.clientId, second.clientSecret)).toBe(true);
    expect(w.audit.actions()).toEqual([
      'api-credential.issued',
      'api-credential.revealed',
      'api-credential.rotation-started',
      'api-credential.rotation-revealed',
      'api-credential.old-secret-retired',
    ]);
  });

  it('a grace of 0 retires the old secret at the reveal', async () => {
    const { w, credential, first } = await active();
    await resendCredential(
      { apiId: credential.apiId, revision: 2, graceDays: 0 },
      as('admin'),
      w.deps,
    );
    const second = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    expect(w.clients.accepts(credential.clientId, first.clientSecret)).toBe(false);
    expect(w.clients.accepts(credential.clientId, second.clientSecret)).toBe(true);
  });

  it('revokes: the client is gone, the record says revoked, a stale revision or another organisation is refused', async () => {
    const { w, credential } = await active();
    await expect(
      revokeCredential({ apiId: credential.apiId, revision: 2 }, as('orgAdminB'), w.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      revokeCredential({ apiId: credential.apiId, revision: 2 }, as('auditorA'), w.deps),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      revokeCredential({ apiId: credential.apiId, revision: 1 }, as('orgAdminA'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const { credential: revoked } = await revokeCredential(
      { apiId: credential.apiId, revision: 2, reason: 'System retired' },
      as('orgAdminA'),
      w.deps,
    );
    expect(revoked).toMatchObject({ status: 'revoked', revokedBy: 'orgAdminA@example.com' });
    expect(w.clients.clients.has(credential.clientId)).toBe(false);
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'api-credential.revoked',
      reason: 'System retired',
    });
  });

  it('a revocation whose client Cognito cannot delete still stands, audited; the sweep deletes the client', async () => {
    const { w, credential } = await active();
    w.clients.failing.add('delete');
    const { credential: revoked } = await revokeCredential(
      { apiId: credential.apiId, revision: 2 },
      as('orgAdminA'),
      w.deps,
    );
    expect(revoked.status).toBe('revoked');
    expect(w.clients.clients.has(credential.clientId)).toBe(true);
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'api-credential.revoked',
      after: { status: 'revoked', clientDeleted: false },
    });
    // Revoked already: a second revocation is refused; the same call again answers as it did.
    await expect(
      revokeCredential({ apiId: credential.apiId, revision: 3 }, as('orgAdminA'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const repeated = await revokeCredential(
      { apiId: credential.apiId, revision: 2 },
      as('orgAdminA'),
      w.deps,
    );
    expect(repeated.credential).toEqual(revoked);
    // The reconciler's sweep finishes the deletion, once.
    w.clients.failing.clear();
    const sweep = () => sweepCredentials(w.writeDeps, w.writes, 'sweep');
    expect((await sweep()).resolved).toBe(1);
    expect(w.clients.clients.has(credential.clientId)).toBe(false);
    expect(w.audit.actions().at(-1)).toBe('api-credential.client-deleted');
    const audited = w.audit.entries.length;
    expect((await sweep()).found).toEqual([]);
    expect(w.audit.entries).toHaveLength(audited);
  });
});

describe('list-api-credentials', () => {
  it('shows each caller what it may see, filtered, searched and paged', async () => {
    const w = world();
    await issued(w);
    await generateCredential(issueRequest({ systemId: 'b-eisf' }), as('admin'), w.deps);
    const ids = async (who: Who, query = {}) =>
      (await listCredentials(query, as(who), w.deps)).credentials.map((c) => c.systemName);
    expect(await ids('admin')).toEqual(['Süd eISF', 'Nord eISF']);
    expect(await ids('auditorAll')).toHaveLength(2);
    expect(await ids('auditorA')).toEqual(['Nord eISF']);
    expect(await ids('orgAdminB')).toEqual(['Süd eISF']);
    expect(await ids('admin', { search: 'sud' })).toEqual(['Süd eISF']);
    expect(await ids('admin', { status: 'active' })).toEqual([]);
    const first = await listCredentials({ limit: 1 }, as('admin'), w.deps);
    expect(first).toMatchObject({ count: 1, total: 2 });
    const second = await listCredentials(
      { limit: 1, cursor: first.nextCursor ?? '' },
      as('admin'),
      w.deps,
    );
    expect(second.credentials.map((c) => c.systemName)).toEqual(['Nord eISF']);
    await expect(
      listCredentials({ cursor: first.nextCursor ?? '', search: 'x' }, as('admin'), w.deps),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('shows a credential expiring within 30 days as expiring, and past its date as expired', async () => {
    const w = world();
    const credential = await issued(w);
    await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    w.clock.current = new Date('2026-06-05T00:00:00.000Z');
    expect((await listCredentials({}, as('admin'), w.deps)).credentials[0]?.status).toBe(
      'expiring',
    );
    w.clock.current = new Date('2026-07-02T00:00:00.000Z');
    expect((await listCredentials({ status: 'expired' }, as('admin'), w.deps)).total).toBe(1);
    expect(credential.expiresAt).toBe('2026-07-01T00:00:00.000Z');
  });

  it('counts expiring exactly 30 days ahead, and finds the usable credentials never used', async () => {
    const w = world();
    const used = await issued(w);
    await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    const unused = await generateCredential(
      issueRequest({ systemId: 'b-eisf' }),
      as('admin'),
      w.deps,
    );
    const pending = unused.credential;
    const listed = async (query: Record<string, unknown>, who: Who = 'admin') =>
      (await listCredentials(query, as(who), w.deps)).credentials.map((c) => c.apiId);
    // Neither called yet: both never used (the pending one too: it can still be revealed).
    expect(await listed({ use: 'never' })).toEqual([pending.apiId, used.apiId]);
    expect(await listed({ use: 'never' }, 'orgAdminA')).toEqual([used.apiId]);
    await w.credentials.touch(used.apiId, w.clock.now(), 0);
    expect(await listed({ use: 'never' })).toEqual([pending.apiId]);
    expect(await listed({ use: 'never', status: 'pending' })).toEqual([pending.apiId]);
    // 30 days before its expiry (2026-07-01) the active one is expiring; a moment earlier not.
    w.clock.current = new Date('2026-06-01T00:00:00.000Z');
    expect(await listed({ status: 'expiring' })).toEqual([used.apiId]);
    w.clock.current = new Date('2026-05-31T23:59:59.999Z');
    expect(await listed({ status: 'expiring' })).toEqual([]);
    // Expired: no longer usable, so not counted as never used.
    w.clock.current = new Date('2026-07-02T00:00:00.000Z');
    expect(await listed({ use: 'never' })).toEqual([]);
    expect(routes['list-api-credentials'].request.safeParse({ use: 'sometimes' }).success).toBe(
      false,
    );
  });
});
