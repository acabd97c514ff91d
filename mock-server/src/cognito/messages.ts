import type { CognitoService } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import type { Message, Messages } from 'cognito-local/lib/services/messages';
import type {
  DeliveryDetails,
  MessageDelivery,
} from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import type { Triggers } from 'cognito-local/lib/services/triggers';
import type { User, UserPool } from 'cognito-local/lib/services/userPoolService';

/** Why Cognito sends a message; cognito-local does not export the name of this union. */
export type MessageSource = Parameters<Messages['deliver']>[1];

/** Cognito's own texts, used when the pool has no template of its own. */
export const COGNITO_DEFAULTS = {
  invitationSubject: 'Your temporary password',
  invitationMessage: 'Your username is {username} and temporary password is {####}.',
  verificationSubject: 'Your verification code',
  verificationMessage: 'Your verification code is {####}.',
  authenticationSubject: 'Your authentication code',
  authenticationMessage: 'Your authentication code is {####}.',
} as const;

const attribute = (user: User, name: string) => user.Attributes.find((a) => a.Name === name)?.Value;

/**
 * The name the user signs in with. In a pool whose usernames are e-mail addresses cognito-local
 * stores the `sub` as the Username; the person only knows their address.
 */
const signInName = (pool: UserPool, user: User): string =>
  (pool.UsernameAttributes?.includes('email') ? attribute(user, 'email') : undefined) ??
  user.Username;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${String(c.codePointAt(0))};`);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The character an HTML entity stands for (the ones escapeHtml writes, and the usual named). */
const decodeEntity = (entity: string) =>
  entity.startsWith('#')
    ? String.fromCodePoint(Number(entity.slice(1)))
    : (NAMED_ENTITIES[entity] ?? `&${entity};`);

const looksLikeHtml = (s: string) => /<[a-z][\s\S]*>/i.test(s);

/** Substitutes the placeholders; values are escaped when the template is HTML. */
const fill = (template: string, values: { code: string; username?: string }) => {
  const safe = looksLikeHtml(template) ? escapeHtml : (s: string) => s;
  const withCode = template.split('{####}').join(safe(values.code));
  return values.username === undefined
    ? withCode
    : withCode.split('{username}').join(safe(values.username));
};

/**
 * The subject and body Cognito would send for `source`, from the pool's own templates or Cognito's
 * defaults. {username} is only substituted in invitations, as in Cognito.
 */
export const renderMessage = (
  source: MessageSource,
  pool: UserPool,
  user: User,
  code: string,
): Message => {
  if (source === 'AdminCreateUser') {
    const template = pool.AdminCreateUserConfig?.InviteMessageTemplate;
    const values = { code, username: signInName(pool, user) };
    return {
      __code: code,
      emailSubject: template?.EmailSubject ?? COGNITO_DEFAULTS.invitationSubject,
      emailMessage: fill(template?.EmailMessage ?? COGNITO_DEFAULTS.invitationMessage, values),
      smsMessage: fill(template?.SMSMessage ?? COGNITO_DEFAULTS.invitationMessage, values),
    };
  }
  if (source === 'Authentication') {
    return {
      __code: code,
      emailSubject: COGNITO_DEFAULTS.authenticationSubject,
      emailMessage: fill(COGNITO_DEFAULTS.authenticationMessage, { code }),
      smsMessage: fill(pool.SmsAuthenticationMessage ?? COGNITO_DEFAULTS.authenticationMessage, {
        code,
      }),
    };
  }
  // Sign-up, resend, forgot-password and attribute verification all use the verification template.
  const template = pool.VerificationMessageTemplate;
  return {
    __code: code,
    emailSubject:
      template?.EmailSubject ??
      pool.EmailVerificationSubject ??
      COGNITO_DEFAULTS.verificationSubject,
    emailMessage: fill(
      template?.EmailMessage ??
        pool.EmailVerificationMessage ??
        COGNITO_DEFAULTS.verificationMessage,
      { code },
    ),
    smsMessage: fill(
      template?.SmsMessage ?? pool.SmsVerificationMessage ?? COGNITO_DEFAULTS.verificationMessage,
      { code },
    ),
  };
};

/**
 * cognito-local hands its MessageSender only `{ __code }` unless a CustomMessage trigger runs; the
 * pool's templates never reach it. This puts them in before delivery. With a custom trigger
 * configured, cognito-local's own service keeps the say.
 */
export class TemplatedMessages implements Messages {
  constructor(
    private readonly inner: Messages,
    private readonly triggers: Triggers,
    private readonly cognito: CognitoService,
    private readonly delivery: MessageDelivery,
  ) {}

  async deliver(
    ctx: Context,
    source: MessageSource,
    clientId: string | null,
    userPoolId: string,
    user: User,
    code: string,
    clientMetadata: Record<string, string> | undefined,
    deliveryDetails: DeliveryDetails,
  ): Promise<void> {
    if (this.triggers.enabled('CustomMessage') || this.triggers.enabled('CustomEmailSender')) {
      await this.inner.deliver(
        ctx,
        source,
        clientId,
        userPoolId,
        user,
        code,
        clientMetadata,
        deliveryDetails,
      );
      return;
    }
    const pool = await this.cognito.getUserPool(ctx, userPoolId);
    await this.delivery.deliver(
      ctx,
      user,
      deliveryDetails,
      renderMessage(source, pool.options, user, code),
    );
  }
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: nodemailer in the stack, an array in tests. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

/**
 * Sends what Cognito would e-mail to the local mail catcher. Cognito templates may contain HTML,
 * so the body goes out as HTML with a plain-text alternative. SMS has no local catcher: logged.
 */
export class SmtpMessageSender implements MessageSender {
  constructor(
    private readonly send: SendMail,
    private readonly from: string,
  ) {}

  async sendEmail(ctx: Context, _user: User, destination: string, message: Message) {
    const code = message.__code ?? '';
    const body = message.emailMessage ?? fill(COGNITO_DEFAULTS.verificationMessage, { code });
    const text = looksLikeHtml(body)
      ? body
          .replace(/<br\s*\/?>/gi, '\n')
          .replace(/<\/p>/gi, '\n\n')
          .replace(/<[^>]+>/g, '')
          .replace(/&(#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => decodeEntity(entity))
          .trim()
      : body;
    const html = looksLikeHtml(body) ? body : escapeHtml(body).replace(/\n/g, '<br>');
    await this.send({
      from: this.from,
      to: destination,
      subject: message.emailSubject ?? COGNITO_DEFAULTS.verificationSubject,
      text,
      html,
    });
    ctx.logger.debug({ to: destination }, 'Cognito e-mail delivered to the local mail catcher');
  }

  sendSms(ctx: Context, _user: User, destination: string, message: Message) {
    ctx.logger.warn(
      { to: destination, message: message.smsMessage ?? message.__code },
      'SMS requested; the offline stack has no SMS catcher',
    );
    return Promise.resolve();
  }
}
