import { setTimeout as delay } from 'node:timers/promises';

const WITHIN_MS = 60_000;

/**
 * Before the first journey: the console's local inbox answers. The console answers
 * /config.json (what the webServer waits for) before its mail catcher listens: with fixed ports
 * maildev starts on a thread of its own and e-mails wait for it (mock-server/src/stack.ts), but a
 * journey reads the inbox from its first steps. With two consoles starting at once
 * (e2e-groups.mjs) maildev once came up seconds after the first journey's first read.
 */
export default async function inboxReady(): Promise<void> {
  const url = `${process.env.E2E_MAIL_UI_URL ?? ''}/api/email`;
  const until = Date.now() + WITHIN_MS;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) {
      throw new Error(`The local inbox (${url}) did not answer within ${String(WITHIN_MS)} ms`);
    }
    await delay(250);
  }
}
