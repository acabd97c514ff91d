import { ConflictError, ValidationError } from '../core/errors';
import type {
  QueryOptions,
  RecordPage,
  RecordStore,
  StoredRecord,
} from '../core/ports/record-store';
import { DynamoTable } from './dynamodb-table';

const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

const decodeCursor = (cursor: string | undefined): Record<string, unknown> | undefined => {
  if (cursor === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through to the validation error
  }
  throw new ValidationError('The cursor is not valid.', [
    { path: 'cursor', message: 'Not a valid cursor' },
  ]);
};

export class DynamoRecordStore extends DynamoTable implements RecordStore {
  async get(pk: string, sk: string): Promise<StoredRecord | null> {
    const item = await this.getItem({ pk, sk });
    return (item as StoredRecord | undefined) ?? null;
  }

  async put(record: StoredRecord, options: { onlyIfNew?: boolean } = {}): Promise<void> {
    if (options.onlyIfNew) {
      if (!(await this.putIfNew(record))) {
        throw new ConflictError('A record with this key already exists.');
      }
      return;
    }
    const { client, sdk } = await this.db();
    await client.send(new sdk.PutCommand({ TableName: this.tableName, Item: record }));
  }

  async query(pk: string, options: QueryOptions = {}): Promise<RecordPage> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression:
          options.skPrefix !== undefined ? 'pk = :pk AND begins_with(sk, :sk)' : 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': pk,
          ...(options.skPrefix !== undefined ? { ':sk': options.skPrefix } : {}),
        },
        Limit: options.limit,
        ExclusiveStartKey: decodeCursor(options.cursor),
        ScanIndexForward: !options.descending,
      }),
    );
    return {
      items: (out.Items ?? []) as StoredRecord[],
      nextCursor: encodeCursor(out.LastEvaluatedKey),
    };
  }
}
