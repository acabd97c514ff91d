// The authenticator app of a test user: TOTP codes as Cognito accepts them.
import { setTimeout as delay } from 'node:timers/promises';
import { generateSync } from 'otplib';

const TOTP_STEP_SECONDS = 30;

/** The current 30-second TOTP step. */
const currentStep = () => Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);

/** The authenticator-app code (RFC 6238, SHA-1, 6 digits) of `secret` (base32) for `step`. */
export const totpAt = (secret: string, step: number) =>
  generateSync({ secret, epoch: step * TOTP_STEP_SECONDS });

/**
 * An authenticator app for one secret. Cognito accepts each code once and, for clock drift, the
 * codes of the neighbouring steps too: `next()` hands out a code of a step not used yet (the
 * previous, current or next one), waiting for time to move on only when all are used, so a test
 * can sign in several times without sleeping 30 seconds each time. The previous step is only
 * used while the current one has a few seconds left, so the server, checking a moment later,
 * still counts it as a neighbour.
 */
export class Authenticator {
  private lastStep = -Infinity;
  /** The code `next()` returned last. */
  lastCode = '';

  constructor(readonly secret: string) {}

  async next(): Promise<string> {
    for (;;) {
      const now = currentStep();
      const leftMs = (now + 1) * TOTP_STEP_SECONDS * 1000 - Date.now();
      const step = Math.max(this.lastStep + 1, leftMs > 3_000 ? now - 1 : now);
      if (step <= now + 1) {
        this.lastStep = step;
        this.lastCode = totpAt(this.secret, step);
        return this.lastCode;
      }
      await delay(leftMs + 100);
    }
  }

  /** A well-formed code that is not the code of the previous, current or next step. */
  wrongCode(): string {
    const now = currentStep();
    const valid = new Set([now - 1, now, now + 1, now + 2].map((s) => totpAt(this.secret, s)));
    let code = 123456;
    while (valid.has(String(code).padStart(6, '0'))) code = (code + 1) % 1_000_000;
    return String(code).padStart(6, '0');
  }
}
