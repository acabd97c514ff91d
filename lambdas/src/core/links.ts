import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from './ports/clock';
import type { RequestContext } from './request';

/**
 * What the e-mailed single-use links share (a forgotten authenticator's reset, an API
 * credential's reveal): a random token that is only ever stored as its hash, the console origin
 * the link may point at, and answers that take the same time whatever the link was.
 */

/** A link's secret: 32 random bytes, base64url (43 characters). */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a link's token: its SHA-256, hex. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Where an e-mailed link points: the console the request came from when it is one of
 * ALLOWED_ORIGINS, else the first of them (the console's own origin, which CDK puts first). A
 * request cannot make the link point anywhere else. Only offline, where the console and the API
 * share one origin and the list is empty, the request's own Origin (or Host) is used.
 */
export const linkOrigin = (ctx: RequestContext, allowed: readonly string[]): string => {
  const [first] = allowed;
  if (first !== undefined) {
    return ctx.origin !== null && allowed.includes(ctx.origin) ? ctx.origin : first;
  }
  if (ctx.origin !== null) return ctx.origin;
  if (ctx.host !== null) return `http://${ctx.host}`;
  throw new Error('no console origin to build the link from');
};

export interface SteadyTiming {
  clock: Clock;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Runs `work` and answers no sooner than `minimumMs` after the start, whatever path it took:
 * the public calls do more for an existing account (or link) than for an unknown one, and the
 * time of the answer must not tell them apart.
 */
export const withMinimumDuration = async <T>(
  timing: SteadyTiming,
  minimumMs: number,
  work: () => Promise<T>,
): Promise<T> => {
  const started = timing.clock.now().getTime();
  try {
    return await work();
  } finally {
    const left = started + minimumMs - timing.clock.now().getTime();
    if (left > 0) await timing.sleep(left);
  }
};
