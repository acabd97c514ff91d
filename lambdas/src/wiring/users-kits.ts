import { lambdaEnv } from '../env';
import { systemClock } from '../core/ports/clock';
import { userDirectory } from './cognito';
import { accountLocks, auditTrail, userIndex } from './dynamodb';
import { registryReader } from './registry';
import { exportsStore } from './s3';
import { ensureBuilt, userWrites } from './users';

/** The users area's kits (users/operations.ts), each built on first use by its function. */
export const profile = () => ({
  directory: userDirectory(),
  registry: registryReader(),
  audit: auditTrail(),
  writes: userWrites(),
});

export const account = () => ({
  directory: userDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  writes: userWrites(),
});

export const listing = () => ({
  index: userIndex(),
  registry: registryReader(),
  ensureBuilt: ensureBuilt(),
  clock: systemClock,
  temporaryPasswordDays: lambdaEnv().TEMPORARY_PASSWORD_DAYS,
});

export const exporting = () => ({
  index: userIndex(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
  ensureBuilt: ensureBuilt(),
  temporaryPasswordDays: lambdaEnv().TEMPORARY_PASSWORD_DAYS,
});

export const directory = () => ({ directory: userDirectory() });

export const none = (): undefined => undefined;
