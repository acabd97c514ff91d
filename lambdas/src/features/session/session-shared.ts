import type { Clock } from '../../ports/clock';
import { ValidationError } from '../../core/errors';

/**
 * The public recovery calls name the app client they come from (the spec's payload). Only the
 * console's web client is accepted: its settings (existence errors prevented, SRP only) are what
 * these calls rely on.
 */
export const requireWebClient = (clientId: string, webClientId: string): void => {
  if (clientId !== webClientId) {
    throw new ValidationError('The request is not valid.', [
      { path: 'clientId', message: 'clientId is not the console’s app client' },
    ]);
  }
};

export interface SteadyTiming {
  clock: Clock;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Runs `work` and answers no sooner than `minimumMs` after the start, whatever path it took:
 * the public calls do more for an existing account than for an unknown e-mail, and the time
 * of the answer must not tell them apart.
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
