import { describe, expect, it } from 'vitest';
import { immediateMail, sentenceOf } from './notification-texts';

// Issue 36: the hub disabled a webhook endpoint (webhooks/webhook-disabled.ts makes the event).
const disabled = {
  kind: 'webhook.disabled' as const,
  subject: {
    type: 'webhook' as const,
    id: `whe_${'b'.repeat(26)}`,
    name: 'https://hooks.nord.example.com/ccsc',
    systemId: 'sys-1',
  },
  counterpart: null,
  reason: 'failing-since-2026-12-04',
};

describe('what a notification says', () => {
  it('tells of a disabled webhook endpoint in the recipients’ languages, by e-mail too', () => {
    expect(sentenceOf('en', disabled)).toBe(
      'The hub disabled the webhook endpoint https://hooks.nord.example.com/ccsc: every delivery to it failed for about three days (failing-since-2026-12-04).',
    );
    expect(sentenceOf('de', disabled)).toContain(
      'Webhook-Endpunkt https://hooks.nord.example.com/ccsc deaktiviert',
    );
    expect(sentenceOf('tr', disabled)).toContain('devre dışı bıraktı');
    const mail = immediateMail('en', { ...disabled, organisationName: 'Klinikum Nord' }, null);
    expect(mail.text).toContain('Klinikum Nord: The hub disabled the webhook endpoint');
  });
});
