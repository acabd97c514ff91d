import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { SesMailer } from './ses-mailer';

const recordingClient = () => {
  const sent: Record<string, unknown>[] = [];
  const client = {
    config: {},
    send: (command: { input: Record<string, unknown> }) => {
      sent.push(command.input);
      return Promise.resolve({ MessageId: 'm-1' });
    },
  };
  return { client: client as unknown as SESv2Client, sent };
};

const message = { to: 'ada@acme-trials.com', subject: 'Hello', text: 'Hi' };

describe('SesMailer', () => {
  it('sends with the configuration set, whatever the identity’s default', async () => {
    const { client, sent } = recordingClient();
    await new SesMailer(client, 'no-reply@acme-trials.com', 'ccsc-sit-mail').send(message);
    expect(sent[0]).toMatchObject({
      FromEmailAddress: 'no-reply@acme-trials.com',
      ConfigurationSetName: 'ccsc-sit-mail',
      Destination: { ToAddresses: ['ada@acme-trials.com'] },
    });
  });

  it('names none when there is none (offline)', async () => {
    const { client, sent } = recordingClient();
    await new SesMailer(client, 'no-reply@ccsc.local').send(message);
    expect(sent[0]).not.toHaveProperty('ConfigurationSetName');
  });
});
