import type { Context } from 'cognito-local/lib/services/context.js';
import type { User, UserPool } from 'cognito-local/lib/services/userPoolService.js';
import { describe, expect, it, vi } from 'vitest';
import { COGNITO_DEFAULTS, type OutgoingMail, renderMessage, SmtpMessageSender } from './messages';

const user: User = {
  Username: '5b1c2d3e-sub',
  Attributes: [
    { Name: 'sub', Value: '5b1c2d3e-sub' },
    { Name: 'email', Value: 'ada@example.com' },
  ],
  Enabled: true,
  UserStatus: 'FORCE_CHANGE_PASSWORD',
  Password: 'Temp12',
  UserCreateDate: new Date(0),
  UserLastModifiedDate: new Date(0),
  RefreshTokens: [],
};

const pool = (extra: Partial<UserPool> = {}): UserPool => ({
  Id: 'local_pool',
  UsernameAttributes: ['email'],
  ...extra,
});

const silentLogger = {
  child: () => silentLogger,
  debug: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warn: vi.fn(),
};
const ctx: Context = { logger: silentLogger };

describe('renderMessage', () => {
  it('fills the pool invitation template; {username} is the address in an e-mail-username pool', () => {
    const message = renderMessage(
      'AdminCreateUser',
      pool({
        AdminCreateUserConfig: {
          InviteMessageTemplate: {
            EmailSubject: 'Your Console invitation',
            EmailMessage: '<p>User {username}, password {####}</p>',
          },
        },
      }),
      user,
      'a<b&1',
    );
    expect(message.emailSubject).toBe('Your Console invitation');
    expect(message.emailMessage).toBe('<p>User ada@example.com, password a&#60;b&#38;1</p>');
    expect(message.__code).toBe('a<b&1');
  });

  it("falls back to Cognito's own invitation text", () => {
    const message = renderMessage('AdminCreateUser', pool({ UsernameAttributes: [] }), user, 'X1');
    expect(message.emailSubject).toBe(COGNITO_DEFAULTS.invitationSubject);
    expect(message.emailMessage).toBe(
      'Your username is 5b1c2d3e-sub and temporary password is X1.',
    );
  });

  it('uses the verification template for forgot-password codes and leaves {username} alone', () => {
    const message = renderMessage(
      'ForgotPassword',
      pool({
        VerificationMessageTemplate: { EmailSubject: 'Code', EmailMessage: '{username}: {####}' },
      }),
      user,
      '123456',
    );
    expect(message).toMatchObject({ emailSubject: 'Code', emailMessage: '{username}: 123456' });
    expect(renderMessage('SignUp', pool(), user, '42')).toMatchObject({
      emailSubject: 'Your verification code',
      emailMessage: 'Your verification code is 42.',
    });
  });
});

describe('SmtpMessageSender', () => {
  it('sends HTML with a plain-text alternative from the configured sender', async () => {
    const sent: OutgoingMail[] = [];
    const sender = new SmtpMessageSender((mail) => {
      sent.push(mail);
      return Promise.resolve();
    }, 'no-reply@ccsc.local');
    await sender.sendEmail(ctx, user, 'ada@example.com', {
      __code: '1',
      emailSubject: 'S',
      emailMessage: '<p>One</p><p>Two<br>Three</p>',
    });
    expect(sent).toEqual([
      {
        from: 'no-reply@ccsc.local',
        to: 'ada@example.com',
        subject: 'S',
        text: 'One\n\nTwo\nThree',
        html: '<p>One</p><p>Two<br>Three</p>',
      },
    ]);
  });

  it('gives the plain-text part the characters an HTML template escaped (a temporary password with & or <)', async () => {
    const sent: OutgoingMail[] = [];
    const sender = new SmtpMessageSender((mail) => {
      sent.push(mail);
      return Promise.resolve();
    }, 'from@x.test');
    const pool = {
      Id: 'local_x',
      AdminCreateUserConfig: { InviteMessageTemplate: { EmailMessage: '<p>Password: {####}</p>' } },
    };
    const message = renderMessage('AdminCreateUser', pool, user, 'Ab1&<x>"\'#');
    await sender.sendEmail(ctx, user, 'ada@example.com', message);
    expect(sent[0]?.text).toBe('Password: Ab1&<x>"\'#');
    expect(sent[0]?.html).not.toContain('<x>');
  });

  it('escapes a plain-text body for the HTML part and defaults to the verification text', async () => {
    const sent: OutgoingMail[] = [];
    const sender = new SmtpMessageSender((mail) => {
      sent.push(mail);
      return Promise.resolve();
    }, 'from@x.test');
    await sender.sendEmail(ctx, user, 'ada@example.com', { __code: '9' });
    expect(sent[0]).toMatchObject({
      subject: 'Your verification code',
      text: 'Your verification code is 9.',
      html: 'Your verification code is 9.',
    });
  });
});
