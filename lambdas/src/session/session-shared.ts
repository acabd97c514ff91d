import { ValidationError } from '../core/errors';

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

// The steady answer time lives in core/links.ts (the credential links use it too).
export { type SteadyTiming, withMinimumDuration } from '../core/links';
