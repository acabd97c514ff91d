import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import { issueCredential, partnerToken } from '../support/oauth';
import { newOrganisation, newSystem } from '../support/registry';
import { CrashConsole, killedAt, stepsOf } from './crash-console';

/**
 * A webhook endpoint's journaled write (issue 36, webhook.write) killed at each of its steps: the
 * console is killed by an armed failpoint, started again on the same data, and then the change is
 * whole (finished at the start: the endpoint as asked, audited exactly once) or never made —
 * nothing left in the journal. A subscription cut short before its answer left keeps its
 * endpoint; its owner sees it in the list and rotates its secret to get one (the secret of the
 * first answer never left the hub).
 */

const HOOKS = 'ccsc-api/webhooks.manage';

describe('webhook writes killed at every step', () => {
  let console: CrashConsole;
  let admin: EnrolledTestUser;
  let credential: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    console = await CrashConsole.create();
    await console.start();
    admin = await createEnrolledUser(console.info, 'PlatformAdmin');
    const organisation = await newOrganisation(
      console.info,
      admin,
      `Crash hooks ${randomUUID().slice(0, 6)}`,
      'site',
    );
    const system = await newSystem(
      console.info,
      admin,
      organisation.organisationId,
      'Crash eISF',
      'eisf',
    );
    credential = await issueCredential(console.info, admin, system.systemId, [HOOKS]);
  }, 180_000);

  afterAll(async () => {
    await console.dispose();
  });

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const token = await partnerToken(
      console.info.cognitoEndpoint,
      console.info.userPoolId,
      credential,
      HOOKS,
    );
    const res = await fetch(`${console.info.url}/ccsc/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  };

  const endpoints = async () =>
    (await call('GET', 'webhooks')).body.data.endpoints as {
      endpointId: string;
      url: string;
      revision: number;
    }[];

  const audited = async (action: string, endpointId: string) => {
    const res = await callApi(console.info, 'list-audit-records', {
      token: admin.idToken,
      body: { action, target: endpointId, limit: 100 },
    });
    return (
      res.body as { data: { records: { action: string; target: { id: string } | null }[] } }
    ).data.records.filter((r) => r.action === action && r.target?.id === endpointId).length;
  };

  it('subscribe: the endpoint whole and audited once, its secret recovered by a rotation', async () => {
    const url = (n: string) => `https://hooks-${n}.vendor.example.com/ccsc`;
    const steps = await stepsOf(console, 'webhook.write', () =>
      call('POST', 'webhooks', { url: url('traced'), eventTypes: ['document.held'] }),
    );
    expect(steps).toEqual([
      'journal:webhook.write:begun',
      'journal:webhook.write:commit',
      'journal:webhook.write:audit',
    ]);
    for (const step of steps) {
      const target = url(randomUUID().slice(0, 8));
      await killedAt(console, step, () =>
        call('POST', 'webhooks', { url: target, eventTypes: ['document.held'] }),
      );
      expect((await console.settled()).journal, step).toEqual([]);
      // Recorded before its first step, the write was finished at the start.
      const made = (await endpoints()).filter((e) => e.url === target);
      expect(made, step).toHaveLength(1);
      const endpointId = made[0]?.endpointId ?? '';
      expect(await audited('webhook.endpoint-created', endpointId), step).toBe(1);
      const rotated = await call('POST', `webhooks/${endpointId}/rotate-secret`, {
        revision: made[0]?.revision,
        keepOldHours: 0,
      });
      expect(rotated.status, step).toBe(200);
      expect(String(rotated.body.data.secret)).toMatch(/^whsec_/u);
    }
  }, 300_000);

  it('delete: gone and audited once', async () => {
    const made = await call('POST', 'webhooks', {
      url: 'https://hooks-delete.vendor.example.com/ccsc',
      eventTypes: ['document.held'],
    });
    const endpoint = made.body.data.endpoint as { endpointId: string; revision: number };
    await killedAt(console, 'journal:webhook.write:commit', () =>
      call('POST', `webhooks/${endpoint.endpointId}/delete`, { revision: endpoint.revision }),
    );
    expect((await console.settled()).journal).toEqual([]);
    expect((await endpoints()).some((e) => e.endpointId === endpoint.endpointId)).toBe(false);
    expect(await audited('webhook.endpoint-deleted', endpoint.endpointId)).toBe(1);
  }, 120_000);
});
