import type { MailMessage, Mailer } from '../core/ports/mailer';
import { type SesAccess, type SesSource, sesAccess } from './clients/ses';

export class SesMailer implements Mailer {
  private readonly ses: SesAccess;

  constructor(
    client: SesSource,
    private readonly from: string,
    /** Sent with every mail, so SES applies its TLS and suppression rules whatever the identity's default. */
    private readonly configurationSet?: string,
  ) {
    this.ses = sesAccess(client);
  }

  async send(message: MailMessage): Promise<void> {
    const { client, sdk } = await this.ses();
    await client.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: this.from,
        ...(this.configurationSet === undefined
          ? {}
          : { ConfigurationSetName: this.configurationSet }),
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
            },
          },
        },
      }),
    );
  }
}
