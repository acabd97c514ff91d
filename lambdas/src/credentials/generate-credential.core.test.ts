import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { hashToken } from '../core/links';
import { anOrganisation } from '../core/testing/memory-registry';
import { generateCredential, latestExpiry } from './generate-credential.core';
import { as, issueRequest, lastLink, world, written, type Who } from './credential-test-kit';

/** generateApiCredential: one pending credential per call, for a system within the caller's reach. */

describe('generateApiCredential', () => {
  it('answers the pending credential and records it, its client, its link mail and one audit record', async () => {
    const w = world();
    const { credential } = await generateCredential(
      issueRequest({ description: 'Nightly sync' }),
      as('orgAdminA'),
      w.deps,
    );
    expect(routes.generateApiCredential.response.parse({ credential })).toEqual({ credential });
    expect(credential).toMatchObject({
      apiId: 'api-0001',
      organisationId: 'A',
      systemId: 'a-eisf',
      status: 'pending',
      expiresAt: '2026-07-01T00:00:00.000Z',
      createdAt: '2026-01-10T09:00:00.000Z',
      createdBy: 'orgAdminA@example.com',
      description: 'Nightly sync',
      contactEmail: 'it@nord.example',
      linkExpiresAt: '2026-01-13T09:00:00.000Z',
      revision: 1,
    });
    // The client holds exactly the scopes asked for; the record names it.
    expect([...w.clients.clients.keys()]).toEqual([credential.clientId]);
    expect(w.clients.clients.get(credential.clientId)?.scopes).toEqual(credential.scopes);
    // The link goes to the contact; the record holds its token only as a hash.
    const link = lastLink(w.mailer);
    expect(w.mailer.sent).toHaveLength(1);
    expect(w.mailer.sent[0]?.to).toBe('it@nord.example');
    expect(link.apiId).toBe(credential.apiId);
    expect(w.credentials.records.get(credential.apiId)?.link?.tokenHash).toBe(
      hashToken(link.token),
    );
    expect(w.audit.entries).toEqual([
      {
        action: 'api-credential.issued',
        outcome: 'success',
        actor: { sub: 'orgAdminA-sub', email: 'orgAdminA@example.com', role: 'OrgAdmin' },
        organisationId: 'A',
        target: { type: 'api-credential', id: credential.apiId, label: 'Nord eISF' },
        after: {
          systemId: 'a-eisf',
          clientId: credential.clientId,
          scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
          contactEmail: 'it@nord.example',
          status: 'pending',
          validUntil: '2026-07-01T00:00:00.000Z',
          description: 'Nightly sync',
        },
        source: { ip: '203.0.113.7', userAgent: 'vitest' },
        requestId: 'req-1',
      },
    ]);
    // The write is finished: nothing is left in the journal for the reconciler.
    expect(w.journal.entries.size).toBe(0);
  });

  it('never shows the secret or the link token in the answer, the record or the audit trail', async () => {
    const w = world();
    const { credential } = await generateCredential(issueRequest(), as('admin'), w.deps);
    const secret = w.clients.clients.get(credential.clientId)?.secrets[0]?.value ?? '';
    const { token } = lastLink(w.mailer);
    expect(secret).not.toBe('');
    const stored = JSON.stringify([
      credential,
      [...w.credentials.records.values()],
      w.audit.entries,
    ]);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(token);
    expect(JSON.stringify(w.mailer.sent)).not.toContain(secret);
  });

  it('lets a PlatformAdmin issue for any organisation and an OrgAdmin for their own only; Auditors never', async () => {
    const table: [Who, string, 'ok' | 'NOT_FOUND' | 'FORBIDDEN'][] = [
      ['admin', 'a-eisf', 'ok'],
      ['admin', 'b-eisf', 'ok'],
      ['orgAdminA', 'a-eisf', 'ok'],
      ['orgAdminB', 'b-eisf', 'ok'],
      // Another organisation's system answers as one that does not exist.
      ['orgAdminA', 'b-eisf', 'NOT_FOUND'],
      ['orgAdminB', 'a-eisf', 'NOT_FOUND'],
      ['auditorA', 'b-eisf', 'NOT_FOUND'],
      // Seen, but Auditors change nothing.
      ['auditorA', 'a-eisf', 'FORBIDDEN'],
      ['auditorAll', 'b-eisf', 'FORBIDDEN'],
    ];
    for (const [who, systemId, expected] of table) {
      const w = world();
      const before = written(w);
      const call = generateCredential(issueRequest({ systemId }), as(who), w.deps);
      if (expected === 'ok') {
        const { credential } = await call;
        expect(credential.systemId, `${who} ${systemId}`).toBe(systemId);
        expect(w.audit.actions()).toEqual(['api-credential.issued']);
      } else {
        await expect(call, `${who} ${systemId}`).rejects.toMatchObject({ code: expected });
        expect(written(w), `${who} ${systemId}`).toEqual(before);
      }
    }
  });

  it('refuses an unknown system, an inactive system and a system of an inactive organisation, writing nothing', async () => {
    const cases: [string, (w: ReturnType<typeof world>) => void, string][] = [
      ['nowhere', () => undefined, 'NOT_FOUND'],
      ['a-off', () => undefined, 'CONFLICT'],
      [
        'a-eisf',
        (w) => {
          w.registry.seed([
            {
              type: 'organisation',
              record: anOrganisation('A', { name: 'Klinik Nord', status: 'inactive' }),
            },
          ]);
        },
        'CONFLICT',
      ],
    ];
    for (const [systemId, arrange, code] of cases) {
      const w = world();
      arrange(w);
      const before = written(w);
      await expect(
        generateCredential(issueRequest({ systemId }), as('admin'), w.deps),
        systemId,
      ).rejects.toMatchObject({ code });
      expect(written(w)).toEqual(before);
    }
  });

  it('takes an expiry from a day ahead to 12 months ahead, and refuses one outside on expiresAt', async () => {
    const now = new Date('2026-01-10T09:00:00.000Z');
    const dayAhead = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString();
    const latest = latestExpiry(now).toISOString();
    expect(latest).toBe('2027-01-10T09:00:00.000Z');
    for (const expiresAt of [dayAhead, latest]) {
      const w = world();
      const { credential } = await generateCredential(
        issueRequest({ expiresAt }),
        as('admin'),
        w.deps,
      );
      expect(credential.expiresAt).toBe(expiresAt);
    }
    for (const expiresAt of ['2026-01-11T08:59:59.999Z', '2027-01-10T09:00:00.001Z']) {
      const w = world();
      const before = written(w);
      await expect(
        generateCredential(issueRequest({ expiresAt }), as('admin'), w.deps),
        expiresAt,
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'expiresAt' }] });
      expect(written(w)).toEqual(before);
    }
  });

  it('with a requestKey answers a repeat with the credential issued, and refuses the key for another request', async () => {
    const w = world();
    const requestKey = 'b2f0c3a4-1111-4222-8333-944455556666';
    const first = await generateCredential(issueRequest({ requestKey }), as('orgAdminA'), w.deps);
    const again = await generateCredential(issueRequest({ requestKey }), as('orgAdminA'), w.deps);
    expect(again).toEqual(first);
    const before = written(w);
    await expect(
      generateCredential(
        issueRequest({ requestKey, contactEmail: 'other@nord.example' }),
        as('orgAdminA'),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(written(w)).toEqual(before);
    expect(w.audit.actions()).toEqual(['api-credential.issued']);
  });
});
