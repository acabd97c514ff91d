import { lambdaLogger } from '../core/logger';
import {
  remindDistributions,
  type ReminderOutcome,
} from '../documents/distribution/distribution-reminders';
import { distributionDeps } from '../wiring/distributions';
import { scheduledJob } from '../telemetry';

/**
 * The distributions' job (issue 35 part D; hourly in AWS, offline on every pass of the scheduled
 * jobs): a fan-out a stopped request left unfinished is finished, the sites overdue are reminded
 * (recorded on the distribution, each the site's `distribution.overdue` event — its notification
 * and mail — and audited once as `distribution.reminder-due`), and distributions every site
 * acknowledged are closed.
 */
export const runDistributionReminders = async (): Promise<ReminderOutcome & { failed: number }> => {
  let failed = 0;
  const outcome = await remindDistributions(distributionDeps(), (distributionId, err) => {
    failed += 1;
    lambdaLogger.error('distribution reminders: a distribution failed', { distributionId, err });
  });
  if (outcome.finished + outcome.reminded + outcome.closed > 0) {
    lambdaLogger.info('distribution reminders', { ...outcome });
  }
  return { ...outcome, failed };
};

/** The scheduled entry: one distribution failing fails the run (alarmed); the rest went on. */
export const handler = scheduledJob('distribution-reminders', async () => {
  const outcome = await runDistributionReminders();
  if (outcome.failed > 0) {
    throw new Error(
      `distribution reminders: ${String(outcome.failed)} distribution(s) could not be handled`,
    );
  }
  return outcome;
});
