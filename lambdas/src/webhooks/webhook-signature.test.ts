import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { webhookSecretSchema } from '@ccsc/contract/webhooks';
import { newWebhookSecret, webhookHeaders } from './webhook-signature';

/** Our signatures as the Standard Webhooks reference library (the receiver's) checks them. */
describe('webhook signatures (Standard Webhooks 1.0)', () => {
  const body = JSON.stringify({
    type: 'document.held',
    timestamp: '2026-12-07T09:30:00Z',
    data: { eventId: '01JF', kind: 'document.held' },
  });

  it('makes secrets of 32 random bytes in the whsec_ form', () => {
    const a = newWebhookSecret();
    expect(webhookSecretSchema.safeParse(a).success).toBe(true);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('signs so that the reference library verifies the delivery, and refuses any change', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ id: 'msg_1', at: new Date(), body }, [secret]);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/u);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('signs with both secrets during a rotation: a receiver on either verifies', () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders({ id: 'msg_3', at: new Date(), body }, [old, fresh]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(old).verify(body, headers)).toBeTruthy();
    expect(new Webhook(fresh).verify(body, headers)).toBeTruthy();
  });

  it('puts the attempt’s time in seconds: an old attempt replayed is refused by the receiver', () => {
    const secret = newWebhookSecret();
    const at = new Date(Date.now() - 10 * 60_000);
    const headers = webhookHeaders({ id: 'msg_4', at, body }, [secret]);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/timestamp/iu);
  });
});
