import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createTransport, type SendMailOptions } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import * as z from 'zod';
import { REGION } from './aws-local';
import { closeServer, listen, type Stoppable, urlHost } from './net';

/**
 * Where a message SES accepted goes: nodemailer's message options. In the stack this is the same
 * path Cognito's mail takes (src/stack.ts: queued until maildev listens, awaited by stop()).
 */
export type RelayMail = (mail: SendMailOptions) => Promise<void>;

export interface SesOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  relay: RelayMail;
}

export interface RunningSes extends Stoppable {
  url: string;
  port: number;
}

/** The one operation served: SESv2 SendEmail as @aws-sdk/client-sesv2 sends it (REST-JSON). */
export const SEND_EMAIL_PATH = '/v2/email/outbound-emails';

/** SES's limit on To + Cc + Bcc of one message. */
const MAX_RECIPIENTS = 50;
/** Raw messages are at most 40 MB; base64 in JSON makes the request about a third larger. */
const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

/**
 * An error answer as SES gives it: the status, `x-amzn-ErrorType` (which the SDK reads first) and
 * `{"message": ...}`. A null message is what SES answers to a Simple message without a sender.
 */
class SesError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string | null,
  ) {
    super(detail ?? code);
  }
}

const badRequest = (message: string | null) => new SesError(400, 'BadRequestException', message);

const content = z.object({ Data: z.string(), Charset: z.string().optional() });
const addresses = z.array(z.string()).optional();

/** SendEmailRequest, the members this stand-in reads (others, e.g. EmailTags, are accepted). */
const sendEmailRequest = z.object({
  FromEmailAddress: z.string().optional(),
  Destination: z
    .object({ ToAddresses: addresses, CcAddresses: addresses, BccAddresses: addresses })
    .optional(),
  ReplyToAddresses: addresses,
  Content: z
    .object({
      Simple: z
        .object({
          Subject: content.optional(),
          Body: z.object({ Text: content.optional(), Html: content.optional() }).optional(),
          Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).optional(),
          Attachments: z
            .array(
              z.object({
                RawContent: z.string(),
                FileName: z.string(),
                ContentType: z.string().optional(),
                ContentId: z.string().optional(),
                ContentDisposition: z.enum(['ATTACHMENT', 'INLINE']).optional(),
                ContentDescription: z.string().optional(),
                ContentTransferEncoding: z
                  .enum(['BASE64', 'QUOTED_PRINTABLE', 'SEVEN_BIT'])
                  .optional(),
              }),
            )
            .optional(),
        })
        .optional(),
      Raw: z.object({ Data: z.string() }).optional(),
      Template: z.object({}).loose().optional(),
    })
    .optional(),
});
type SendEmailRequest = z.infer<typeof sendEmailRequest>;

/** The mailboxes of an address list ("Name <a@b>, c@d"); groups are flattened. */
const mailboxes = (values: readonly string[]) =>
  values.flatMap((value) => addressparser(value, { flatten: true }));

/** SES refuses an address without a domain with this message (InvalidParameterValue in v1). */
const checkAddresses = (list: readonly { address: string }[]) => {
  for (const { address } of list) {
    const at = address.lastIndexOf('@');
    if (at <= 0 || at === address.length - 1) throw badRequest("Missing final '@domain'");
  }
};

/** The header fields of a MIME message, names lower-cased, folded lines joined. */
const headerFields = (raw: Buffer): Map<string, string[]> => {
  const text = raw.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text)?.index ?? text.length;
  const fields = new Map<string, string[]>();
  for (const line of text
    .slice(0, end)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return fields;
};

const recipientsOf = (destination: SendEmailRequest['Destination']) => ({
  to: destination?.ToAddresses ?? [],
  cc: destination?.CcAddresses ?? [],
  bcc: destination?.BccAddresses ?? [],
});

const checkRecipients = (list: readonly { address: string }[]) => {
  if (list.length === 0) throw badRequest('At least one destination address is required.');
  checkAddresses(list);
  if (list.length > MAX_RECIPIENTS) throw badRequest(`Recipient count exceeds ${MAX_RECIPIENTS}.`);
};

const TRANSFER_ENCODINGS = {
  BASE64: 'base64',
  QUOTED_PRINTABLE: 'quoted-printable',
  SEVEN_BIT: '7bit',
} as const;

/**
 * The message SES would send for `request`, as nodemailer options, or the error SES answers.
 * Sender and recipients are checked as SES checks them: Raw content may leave them to its own
 * From / To / Cc / Bcc header fields, Simple content may not.
 */
const toMail = (request: SendEmailRequest, messageId: string): SendMailOptions => {
  const { Simple: simple, Raw: raw, Template: template } = request.Content ?? {};
  const kinds = [simple, raw, template].filter((c) => c !== undefined).length;
  if (kinds !== 1) {
    throw badRequest('The content must be exactly one of Simple, Raw or Template.');
  }
  const { to, cc, bcc } = recipientsOf(request.Destination);
  const replyTo = request.ReplyToAddresses ?? [];

  if (raw !== undefined) {
    const data = Buffer.from(raw.Data, 'base64');
    if (data.length === 0) throw badRequest('The raw message is empty.');
    const fields = headerFields(data);
    const sender = mailboxes(
      request.FromEmailAddress !== undefined
        ? [request.FromEmailAddress]
        : (fields.get('from') ?? []),
    );
    if (sender.length === 0) throw badRequest("Missing required header 'From'.");
    checkAddresses(sender);
    const given = [...to, ...cc, ...bcc];
    const recipients = mailboxes(
      given.length > 0 ? given : ['to', 'cc', 'bcc'].flatMap((name) => fields.get(name) ?? []),
    );
    checkRecipients(recipients);
    return {
      envelope: { from: sender[0]?.address, to: recipients.map((r) => r.address) },
      raw: data,
    };
  }

  if (template !== undefined) {
    if (request.FromEmailAddress === undefined) throw badRequest('Source cannot be empty');
    throw badRequest('Template content is not served by the offline SES stand-in.');
  }

  // Simple content. SES answers a Simple message without a sender with a null message.
  if (request.FromEmailAddress === undefined || request.FromEmailAddress.trim() === '') {
    throw badRequest(null);
  }
  checkAddresses(mailboxes([request.FromEmailAddress]));
  checkRecipients(mailboxes([...to, ...cc, ...bcc]));
  checkAddresses(mailboxes(replyTo));
  const message = simple ?? {};
  if (message.Subject === undefined) throw badRequest('The message has no Subject.');
  if (message.Body === undefined) throw badRequest('The message has no Body.');
  return {
    from: request.FromEmailAddress,
    to,
    cc,
    bcc,
    ...(replyTo.length > 0 ? { replyTo } : {}),
    subject: message.Subject.Data,
    ...(message.Body.Text !== undefined ? { text: message.Body.Text.Data } : {}),
    ...(message.Body.Html !== undefined ? { html: message.Body.Html.Data } : {}),
    messageId: `<${messageId}@${REGION}.amazonses.com>`,
    ...(message.Headers !== undefined
      ? { headers: message.Headers.map((h) => ({ key: h.Name, value: h.Value })) }
      : {}),
    ...(message.Attachments !== undefined
      ? {
          attachments: message.Attachments.map((a) => ({
            content: Buffer.from(a.RawContent, 'base64'),
            filename: a.FileName,
            ...(a.ContentType !== undefined ? { contentType: a.ContentType } : {}),
            ...(a.ContentId !== undefined ? { cid: a.ContentId.replace(/^<|>$/g, '') } : {}),
            ...(a.ContentDisposition !== undefined
              ? { contentDisposition: a.ContentDisposition.toLowerCase() }
              : {}),
            ...(a.ContentTransferEncoding !== undefined
              ? { contentTransferEncoding: TRANSFER_ENCODINGS[a.ContentTransferEncoding] }
              : {}),
            ...(a.ContentDescription !== undefined
              ? { headers: { 'Content-Description': a.ContentDescription } }
              : {}),
          })),
        }
      : {}),
  };
};

/** An SES message id: a millisecond timestamp, a UUID and a suffix, as SES makes them. */
const newMessageId = () =>
  `0100${Date.now().toString(16).padStart(12, '0')}-${randomUUID()}-000000`;

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_REQUEST_BYTES)
      throw new SesError(413, 'BadRequestException', 'Request too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

const answer = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'x-amzn-requestid': randomUUID(),
      ...headers,
    })
    .end(JSON.stringify(body));
};

const sendEmail = async (req: IncomingMessage, relay: RelayMail) => {
  const text = await readBody(req);
  let json: unknown;
  try {
    json = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new SesError(400, 'SerializationException', 'The request body is not valid JSON.');
  }
  const parsed = sendEmailRequest.safeParse(json);
  if (!parsed.success) {
    throw new SesError(400, 'SerializationException', z.prettifyError(parsed.error));
  }
  const messageId = newMessageId();
  await relay(toMail(parsed.data, messageId));
  return messageId;
};

/**
 * A stand-in for Amazon SES (API v2) that serves SendEmail — Simple content (subject, text and/or
 * HTML body, headers, attachments) and Raw MIME — and relays each accepted message over SMTP to
 * the local mail catcher, answering `{"MessageId"}` as SES does. Sending identities are not
 * verified and signatures are not checked (no sandbox): every well-formed message is delivered.
 */
export const startSes = async (options: SesOptions): Promise<RunningSes> => {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || path !== SEND_EMAIL_PATH) {
      req.resume();
      answer(
        res,
        404,
        { message: `The offline SES stand-in serves SendEmail only (POST ${SEND_EMAIL_PATH})` },
        { 'x-amzn-errortype': 'UnknownOperationException' },
      );
      return;
    }
    sendEmail(req, options.relay).then(
      (MessageId) => {
        answer(res, 200, { MessageId });
      },
      (err: unknown) => {
        const error =
          err instanceof SesError
            ? err
            : new SesError(
                500,
                'InternalFailure',
                err instanceof Error ? err.message : String(err),
              );
        answer(res, error.status, { message: error.detail }, { 'x-amzn-errortype': error.code });
      },
    );
  });
  const port = await listen(server, options.port, options.host);
  return {
    url: `http://${urlHost(options.host)}:${String(port)}`,
    port,
    stop: () => closeServer(server),
  };
};

/**
 * The SES stand-in with a mail transport of its own, for when maildev runs elsewhere (the
 * separately running services of docker-compose.yml). As SES, it answers once a message is
 * accepted and delivers after; a failed delivery is logged. stop() waits for deliveries under way.
 */
export const startSesRelayingTo = async (options: {
  host: string;
  port: number;
  smtp: { host: string; port: number };
}): Promise<RunningSes> => {
  const transport = createTransport({
    host: options.smtp.host,
    port: options.smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  const deliveries = new Set<Promise<void>>();
  const relay: RelayMail = (mail) => {
    const delivery = transport.sendMail(mail).then(
      () => undefined,
      (err: unknown) => {
        console.error('SES could not deliver a message to the local mail catcher:', err);
      },
    );
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
    return Promise.resolve();
  };
  const ses = await startSes({ host: options.host, port: options.port, relay }).catch(
    (err: unknown) => {
      transport.close();
      throw err;
    },
  );
  return {
    ...ses,
    async stop() {
      await ses.stop();
      await Promise.allSettled([...deliveries]);
      transport.close();
    },
  };
};
