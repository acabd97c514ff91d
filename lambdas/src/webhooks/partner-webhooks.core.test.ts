import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { webhookPartnerRoutes as routes } from '@ccsc/contract/webhooks';
import type { PartnerContext } from '../core/request';
import type { WebhookResponse } from '../core/ports/webhooks';
import { FakeAuditTrail, FakeClock, silentLogger } from '../core/testing/fakes';
import { MemoryWebhookStore } from '../core/testing/memory-webhooks';
import { MemoryWriteJournal } from '../core/testing/memory-write-journal';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  updateWebhook,
  webhookDeliveries,
} from './partner-webhooks.core';
import type { WebhookDeps } from './webhook-endpoints';
import { deliveriesFor } from './webhook-deliveries';
import { JournaledWebhookWrites, webhookWriteJournal } from './webhook-writes';

const as = (systemId: string, organisationId = 'SITE'): PartnerContext => ({
  client: {
    apiId: 'api',
    clientId: 'client',
    organisationId,
    systemId,
    scopes: ['ccsc-api/webhooks.manage'],
    validUntil: '2027-01-01T00:00:00.000Z',
  },
  requestId: 'r-1',
  sourceIp: '203.0.113.9',
  userAgent: 'eisf/1.0',
  origin: null,
  host: null,
});

const world = () => {
  const store = new MemoryWebhookStore();
  const clock = new FakeClock(new Date());
  const audit = new FakeAuditTrail();
  const journal = new MemoryWriteJournal(clock);
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  let answer = 204;
  const deps: WebhookDeps = {
    store,
    writes: new JournaledWebhookWrites(
      webhookWriteJournal(
        { journal },
        { store, audit, auditReader: audit, clock, logger: silentLogger() },
      ),
    ),
    sender: {
      post: (url, headers, body): Promise<WebhookResponse> => {
        sent.push({ url, headers, body });
        return Promise.resolve({ status: answer, error: null, durationMs: 5 });
      },
    },
    audit,
    clock,
    logger: silentLogger(),
    policy: { allowLoopback: false },
  };
  return {
    store,
    clock,
    audit,
    sent,
    deps,
    answer: (status: number) => {
      answer = status;
    },
  };
};

const create = (w: ReturnType<typeof world>, systemId = 'sys-1') =>
  createWebhook(
    routes['partner-create-webhook'].request.parse({
      url: 'https://hooks.vendor.example.com/ccsc',
      eventTypes: ['document.held', 'request.received'],
      description: 'Holds to the eISF',
    }),
    as(systemId),
    w.deps,
  );

describe('a system’s webhook endpoints', () => {
  it('subscribes an endpoint: the secret answered once, audited without it', async () => {
    const w = world();
    const made = await create(w);
    expect(routes['partner-create-webhook'].response.parse(made)).toEqual(made);
    expect(made.secret).toMatch(/^whsec_/u);
    expect(made.endpoint).toMatchObject({
      systemId: 'sys-1',
      status: 'active',
      revision: 1,
      eventTypes: ['document.held', 'request.received'],
    });
    expect(w.audit.entries).toEqual([
      expect.objectContaining({
        action: 'webhook.endpoint-created',
        actor: { sub: 'system:sys-1', email: null, role: null },
        target: {
          type: 'webhook-endpoint',
          id: made.endpoint.endpointId,
          label: 'https://hooks.vendor.example.com/ccsc',
        },
        organisationId: 'SITE',
      }),
    ]);
    expect(JSON.stringify(w.audit.entries)).not.toContain(made.secret);
    const listed = await listWebhooks({}, as('sys-1'), w.deps);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    expect(listed.endpoints.map((e) => e.endpointId)).toEqual([made.endpoint.endpointId]);
    // Another system sees none of it.
    expect((await listWebhooks({}, as('sys-2'), w.deps)).endpoints).toEqual([]);
  });

  it('refuses a URL that is not https to a public address, naming the field', async () => {
    const w = world();
    for (const url of [
      'http://hooks.vendor.example.com/',
      'https://169.254.169.254/',
      'https://10.1.1.1/',
    ]) {
      await expect(
        createWebhook({ url, eventTypes: ['document.held'] }, as('sys-1'), w.deps),
        url,
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'url' }] });
    }
    expect(w.store.endpointsById.size).toBe(0);
    expect(w.audit.entries).toEqual([]);
  });

  it('changes, disables and enables at the revision read; 409 on a stale one, 404 for another system', async () => {
    const w = world();
    const { endpoint } = await create(w);
    const id = endpoint.endpointId;
    const disabled = await updateWebhook(
      { endpointId: id, revision: 1, status: 'disabled' },
      as('sys-1'),
      w.deps,
    );
    expect(disabled.endpoint).toMatchObject({
      status: 'disabled',
      disabledReason: 'by-owner',
      revision: 2,
    });
    await expect(
      updateWebhook({ endpointId: id, revision: 1, status: 'active' }, as('sys-1'), w.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      updateWebhook({ endpointId: id, revision: 2, status: 'active' }, as('sys-2'), w.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await w.store.recordHealth(id, { failingSince: '2026-12-01T00:00:00Z', lastSuccessAt: null });
    const enabled = await updateWebhook(
      { endpointId: id, revision: 2, status: 'active', eventTypes: ['document.rejected'] },
      as('sys-1'),
      w.deps,
    );
    expect(enabled.endpoint).toMatchObject({
      status: 'active',
      disabledReason: null,
      failingSince: null,
      eventTypes: ['document.rejected'],
      revision: 3,
    });
    expect(w.audit.entries.map((e) => e.action)).toEqual([
      'webhook.endpoint-created',
      'webhook.endpoint-changed',
      'webhook.endpoint-changed',
    ]);
  });

  it('rotates the secret: both sign for the hours asked, a receiver on either verifies', async () => {
    const w = world();
    const { endpoint, secret: first } = await create(w);
    const rotated = await rotateWebhookSecret(
      { endpointId: endpoint.endpointId, revision: 1, keepOldHours: 24 },
      as('sys-1'),
      w.deps,
    );
    expect(rotated.secret).not.toBe(first);
    expect(rotated.endpoint.previousSecretRetiresAt).toBe(
      new Date(w.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );
    const stored = await w.store.endpoint(endpoint.endpointId);
    if (stored === null) throw new Error('gone');
    await w.store.createDeliveries(
      deliveriesFor(
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
        [stored],
        w.clock.now(),
      ),
    );
    const [delivery] = (await w.store.deliveries(endpoint.endpointId, 10, null)).items;
    const redelivered = await redeliverWebhook(
      { endpointId: endpoint.endpointId, deliveryId: delivery?.deliveryId ?? '' },
      as('sys-1'),
      w.deps,
    );
    expect(redelivered.delivery.attempts).toEqual([
      expect.objectContaining({ status: 204, trigger: 'redeliver' }),
    ]);
    const [sent] = w.sent;
    for (const secret of [first, rotated.secret]) {
      expect(new Webhook(secret).verify(sent?.body ?? '', sent?.headers ?? {})).toBeTruthy();
    }
    expect(JSON.stringify(w.audit.entries)).not.toContain(rotated.secret);
    expect(w.audit.entries.map((e) => e.action)).toContain('webhook.secret-rotated');
    expect(w.audit.entries.map((e) => e.action)).toContain('webhook.redelivery-requested');
  });

  it('lists deliveries newest first, and deletes at the revision read', async () => {
    const w = world();
    const { endpoint } = await create(w);
    const page = await webhookDeliveries({ endpointId: endpoint.endpointId }, as('sys-1'), w.deps);
    expect(page).toEqual({ deliveries: [], nextCursor: null });
    await expect(
      deleteWebhook({ endpointId: endpoint.endpointId, revision: 1 }, as('sys-2'), w.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await deleteWebhook({ endpointId: endpoint.endpointId, revision: 1 }, as('sys-1'), w.deps),
    ).toEqual({ endpointId: endpoint.endpointId });
    expect(w.store.endpointsById.size).toBe(0);
    expect(w.audit.entries.at(-1)).toMatchObject({ action: 'webhook.endpoint-deleted' });
  });

  it('refuses to redeliver to a disabled endpoint', async () => {
    const w = world();
    const { endpoint } = await create(w);
    await updateWebhook(
      { endpointId: endpoint.endpointId, revision: 1, status: 'disabled' },
      as('sys-1'),
      w.deps,
    );
    await expect(
      redeliverWebhook(
        {
          endpointId: endpoint.endpointId,
          deliveryId: 'msg_20261207093000000_3b1f6c2ad9e84f1a9c0d5e7b2a4c6e8f_9a2b3c4d5e6f',
        },
        as('sys-1'),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
