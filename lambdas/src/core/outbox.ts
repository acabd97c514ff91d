import { describeError, type Logger } from './logger';
import type { Clock } from './ports/clock';
import type { MailMessage, Mailer } from './ports/mailer';
import type { Outbox, OutboxItem } from './ports/outbox';

/**
 * Mail after durability (issue 32). A journaled write that mails about a record queues the mail
 * in the outbox in a step after the record's (`queueMail`): durable before it is sent, so a crash
 * never loses it, and queued only once the record exists, so it never speaks of nothing. The run
 * that queued it sends it at once (holding it a while, so the drain leaves it alone); a mail it
 * could not send — SES down, the process killed — is sent by the drain: at start-up offline and
 * by the reconciler in AWS. A sent message is kept a while as sent, so a step that queues it again
 * after an interruption sends nothing; only a process killed between the send and that mark
 * sends it twice.
 *
 * What is queued holds no secret. A mail that carries one (a credential's single-use link) is
 * composed when it is sent: by the run that queued it with the secret it holds (`secrets`), or
 * by the drain, which makes a new one (a credential's link: a new token, its hash on the record).
 * A composer answers null when nothing is left to send (the record changed meanwhile).
 */

/** How long the run that queues a mail holds it for its own send before the drain may take it. */
export const OUTBOX_HOLD_MS = 60_000;

/** Composes a queued message of one kind; null: nothing to send any more. */
export type MailComposer<D> = (
  payload: Record<string, unknown>,
  deps: D,
  secrets: Record<string, string | undefined> | undefined,
) => Promise<MailMessage | null>;

/** A plain message, composed when queued: it holds no secret. */
export const PLAIN_MAIL = 'mail';
const plain: MailComposer<unknown> = (payload) => {
  const { to, subject, text } = payload;
  if (typeof to !== 'string' || typeof subject !== 'string' || typeof text !== 'string') {
    return Promise.reject(new Error('outbox: a plain mail without to, subject or text'));
  }
  return Promise.resolve({ to, subject, text });
};

export interface OutboxDeps {
  outbox: Outbox;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

export class MailOutbox<D> {
  private readonly composers: Map<string, MailComposer<D>>;

  constructor(
    private readonly deps: OutboxDeps,
    composers: Readonly<Record<string, MailComposer<D>>>,
    private readonly composerDeps: D,
  ) {
    this.composers = new Map<string, MailComposer<D>>([
      [PLAIN_MAIL, plain],
      ...Object.entries(composers),
    ]);
  }

  /**
   * Queues a message (again: nothing) and tries to send it at once; a send that fails leaves it
   * queued for the drain and is not the caller's failure. `secrets`: what only this run holds.
   */
  async queue(
    item: Pick<OutboxItem, 'id' | 'kind' | 'payload'>,
    secrets?: Record<string, string | undefined>,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const queued: OutboxItem = {
      ...item,
      queuedAt: now,
      heldUntil: new Date(now.getTime() + OUTBOX_HOLD_MS),
    };
    // Queued before by a run that did not finish: sent now unless someone else holds it.
    const mine =
      (await this.deps.outbox.put(queued)) ||
      (await this.deps.outbox.take(item.id, queued.heldUntil, now)) !== null;
    if (!mine) return;
    try {
      await this.send(queued, secrets);
    } catch (err) {
      this.deps.logger.warn('outbox: a mail is left for the drain', {
        id: item.id,
        kind: item.kind,
        ...describeError(err),
      });
    }
  }

  /**
   * Sends every queued message nobody holds (with `force`, held ones too: offline at start-up,
   * when the process that held them is gone); answers how many left, and how many failed.
   */
  async drain(force = false): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    for (const item of await this.deps.outbox.pending()) {
      const now = this.deps.clock.now();
      if (!force && item.heldUntil.getTime() > now.getTime()) continue;
      const taken = await this.deps.outbox.take(
        item.id,
        new Date(now.getTime() + OUTBOX_HOLD_MS),
        force ? item.heldUntil : now,
      );
      if (taken === null) continue;
      try {
        await this.send(taken, undefined);
        result.sent += 1;
      } catch (err) {
        result.failed += 1;
        this.deps.logger.error('outbox: a queued mail could not be sent', {
          id: item.id,
          kind: item.kind,
          ...describeError(err),
        });
      }
    }
    return result;
  }

  private async send(
    item: OutboxItem,
    secrets: Record<string, string | undefined> | undefined,
  ): Promise<void> {
    const compose = this.composers.get(item.kind);
    if (compose === undefined) throw new Error(`outbox: no composer for ${item.kind}`);
    const message = await compose(item.payload, this.composerDeps, secrets);
    if (message !== null) await this.deps.mailer.send(message);
    await this.deps.outbox.sent(item.id, this.deps.clock.now());
  }
}
