import type { WebhookDeliveryView, WebhookEndpointView } from '@ccsc/contract/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAgentSession, setProfile } from '../../../lib/session';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render-app';

vi.mock('../../../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../../../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

const LOADING = { timeout: 10_000 };
const SECRET = `whsec_${'A'.repeat(43)}=`;

const endpoint = (overrides: Partial<WebhookEndpointView> = {}): WebhookEndpointView => ({
  endpointId: `whe_${'a'.repeat(26)}`,
  systemId: 'sys-1',
  url: 'https://hooks.nord.example.com/ccsc',
  eventTypes: ['document.held', 'request.received'],
  description: 'Filing robot',
  status: 'active',
  disabledAt: null,
  disabledReason: null,
  previousSecretRetiresAt: null,
  failingSince: null,
  lastSuccessAt: '2026-12-06T09:15:00.000Z',
  createdAt: '2026-12-01T08:00:00.000Z',
  updatedAt: '2026-12-01T08:00:00.000Z',
  revision: 3,
  ...overrides,
});

const delivery: WebhookDeliveryView = {
  deliveryId: `msg_20261206091500000_01jf3kb2c4d6e8f0g2h4j6k8m0_${'0'.repeat(12)}`,
  eventId: '01JF3KB2C4D6E8F0G2H4J6K8M0',
  eventType: 'document.held',
  createdAt: '2026-12-06T09:15:00.000Z',
  state: 'pending',
  attempts: [
    {
      at: '2026-12-06T09:15:00.000Z',
      status: 503,
      durationMs: 42,
      error: null,
      trigger: 'schedule',
    },
  ],
  nextAttemptAt: '2026-12-06T09:15:05.000Z',
};

const system = {
  systemId: 'sys-1',
  name: 'Nord eISF',
  kind: 'eisf',
  status: 'active',
  organisationId: 'site-001',
  organisationName: 'Klinikum Nord',
};

const serve = (answers: Partial<Record<string, (body: unknown) => ApiAnswer>>) =>
  fakeApi((path, body) => {
    const answer = answers[path];
    if (answer !== undefined) return answer(body);
    return path.startsWith('dashboard/') || path.startsWith('notifications/')
      ? 'no-answer'
      : failure(500, 'INTERNAL', `unexpected ${path}`);
  });

const signIn = (role: 'OrgAdmin' | 'Auditor') => {
  setProfile({
    givenName: 'Ada',
    familyName: 'Lovelace',
    email: 'ada@example.com',
    role,
    organisationId: 'site-001',
  });
  setAgentSession();
};

beforeEach(async () => {
  await loadTestRuntimeConfig();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a system’s webhook endpoints (issue 36)', () => {
  it('subscribes an endpoint and shows its secret once', async () => {
    signIn('OrgAdmin');
    let endpoints: WebhookEndpointView[] = [];
    const calls = serve({
      'list-webhook-endpoints': () => success({ system, endpoints }),
      'create-webhook-endpoint': () => {
        endpoints = [endpoint({ revision: 1 })];
        return success({ endpoint: endpoints[0], secret: SECRET });
      },
    });
    renderAt('/admin/webhooks?systemId=sys-1');
    await screen.findByRole('heading', { name: 'Webhook endpoints of Nord eISF' }, LOADING);
    expect(screen.getByText(/no webhook endpoints yet/u)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe an endpoint' }));
    const form = await screen.findByTestId('webhook-endpoint-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(await within(form).findByText('Enter the endpoint’s URL.')).toBeInTheDocument();
    await userEvent.type(
      within(form).getByLabelText('Endpoint URL'),
      'https://hooks.nord.example.com/ccsc',
    );
    await userEvent.click(within(form).getByLabelText(/Document held/u));
    await userEvent.click(within(form).getByLabelText(/Document request received/u));
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveValue(SECRET);
    expect(calls.find((c) => c.path === 'create-webhook-endpoint')?.body).toEqual({
      systemId: 'sys-1',
      url: 'https://hooks.nord.example.com/ccsc',
      eventTypes: ['document.held', 'request.received'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    });
    expect(await screen.findByTestId('webhook-endpoint', {}, LOADING)).toHaveTextContent(
      'hooks.nord.example.com',
    );
  });

  it('shows the delivery log with every attempt, and redelivers', async () => {
    signIn('OrgAdmin');
    const calls = serve({
      'list-webhook-endpoints': () => success({ system, endpoints: [endpoint()] }),
      'list-webhook-deliveries': () => success({ deliveries: [delivery], nextCursor: null }),
      'redeliver-webhook': () =>
        success({
          delivery: {
            ...delivery,
            state: 'succeeded',
            attempts: [
              ...delivery.attempts,
              {
                at: delivery.createdAt,
                status: 204,
                durationMs: 9,
                error: null,
                trigger: 'redeliver',
              },
            ],
            nextAttemptAt: null,
          },
        }),
    });
    renderAt(`/admin/webhooks?systemId=sys-1&endpointId=whe_${'a'.repeat(26)}`);
    const log = await screen.findByTestId('webhook-log', {}, LOADING);
    const row = await within(log).findByTestId('webhook-delivery', {}, LOADING);
    expect(row).toHaveTextContent('Document held');
    expect(row).toHaveTextContent('06-Dec-2026 09:15 UTC · HTTP 503 · 42 ms · scheduled');
    expect(row).toHaveTextContent('Pending');
    await userEvent.click(within(row).getByRole('button', { name: 'Redeliver' }));
    expect(
      await within(log).findByText('Sent again: the endpoint answered HTTP 204.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'redeliver-webhook')?.body).toEqual({
      endpointId: `whe_${'a'.repeat(26)}`,
      deliveryId: delivery.deliveryId,
    });
  });

  it('lets a reader see but not change, and says when the hub disabled a failing endpoint', async () => {
    signIn('Auditor');
    serve({
      'list-webhook-endpoints': () =>
        success({
          system,
          endpoints: [
            endpoint({
              status: 'disabled',
              disabledReason: 'failing',
              disabledAt: '2026-12-04T10:00:00.000Z',
              failingSince: '2026-12-01T14:24:55.000Z',
            }),
          ],
        }),
    });
    renderAt('/admin/webhooks?systemId=sys-1');
    const card = await screen.findByTestId('webhook-endpoint', {}, LOADING);
    expect(card).toHaveTextContent('Disabled after failing');
    expect(card).toHaveTextContent('disabled this endpoint on 04-Dec-2026 10:00 UTC');
    expect(within(card).getByRole('link', { name: /Delivery log/u })).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe an endpoint' })).not.toBeInTheDocument();
  });
});
