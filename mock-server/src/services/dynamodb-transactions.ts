import { EventEmitter } from 'node:events';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { REGION } from './aws-local';

/**
 * TransactWriteItems for dynalite, which has no transactions (the registry commits with them,
 * lambdas/src/adapters/dynamodb-registry.ts). Put in front of dynalite's own request handler:
 * every other call goes to dynalite untouched. A transaction is checked as DynamoDB checks it (1
 * to 100 items, one operation per item), then made through dynalite itself, one transaction after
 * another: each item is read first, the condition checks are made side by side, then the writes
 * side by side; when an item's condition fails the items written are put back as they were and the answer is DynamoDB's
 * TransactionCanceledException with a reason per item. Unlike DynamoDB, a reason is given for the
 * first failed condition only (the others read None), and a plain write of another client may
 * land between two items of a transaction.
 */

type Item = Record<string, AttributeValue>;

interface Operation {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  body: {
    TableName: string;
    Item?: Item;
    Key?: Item;
    UpdateExpression?: string;
    ConditionExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Item;
    ReturnValuesOnConditionCheckFailure?: 'ALL_OLD' | 'NONE';
  };
}

const TARGET = 'DynamoDB_20120810.TransactWriteItems';
const KINDS = ['Put', 'Update', 'Delete', 'ConditionCheck'] as const;

class AwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/x-amz-json-1.0');
  res.end(JSON.stringify(body));
};

const sendError = (res: ServerResponse, err: AwsError) => {
  send(res, err.type === 'InternalServerError' ? 500 : 400, {
    __type: `com.amazonaws.dynamodb.v20120810#${err.type}`,
    message: err.message,
    ...err.extra,
  });
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });

const operationsOf = (body: unknown): Operation[] => {
  const items = (body as { TransactItems?: unknown } | null)?.TransactItems;
  if (!Array.isArray(items) || items.length < 1 || items.length > 100) {
    throw new AwsError(
      'ValidationException',
      'Member must have length less than or equal to 100 and greater than or equal to 1',
    );
  }
  return items.map((entry: Record<string, unknown>) => {
    const kind = KINDS.find((k) => k in entry);
    if (kind === undefined || Object.keys(entry).length !== 1) {
      throw new AwsError('ValidationException', 'Exactly one operation per TransactItem');
    }
    return { kind, body: entry[kind] as Operation['body'] };
  });
};

/**
 * One call of dynalite's own request handler in this process, as the SDK would make it over HTTP
 * (JSON 1.0, a signed-looking request: dynalite checks the header's form, never the signature).
 * Its answer, or an error named by its `__type` (ConditionalCheckFailedException, ...).
 */
const callOf =
  (handler: RequestListener) =>
  (operation: string, body: unknown): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
      const req = Object.assign(new EventEmitter(), {
        method: 'POST',
        url: '/',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDB_20120810.${operation}`,
          'x-amz-date': date,
          authorization:
            `AWS4-HMAC-SHA256 Credential=local/${date.slice(0, 8)}/${REGION}/dynamodb/aws4_request, ` +
            'SignedHeaders=host;x-amz-date, Signature=local',
        },
      });
      let status = 200;
      const res = {
        get statusCode() {
          return status;
        },
        set statusCode(value: number) {
          status = value;
        },
        setHeader: () => undefined,
        end: (text?: string) => {
          let answer: Record<string, unknown> = {};
          try {
            answer = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            answer = { __type: 'InternalServerError', message: String(text) };
          }
          if (status < 300) {
            resolve(answer);
            return;
          }
          const type = typeof answer.__type === 'string' ? answer.__type : 'InternalServerError';
          const err = new Error(
            typeof answer.message === 'string'
              ? answer.message
              : `dynalite answered ${String(status)}`,
          );
          err.name = type.slice(type.lastIndexOf('#') + 1);
          reject(err);
        },
      };
      try {
        handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
        req.emit('data', Buffer.from(JSON.stringify(body)));
        req.emit('end');
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });

/** Puts the transactions in front of dynalite's request handler. */
export const addTransactions = (server: Server): void => {
  const [dynaliteHandler] = server.listeners('request') as RequestListener[];
  if (dynaliteHandler === undefined) throw new Error('dynalite has no request handler');
  server.removeAllListeners('request');
  const call = callOf(dynaliteHandler);
  const keySchemas = new Map<string, string[]>();
  const keyNames = async (table: string): Promise<string[]> => {
    let names = keySchemas.get(table);
    if (names === undefined) {
      const out = (await call('DescribeTable', { TableName: table })) as {
        Table?: { KeySchema?: { AttributeName?: string }[] };
      };
      names = (out.Table?.KeySchema ?? []).flatMap((k) =>
        k.AttributeName === undefined ? [] : [k.AttributeName],
      );
      keySchemas.set(table, names);
    }
    return names;
  };
  const keyOf = async (op: Operation): Promise<Item> => {
    const source = op.kind === 'Put' ? op.body.Item : op.body.Key;
    const key: Item = {};
    for (const name of await keyNames(op.body.TableName)) {
      const value = source?.[name];
      if (value === undefined) {
        throw new AwsError(
          'ValidationException',
          'The provided key element does not match the schema',
        );
      }
      key[name] = value;
    }
    return key;
  };

  const expressions = (op: Operation) => ({
    TableName: op.body.TableName,
    ConditionExpression: op.body.ConditionExpression,
    ExpressionAttributeNames: op.body.ExpressionAttributeNames,
    ExpressionAttributeValues: op.body.ExpressionAttributeValues,
  });

  /** Writes one item as its operation says (a condition check: a conditional write of no change). */
  const write = async (op: Operation, key: Item, before: Item | undefined): Promise<void> => {
    switch (op.kind) {
      case 'Put':
        await call('PutItem', { ...expressions(op), Item: op.body.Item });
        return;
      case 'Update':
        await call('UpdateItem', {
          ...expressions(op),
          Key: key,
          UpdateExpression: op.body.UpdateExpression,
        });
        return;
      case 'Delete':
        await call('DeleteItem', { ...expressions(op), Key: key });
        return;
      case 'ConditionCheck':
        // Checked by a conditional write that changes nothing: the item put back as it is (never
        // deleted for a moment, which a reader in this process could see), or, when there is
        // none, a conditional delete of nothing.
        if (before === undefined) {
          await call('DeleteItem', { ...expressions(op), Key: key });
        } else {
          await call('PutItem', { ...expressions(op), Item: before });
        }
        return;
    }
  };
  const restore = async (op: Operation, key: Item, before: Item | undefined): Promise<void> => {
    if (before === undefined) {
      await call('DeleteItem', { TableName: op.body.TableName, Key: key });
    } else {
      await call('PutItem', { TableName: op.body.TableName, Item: before });
    }
  };

  /**
   * Each item as it is before the transaction, read by one BatchGetItem a table (a transaction
   * of 100 items was 100 GetItem calls, each parsed and checked by dynalite on its own: the
   * bulk of a large transaction's time, issue 35's 500-site distribution).
   */
  const readAll = async (operations: Operation[], keys: Item[]): Promise<(Item | undefined)[]> => {
    const tables = [...new Set(operations.map((op) => op.body.TableName))];
    const found = new Map<string, Item>();
    for (const table of tables) {
      const names = await keyNames(table);
      const idOf = (key: Item) => JSON.stringify(names.map((n) => key[n]));
      let pending = operations.flatMap((op, i) =>
        op.body.TableName === table && keys[i] !== undefined ? [keys[i]] : [],
      );
      for (let round = 0; pending.length > 0; round += 1) {
        if (round === 10) throw new AwsError('InternalServerError', 'dynalite left keys unread');
        const out = (await call('BatchGetItem', {
          RequestItems: { [table]: { Keys: pending, ConsistentRead: true } },
        })) as {
          Responses?: Record<string, Item[]>;
          UnprocessedKeys?: Record<string, { Keys?: Item[] }>;
        };
        for (const item of out.Responses?.[table] ?? [])
          found.set(`${table}\u0000${idOf(item)}`, item);
        pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
      }
    }
    return operations.map((op, i) => {
      const key = keys[i];
      if (key === undefined) return undefined;
      const names = Object.keys(key);
      return found.get(`${op.body.TableName}\u0000${JSON.stringify(names.map((n) => key[n]))}`);
    });
  };

  const transact = async (operations: Operation[]): Promise<void> => {
    const keys = await Promise.all(operations.map(keyOf));
    const seen = new Set<string>();
    for (const [i, key] of keys.entries()) {
      const id = JSON.stringify([operations[i]?.body.TableName, key]);
      if (seen.has(id)) {
        throw new AwsError(
          'ValidationException',
          'Transaction request cannot include multiple operations on one item',
        );
      }
      seen.add(id);
    }
    const before = await readAll(operations, keys);
    // Condition checks first (they change nothing that stays), then every write, each group side
    // by side: the items are distinct and were read above, and transactions run one at a time.
    const checks = [...operations.keys()].filter((i) => operations[i]?.kind === 'ConditionCheck');
    const writes = [...operations.keys()].filter((i) => operations[i]?.kind !== 'ConditionCheck');
    const done: number[] = [];
    const failures: { index: number; err: unknown }[] = [];
    for (const group of [checks, writes]) {
      const results = await Promise.allSettled(
        group.map((i) => write(operations[i] as Operation, keys[i] as Item, before[i])),
      );
      for (const [n, result] of results.entries()) {
        const i = group[n] as number;
        if (result.status === 'fulfilled') done.push(i);
        else failures.push({ index: i, err: result.reason });
      }
      if (failures.length > 0) break;
    }
    // The first failed item, in the transaction's order, is the one the answer names.
    const failed = failures.sort((a, b) => a.index - b.index)[0];
    if (failed === undefined) return;
    const { index: i, err } = failed;
    await Promise.all(
      done
        .filter((j) => operations[j]?.kind !== 'ConditionCheck')
        .map((j) => restore(operations[j] as Operation, keys[j] as Item, before[j])),
    );
    if (err instanceof Error && err.name === 'ConditionalCheckFailedException') {
      const reasons = operations.map((o, j) =>
        j === i
          ? {
              Code: 'ConditionalCheckFailed',
              Message: 'The conditional request failed',
              ...(o.body.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' &&
              before[j] !== undefined
                ? { Item: before[j] }
                : {}),
            }
          : { Code: 'None' },
      );
      throw new AwsError(
        'TransactionCanceledException',
        `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons
          .map((r) => r.Code)
          .join(', ')}]`,
        { CancellationReasons: reasons },
      );
    }
    if (err instanceof Error) throw new AwsError(err.name, err.message);
    throw err;
  };

  // One transaction at a time, in the order they arrive.
  let queue: Promise<void> = Promise.resolve();
  server.on('request', (req, res) => {
    if (req.method !== 'POST' || req.headers['x-amz-target'] !== TARGET) {
      dynaliteHandler(req, res);
      return;
    }
    void (async () => {
      try {
        const operations = operationsOf(JSON.parse(await readBody(req)) as unknown);
        const turn = queue.then(() => transact(operations));
        queue = turn.catch(() => undefined);
        await turn;
        send(res, 200, {});
      } catch (err) {
        sendError(
          res,
          err instanceof AwsError
            ? err
            : new AwsError('InternalServerError', err instanceof Error ? err.message : String(err)),
        );
      }
    })();
  });
};
