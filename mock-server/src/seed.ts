import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { REGISTRY_VERSION_KEY } from '@ccsc/lambdas/data-model';
import { loadRegistry } from './registry-load';
import { seedChanges } from './seed-network';

export {
  SEED_ADMINS,
  SEED_CONNECTIONS,
  SEED_ORGANISATIONS,
  SEED_STUDIES,
  SEED_SYSTEMS,
} from './seed-network';

/**
 * Reference data the offline console starts with: the made-up registry network of
 * seed-network.ts (issue 14) — sponsors, a CRO, sites in several countries, their systems, the
 * sponsors' studies and the connections between them in every state — as the registry changes
 * its history amounts to, written in bulk (registry-load.ts: what the adapter's commits would
 * leave, in a tenth of a second rather than the seconds ~300 transaction items take offline).
 * Seeded once per data folder (a marker record says it was done), so that what an administrator
 * later changes stays as changed.
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
