import { describe, expect, it } from 'vitest';
import { DynamoTable, newItemPut } from './dynamodb-table';

/**
 * The calls every DynamoDB adapter shares, against a client that records each command it is sent
 * and answers as DynamoDB would: the read is consistent, the put only creates, and a refused
 * condition is a `false` while any other failure reaches the caller as it came.
 */

interface Command {
  constructor: { name: string };
  input: Record<string, unknown>;
}

const failure = (name: string) => Object.assign(new Error(name), { name });

const clientAnswering = (answer: () => Promise<unknown>) => {
  const sent: { command: string; input: Record<string, unknown> }[] = [];
  return {
    sent,
    client: {
      send: (command: Command) => {
        sent.push({ command: command.constructor.name, input: command.input });
        return answer();
      },
    },
  };
};

class Table extends DynamoTable {
  read = (key: Record<string, unknown>) => this.getItem(key);
  create = (item: Record<string, unknown>) => this.putIfNew(item);
}

describe('DynamoTable: the consistent read and the put that only creates', () => {
  it('reads one item by its key, consistently', async () => {
    const { client, sent } = clientAnswering(() => Promise.resolve({ Item: { pk: 'A', n: 1 } }));
    const table = new Table(client as never, 'main');
    expect(await table.read({ pk: 'A', sk: 'B' })).toEqual({ pk: 'A', n: 1 });
    expect(sent).toEqual([
      {
        command: 'GetCommand',
        input: { TableName: 'main', Key: { pk: 'A', sk: 'B' }, ConsistentRead: true },
      },
    ]);
  });

  it('puts under the condition that the key is new: true when written', async () => {
    const { client, sent } = clientAnswering(() => Promise.resolve({}));
    const table = new Table(client as never, 'main');
    expect(await table.create({ pk: 'A', sk: 'B' })).toBe(true);
    expect(sent).toEqual([
      {
        command: 'PutCommand',
        input: {
          TableName: 'main',
          Item: { pk: 'A', sk: 'B' },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  });

  it('answers false when the key is taken, and throws any other failure as it came', async () => {
    const taken = clientAnswering(() => Promise.reject(failure('ConditionalCheckFailedException')));
    expect(await new Table(taken.client as never, 'main').create({ pk: 'A' })).toBe(false);
    const throttled = failure('ProvisionedThroughputExceededException');
    const busy = clientAnswering(() => Promise.reject(throttled));
    await expect(new Table(busy.client as never, 'main').create({ pk: 'A' })).rejects.toBe(
      throttled,
    );
  });

  it('writes the same condition into a transaction', () => {
    expect(newItemPut('main', { pk: 'A' })).toEqual({
      Put: {
        TableName: 'main',
        Item: { pk: 'A' },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  });
});
