import { rebuildUserIndex } from '../features/users/user-index-sync';
import { userDirectory } from '../handlers/deps';
import { accountLocks, userIndex } from '../handlers/wiring/dynamodb';
import { consoleLogger } from '../http/logger';

/**
 * The scheduled rebuild of the user index (infra: once a night): the console keeps the index in
 * step with its own changes, this catches whatever changed in Cognito without it (the AWS
 * console or CLI). Rows that are already right are left alone.
 */
export const handler = async (): Promise<{ users: number; removed: number; written: number }> => {
  const result = await rebuildUserIndex({
    directory: userDirectory(),
    locks: accountLocks(),
    index: userIndex(),
  });
  consoleLogger.info('user index rebuilt', { ...result });
  return result;
};
