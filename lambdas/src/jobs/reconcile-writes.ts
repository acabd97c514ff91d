import type { RecoveryOutcome } from '../core/journal';
import { userWrites } from '../wiring/users';
import { consoleLogger } from '../core/logger';

/**
 * Finishes (or undoes) every journaled write that was cut short (lambdas/src/core/journal.ts).
 * `force`: also those whose lease has not run out yet — only when no other process can be
 * running them (the offline console at start-up, after the process that held them died).
 */
export const finishInterruptedWrites = async (
  force: boolean,
): Promise<Record<RecoveryOutcome, number>> => {
  const outcomes = await userWrites().reconcile(force);
  const touched = Object.values(outcomes).reduce((a, b) => a + b, 0);
  if (touched > 0) consoleLogger.info('write journal: interrupted writes handled', outcomes);
  return outcomes;
};

/**
 * The scheduled reconciler (infra: every few minutes): writes whose lease ran out, i.e. whose
 * request was stopped mid-way, are finished by the same steps, or undone if a step is refused.
 * A write it cannot finish (a service still unavailable) stays for the next run; one it does not
 * know is logged as an error (an alarm watches the job's errors).
 */
export const handler = async (): Promise<Record<RecoveryOutcome, number>> => {
  const outcomes = await finishInterruptedWrites(false);
  if (outcomes.unknown > 0 || outcomes.left > 0) {
    // Thrown so the invocation counts as an error: the job's error alarm tells the operators.
    throw new Error(
      `write journal: ${String(outcomes.left + outcomes.unknown)} interrupted write(s) could not be finished`,
    );
  }
  return outcomes;
};
