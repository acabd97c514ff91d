import { lambdaEnv } from '../env';
import { systemClock } from '../core/ports/clock';
import { auditReader, chainVerifications } from './audit';
import { credentialStore } from './credentials';
import { documentStore } from './documents';
import { userIndex } from './dynamodb';
import { registryReader } from './registry';
import { ensureBuilt } from './users';

/** The dashboard's kits (dashboard/operations.ts), each built on first use by its function. */
export const needsAction = () => ({
  index: userIndex(),
  ensureBuilt: ensureBuilt(),
  credentials: credentialStore(),
  registry: registryReader(),
  documents: documentStore(),
  clock: systemClock,
  temporaryPasswordDays: lambdaEnv().TEMPORARY_PASSWORD_DAYS,
});

export const activity = () => ({
  registry: registryReader(),
  documents: documentStore(),
  clock: systemClock,
});

export const recentChanges = () => ({ reader: auditReader(), clock: systemClock });

export const security = () => ({
  reader: auditReader(),
  verifications: chainVerifications(),
  clock: systemClock,
});
