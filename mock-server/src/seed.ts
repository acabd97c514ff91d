import {
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoNotifications, ObjectStandardRows, S3ObjectStore } from '@ccsc/lambdas/adapters';
import { REGISTRY_VERSION_KEY } from '@ccsc/lambdas/data-model';
import { loadRegistry } from './registry-load';
import { SEED_STANDARD_ROWS, seedChanges } from './seed-network';

export {
  SEED_ADMINS,
  SEED_CONNECTIONS,
  SEED_ORGANISATIONS,
  SEED_STANDARD_ROWS,
  SEED_STANDARDS,
  SEED_STUDIES,
  SEED_SYSTEMS,
} from './seed-network';

/**
 * Reference data the offline console starts with: the made-up registry network of
 * seed-network.ts (issue 14) — sponsors, a CRO, sites in several countries, their systems, the
 * sponsors' studies and the connections between them in every state, and a few mapping
 * standards (issue 16) — as the registry changes its history amounts to, written in bulk
 * (registry-load.ts: what the adapter's commits would leave, in a tenth of a second rather than
 * the seconds ~300 transaction items take offline). Seeded once per data folder (a marker record
 * says it was done), so that what an administrator later changes stays as changed. The standards'
 * rows are documents in the artifacts bucket (`seedStandardRows`).
 */

const MARKER = { pk: 'SEED', sk: 'organisations' };

/** Seeds the reference data into the main table unless this data folder has had it already. */
export const seedReferenceData = async (options: {
  endpoint: string;
  region: string;
  tableName: string;
}): Promise<boolean> => {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: options.region,
      endpoint: options.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  try {
    const done = await client.send(new GetCommand({ TableName: options.tableName, Key: MARKER }));
    if (done.Item !== undefined) return false;
    const changes = seedChanges();
    // Nothing else writes the registry before the marker is there (the console listens only
    // after the seed). The load raises the version last: a version already there means it was
    // made and only the marker is missing; none, that it is (again) to be made.
    const version = await client.send(
      new GetCommand({
        TableName: options.tableName,
        Key: REGISTRY_VERSION_KEY,
        ConsistentRead: true,
      }),
    );
    if (version.Item?.version !== changes.length) {
      await loadRegistry(client, options.tableName, changes);
    }
    await client.send(
      new PutCommand({
        TableName: options.tableName,
        Item: { ...MARKER, seededAt: new Date().toISOString() },
      }),
    );
    return true;
  } finally {
    client.destroy();
  }
};

/**
 * Writes the rows documents the seeded standards' versions name into the artifacts bucket, as the
 * standards feature stores rows (ObjectStandardRows: the key is the SHA-256 of the document, so
 * writing them again writes the same bytes at the same key). Cheap (a few small objects), so done
 * on every start: a data folder whose bucket lost them, or a seed cut short between the table and
 * the bucket, has them again before anyone can open a standard. Returns how many were written.
 */
export const seedStandardRows = async (options: {
  endpoint: string;
  region: string;
  bucket: string;
}): Promise<number> => {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    forcePathStyle: true,
  });
  try {
    const store = new ObjectStandardRows(new S3ObjectStore(client, options.bucket));
    await Promise.all(
      SEED_STANDARD_ROWS.map(async (document) => {
        const key = await store.put(document.standardId, document.rows);
        if (key !== document.key) {
          throw new Error(`seed: the rows of ${document.standardId} were stored at ${key}`);
        }
      }),
    );
    return SEED_STANDARD_ROWS.length;
  } finally {
    client.destroy();
  }
};

/**
 * With the simulated partner systems: the demo's platform administrator (BOOTSTRAP_ADMIN_EMAIL)
 * sees the documents they leave held (`document.held`) in their notification list. A
 * PlatformAdmin hears of nothing until they choose to (issue 35), so a newcomer's list would stay
 * empty while the held queue fills. Only while they have chosen nothing: a choice made on their
 * settings page stands, and they can switch this off there. Demo data, like the registry's seed:
 * not an administrator's change, so not in the audit trail. Returns whether it was set.
 */
export const seedDemoPreferences = async (options: {
  dynamodbEndpoint: string;
  cognitoEndpoint: string;
  region: string;
  tableName: string;
  userPoolId: string;
  email: string;
}): Promise<boolean> => {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const cognito = new CognitoIdentityProviderClient({
    region: options.region,
    endpoint: options.cognitoEndpoint,
    credentials,
  });
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: options.region, endpoint: options.dynamodbEndpoint, credentials }),
  );
  try {
    const found = await cognito.send(
      new ListUsersCommand({
        UserPoolId: options.userPoolId,
        Filter: `email = "${options.email}"`,
        Limit: 1,
      }),
    );
    const userName = found.Users?.[0]?.Username;
    if (userName === undefined) return false;
    const notifications = new DynamoNotifications(client, options.tableName);
    if ((await notifications.preferences(userName)) !== null) return false;
    await notifications.savePreferences(userName, {
      channels: { 'document.held': 'in-app' },
      language: null,
    });
    return true;
  } finally {
    cognito.destroy();
    client.destroy();
  }
};
