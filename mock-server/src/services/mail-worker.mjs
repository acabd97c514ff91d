// maildev on a worker thread of this process. Loading maildev costs ~1.8 s of CPU (its SMTP
// package imports jsdom); on a thread of its own that overlaps with the rest of the start-up
// instead of adding to it. Plain JS: a worker cannot load TypeScript under vitest.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { makeId } from '@maildev/core';
import {
  getAttachmentDir,
  getAttachmentFilePath,
  parseEmailStream,
  SMTPServer,
  transformAttachment,
  VERSION,
} from '@maildev/smtp';
import { MailDev } from 'maildev';
import { writeFileAtomic } from './atomic-file.mjs';

const port = parentPort;
if (!port) throw new Error('mail-worker.mjs runs as a worker thread');

// maildev writes each message it receives with a plain write stream straight to <id>.eml, and its
// attachments with writeFile: a crash mid-write left a cut-short .eml, which the next start
// restored into the inbox as if it were the whole message. The two methods below are maildev's own
// (@maildev/smtp 3.0.0, dist/server.js: processIncomingEmail, saveAttachments) but for writing
// through writeFileAtomic, so a message is on disk whole (fsynced) before SMTP accepts it, or not at
// all. node_modules stays untouched: these replace methods of the class @maildev/smtp exports. A
// new maildev must be checked against them, hence the version check.
if (VERSION !== '3.0.0') {
  throw new Error(
    `mail-worker.mjs replaces two methods of @maildev/smtp 3.0.0, not of ${VERSION}: compare them`,
  );
}

SMTPServer.prototype.processIncomingEmail = async function processIncomingEmail(stream, session) {
  const id = makeId();
  const emlPath = join(this.mailDir, `${id}.eml`);
  const limit =
    this.options.maxMessageSize && this.options.maxMessageSize > 0
      ? this.options.maxMessageSize
      : 0;
  const sizeState = { exceeded: false };
  const source = limit ? stream.pipe(this.createSizeCap(limit, sizeState)) : stream;
  const emlPassThrough = new PassThrough();
  const parsePassThrough = new PassThrough();
  source.pipe(emlPassThrough);
  source.pipe(parsePassThrough);
  // A client that goes away mid-message leaves the stream closed but never ended (smtp-server
  // destroys it): fail both readers, so that the part received is dropped with its temporary file
  // instead of waiting forever. (The change of ours beside the atomic write.)
  stream.once('close', () => {
    if (stream.readableEnded) return;
    const cut = new Error('The connection closed before the whole message was received');
    emlPassThrough.destroy(cut);
    parsePassThrough.destroy(cut);
  });
  const [, parsed] = await Promise.all([
    writeFileAtomic(emlPath, emlPassThrough),
    parseEmailStream(parsePassThrough),
  ]);
  if (sizeState.exceeded) {
    await rm(emlPath, { force: true });
    const error = new Error('Message exceeds maximum allowed size');
    error.responseCode = 552;
    throw error;
  }
  if (parsed.attachments && parsed.attachments.length > 0) {
    await this.saveAttachments(id, parsed.attachments);
  }
  const sessionMailFrom = session.envelope.mailFrom;
  const envelope = {
    from: sessionMailFrom
      ? { address: sessionMailFrom.address, args: sessionMailFrom.args }
      : false,
    to: (session.envelope.rcptTo || []).map((addr) => ({ address: addr.address, args: addr.args })),
    host: session.hostNameAppearsAs,
    remoteAddress: session.remoteAddress,
  };
  await this.saveEmail(id, envelope, parsed);
  return id;
};

SMTPServer.prototype.saveAttachments = async function saveAttachments(emailId, attachments) {
  await mkdir(getAttachmentDir(this.mailDir, emailId), { recursive: true });
  for (const attachment of attachments) {
    if (!attachment.content) continue;
    const transformed = transformAttachment(attachment);
    await writeFileAtomic(
      getAttachmentFilePath(this.mailDir, emailId, transformed),
      attachment.content,
    );
  }
};

const maildev = new MailDev(workerData);
try {
  const servers = await maildev.start();
  if (!(servers.smtp instanceof SMTPServer)) {
    throw new Error(
      "maildev's SMTP server is not the @maildev/smtp class mail-worker.mjs made write atomically",
    );
  }
  port.postMessage({
    type: 'ready',
    smtpPort: servers.smtp.getAddress().port,
    webPort: servers.api?.getAddress()?.port ?? null,
  });
} catch (err) {
  port.postMessage({ type: 'failed', message: err instanceof Error ? err.stack : String(err) });
  port.close();
}

port.on('message', (message) => {
  if (message !== 'stop') return;
  maildev.stop().then(
    () => {
      port.postMessage({ type: 'stopped' });
      port.close();
    },
    (err) => {
      port.postMessage({ type: 'failed', message: err instanceof Error ? err.stack : String(err) });
      port.close();
    },
  );
});
