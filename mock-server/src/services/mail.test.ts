import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type RunningMail, startMail } from './mail';

const inboxSchema = z.array(
  z.object({
    subject: z.string(),
    attachments: z.array(z.object({ filename: z.string() })).optional(),
  }),
);

describe('maildev, as the stack runs it', () => {
  let dir = '';
  let mail: RunningMail | undefined;
  const start = async () => {
    mail = await startMail({
      directory: dir,
      host: '127.0.0.1',
      smtpPort: 0,
      uiPort: 0,
      debug: false,
    });
    return mail;
  };
  const inbox = async () => {
    const answer = await fetch(`${mail?.uiUrl ?? ''}/api/email`);
    return inboxSchema.parse(await answer.json());
  };
  const restart = async () => {
    await mail?.stop();
    mail = undefined;
    return start();
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ccsc-mail-'));
  });
  afterEach(async () => {
    await mail?.stop();
    mail = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a message whole, attachments included, across a restart; nothing temporary left', async () => {
    const { smtp } = await start();
    const transport = createTransport({ ...smtp, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({
        from: 'no-reply@ccsc.local',
        to: 'admin@example.com',
        subject: 'Your export',
        text: 'Attached.',
        attachments: [{ filename: 'users.csv', content: 'email,role\na@example.com,Auditor\n' }],
      });
    } finally {
      transport.close();
    }
    await restart();
    const mails = await inbox();
    expect(mails.map((m) => [m.subject, m.attachments?.map((a) => a.filename)])).toEqual([
      ['Your export', ['users.csv']],
    ]);
    const files = await readdir(dir, { recursive: true });
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect(files.filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  // What a sender dying mid-message (or a crash of this process while maildev writes) leaves: the
  // part received must not come back at the next start as if it were the whole message.
  it('drops a message cut short instead of restoring its first half into the inbox', async () => {
    const { smtp } = await start();
    const socket = connect(smtp.port, smtp.host);
    socket.setEncoding('utf8');
    const replies: string[] = [];
    let waiting: ((line: string) => void) | undefined;
    socket.on('data', (chunk: string) => {
      for (const line of chunk.split('\r\n').filter((l) => /^\d{3} /.test(l))) {
        const next = waiting;
        waiting = undefined;
        if (next) next(line);
        else replies.push(line);
      }
    });
    const reply = () =>
      new Promise<string>((resolve) => {
        const queued = replies.shift();
        if (queued !== undefined) resolve(queued);
        else waiting = resolve;
      });
    const say = async (line: string) => {
      socket.write(`${line}\r\n`);
      return reply();
    };
    expect(await reply()).toMatch(/^220 /);
    expect(await say('EHLO test')).toMatch(/^250 /);
    expect(await say('MAIL FROM:<no-reply@ccsc.local>')).toMatch(/^250 /);
    expect(await say('RCPT TO:<admin@example.com>')).toMatch(/^250 /);
    expect(await say('DATA')).toMatch(/^354 /);
    socket.write(
      [
        'From: no-reply@ccsc.local',
        'To: admin@example.com',
        'Subject: Your temporary password',
        '',
        'Your username is admin@example.com and your temporary',
      ].join('\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));

    await restart();
    expect(await inbox()).toEqual([]);
    const files = await readdir(dir);
    expect(files.filter((f) => f.includes('.eml'))).toEqual([]);
  });
});
