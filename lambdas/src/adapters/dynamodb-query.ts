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
