import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { webhookConsoleRoutes as routes } from '@ccsc/contract/webhooks';
import type { Caller } from '../core/request';
import { callerContext, FakeAuditTrail, FakeClock, silentLogger } from '../core/testing/fakes';
import { anOrganisation, aSystem, MemoryRegistry } from '../core/testing/memory-registry';
import { MemoryWebhookStore } from '../core/testing/memory-webhooks';
import { MemoryWriteJournal } from '../core/testing/memory-write-journal';
import {
  type ConsoleWebhookDeps,
  createEndpoint,
  deleteEndpointOf,
  listDeliveries,
  listEndpoints,
  redeliverTo,
  rotateEndpointSecret,
  updateEndpoint,
} from './console-webhooks.core';
import { deliveriesFor } from './webhook-deliveries';
import { JournaledWebhookWrites, webhookWriteJournal } from './webhook-writes';

const world = () => {
  const store = new MemoryWebhookStore();
  // Now: the reference library checks a delivery's timestamp against its own clock.
  const clock = new FakeClock(new Date());
  const audit = new FakeAuditTrail();
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation('SITE', { name: 'Klinikum Nord' }) },
    { type: 'organisation', record: anOrganisation('OTHER', { name: 'Other site' }) },
    { type: 'system', record: aSystem('sys-1', 'SITE', { name: 'Nord eISF' }) },
    { type: 'system', record: aSystem('sys-off', 'SITE', { status: 'inactive' }) },
    { type: 'system', record: aSystem('sys-x', 'OTHER') },
  ]);
  const sent: { headers: Record<string, string>; body: string }[] = [];
  const deps: ConsoleWebhookDeps = {
    store,
    registry,
    writes: new JournaledWebhookWrites(
      webhookWriteJournal(
        { journal: new MemoryWriteJournal(clock) },
        { store, audit, auditReader: audit, clock, logger: silentLogger() },
      ),
    ),
    sender: {
      post: (_url, headers, body) => {
        sent.push({ headers, body });
        return Promise.resolve({ status: 204, error: null, durationMs: 3 });
      },
    },
    audit,
    clock,
    logger: silentLogger(),
    policy: { allowLoopback: false },
  };
  return { store, audit, deps, sent, clock };
};

const orgAdmin = callerContext({ sub: 'oa-1', role: 'OrgAdmin', organisationId: 'SITE' });
const platformAdmin = callerContext({ sub: 'pa-1', role: 'PlatformAdmin' });
const as = (caller: Partial<Caller>) => callerContext(caller);

const subscribe = (w: ReturnType<typeof world>, ctx = orgAdmin, systemId = 'sys-1') =>
  createEndpoint(
    routes['create-webhook-endpoint'].request.parse({
      systemId,
      url: 'https://hooks.nord.example.com/ccsc',
      eventTypes: ['document.held'],
      description: 'Filing robot',
    }),
    ctx,
    w.deps,
  );

describe('a system’s webhook endpoints in the console', () => {
  it('an OrgAdmin subscribes for its system: the secret once, audited as the administrator', async () => {
    const w = world();
    const made = await subscribe(w);
    expect(made.secret).toMatch(/^whsec_/u);
    expect(made.endpoint).toMatchObject({ systemId: 'sys-1', status: 'active', revision: 1 });
    const listed = await listEndpoints({ systemId: 'sys-1' }, orgAdmin, w.deps);
    expect(listed.system).toMatchObject({ name: 'Nord eISF', organisationName: 'Klinikum Nord' });
    expect(listed.endpoints.map((e) => e.endpointId)).toEqual([made.endpoint.endpointId]);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    const record = w.audit.entries.find((e) => e.action === 'webhook.endpoint-created');
    expect(record).toMatchObject({
      actor: { sub: 'oa-1', role: 'OrgAdmin' },
      organisationId: 'SITE',
      target: { type: 'webhook-endpoint', id: made.endpoint.endpointId },
    });
    expect(JSON.stringify(w.audit.entries)).not.toContain(made.secret);
  });

  it('changes, rotates (both secrets sign), redelivers and deletes at the revision read', async () => {
    const w = world();
    const made = await subscribe(w, platformAdmin);
    const { endpointId } = made.endpoint;
    const changed = await updateEndpoint(
      { endpointId, revision: 1, eventTypes: ['document.held', 'request.received'] },
      platformAdmin,
      w.deps,
    );
    expect(changed.endpoint.eventTypes).toEqual(['document.held', 'request.received']);
    await expect(
      updateEndpoint({ endpointId, revision: 1, status: 'disabled' }, platformAdmin, w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const rotated = await rotateEndpointSecret(
      { endpointId, revision: 2, keepOldHours: 2 },
      platformAdmin,
      w.deps,
    );
    expect(rotated.endpoint.previousSecretRetiresAt).toBe(
      new Date(w.clock.now().getTime() + 2 * 3_600_000).toISOString(),
    );

    const endpoint = await w.store.endpoint(endpointId);
    if (endpoint === null) throw new Error('gone');
    const [delivery] = deliveriesFor(
      [
        {
          eventId: '01JF3KB2C4D6E8F0G2H4J6K8M0',
          sequence: 1,
          at: w.clock.now().toISOString(),
          kind: 'document.held',
          organisationId: 'SITE',
          subject: { type: 'document', id: 'doc-1', name: 'A document' },
          counterpart: null,
          reason: null,
        },
      ],
      [endpoint],
      w.clock.now(),
    );
    if (delivery === undefined) throw new Error('no delivery');
    await w.store.createDeliveries([delivery]);
    const again = await redeliverTo(
      { endpointId, deliveryId: delivery.deliveryId },
      platformAdmin,
      w.deps,
    );
    expect(again.delivery.attempts.map((a) => [a.status, a.trigger])).toEqual([[204, 'redeliver']]);
    const sent = w.sent[0];
    if (sent === undefined) throw new Error('nothing sent');
    for (const secret of [made.secret, rotated.secret]) {
      expect(() => new Webhook(secret.slice(6)).verify(sent.body, sent.headers)).not.toThrow();
    }
    const log = await listDeliveries({ endpointId }, orgAdmin, w.deps);
    expect(log.deliveries).toHaveLength(1);

    await deleteEndpointOf({ endpointId, revision: 3 }, platformAdmin, w.deps);
    expect((await listEndpoints({ systemId: 'sys-1' }, orgAdmin, w.deps)).endpoints).toEqual([]);
    expect(w.audit.entries.map((e) => e.action)).toEqual([
      'webhook.endpoint-created',
      'webhook.endpoint-changed',
      'webhook.secret-rotated',
      'webhook.redelivery-requested',
      'webhook.endpoint-deleted',
    ]);
  });

  it('reaches only what the caller may: others’ systems are 404, readers may not change (403)', async () => {
    const w = world();
    const made = await subscribe(w);
    const { endpointId } = made.endpoint;
    const stranger = as({ role: 'OrgAdmin', organisationId: 'OTHER' });
    await expect(listEndpoints({ systemId: 'sys-1' }, stranger, w.deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(listDeliveries({ endpointId }, stranger, w.deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      updateEndpoint({ endpointId, revision: 1, status: 'disabled' }, stranger, w.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(subscribe(w, stranger)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const auditor = as({ role: 'Auditor', organisationId: 'SITE' });
    expect((await listEndpoints({ systemId: 'sys-1' }, auditor, w.deps)).endpoints).toHaveLength(1);
    await expect(
      deleteEndpointOf({ endpointId, revision: 1 }, auditor, w.deps),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(subscribe(w, auditor)).rejects.toMatchObject({ code: 'FORBIDDEN' });

    await expect(subscribe(w, orgAdmin, 'sys-off')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(subscribe(w, orgAdmin, 'sys-none')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
