import {
  type DynamoAccess,
  type DynamoSource,
  dynamoAccess,
  isConditionFailure,
} from './clients/dynamodb';

/** The condition of a write that only creates: no item has the key yet. */
const NEW_ITEM = 'attribute_not_exists(pk)';

/** One Put of a TransactWriteItems that only creates: cancels the whole if the key is taken. */
export const newItemPut = (tableName: string, item: Record<string, unknown>) => ({
  Put: { TableName: tableName, Item: item, ConditionExpression: NEW_ITEM },
});

/**
 * What every adapter over one DynamoDB table starts from: the accessor (the SDK loaded on first
 * use, clients/dynamodb.ts) and the table's name, with the two calls most of them make, so that
 * each is written once: a consistent read by key, and a put that only creates.
 */
export abstract class DynamoTable {
  protected readonly db: DynamoAccess;

  constructor(
    client: DynamoSource,
    protected readonly tableName: string,
  ) {
    this.db = dynamoAccess(client);
  }

  /** The item under `key`, read consistently (a write just made is seen), or undefined. */
  protected async getItem(
    key: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }),
    );
    return out.Item;
  }

  /**
   * Puts `item` only if no item has its key: true when written, false (nothing written) when one
   * had it; any other failure is thrown as it came.
   */
  protected async putIfNew(item: Record<string, unknown>): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: item,
          ConditionExpression: NEW_ITEM,
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }
}
