import { describe, expect, it } from 'vitest';
import { FakeClock, FakeMailer, silentLogger } from './testing/fakes';
import { MemoryOutbox } from './testing/memory-outbox';
import { MailOutbox, OUTBOX_HOLD_MS, PLAIN_MAIL } from './outbox';

/** The mail outbox (issue 32): queued durably, sent at once or by the drain, never lost. */

const setUp = () => {
  const clock = new FakeClock();
  const store = new MemoryOutbox();
  const mailer = new FakeMailer();
  const composed: (string | undefined)[] = [];
  const outbox = new MailOutbox(
    { outbox: store, mailer, clock, logger: silentLogger() },
    {
      // A composer that needs a secret only its queuing run holds, and makes one otherwise.
      link: (payload, _deps, secrets) => {
        composed.push(secrets?.token);
        if (payload.moot === true) return Promise.resolve(null);
        return Promise.resolve({
          to: 'contact@example.org',
          subject: 'Your link',
          text: `token ${secrets?.token ?? 'made-anew'}`,
        });
      },
    },
    {},
  );
  return { clock, store, mailer, outbox, composed };
};

const plain = {
  id: 'w1:mail',
  kind: PLAIN_MAIL,
  payload: { to: 'a@example.org', subject: 's', text: 't' },
};

describe('the mail outbox', () => {
  it('sends a queued mail at once, and marks it sent: queued again, nothing is sent', async () => {
    const { outbox, mailer, store } = setUp();
    await outbox.queue(plain);
    expect(mailer.sent).toEqual([{ to: 'a@example.org', subject: 's', text: 't' }]);
    expect(store.waiting).toBe(0);
    await outbox.queue(plain);
    expect(mailer.sent).toHaveLength(1);
    expect(await outbox.drain(true)).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps a mail SES refused for the drain, which leaves it to its queuing run a while', async () => {
    const { outbox, mailer, store, clock } = setUp();
    mailer.failWith = new Error('SES down');
    await outbox.queue(plain);
    expect(store.waiting).toBe(1);
    mailer.failWith = null;
    expect(await outbox.drain()).toEqual({ sent: 0, failed: 0 });
    clock.advance(OUTBOX_HOLD_MS + 1);
    expect(await outbox.drain()).toEqual({ sent: 1, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    expect(store.waiting).toBe(0);
  });

  it('takes a held mail at start-up (force): the process that held it is gone', async () => {
    const { outbox, mailer, store } = setUp();
    mailer.failWith = new Error('killed');
    await outbox.queue(plain);
    mailer.failWith = null;
    expect(await outbox.drain(true)).toEqual({ sent: 1, failed: 0 });
    expect(store.waiting).toBe(0);
  });

  it('composes a secret-bearing mail with what its run holds, or anew in the drain', async () => {
    const { outbox, mailer, composed, clock } = setUp();
    await outbox.queue({ id: 'w2:mail', kind: 'link', payload: {} }, { token: 'secret-1' });
    expect(mailer.sent.at(-1)?.text).toBe('token secret-1');
    mailer.failWith = new Error('SES down');
    await outbox.queue({ id: 'w3:mail', kind: 'link', payload: {} }, { token: 'secret-2' });
    mailer.failWith = null;
    clock.advance(OUTBOX_HOLD_MS + 1);
    await outbox.drain();
    // The drain never had the run's secret: the composer made the link anew.
    expect(composed).toEqual(['secret-1', 'secret-2', undefined]);
    expect(mailer.sent.at(-1)?.text).toBe('token made-anew');
  });

  it('sends nothing for a mail that became moot, and keeps nothing waiting', async () => {
    const { outbox, mailer, store } = setUp();
    await outbox.queue({ id: 'w4:mail', kind: 'link', payload: { moot: true } });
    expect(mailer.sent).toEqual([]);
    expect(store.waiting).toBe(0);
  });

  it('counts a mail it cannot compose as failed, and keeps it', async () => {
    const { outbox, store } = setUp();
    await outbox.queue({ id: 'w5:mail', kind: 'no-such-kind', payload: {} });
    expect(store.waiting).toBe(1);
    expect(await outbox.drain(true)).toEqual({ sent: 0, failed: 1 });
  });
});
