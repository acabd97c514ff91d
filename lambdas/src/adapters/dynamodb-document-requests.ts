import {
  type DocumentRequestStore,
  type ExpectedListRecord,
  expectedListRecordSchema,
  type RequestRecord,
  requestRecordSchema,
  type RequestStorePut,
} from '../core/ports/document-requests';
import { isConditionFailure } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';

const expectedKey = (studyId: string) => ({ pk: `EXPECTED#${studyId}`, sk: 'LIST' });
const requestKey = (studyId: string, requestId: string) => ({
  pk: `REQUESTS#${studyId}`,
  sk: requestId,
});
const keyOf = (put: RequestStorePut) =>
  put.kind === 'expected'
    ? expectedKey(put.record.studyId)
    : requestKey(put.record.studyId, put.record.requestId);

/** How many conditional puts go out at once (each its own call: any may conflict alone). */
const PUTS_AT_ONCE = 25;

/** Expected documents and document requests in the documents table (ports/document-requests.ts). */
export class DynamoDocumentRequestStore extends DynamoTable implements DocumentRequestStore {
  async expected(studyId: string): Promise<ExpectedListRecord | null> {
    const item = await this.getItem(expectedKey(studyId));
    return item === undefined ? null : expectedListRecordSchema.parse(item);
  }

  async request(studyId: string, requestId: string): Promise<RequestRecord | null> {
    const item = await this.getItem(requestKey(studyId, requestId));
    return item === undefined ? null : requestRecordSchema.parse(item);
  }

  async requests(studyId: string): Promise<RequestRecord[]> {
    const { client, sdk } = await this.db();
    const out: RequestRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new sdk.QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `REQUESTS#${studyId}` },
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      );
      for (const item of page.Items ?? []) out.push(requestRecordSchema.parse(item));
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    return out;
  }

  async commit(puts: readonly RequestStorePut[], writeId: string): Promise<RequestStorePut[]> {
    const conflicts: RequestStorePut[] = [];
    for (let at = 0; at < puts.length; at += PUTS_AT_ONCE) {
      const batch = puts.slice(at, at + PUTS_AT_ONCE);
      const failed = await Promise.all(batch.map((put) => this.putOne(put, writeId)));
      conflicts.push(...batch.filter((_, i) => failed[i]));
    }
    return conflicts;
  }

  /** True when the put conflicted with someone else's change. */
  private async putOne(put: RequestStorePut, writeId: string): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: { ...keyOf(put), ...put.record },
          ...(put.expectedRevision === null
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : {
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': put.expectedRevision },
              }),
        }),
      );
      return false;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const now = await this.getItem(keyOf(put));
      return now?.lastWriteId !== writeId;
    }
  }
}
