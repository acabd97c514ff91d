import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OutgoingMessage, Outbox } from './outbox';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ccsc-outbox-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const mail = (n: number) => ({
  from: 'no-reply@ccsc.local',
  to: `user${String(n)}@example.com`,
  subject: `Message ${String(n)}`,
  text: `Body ${String(n)}`,
});
const quiet = () => undefined;

describe('the outbox (issue 12): mail accepted is never lost', () => {
  it('keeps a message on disk until the mail catcher has it, then removes it', async () => {
    const delivered: OutgoingMessage[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outbox = new Outbox(dir, async (m) => {
      await gate;
      delivered.push(m);
    });
    await outbox.send(mail(1));
    // The call that sent it has its answer; the message waits on disk, whole.
    expect(await readdir(dir)).toHaveLength(1);
    release();
    await outbox.settled();
    expect(await readdir(dir)).toEqual([]);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.envelope).toEqual({
      from: 'no-reply@ccsc.local',
      to: ['user1@example.com'],
    });
    expect(delivered[0]?.raw.toString()).toContain('Subject: Message 1');
  });

  it('delivers at the next start, in order, what a process that died had not delivered', async () => {
    // A process whose mail catcher never answered (it died before delivering anything).
    const dying = new Outbox(dir, () => new Promise<void>(() => undefined));
    await dying.send(mail(1));
    await dying.send(mail(2));
    expect(await readdir(dir)).toHaveLength(2);

    const delivered: string[] = [];
    const next = new Outbox(dir, (m) => {
      delivered.push(m.envelope.to.join());
      return Promise.resolve();
    });
    expect(await next.deliverLeftOver()).toBe(2);
    expect(delivered).toEqual(['user1@example.com', 'user2@example.com']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps a message whose delivery failed, for the next start', async () => {
    const outbox = new Outbox(dir, () => Promise.reject(new Error('maildev down')), quiet);
    await outbox.send(mail(1));
    await outbox.settled();
    expect(await readdir(dir)).toHaveLength(1);
  });
});
