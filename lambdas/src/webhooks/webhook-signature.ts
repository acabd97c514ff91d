import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@ccsc/contract/webhooks';

/**
 * Standard Webhooks 1.0 signing (issue 36), our own code, checked in the tests against the
 * specification's reference library (`standardwebhooks`): each secret is `whsec_` and base64 of
 * its key; the signed content is `<webhook-id>.<webhook-timestamp>.<body>`; each signature is
 * `v1,` and the base64 HMAC-SHA256 of it; several (one per secret while a rotation lets two
 * work) are separated by spaces, and a receiver accepts the delivery when any one matches.
 */

/** A new secret: 32 random bytes, as the endpoint's owner is shown it once. */
export const newWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string): Buffer => {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('not a webhook secret');
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
};

export interface WebhookMessage {
  /** The delivery's id: the same on every attempt, so a receiver can drop a repeat. */
  id: string;
  /** This attempt's time, which the receiver checks against its clock (replays). */
  at: Date;
  /** The body exactly as sent. */
  body: string;
}

/** The three headers of one attempt, signed with every secret given (at least one). */
export const webhookHeaders = (
  message: WebhookMessage,
  secrets: readonly string[],
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> => {
  if (secrets.length === 0) throw new Error('a webhook is signed with at least one secret');
  const timestamp = String(Math.floor(message.at.getTime() / 1000));
  const content = `${message.id}.${timestamp}.${message.body}`;
  const signature = secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`)
    .join(' ');
  return {
    'webhook-id': message.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
  };
};
