import { setTimeout as delay } from 'node:timers/promises';

/**
 * The wait before retrying a conditional write that lost a race: exponential with full jitter
 * (10, 20, 40 … ms, at most `capMs`), so writers that collided spread out instead of colliding
 * again in step.
 */
export const jitteredBackoff = (attempt: number, capMs: number): Promise<void> =>
  delay(Math.random() * Math.min(capMs, 10 * 2 ** attempt));
