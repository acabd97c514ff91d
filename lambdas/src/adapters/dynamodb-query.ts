import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Dynamo } from './clients/dynamodb';

/** Every item a Query matches, page after page (for partitions read whole). */
export const queryAll = async (
  { client, sdk }: Dynamo,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(new sdk.QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
};

/**
 * Up to `limit` items a Query matches, in its order, page after page: each request asks for
 * what is still missing (`Limit`), so no request reads (and costs) more than the rest.
 */
export const queryUpTo = async (
  { client, sdk }: Dynamo,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit'>,
  limit: number,
  /** The items counted and answered (the others read past): all by default. */
  keep: (item: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(
      new sdk.QueryCommand({ ...input, Limit: limit - items.length, ExclusiveStartKey: start }),
    );
    items.push(...(out.Items ?? []).filter(keep));
    start = out.LastEvaluatedKey;
  } while (start !== undefined && items.length < limit);
  return items;
};

/** How many items a Query matches (`Select: COUNT`), page after page until the end. */
export const countAll = async (
  { client, sdk }: Dynamo,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>,
): Promise<number> => {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(
      new sdk.QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start !== undefined);
  return count;
};
