import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { as, contact, lastLink, world } from './credential-test-kit';
import { revealCredential } from './credential-link.core';
import { generateCredential } from './generate-credential.core';
import { resendCredential } from './resend-credential.core';
import { sweepCredentials } from './credential-sweep';

/**
 * The credential writes cut short at each save of their journal entry (issue 32; the process
 * "dies" there, as MemoryWriteJournal.crashAfterSaves makes it), then finished at the start:
 * whole, recorded once, the link mailed once and working — or, for a reveal, undone.
 */

const request = (requestKey?: string) =>
  routes.generateApiCredential.request.parse({
    systemId: 'a-eisf',
    scopes: ['ccsc-api/system.read'],
    expiresAt: '2026-07-01T00:00:00.000Z',
    contactEmail: 'it@nord.example',
    ...(requestKey === undefined ? {} : { requestKey }),
  });

describe('an issue cut short', () => {
  it.each([0, 1, 2])(
    'after %i saved steps is finished at the start: one client, one record, one audit record, a link that works',
    async (saves) => {
      const w = world();
      w.journal.crashAfterSaves = saves;
      await expect(generateCredential(request(), as('orgAdminA'), w.deps)).rejects.toThrow(
        'the process died',
      );
      w.journal.restart();
      expect(await w.writes.reconcile(true)).toMatchObject({ finished: 1 });
      await w.outbox.drain(true);
      expect(w.clients.clients.size).toBe(1);
      expect(w.credentials.records.size).toBe(1);
      expect(w.audit.actions()).toEqual(['api-credential.issued']);
      expect(w.journal.entries.size).toBe(0);
      expect(w.outboxStore.waiting).toBe(0);
      const [record] = [...w.credentials.records.values()];
      expect(record?.clientId).toBe([...w.clients.clients.keys()][0]);
      // The newest link mailed works (a mail the dead run sent, if any, carries a dead link).
      const revealed = await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
      expect(revealed.clientId).toBe(record?.clientId);
    },
  );

  it('with a requestKey: the repeat after the start answers the credential, nothing more', async () => {
    const w = world();
    const key = 'c3a1f2e4-0000-4000-8000-000000000001';
    w.journal.crashAfterSaves = 1;
    await expect(generateCredential(request(key), as('orgAdminA'), w.deps)).rejects.toThrow();
    w.journal.restart();
    // No start in between: the repeat itself finishes the write it finds (its lease given back).
    w.clock.advance(60_000);
    const again = await generateCredential(request(key), as('orgAdminA'), w.deps);
    expect(again.credential.apiId).toBe([...w.credentials.records.keys()][0]);
    expect(w.clients.clients.size).toBe(1);
    expect(w.audit.actions()).toEqual(['api-credential.issued']);
  });
});

describe('the same request twice at once', () => {
  it('issues one credential and answers both calls with it', async () => {
    const w = world();
    const key = 'c3a1f2e4-0000-4000-8000-000000000002';
    const [a, b] = await Promise.all([
      generateCredential(request(key), as('orgAdminA'), w.deps),
      generateCredential(request(key), as('orgAdminA'), w.deps),
    ]);
    expect(a.credential.apiId).toBe(b.credential.apiId);
    expect(w.clients.clients.size).toBe(1);
    expect(w.audit.actions()).toEqual(['api-credential.issued']);
  });
});

describe('a link mail the drain composes', () => {
  it('puts a new link on the record at the same revision: an administrator’s change read before still applies', async () => {
    const w = world();
    w.mailer.failWith = new Error('SES down');
    const issued = (await generateCredential(request(), as('orgAdminA'), w.deps)).credential;
    const before = await w.credentials.get(issued.apiId);
    w.mailer.failWith = null;
    await w.outbox.drain(true);
    const after = await w.credentials.get(issued.apiId);
    expect(after?.revision).toBe(before?.revision);
    expect(after?.link?.tokenHash).not.toBe(before?.link?.tokenHash);
    // A resend from the revision the administrator saw before the drain is not refused.
    const resent = await resendCredential(
      { apiId: issued.apiId, revision: before?.revision ?? 0 },
      as('orgAdminA'),
      w.deps,
    );
    expect(resent.credential.linkExpiresAt).not.toBeNull();
  });
});

describe('a rotation’s reveal cut short', () => {
  it.each([0, 1])(
    'after %i saved steps is undone: the secret it made gone, the same link working again',
    async (saves) => {
      const w = world();
      const issued = (await generateCredential(request(), as('orgAdminA'), w.deps)).credential;
      await revealCredential(lastLink(w.mailer), contact(), w.linkDeps);
      const active = await w.credentials.get(issued.apiId);
      await resendCredential(
        { apiId: issued.apiId, revision: active?.revision ?? 0 },
        as('orgAdminA'),
        w.deps,
      );
      const link = lastLink(w.mailer);
      w.journal.crashAfterSaves = saves;
      await expect(revealCredential(link, contact(), w.linkDeps)).rejects.toThrow();
      w.journal.restart();
      expect(await w.writes.reconcile(true)).toMatchObject({ abandoned: 1 });
      const client = w.clients.clients.get(issued.clientId);
      expect(client?.secrets).toHaveLength(1);
      const revealed = await revealCredential(link, contact(), w.linkDeps);
      expect(w.clients.accepts(issued.clientId, revealed.clientSecret)).toBe(true);
      expect(w.clients.clients.get(issued.clientId)?.secrets).toHaveLength(2);
    },
  );
});

describe('the sweep', () => {
  it('deletes an orphan client, a revoked credential’s leftover, marks a clientless one broken — once', async () => {
    const w = world();
    const kept = (await generateCredential(request(), as('orgAdminA'), w.deps)).credential;
    const lost = (await generateCredential(request(), as('orgAdminA'), w.deps)).credential;
    const orphan = await w.clients.create('ccsc-credential-orphan-1', ['ccsc-api/system.read']);
    await w.clients.create('someone-elses-client', ['ccsc-api/system.read']);
    await w.clients.delete(lost.clientId);
    const outcome = await sweepCredentials(w.writeDeps, w.writes, 'sweep-1');
    expect(outcome.found.map((f) => f.problem).sort()).toEqual(['missing-client', 'orphan-client']);
    expect(outcome.resolved).toBe(2);
    expect(w.clients.clients.has(orphan.clientId)).toBe(false);
    expect(w.clients.clients.has(kept.clientId)).toBe(true);
    expect([...w.clients.clients.values()].map((c) => c.name)).toContain('someone-elses-client');
    expect((await w.credentials.get(lost.apiId))?.status).toBe('broken');
    expect(w.audit.actions()).toEqual([
      'api-credential.issued',
      'api-credential.issued',
      'api-credential.orphan-client-deleted',
      'api-credential.broken',
    ]);
    expect(await sweepCredentials(w.writeDeps, w.writes, 'sweep-2')).toMatchObject({
      found: [],
      resolved: 0,
    });
  });

  it('goes on past a credential it cannot look at now, and says which', async () => {
    const w = world();
    const a = await w.clients.create('ccsc-credential-orphan-a', ['ccsc-api/system.read']);
    const b = await w.clients.create('ccsc-credential-orphan-b', ['ccsc-api/system.read']);
    const exists = w.clients.exists.bind(w.clients);
    w.clients.exists = (clientId: string) =>
      clientId === a.clientId ? Promise.reject(new Error('Throttled')) : exists(clientId);
    const outcome = await sweepCredentials(w.writeDeps, w.writes, 'sweep-4');
    expect(outcome.resolved).toBe(1);
    expect(outcome.failed).toEqual([expect.stringContaining('orphan-a')]);
    expect(w.clients.clients.has(b.clientId)).toBe(false);
  });

  it('leaves a credential an issue is making (its write under way) for the next run', async () => {
    const w = world();
    w.journal.crashAfterSaves = 0; // the client made, the record not yet
    await expect(generateCredential(request(), as('orgAdminA'), w.deps)).rejects.toThrow();
    w.journal.restart();
    // The sweep sees a client without a record, but the issue holds its subject: it waits for
    // the lease, then (the lease run out) finishes the issue first — nothing is an orphan.
    w.clock.advance(60_000);
    const outcome = await sweepCredentials(w.writeDeps, w.writes, 'sweep-3');
    expect(outcome.resolved).toBe(0);
    expect(w.clients.clients.size).toBe(1);
    expect(w.credentials.records.size).toBe(1);
    expect(w.audit.actions()).toEqual(['api-credential.issued']);
  });
});
