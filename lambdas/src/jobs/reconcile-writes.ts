import { Journal, type RecoveryOutcome, type RegisteredWorkflow } from '../core/journal';
import type { UserWriteDeps } from '../accounts/account-writes';
import { SESSION_WRITES } from '../features/session/session-writes';
import { USER_WRITES } from '../features/users/user-writes';
import { userWriteDeps } from '../wiring/users';
import { REGISTRY_WRITES, type RegistryWriteDeps, registryWriteDeps } from '../wiring/registry';
import { writeJournal } from '../wiring/dynamodb';
import { lambdaLogger } from '../core/logger';
import { scheduledJob } from '../telemetry';

type Deps = UserWriteDeps & RegistryWriteDeps;

/**
 * One journal that knows every kind of write (the users', the session's, the registry's): the
 * entries share one partition, and a journal that met a kind it does not know would leave it.
 */
const everyWrite = (): Journal<Deps> => {
  const deps: Deps = { ...userWriteDeps(), ...registryWriteDeps() };
  const workflows: readonly RegisteredWorkflow<Deps>[] = [
    ...USER_WRITES,
    ...SESSION_WRITES,
    ...REGISTRY_WRITES,
  ];
  return new Journal(
    { journal: writeJournal(), clock: deps.clock, logger: deps.logger },
    workflows,
    deps,
  );
};

/**
 * Finishes (or undoes) every journaled write that was cut short (lambdas/src/core/journal.ts).
 * `force`: also those whose lease has not run out yet — only when no other process can be
 * running them (the offline console at start-up, after the process that held them died).
 */
export const finishInterruptedWrites = async (
  force: boolean,
): Promise<Record<RecoveryOutcome, number>> => {
  const outcomes = await everyWrite().reconcile(force);
  const touched = Object.values(outcomes).reduce((a, b) => a + b, 0);
  if (touched > 0) lambdaLogger.info('write journal: interrupted writes handled', outcomes);
  return outcomes;
};

/**
 * The scheduled reconciler (infra: every few minutes): writes whose lease ran out, i.e. whose
 * request was stopped mid-way, are finished by the same steps, or undone if a step is refused.
 * A write it cannot finish (a service still unavailable) stays for the next run; one it does not
 * know is logged as an error (an alarm watches the job's errors).
 */
export const handler = scheduledJob(
  'reconcile-writes',
  async (): Promise<Record<RecoveryOutcome, number>> => {
    const outcomes = await finishInterruptedWrites(false);
    if (outcomes.unknown > 0 || outcomes.left > 0) {
      // Thrown so the invocation counts as an error: the job's error alarm tells the operators.
      throw new Error(
        `write journal: ${String(outcomes.left + outcomes.unknown)} interrupted write(s) could not be finished`,
      );
    }
    return outcomes;
  },
);
