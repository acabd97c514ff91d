import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS, REGION } from '../services/aws-local';
import { ensureBuckets } from './buckets';
import { ensureBootstrapAdmin, ensureGroups, ensureResourceServer } from './pool-setup';
import { ensureTables, type ProvisionLog, type TableSpec } from './tables';
import { ensurePoolAndClient } from './user-pool';

/**
 * provision/: what the offline console needs in the emulators before it serves, made through the
 * real AWS SDK v3 clients. This entry is what the rest of the mock server may import.
 */
export { UPLOAD_CORS_RULE } from './buckets';
export { ensureResourceServer, partnerResourceServer, ROLE_GROUPS } from './pool-setup';
export { readStackFile, STACK_FILE, type StackFile } from './stack-file';
export {
  ensureTables,
  type KeyedTableDefinition,
  type ProvisionLog,
  rebuildTableName,
  type TableSpec,
  toCreateTableInput,
} from './tables';
export { invitationTemplate, POOL_NAME, WEB_CLIENT_NAME } from './user-pool';

export interface ProvisionOptions {
  dataDir: string;
  endpoints: { cognito: string; dynamodb: string; s3: string };
  bootstrapAdminEmail: string;
  /** Named in the invitation e-mail. */
  productName: string;
  tables: readonly TableSpec[];
  buckets: readonly string[];
  /** Buckets the browser PUTs to through presigned links: given the CORS rule infra gives them. */
  uploadBuckets?: readonly string[];
  /** Where a table rebuilt for its declared indexes is reported (one line). Default console.log. */
  log?: ProvisionLog;
}

export interface ProvisionResult {
  userPoolId: string;
  userPoolClientId: string;
  /** What this run created; all empty/false on a start where everything was there. */
  created: {
    userPool: boolean;
    userPoolClient: boolean;
    groups: string[];
    tables: string[];
    buckets: string[];
    bootstrapAdmin: boolean;
  };
}

/**
 * First-start provisioning, safe on every start: the user pool exactly as production has it, its
 * web client, the role groups, the partner API's resource server, the tables, the buckets and the
 * bootstrap administrator, each created only when missing (the resource server also brought up to
 * the contract's scopes, a table that lacks a declared index rebuilt with it).
 * Goes through the real AWS SDK v3 clients, the API production uses.
 */
export const provision = async (options: ProvisionOptions): Promise<ProvisionResult> => {
  const common = { region: REGION, credentials: LOCAL_CREDENTIALS };
  const cognito = new CognitoIdentityProviderClient({
    ...common,
    endpoint: options.endpoints.cognito,
  });
  const dynamodb = new DynamoDBClient({ ...common, endpoint: options.endpoints.dynamodb });
  const s3 = new S3Client({ ...common, endpoint: options.endpoints.s3, forcePathStyle: true });
  try {
    const identity = async () => {
      const ids = await ensurePoolAndClient(cognito, options);
      const users = async () => {
        const groups = await ensureGroups(cognito, ids.userPoolId);
        const bootstrapAdmin = await ensureBootstrapAdmin(
          cognito,
          ids.userPoolId,
          options.bootstrapAdminEmail,
        );
        return { groups, bootstrapAdmin };
      };
      // The resource server lives in the fidelity layer's store, not the pool file the groups and
      // users rewrite: side by side.
      const [{ groups, bootstrapAdmin }] = await Promise.all([
        users(),
        ensureResourceServer(cognito, ids.userPoolId),
      ]);
      return { ...ids, groups, bootstrapAdmin };
    };
    const [ids, tables, buckets] = await Promise.all([
      identity(),
      ensureTables(dynamodb, options.tables, options.log ?? console.log).then((t) => t.created),
      ensureBuckets(s3, options.buckets, options.uploadBuckets ?? []),
    ]);
    return {
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      created: {
        userPool: ids.createdPool,
        userPoolClient: ids.createdClient,
        groups: ids.groups,
        tables,
        buckets,
        bootstrapAdmin: ids.bootstrapAdmin,
      },
    };
  } finally {
    cognito.destroy();
    dynamodb.destroy();
    s3.destroy();
  }
};
