import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { SendMailOptions } from 'nodemailer';
import * as z from 'zod';
import { readJsonFile, writeFileAtomic } from './atomic-file.mjs';

/** The outbox's folder in the data folder. */
export const OUTBOX_DIR = 'outbox';

/** A message as it goes over SMTP: the envelope and the whole MIME message. */
export interface OutgoingMessage {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

const storedSchema = z.object({
  envelope: z.object({ from: z.string(), to: z.array(z.string()) }),
  raw: z.string(),
});

/**
 * The mail the offline stack has accepted and not yet handed to the local mail catcher. In AWS,
 * once Cognito or SES has answered a call that sends mail, the mail will go out: a crash of the
 * caller cannot lose it. Offline the same holds: a message is written here (atomically, whole)
 * before the call that sends it answers, delivered in the background, and removed once the mail
 * catcher has it; a message still here at start-up (the process died before delivering it) is
 * delivered then. So mail is delivered at least once — never lost.
 */
export class Outbox {
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly directory: string,
    private readonly deliver: (message: OutgoingMessage) => Promise<void>,
    private readonly log: (line: string, err: unknown) => void = (line, err) => {
      console.error(line, err);
    },
  ) {}

  /** Keeps the message (whole, on disk), then delivers it in the background. */
  async send(mail: SendMailOptions): Promise<void> {
    const compiled = new MailComposer(mail).compile();
    const envelope = compiled.getEnvelope();
    const message: OutgoingMessage = {
      envelope: { from: envelope.from === false ? '' : envelope.from, to: envelope.to },
      raw: await compiled.build(),
    };
    await mkdir(this.directory, { recursive: true });
    // Named by time, so that a start-up delivers what is left in the order it was sent.
    const file = join(
      this.directory,
      `${String(Date.now()).padStart(15, '0')}-${randomUUID()}.json`,
    );
    await writeFileAtomic(
      file,
      JSON.stringify({ envelope: message.envelope, raw: message.raw.toString('base64') }),
    );
    this.track(this.handOver(file, message));
  }

  /**
   * Delivers, in the background, what an earlier process accepted and did not deliver (it died
   * first); `settled()` waits for it too.
   */
  resumeDelivery(): void {
    this.track(
      this.deliverLeftOver().then(
        (count) => {
          if (count > 0)
            console.log(`Delivered ${String(count)} message(s) left from an earlier run.`);
        },
        (err: unknown) => {
          this.log('Could not deliver the messages left from an earlier run:', err);
        },
      ),
    );
  }

  /** Delivers what an earlier process accepted and did not deliver; answers how many. */
  async deliverLeftOver(): Promise<number> {
    const names = await readdir(this.directory).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    });
    const pending = names.filter((n) => n.endsWith('.json')).sort();
    for (const name of pending) {
      const file = join(this.directory, name);
      const stored = storedSchema.parse(await readJsonFile(file, 'a message waiting for delivery'));
      await this.handOver(file, {
        envelope: stored.envelope,
        raw: Buffer.from(stored.raw, 'base64'),
      });
    }
    return pending.length;
  }

  /** Resolves once every delivery under way is done (a stop waits for them). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
  }

  private async handOver(file: string, message: OutgoingMessage): Promise<void> {
    try {
      await this.deliver(message);
      await rm(file, { force: true });
    } catch (err) {
      // Kept: the next start delivers it.
      this.log(`Could not deliver a message to the local mail catcher (kept in ${file}):`, err);
    }
  }

  private track(delivery: Promise<void>): void {
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }
}
