// The local inbox (maildev) the console's mail goes to.
import { setTimeout as delay } from 'node:timers/promises';
import type { ConsoleInfo } from './global-setup';

/** A message in the local inbox (maildev's REST API: GET /api/email). */
export interface Mail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

/** The messages sent to `address` so far, oldest first. */
export const mailTo = async (c: ConsoleInfo, address: string): Promise<Mail[]> => {
  const res = await fetch(`${c.mailUi}/api/email`);
  const all = (await res.json()) as Mail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
};

/** Waits (briefly: SMTP delivery is asynchronous) until `address` has `count` messages. */
export const waitForMail = async (c: ConsoleInfo, address: string, count = 1) => {
  for (let i = 0; i < 100; i += 1) {
    const mails = await mailTo(c, address);
    if (mails.length >= count) return mails;
    await delay(50);
  }
  const mails = await mailTo(c, address);
  throw new Error(`expected ${count} message(s) to ${address}, found ${mails.length}`);
};
