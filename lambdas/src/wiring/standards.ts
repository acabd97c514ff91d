import { CognitoSignatureVerifier } from '../adapters/cognito-signature-verifier';
import { ObjectStandardRows } from '../adapters/s3-standard-rows';
import { S3ObjectStore } from '../adapters/s3-object-store';
import { cognito } from '../adapters/clients/cognito';
import { s3 } from '../adapters/clients/s3';
import { lambdaEnv } from '../env';
import type { DownloadDeps } from '../standards/download-standard.core';
import type { PublishDeps } from '../standards/publish-standard.core';
import type { StandardDeps } from '../standards/standard-records';
import { systemClock } from '../core/ports/clock';
import type { StandardRowsStore } from '../core/ports/standard-rows';
import { userDirectory } from './cognito';
import { auditTrail } from './dynamodb';
import { registryReader, registryWrites } from './registry';
import { exportsStore } from './s3';

/** Mapping standards (issue 16): records in the registry, rows in the artifacts bucket. */
export const standardRows = (): StandardRowsStore =>
  new ObjectStandardRows(new S3ObjectStore(s3, lambdaEnv().ARTIFACTS_BUCKET));

/** The reads and the changes; the audit trail for the refusals the handlers record. */
export const standardDeps = () =>
  ({
    registry: registryReader(),
    writes: registryWrites(),
    rows: standardRows(),
    clock: systemClock,
    audit: auditTrail(),
  }) satisfies StandardDeps & Record<string, unknown>;

/** Publishing: also the signature check (Cognito, the web client) and the signer's name. */
export const publishDeps = () =>
  ({
    ...standardDeps(),
    signatures: new CognitoSignatureVerifier(
      cognito,
      lambdaEnv().USER_POOL_ID,
      lambdaEnv().USER_POOL_CLIENT_ID,
    ),
    directory: userDirectory(),
  }) satisfies PublishDeps;

export const downloadDeps = (): DownloadDeps => ({
  registry: registryReader(),
  rows: standardRows(),
  clock: systemClock,
  exports: exportsStore(),
  audit: auditTrail(),
});
