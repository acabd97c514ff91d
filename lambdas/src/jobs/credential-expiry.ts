import { lambdaLogger } from '../core/logger';
import { runCredentialJob, type CredentialJobOutcome } from '../credentials/credential-expiry.core';
import { CREDENTIAL_WRITE_KINDS } from '../credentials/credential-journal';
import { credentialDeps, credentialWrites } from '../wiring/credential-writes';
import { userIndex } from '../wiring/dynamodb';
import { scheduledJob } from '../telemetry';

/** Runs the credential job once (features/credentials/credential-expiry.core.ts). */
export const runCredentialExpiry = async (): Promise<CredentialJobOutcome> => {
  const outcome = await runCredentialJob({
    ...credentialDeps(),
    users: userIndex(),
    writes: credentialWrites(CREDENTIAL_WRITE_KINDS.job),
  });
  if (outcome.noticed + outcome.expired + outcome.retired + outcome.failed > 0) {
    lambdaLogger.info('credential job', { ...outcome });
  }
  return outcome;
};

/**
 * The scheduled entry (infra: hourly). A credential it could not handle stays for the next run;
 * the invocation then counts as an error, so the job's error alarm tells the operators.
 */
export const handler = scheduledJob(
  'credential-expiry',
  async (): Promise<CredentialJobOutcome> => {
    const outcome = await runCredentialExpiry();
    if (outcome.failed > 0) {
      throw new Error(
        `credential job: ${String(outcome.failed)} credential(s) could not be handled`,
      );
    }
    return outcome;
  },
);
