import { randomUUID } from 'node:crypto';
import { Journal, type RecoveryOutcome, type RegisteredWorkflow } from '../core/journal';
import type { UserWriteDeps } from '../core/accounts/account-writes';
import { emfLine, CREDENTIAL_SWEEP_METRIC } from '../core/metrics';
import { lambdaEnv } from '../env';
import { CREDENTIAL_WRITES } from '../credentials/credential-journal';
import { sweepCredentials } from '../credentials/credential-sweep';
import type { CredentialWriteDeps } from '../credentials/credential-writes';
import { SESSION_WRITES } from '../session/session-writes';
import { USER_WRITES } from '../users/user-writes';
import { userWriteDeps } from '../wiring/users';
import { credentialWriteDeps } from '../wiring/credential-writes';
import { isDocumentWrite } from '../documents/document-kinds';
import { REGISTRY_WRITES, type RegistryWriteDeps, registryWriteDeps } from '../wiring/registry';
import { REQUEST_WRITES, type RequestWriteDeps } from '../documents/request-writes';
import { requestWriteDeps } from '../wiring/document-requests';
import { WEBHOOK_WRITES, type WebhookWriteDeps } from '../webhooks/webhook-writes';
import { webhookWriteDeps } from '../wiring/webhooks';
import { writeJournal } from '../wiring/dynamodb';
import { mailOutbox } from '../wiring/outbox';
import { lambdaLogger } from '../core/logger';
import { scheduledJob } from '../telemetry';

type Deps = UserWriteDeps &
  RegistryWriteDeps &
  CredentialWriteDeps &
  RequestWriteDeps &
  WebhookWriteDeps;

/**
 * One journal that knows every kind of write (the users', the session's, the registry's, the
 * credentials', the document requests' (issue 35), the documents'): the entries share one partition, and a journal that met a kind it does not know
 * would leave it.
 */
const everyWrite = (): Journal<Deps> => {
  // The requests' first: the others' audit trail (the whole port) is the one kept.
  const deps: Deps = {
    ...webhookWriteDeps(),
    ...requestWriteDeps(),
    ...credentialWriteDeps(),
    ...userWriteDeps(),
    ...registryWriteDeps(),
  };
  const workflows: readonly RegisteredWorkflow<Deps>[] = [
    ...USER_WRITES,
    ...SESSION_WRITES,
    ...REGISTRY_WRITES,
    ...CREDENTIAL_WRITES,
    ...REQUEST_WRITES,
    ...WEBHOOK_WRITES,
  ];
  return new Journal(
    { journal: writeJournal(), clock: deps.clock, logger: deps.logger },
    workflows,
    deps,
  );
};

/**
 * Finishes (or undoes) every journaled write that was cut short (lambdas/src/core/journal.ts),
 * then sends what the mail outbox holds (core/outbox.ts). `force`: also the writes whose lease
 * has not run out yet — only when no other process can be running them (the offline console at
 * start-up, after the process that held them died).
 */
export const finishInterruptedWrites = async (
  force: boolean,
): Promise<Record<RecoveryOutcome, number> & { mailsFailed: number }> => {
  const outcomes = await everyWrite().reconcile(force, isDocumentWrite);
  const touched = Object.values(outcomes).reduce((a, b) => a + b, 0);
  if (touched > 0) lambdaLogger.info('write journal: interrupted writes handled', outcomes);
  const mails = await mailOutbox().drain(force);
  if (mails.sent + mails.failed > 0) lambdaLogger.info('outbox: queued mails sent', mails);
  return { ...outcomes, mailsFailed: mails.failed };
};

/**
 * The sweep of API credentials against their Cognito app clients (credential-sweep.ts): what it
 * resolved is published as a metric, which an alarm watches (it should always be 0).
 */
export const sweepCredentialClients = async () => {
  const outcome = await sweepCredentials(
    credentialWriteDeps(),
    everyWrite(),
    `reconcile-${randomUUID()}`,
  );
  if (outcome.found.length > 0) {
    lambdaLogger.warn('credential sweep: clients and credentials disagreed', {
      found: outcome.found.slice(0, 50),
      resolved: outcome.resolved,
      busy: outcome.busy,
      failed: outcome.failed,
    });
  }
  return outcome;
};

/**
 * The scheduled reconciler (infra: every few minutes): writes whose lease ran out, i.e. whose
 * request was stopped mid-way, are finished by the same steps, or undone if a step is refused;
 * queued mails are sent; the credentials are swept. A write it cannot finish (a service still
 * unavailable) stays for the next run; one it does not know is logged as an error (an alarm
 * watches the job's errors).
 */
export const handler = scheduledJob('reconcile-writes', async () => {
  const outcomes = await finishInterruptedWrites(false);
  const sweep = await sweepCredentialClients();
  process.stdout.write(
    `${emfLine(CREDENTIAL_SWEEP_METRIC, lambdaEnv().ENVIRONMENT_NAME, sweep.resolved)}\n`,
  );
  if (
    outcomes.unknown > 0 ||
    outcomes.left > 0 ||
    outcomes.mailsFailed > 0 ||
    sweep.failed.length > 0
  ) {
    // Thrown so the invocation counts as an error: the job's error alarm tells the operators.
    throw new Error(
      `write journal: ${String(outcomes.left + outcomes.unknown)} interrupted write(s) could not be finished, ${String(outcomes.mailsFailed)} queued mail(s) not sent, ${String(sweep.failed.length)} credential(s) not swept`,
    );
  }
  return { ...outcomes, swept: sweep.resolved };
});
