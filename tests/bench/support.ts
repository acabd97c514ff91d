import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startConsole } from '@ccsc/mock-server';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import { callApi } from '../support/api';
import { type ConsoleInfo, consoleInfo, testEnv } from '../support/console';

/** The middle value (the upper one of an even count), as the data measures report it. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The nearest-rank percentile `p` (0-100) of the values; NaN for none. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * A data measure on a console of its own, started on `dataDir` as the tests start theirs, with a
 * PlatformAdmin signed in; the console is stopped after, whatever happens. `settings`: more of
 * the console's environment (the document bench asks for `MALWARE_SCANNER: 'clamd'`).
 */
/** A console call as `admin` that must succeed (it throws, saying why, otherwise): its data. */
export const mustCall =
  (c: ConsoleInfo, admin: EnrolledTestUser) =>
  async (op: string, body: unknown): Promise<Record<string, unknown>> => {
    const res = await callApi(c, op, { token: admin.idToken, body });
    if (res.status !== 200) {
      throw new Error(`${op}: ${String(res.status)} ${JSON.stringify(res.body)}`);
    }
    return (res.body as { data: Record<string, unknown> }).data;
  };

export const withConsole = async <T>(
  dataDir: string,
  measure: (c: ConsoleInfo, admin: EnrolledTestUser) => Promise<T>,
  settings: Record<string, string> = {},
): Promise<T> => {
  // The measures drive the partner API at volume with a token or two (thousands of documents
  // sent): far over one token's limit (issue 36), which is the web ACL's in AWS and is tested on
  // its own (mock-server partner-rate-limit.test.ts). Here it would measure the 429s instead.
  const env = testEnv(dataDir, { PARTNER_REQUESTS_PER_FIVE_MINUTES: '1000000000', ...settings });
  const running = await startConsole(env, {});
  try {
    const c = consoleInfo(running, env);
    return await measure(c, await createEnrolledUser(c, 'PlatformAdmin'));
  } finally {
    await running.stop();
  }
};

/** BatchWriteItem's most items a request. */
const WRITE_BATCH = 25;

/**
 * Items written with BatchWriteItem, WRITE_BATCH a request, `inFlightAtMost` requests at once, what DynamoDB
 * leaves unprocessed asked again with a growing pause.
 */
export const batchWriter = (db: DynamoDBDocumentClient, table: string, inFlightAtMost: number) => {
  const inFlight = new Set<Promise<void>>();
  const failed: { error: Error | null } = { error: null };
  let batch: Record<string, unknown>[] = [];
  let written = 0;
  const write = async (items: Record<string, unknown>[]) => {
    let left = items.map((Item) => ({ PutRequest: { Item } }));
    for (let round = 0; left.length > 0; round += 1) {
      if (round === 8) throw new Error('DynamoDB left items unwritten after 8 rounds');
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: left } }));
      left = (out.UnprocessedItems?.[table] ?? []) as typeof left;
      if (left.length > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** round));
    }
  };
  const send = async (items: Record<string, unknown>[]) => {
    const sent: Promise<void> = write(items)
      .catch((err: unknown) => {
        failed.error ??= err instanceof Error ? err : new Error(String(err));
      })
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
    written += items.length;
    if (inFlight.size >= inFlightAtMost) await Promise.race(inFlight);
    if (failed.error !== null) throw failed.error;
  };
  return {
    add: async (item: Record<string, unknown>) => {
      batch.push(item);
      if (batch.length === WRITE_BATCH) {
        const full = batch;
        batch = [];
        await send(full);
      }
    },
    /** Writes what is left and waits for every request; how many items were written. */
    done: async () => {
      if (batch.length > 0) await send(batch);
      batch = [];
      await Promise.all(inFlight);
      if (failed.error !== null) throw failed.error;
      return written;
    },
  };
};

/**
 * A full garbage collection now, so a heap measured after it starts from what is live, not from
 * what the seeding left to collect (a collection during the measure would hide growth). The bench
 * runs under tsx without --expose-gc: the flag is set at run time and `gc` taken from a fresh
 * context, where V8 then defines it.
 */
const isCollector = (value: unknown): value is () => void => typeof value === 'function';
export const collectGarbage = (): void => {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (isCollector(gc)) gc();
};
