import { emfLine, USER_INDEX_DRIFT_METRIC } from '../core/metrics';
import { lambdaEnv } from '../env';
import { rebuildUserIndex } from '../core/accounts/user-index-sync';
import { userDirectory } from '../wiring/cognito';
import { accountLocks, invitations, userIndex } from '../wiring/dynamodb';
import { lambdaLogger } from '../core/logger';
import { scheduledJob } from '../telemetry';

/**
 * The scheduled rebuild of the user index (infra: once a night): the console keeps the index in
 * step with its own changes, this catches whatever changed in Cognito without it (the AWS
 * console or CLI) and whatever a lost sync missed. Rows that are already right are left alone;
 * how many were not (written or removed) is published as the `UserIndexDrift` metric, which an
 * alarm watches: the index and Cognito should never disagree. The EMF line goes to stdout as it
 * is, not through console.log: with the functions' JSON log format, the runtime would wrap a
 * console line as the `message` of a record of its own, and CloudWatch would extract no metric.
 */
export const handler = scheduledJob(
  'rebuild-user-index',
  async (): Promise<{ users: number; removed: number; written: number }> => {
    const { drift, ...result } = await rebuildIndex();
    lambdaLogger.info('user index rebuilt', { ...result, drift });
    process.stdout.write(
      `${emfLine(USER_INDEX_DRIFT_METRIC, lambdaEnv().ENVIRONMENT_NAME, drift)}\n`,
    );
    return result;
  },
);

/**
 * Rebuilds the index; `drift` is how many rows disagreed with the directory (written or removed;
 * none for a first build, which writes every row). The offline console runs this after an
 * unclean stop.
 */
export const rebuildIndex = async (): Promise<{
  users: number;
  removed: number;
  written: number;
  drift: number;
}> => {
  const index = userIndex();
  const wasBuilt = await index.isBuilt();
  const result = await rebuildUserIndex({
    directory: userDirectory(),
    locks: accountLocks(),
    invitations: invitations(),
    index,
  });
  return { ...result, drift: wasBuilt ? result.written + result.removed : 0 };
};
