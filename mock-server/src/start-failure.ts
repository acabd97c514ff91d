import { inspect } from 'node:util';
import { DamagedFileError } from './services/atomic-file.mjs';

/** A failure that says all there is to say in its message: a damaged store (atomic-file.mjs). */
const speaksForItself = (err: unknown): boolean =>
  err instanceof DamagedFileError ||
  (err instanceof AggregateError && err.errors.length > 0 && err.errors.every(speaksForItself));

/**
 * What `npm start` (and a stand-in of docker-compose.yml) prints when it cannot start: the reason
 * as one message, without the stack trace and AggregateError dump Node prints for an uncaught
 * error; that whole error only with DEBUG.
 */
export const describeStartFailure = (err: unknown, debug: boolean): string => {
  if (debug) return inspect(err, { depth: 4 });
  const message = err instanceof Error ? err.message : String(err);
  return speaksForItself(err)
    ? message
    : `${message}\n(DEBUG=1 prints the whole error, with where it happened.)`;
};

/** Prints why the start failed and ends the process with exit code 1. */
export function exitOnStartFailure(err: unknown, debug: boolean): never {
  console.error(describeStartFailure(err, debug));
  process.exit(1);
}
