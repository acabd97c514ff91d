import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import {
  getCredentialLink,
  LINK_MIN_RESPONSE_MS,
  LINK_NOT_VALID,
  revealCredential,
} from './credential-link.core';
import {
  activeCredential,
  as,
  contact,
  issued,
  lastLink,
  world,
  written,
  type World,
} from './credential-test-kit';
import { resendCredential } from './resend-credential.core';

/** The public link page: what a link issues (get-api-credential-link) and its one reveal (decription). */

const HOUR = 60 * 60 * 1000;

/** Changes the stored record as another call (or the expiry job) would have. */
const change = (w: World, apiId: string, over: Record<string, unknown>) => {
  const record = w.credentials.records.get(apiId);
  if (record === undefined) throw new Error(`no credential ${apiId}`);
  w.credentials.records.set(apiId, { ...record, ...over });
};

describe('get-api-credential-link', () => {
  it('shows what the link issues, changing nothing, in no less than the steady time', async () => {
    const w = world();
    const credential = await issued(w);
    const before = written(w);
    const started = w.clock.now().getTime();
    const out = await getCredentialLink(lastLink(w.mailer), contact(), w.linkDeps);
    expect(routes['get-api-credential-link'].response.parse(out)).toEqual(out);
    expect(out.link).toEqual({
      apiId: credential.apiId,
      kind: 'initial',
      organisationName: 'Klinik Nord',
      systemName: 'Nord eISF',
      scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
      expiresAt: '2026-07-01T00:00:00.000Z',
      linkExpiresAt: '2026-01-13T09:00:00.000Z',
    });
    expect(w.clock.now().getTime() - started).toBe(LINK_MIN_RESPONSE_MS);
    expect(written(w)).toEqual(before);
  });
});

describe('decription (the reveal)', () => {
  it('answers the client id, its secret and where to use them; the credential turns active, audited without the secret', async () => {
    const w = world();
    const credential = await issued(w);
    const revealed = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    expect(routes.decription.response.parse(revealed)).toEqual(revealed);
    expect(revealed).toEqual({
      apiId: credential.apiId,
      clientId: credential.clientId,
      clientSecret: expect.any(String) as unknown,
      tokenUrl: 'https://auth.example/oauth2/token',
      apiBaseUrl: 'https://api.console.example/prod/ccsc/api/v1',
      openApiUrl: 'https://api.console.example/prod/ccsc/api/v1/openapi.json',
      scopes: credential.scopes,
      expiresAt: '2026-07-01T00:00:00.000Z',
      organisationName: 'Klinik Nord',
      systemName: 'Nord eISF',
    });
    expect(w.clients.accepts(credential.clientId, revealed.clientSecret)).toBe(true);
    const record = w.credentials.records.get(credential.apiId);
    expect(record).toMatchObject({ status: 'active', link: null, revision: 2 });
    expect(record?.revealedAt).toBe('2026-01-10T09:00:00.000Z');
    const last = w.audit.entries.at(-1);
    expect(last).toMatchObject({
      action: 'api-credential.revealed',
      outcome: 'success',
      actor: null,
      organisationId: 'A',
      target: { type: 'api-credential', id: credential.apiId, label: 'Nord eISF' },
      after: { clientId: credential.clientId, revealedTo: 'it@nord.example' },
    });
    expect(JSON.stringify(w.audit.entries)).not.toContain(revealed.clientSecret);
  });

  it('works once: the link then answers like any bad link, on both calls, writing nothing', async () => {
    const w = world();
    await issued(w);
    const link = lastLink(w.mailer);
    await revealCredential(link, contact(), w.linkDeps);
    const before = written(w);
    for (const call of [revealCredential, getCredentialLink]) {
      await expect(call(link, contact(), w.linkDeps)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: LINK_NOT_VALID,
      });
    }
    expect(written(w)).toEqual(before);
  });

  it('answers every link that does not work alike, in the same time, writing nothing', async () => {
    const bad: [string, (w: World, link: { apiId: string; token: string }) => typeof link][] = [
      ['another token', (_w, link) => ({ ...link, token: `${link.token.slice(0, -1)}y` })],
      ['an unknown apiId', (_w, link) => ({ ...link, apiId: 'api-9999' })],
      [
        'an expired link',
        (w, link) => {
          w.clock.advance(72 * HOUR);
          return link;
        },
      ],
      [
        'a revoked credential',
        (w, link) => {
          change(w, link.apiId, { status: 'revoked' });
          return link;
        },
      ],
      [
        'a credential past its expiry',
        (w, link) => {
          change(w, link.apiId, { validUntil: '2026-01-10T08:59:59.999Z' });
          return link;
        },
      ],
    ];
    for (const [what, spoil] of bad) {
      const w = world();
      await issued(w);
      const link = spoil(w, lastLink(w.mailer));
      const before = written(w);
      for (const call of [getCredentialLink, revealCredential]) {
        const started = w.clock.now().getTime();
        await expect(call(link, contact(), w.linkDeps), what).rejects.toMatchObject({
          code: 'NOT_FOUND',
          message: LINK_NOT_VALID,
        });
        expect(w.clock.now().getTime() - started, what).toBe(LINK_MIN_RESPONSE_MS);
      }
      expect(written(w), what).toEqual(before);
    }
  });

  it('a link replaced by a new one no longer works; the new one does', async () => {
    const w = world();
    const credential = await issued(w);
    const old = lastLink(w.mailer);
    await resendCredential({ apiId: credential.apiId, revision: 1 }, as('admin'), w.deps);
    await expect(revealCredential(old, contact(), w.linkDeps)).rejects.toMatchObject({
      message: LINK_NOT_VALID,
    });
    const revealed = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
    expect(w.clients.accepts(credential.clientId, revealed.clientSecret)).toBe(true);
  });

  it('a rotation link adds a second secret: both work until the grace period ends, audited with it', async () => {
    const w = world();
    const { credential, secret } = await activeCredential(w);
    await resendCredential(
      { apiId: credential.apiId, revision: 2, graceDays: 3 },
      as('orgAdminA'),
      w.deps,
    );
    const link = lastLink(w.mailer);
    expect((await getCredentialLink(link, contact(), w.linkDeps)).link.kind).toBe('rotation');
    const second = await revealCredential(link, contact(), w.linkDeps);
    expect(second.clientSecret).not.toBe(secret);
    expect(w.clients.accepts(credential.clientId, secret)).toBe(true);
    expect(w.clients.accepts(credential.clientId, second.clientSecret)).toBe(true);
    expect(w.credentials.records.get(credential.apiId)?.rotation?.retiresAt).toBe(
      '2026-01-13T09:00:00.800Z',
    );
    expect(w.audit.entries.at(-1)).toMatchObject({
      action: 'api-credential.rotation-revealed',
      actor: null,
      after: { clientId: credential.clientId, graceDays: 3 },
    });
    expect(JSON.stringify(w.audit.entries)).not.toContain(second.clientSecret);
  });

  it('a first reveal Cognito cannot answer spends nothing: the same link works once it can', async () => {
    const w = world();
    const credential = await issued(w);
    const link = lastLink(w.mailer);
    const before = written(w);
    w.clients.failing.add('originalSecret');
    await expect(revealCredential(link, contact(), w.linkDeps)).rejects.toThrow(
      'Service unavailable.',
    );
    expect(written(w)).toEqual(before);
    w.clients.failing.clear();
    const revealed = await revealCredential(link, contact(), w.linkDeps);
    expect(revealed.clientId).toBe(credential.clientId);
  });
});
