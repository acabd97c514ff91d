import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKey } from '@ccsc/lambdas/data-model';
import { mailTo } from '../support/aws';
import { CONSOLE_OUTPUT_FILE } from '../support/console';
import {
  buildNetwork,
  type Caller,
  must,
  type Network,
  ok,
  registryCall,
} from '../support/registry';
import {
  answers,
  c,
  type Credential,
  documents,
  IN_A_YEAR,
  isReveal,
  linkIn,
  MAIN_TABLE,
  partner,
  publicCall,
  realFetch,
  recordingFetch,
  type Revealed,
  tokenFor,
} from './credentials-kit';

/**
 * API credentials and the partner API through the running console (issue 15), as a system's
 * engineers meet them: an OrgAdmin issues a credential for the site's eISF; the link reaches the
 * technical contact only; the contact reveals client id and secret once; a standard OAuth 2.0
 * client library (openid-client, from the offline discovery document) gets a token; /me and
 * /connections answer for that system; a scope it lacks is 403; rotation keeps both secrets
 * working until the old one is retired; revocation refuses the next call. The secret appears in
 * no table, log line, audit record or answer but the reveal.
 */
describe('API credentials and the partner API', () => {
  let n: Network;
  const contact = `eisf-it-${Date.now()}@example.org`;
  let credential: Credential;
  let first: Revealed;
  /** Every secret revealed in this file, the rotation's too; every contact mailed. */
  const secrets: string[] = [];
  const contacts = [contact];

  beforeAll(async () => {
    globalThis.fetch = recordingFetch;
    n = await buildNetwork(c, 'Credentials');
  }, 120_000);
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('an OrgAdmin issues a credential for their site’s eISF; the contact alone gets the link', async () => {
    credential = (
      await ok<{ credential: Credential }>(c, n.people.siteAdmin, 'generateApiCredential', {
        systemId: n.siteSystem.systemId,
        scopes: ['ccsc-api/system.read'],
        expiresAt: IN_A_YEAR(),
        contactEmail: contact,
      })
    ).credential;
    expect(credential).toMatchObject({ status: 'pending', systemName: n.siteSystem.name });
    const link = await linkIn(contact, 1);
    expect(link.apiId).toBe(credential.apiId);
    // Not the sponsor's OrgAdmin, not an Auditor, not for another organisation's system.
    for (const [who, systemId, status] of [
      [n.people.sponsorAdmin, n.siteSystem.systemId, 404],
      [n.people.siteAuditor, n.siteSystem.systemId, 403],
      [n.people.siteAdmin, n.otherSiteSystem.systemId, 404],
    ] as const) {
      const refused = await registryCall(c, who, 'generateApiCredential', {
        systemId,
        scopes: ['ccsc-api/system.read'],
        expiresAt: IN_A_YEAR(),
        contactEmail: contact,
      });
      expect(refused.status).toBe(status);
    }
  });

  it('reveals once; a second visit, a tampered token and an unknown id all get the same answer', async () => {
    const link = await linkIn(contact, 1);
    const peek = await publicCall('get-api-credential-link', link);
    expect(peek.status).toBe(200);
    const revealed = await publicCall('decription', link);
    expect(revealed.status).toBe(200);
    first = revealed.body.data as Revealed;
    secrets.push(first.clientSecret);
    expect(first.clientId).toBe(credential.clientId);
    const answers = await Promise.all(
      [
        link,
        { ...link, token: `${link.token.slice(0, -2)}zz` },
        { ...link, apiId: '00000000-0000-4000-8000-000000000000' },
      ].map((l) => publicCall('decription', l)),
    );
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    expect(new Set(answers.map((a) => a.body.error?.message)).size).toBe(1);
  });

  it('a standard OAuth client gets a token; /me answers for the system; a scope it lacks is 403', async () => {
    const token = await tokenFor(first.clientId, first.clientSecret, 'ccsc-api/system.read');
    const me = await partner('me', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      data: {
        system: { systemId: n.siteSystem.systemId },
        organisation: { organisationId: n.site.organisationId },
        credential: { apiId: credential.apiId, scopes: ['ccsc-api/system.read'] },
      },
    });
    const connections = await partner('connections', token);
    expect(connections.status).toBe(403);
    // RFC 6750 §3, as a standard client reads it: the scope it lacks; no token, the realm alone.
    expect(connections.res.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="ccsc", error="insufficient_scope", error_description="[^"]+", scope="ccsc-api\/connections\.read"$/u,
    );
    const anonymous = await partner('me', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.res.headers.get('www-authenticate')).toBe('Bearer realm="ccsc"');
    const openApi = await fetch(`${c.url}/ccsc/api/v1/openapi.json`);
    expect(openApi.status).toBe(200);
    // Its last use is on record.
    const [listed] = (
      await ok<{ credentials: (Credential & { lastUsedAt: string | null })[] }>(
        c,
        n.people.siteAdmin,
        'list-api-credentials',
        { systemId: n.siteSystem.systemId },
      )
    ).credentials;
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('rotates without downtime: both secrets work until the old one is retired', async () => {
    const [now] = (
      await ok<{ credentials: Credential[] }>(c, n.people.siteAdmin, 'list-api-credentials', {
        systemId: n.siteSystem.systemId,
      })
    ).credentials;
    await ok(c, n.people.siteAdmin, 'resendApiCredential', {
      apiId: credential.apiId,
      revision: must(now).revision,
      graceDays: 7,
    });
    const second = (await publicCall('decription', await linkIn(contact, 2))).body.data as Revealed;
    expect(second.clientSecret).not.toBe(first.clientSecret);
    secrets.push(second.clientSecret);
    const oldToken = await tokenFor(first.clientId, first.clientSecret, 'ccsc-api/system.read');
    await tokenFor(second.clientId, second.clientSecret, 'ccsc-api/system.read');
    expect((await partner('me', oldToken)).status).toBe(200);
    const [rotating] = (
      await ok<{ credentials: Credential[] }>(c, n.people.siteAdmin, 'list-api-credentials', {
        systemId: n.siteSystem.systemId,
      })
    ).credentials;
    await ok(c, n.people.siteAdmin, 'retire-api-credential-secret', {
      apiId: credential.apiId,
      revision: must(rotating).revision,
    });
    await expect(
      tokenFor(first.clientId, first.clientSecret, 'ccsc-api/system.read'),
    ).rejects.toThrow();
    // Retired at once: the token the old secret obtained is refused too (one process offline, so
    // from the next call), and a token the new secret asks for once the answer came works.
    const refused = await partner('me', oldToken);
    expect(refused.status).toBe(401);
    expect(refused.res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const fresh = await tokenFor(second.clientId, second.clientSecret, 'ccsc-api/system.read');
    expect((await partner('me', fresh)).status).toBe(200);
    first = second;
  });

  it('revokes: the next call with a token issued before is 401', async () => {
    const token = await tokenFor(first.clientId, first.clientSecret, 'ccsc-api/system.read');
    expect((await partner('me', token)).status).toBe(200);
    const [current] = (
      await ok<{ credentials: Credential[] }>(c, n.admin, 'list-api-credentials', {
        systemId: n.siteSystem.systemId,
      })
    ).credentials;
    const revoked = await ok<{ credential: Credential }>(c, n.admin, 'deleteApiCredential', {
      apiId: credential.apiId,
      revision: must(current).revision,
      reason: 'integration test',
    });
    expect(revoked.credential.status).toBe('revoked');
    const refused = await partner('me', token);
    expect(refused.status).toBe(401);
    expect(refused.res.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="ccsc", error="invalid_token", error_description="The access token is not valid for this API[^"]*"$/u,
    );
  });

  it('an expired link and an expired credential reveal and answer nothing; another organisation cannot touch it', async () => {
    const issue = async (to: string) => {
      contacts.push(to);
      return (
        await ok<{ credential: Credential }>(c, n.people.siteAdmin, 'generateApiCredential', {
          systemId: n.siteSystem.systemId,
          scopes: ['ccsc-api/system.read'],
          expiresAt: IN_A_YEAR(),
          contactEmail: to,
        })
      ).credential;
    };
    const ago = new Date(Date.now() - 60_000).toISOString();
    // The link's 72 hours are over (the stored record says so; no clock is turned).
    const lateContact = `late-${Date.now()}@example.org`;
    const late = await issue(lateContact);
    const lateLink = await linkIn(lateContact, 1);
    await documents.send(
      new UpdateCommand({
        TableName: MAIN_TABLE,
        Key: credentialKey(late.apiId),
        UpdateExpression: 'SET #link.#until = :ago',
        ExpressionAttributeNames: { '#link': 'link', '#until': 'until' },
        ExpressionAttributeValues: { ':ago': ago },
      }),
    );
    const unknown = await publicCall('decription', {
      apiId: '00000000-0000-4000-8000-000000000000',
      token: lateLink.token,
    });
    for (const call of ['get-api-credential-link', 'decription']) {
      const answer = await publicCall(call, lateLink);
      expect(answer.status, call).toBe(404);
      expect(answer.body.error?.message).toBe(unknown.body.error?.message);
    }
    // The credential's own expiry has passed: a token the client still gets is refused.
    const endedContact = `ended-${Date.now()}@example.org`;
    const ended = await issue(endedContact);
    const revealed = (await publicCall('decription', await linkIn(endedContact, 1))).body
      .data as Revealed;
    secrets.push(revealed.clientSecret);
    await documents.send(
      new UpdateCommand({
        TableName: MAIN_TABLE,
        Key: credentialKey(ended.apiId),
        UpdateExpression: 'SET validUntil = :ago',
        ExpressionAttributeValues: { ':ago': ago },
      }),
    );
    const token = await tokenFor(revealed.clientId, revealed.clientSecret, 'ccsc-api/system.read');
    expect((await partner('me', token)).status).toBe(401);
    // The sponsor's OrgAdmin cannot see, rotate, revoke or describe the site's credential.
    const [listed] = (
      await ok<{ credentials: Credential[] }>(c, n.people.siteAdmin, 'list-api-credentials', {
        systemId: n.siteSystem.systemId,
      })
    ).credentials.filter((x) => x.apiId === ended.apiId);
    const revision = must(listed).revision;
    expect(
      (
        await ok<{ credentials: Credential[] }>(c, n.people.sponsorAdmin, 'list-api-credentials', {
          systemId: n.siteSystem.systemId,
        })
      ).credentials,
    ).toEqual([]);
    for (const [op, body, method] of [
      ['resendApiCredential', { apiId: ended.apiId, revision }, 'POST'],
      ['deleteApiCredential', { apiId: ended.apiId, revision }, 'POST'],
      ['retire-api-credential-secret', { apiId: ended.apiId, revision }, 'POST'],
      [`downloadApiScope?apiId=${ended.apiId}`, undefined, 'GET'],
    ] as const) {
      const refused = await registryCall(c, n.people.sponsorAdmin, op, body, method);
      expect(refused.status, op).toBe(404);
    }
  });

  it('lists the usable credentials never used and those expiring within 30 days, totals agreeing', async () => {
    const freshContact = `fresh-${Date.now()}@example.org`;
    contacts.push(freshContact);
    const fresh = (
      await ok<{ credential: Credential }>(c, n.people.siteAdmin, 'generateApiCredential', {
        systemId: n.siteSystem.systemId,
        scopes: ['ccsc-api/system.read'],
        expiresAt: IN_A_YEAR(),
        contactEmail: freshContact,
      })
    ).credential;
    const list = (who: Caller, query: Record<string, string>) =>
      ok<{ credentials: Credential[]; total: number }>(c, who, 'list-api-credentials', {
        systemId: n.siteSystem.systemId,
        ...query,
      });
    const never = await list(n.people.siteAdmin, { use: 'never' });
    const neverIds = never.credentials.map((x) => x.apiId);
    // Pending and never called: counted. Revoked (and called before): not; expired: not.
    expect(neverIds).toContain(fresh.apiId);
    expect(neverIds).not.toContain(credential.apiId);
    expect(never.total).toBe(never.credentials.length);
    for (const x of never.credentials) {
      expect(['pending', 'active', 'expiring']).toContain(x.status);
      expect(x.lastUsedAt).toBeNull();
    }
    // Revealed, and 10 days from its expiry (the record set so; no clock is turned).
    await documents.send(
      new UpdateCommand({
        TableName: MAIN_TABLE,
        Key: credentialKey(fresh.apiId),
        UpdateExpression: 'SET #status = :active, revealedAt = :now, validUntil = :soon',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':active': 'active',
          ':now': new Date().toISOString(),
          ':soon': new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString(),
        },
      }),
    );
    const queries: Record<string, string>[] = [
      { status: 'expiring' },
      { status: 'expiring', use: 'never' },
    ];
    for (const query of queries) {
      const expiring = await list(n.people.siteAdmin, query);
      expect(expiring.credentials.map((x) => x.apiId)).toEqual([fresh.apiId]);
      expect(expiring.total).toBe(1);
      // Another organisation's administrator counts none of them.
      expect((await list(n.people.sponsorAdmin, query)).total).toBe(0);
    }
    const refused = await registryCall(c, n.admin, 'list-api-credentials', { use: 'sometimes' });
    expect(refused.status).toBe(400);
  });

  it('keeps the secrets out of every answer, mail, log line, table, file and audit record', async () => {
    expect(secrets).toHaveLength(3);
    // The scope document too (a signed link to the exports bucket), fetched like the rest.
    const scope = await ok<{ url: string }>(
      c,
      n.people.siteAdmin,
      `downloadApiScope?apiId=${encodeURIComponent(credential.apiId)}`,
      undefined,
      'GET',
    );
    expect((await fetch(scope.url)).status).toBe(200);
    const audit = await ok<{ records: unknown[] }>(c, n.admin, 'list-audit-records', {
      limit: 100,
    });
    // Each secret was answered exactly once: by its reveal.
    expect(answers.filter(isReveal)).toHaveLength(3);
    const others = answers.filter((a) => !isReveal(a));
    expect(others.length).toBeGreaterThan(20);
    const mails = JSON.stringify(await Promise.all(contacts.map((to) => mailTo(c, to))));
    expect(mails).toContain('/generate/');
    const output = await readFile(join(c.dataDir, CONSOLE_OUTPUT_FILE), 'utf8');
    // The handlers' log lines are in it (the refused reveals log their refusal).
    expect(output).toContain('"operation":"decription"');
    for (const secret of secrets) {
      for (const answer of others) expect(answer.body.includes(secret), answer.url).toBe(false);
      expect(mails).not.toContain(secret);
      expect(output).not.toContain(secret);
      expect(JSON.stringify(audit)).not.toContain(secret);
    }
    // The offline DynamoDB keeps its tables under the data folder: none holds the secret.
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else files.push(path);
      }
    };
    await walk(join(c.dataDir, 'dynamodb'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const content = await readFile(file);
      for (const secret of secrets) expect(content.includes(secret), file).toBe(false);
    }
  });
});
