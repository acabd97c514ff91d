import {
  GetAccountCommand,
  SendEmailCommand,
  type SendEmailCommandInput,
  SESv2Client,
  SESv2ServiceException,
} from '@aws-sdk/client-sesv2';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaEnvFor } from '../lambda-env';
import type { StackInfo } from '../stack';
import { LOCAL_CREDENTIALS, REGION } from './aws-local';
import { type RunningSes, SEND_EMAIL_PATH, startSes } from './ses';
import { createStandInEngine, SHIPPED_SIGNATURES } from './malware-engine';

/** How an SES call failed, as the SDK reports it. */
const failureOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (err) {
    if (err instanceof SESv2ServiceException) {
      return { name: err.name, message: err.message, status: err.$metadata.httpStatusCode };
    }
    throw err;
  }
  throw new Error('expected the SES call to fail, but it succeeded');
};

describe('the SES stand-in', () => {
  let ses: RunningSes | undefined;
  let client: SESv2Client;
  const sent: SendMailOptions[] = [];

  beforeAll(async () => {
    ses = await startSes({
      host: '127.0.0.1',
      port: 0,
      relay: (mail) => {
        sent.push(mail);
        return Promise.resolve();
      },
    });
    client = new SESv2Client({
      region: REGION,
      endpoint: ses.url,
      credentials: LOCAL_CREDENTIALS,
      maxAttempts: 1,
    });
  });

  beforeEach(() => {
    sent.length = 0;
  });

  afterAll(async () => {
    client.destroy();
    await ses?.stop();
  });

  const simple: SendEmailCommandInput = {
    FromEmailAddress: 'CCSC <no-reply@ccsc.local>',
    Destination: {
      ToAddresses: ['ada@example.com'],
      CcAddresses: ['Grace Hopper <grace@example.com>'],
      BccAddresses: ['audit@example.com'],
    },
    ReplyToAddresses: ['support@ccsc.local'],
    Content: {
      Simple: {
        Subject: { Data: 'Welcome — Ünïcode', Charset: 'UTF-8' },
        Body: {
          Text: { Data: 'Hello Ada', Charset: 'UTF-8' },
          Html: { Data: '<p>Hello <b>Ada</b></p>', Charset: 'UTF-8' },
        },
        Headers: [{ Name: 'X-Ccsc-Kind', Value: 'welcome' }],
        Attachments: [
          {
            FileName: 'note.txt',
            ContentType: 'text/plain',
            RawContent: new TextEncoder().encode('attached'),
          },
        ],
      },
    },
  };

  it('answers SendEmail (Simple content) with a MessageId and relays the message', async () => {
    const out = await client.send(new SendEmailCommand(simple));
    expect(out.MessageId).toMatch(/^0100[0-9a-f]{12}-[0-9a-f-]{36}-000000$/);
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(out.$metadata.requestId).toEqual(expect.any(String));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail).toMatchObject({
      from: 'CCSC <no-reply@ccsc.local>',
      to: ['ada@example.com'],
      cc: ['Grace Hopper <grace@example.com>'],
      bcc: ['audit@example.com'],
      replyTo: ['support@ccsc.local'],
      subject: 'Welcome — Ünïcode',
      text: 'Hello Ada',
      html: '<p>Hello <b>Ada</b></p>',
      messageId: `<${String(out.MessageId)}@${REGION}.amazonses.com>`,
      headers: [{ key: 'X-Ccsc-Kind', value: 'welcome' }],
      attachments: [{ filename: 'note.txt', contentType: 'text/plain' }],
    });
    expect(mail?.attachments?.[0]?.content).toEqual(Buffer.from('attached'));
  });

  it('sends a text-only message as text only, as SesMailer does without HTML', async () => {
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@ccsc.local',
        Destination: { ToAddresses: ['ada@example.com'] },
        Content: { Simple: { Subject: { Data: 'S' }, Body: { Text: { Data: 'T' } } } },
      }),
    );
    expect(sent[0]).toMatchObject({ subject: 'S', text: 'T' });
    expect(sent[0]).not.toHaveProperty('html');
  });

  it('relays Raw content as it is, sender and recipients from its header fields', async () => {
    const mime = [
      'From: Sender <raw@ccsc.local>',
      'To: ada@example.com,',
      ' Grace <grace@example.com>',
      'Subject: Raw',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=UTF-8',
      '',
      'raw body',
      '',
    ].join('\r\n');
    const data = new TextEncoder().encode(mime);
    const out = await client.send(new SendEmailCommand({ Content: { Raw: { Data: data } } }));
    expect(out.MessageId).toEqual(expect.any(String));
    expect(sent[0]?.envelope).toEqual({
      from: 'raw@ccsc.local',
      to: ['ada@example.com', 'grace@example.com'],
    });
    expect(Buffer.from(sent[0]?.raw as Buffer).toString('utf8')).toBe(mime);

    // Destination and FromEmailAddress, when given, win over the header fields.
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'other@ccsc.local',
        Destination: { BccAddresses: ['hidden@example.com'] },
        Content: { Raw: { Data: data } },
      }),
    );
    expect(sent[1]?.envelope).toEqual({ from: 'other@ccsc.local', to: ['hidden@example.com'] });
  });

  it('refuses what SES refuses, with its error names and messages', async () => {
    const bad = (input: SendEmailCommandInput) =>
      failureOf(client.send(new SendEmailCommand(input)));
    // A Simple message without a sender: SES answers BadRequestException with a null message.
    expect(await bad({ ...simple, FromEmailAddress: undefined })).toMatchObject({
      name: 'BadRequestException',
      status: 400,
    });
    expect(await bad({ ...simple, Destination: undefined })).toEqual({
      name: 'BadRequestException',
      message: 'At least one destination address is required.',
      status: 400,
    });
    expect(await bad({ ...simple, Destination: { ToAddresses: [] } })).toMatchObject({
      name: 'BadRequestException',
      message: 'At least one destination address is required.',
    });
    expect(await bad({ ...simple, Destination: { ToAddresses: ['nobody'] } })).toMatchObject({
      name: 'BadRequestException',
      message: "Missing final '@domain'",
    });
    expect(
      await bad({
        ...simple,
        Destination: { ToAddresses: Array.from({ length: 51 }, (_, i) => `u${i}@example.com`) },
      }),
    ).toMatchObject({ name: 'BadRequestException', message: 'Recipient count exceeds 50.' });
    const headerless = new TextEncoder().encode('To: ada@example.com\r\n\r\nbody');
    expect(await bad({ Content: { Raw: { Data: headerless } } })).toMatchObject({
      name: 'BadRequestException',
      message: "Missing required header 'From'.",
    });
    expect(
      await bad({
        FromEmailAddress: 'no-reply@ccsc.local',
        Destination: { ToAddresses: ['ada@example.com'] },
        Content: {},
      }),
    ).toMatchObject({ name: 'BadRequestException' });
    expect(sent).toEqual([]);
  });

  it("is where the handlers' SES client goes, through the variable lambda-env.ts sets", async () => {
    const url = String(ses?.url);
    const stack: StackInfo = {
      region: REGION,
      userPoolId: 'pool',
      userPoolClientId: 'client',
      endpoints: {
        cognito: 'http://cognito.invalid',
        cognitoPublic: 'http://cognito.invalid',
        dynamodb: 'http://dynamodb.invalid',
        s3: 'http://s3.invalid',
        ses: url,
        mailUi: 'http://mail.invalid',
        smtp: { host: 'mail.invalid', port: 25 },
      },
      issuer: 'http://cognito.invalid/pool',
      jwksUrl: 'http://cognito.invalid/pool/.well-known/jwks.json',
      provisioned: {
        userPool: false,
        userPoolClient: false,
        groups: [],
        tables: [],
        buckets: [],
        bootstrapAdmin: false,
      },
      malware: await createStandInEngine(SHIPPED_SIGNATURES),
      timings: { services: 0, provision: 0, total: 0 },
      stop: () => Promise.resolve(),
    };
    const env = lambdaEnvFor({
      stack,
      tables: { main: 'm', audit: 'a', documents: 't' },
      buckets: { documents: 'd', artifacts: 'r', exports: 'e' },
      mailFrom: 'no-reply@ccsc.local',
      environmentName: 'local',
    });
    expect(env).toMatchObject({ AWS_ENDPOINT_URL_SESV2: url, MAIL_FROM: 'no-reply@ccsc.local' });
    // A client configured as the handlers' (region only) finds the stand-in from the environment.
    const saved = process.env.AWS_ENDPOINT_URL_SESV2;
    process.env.AWS_ENDPOINT_URL_SESV2 = env.AWS_ENDPOINT_URL_SESV2;
    const handlersClient = new SESv2Client({ region: REGION, credentials: LOCAL_CREDENTIALS });
    try {
      await handlersClient.send(
        new SendEmailCommand({
          FromEmailAddress: env.MAIL_FROM,
          Destination: { ToAddresses: ['ada@example.com'] },
          Content: { Simple: { Subject: { Data: 'Via env' }, Body: { Text: { Data: 'x' } } } },
        }),
      );
    } finally {
      handlersClient.destroy();
      if (saved === undefined) delete process.env.AWS_ENDPOINT_URL_SESV2;
      else process.env.AWS_ENDPOINT_URL_SESV2 = saved;
    }
    expect(sent).toMatchObject([{ subject: 'Via env', from: 'no-reply@ccsc.local' }]);
  });

  it('answers other operations with an error that names what it serves', async () => {
    expect(await failureOf(client.send(new GetAccountCommand({})))).toMatchObject({
      name: 'UnknownOperationException',
      status: 404,
    });
    const res = await fetch(`${String(ses?.url)}${SEND_EMAIL_PATH}`, {
      method: 'POST',
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('SerializationException');
  });
});
