import type * as DocumentSdk from '@aws-sdk/lib-dynamodb';
import { lambdaEnv } from '../../env';
import { once } from './once';
import { traced } from './tracer';
import { accessOf, type Service, type ServiceAccess, type ServiceSource } from './service';

/** DynamoDB through lib-dynamodb's DocumentClient: its client and its commands. */
type Client = DocumentSdk.DynamoDBDocumentClient;
export type Dynamo = Service<Client, typeof DocumentSdk>;
export type DynamoAccess = ServiceAccess<Client, typeof DocumentSdk>;
export type DynamoSource = ServiceSource<Client, typeof DocumentSdk>;

/** The SDK package, loaded by the first call that needs it (Node keeps a module once loaded). */
export const loadDocumentSdk = (): Promise<typeof DocumentSdk> => import('@aws-sdk/lib-dynamodb');

export const dynamodb: DynamoAccess = /* @__PURE__ */ once(async () => {
  const [{ DynamoDBClient }, sdk] = await Promise.all([
    import('@aws-sdk/client-dynamodb'),
    loadDocumentSdk(),
  ]);
  // Traced before it is wrapped: the DocumentClient sends through the captured client.
  const base = await traced(new DynamoDBClient({ region: lambdaEnv().AWS_REGION }));
  return {
    client: sdk.DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true },
    }),
    sdk,
  };
});

export const dynamoAccess = (source: DynamoSource): DynamoAccess =>
  accessOf(source, loadDocumentSdk);

/**
 * Items by key, read consistently: BatchGetItem a hundred keys at a time, the keys it leaves
 * unprocessed asked again with a growing pause, at most 8 rounds (then it throws, naming `what`).
 * The items come in no particular order.
 */
export const batchGetAll = async (
  { client, sdk }: Dynamo,
  tableName: string,
  keys: readonly Record<string, unknown>[],
  what: string,
): Promise<Record<string, unknown>[]> => {
  const found: Record<string, unknown>[] = [];
  for (let at = 0; at < keys.length; at += 100) {
    let pending: Record<string, unknown>[] = keys.slice(at, at + 100);
    for (let round = 0; pending.length > 0 && round < 8; round += 1) {
      const out = await client.send(
        new sdk.BatchGetCommand({
          RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } },
        }),
      );
      found.push(...(out.Responses?.[tableName] ?? []));
      pending = out.UnprocessedKeys?.[tableName]?.Keys ?? [];
      if (pending.length > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** round));
    }
    if (pending.length > 0) throw new Error(`DynamoDB left ${what} unread after 8 rounds.`);
  }
  return found;
};

/**
 * Whether a conditional write was refused because its condition did not hold. Told by the
 * error's name, not `instanceof`: the SDK class is not loaded until first use, and a second copy
 * of the SDK would make `instanceof` lie.
 */
export const isConditionFailure = (err: unknown): boolean =>
  err instanceof Error && err.name === 'ConditionalCheckFailedException';

/** Whether a TransactWriteItems was refused as a whole (a condition, or a write crossing it). */
export const isCancelled = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === 'TransactionCanceledException' || err.name === 'TransactionConflictException');
