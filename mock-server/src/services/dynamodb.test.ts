import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, REGION } from './aws-local';
import { startDynamoDb } from './dynamodb';

const mockServer = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('dynalite on disk', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ccsc-dynalite-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // dynalite keeps its tables in LevelDB (level → classic-level), which appends every write to its
  // log with write(2) before answering (without fsync: the kernel has it, the process need not),
  // and replays that log when it opens. So a write DynamoDB acknowledged survives a kill -9 of the
  // process at any moment; nothing of ours is needed there. This pins that down.
  it('keeps every write it acknowledged when its process is killed (SIGKILL) mid-stream', async () => {
    const script = `
      import dynalite from 'dynalite';
      import { CreateTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
      const server = dynalite({ path: process.env.DIR, createTableMs: 0 });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const client = new DynamoDBClient({
        region: 'us-west-2',
        endpoint: 'http://127.0.0.1:' + server.address().port,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      await client.send(new CreateTableCommand({
        TableName: 'kept',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const body = 'x'.repeat(4000);
      for (let n = 0; ; n += 1) {
        await client.send(new PutItemCommand({ TableName: 'kept', Item: { id: { S: String(n) }, body: { S: body } } }));
        process.stdout.write(n + '\\n');
      }
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: mockServer,
      env: { ...process.env, DIR: dir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Well into the stream, at no particular moment of a write.
    const killAfter = 100 + Math.floor(Math.random() * 100);
    let acknowledged = -1;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const lines = output.split('\n');
        output = lines.pop() ?? '';
        for (const line of lines) acknowledged = Number(line);
        if (acknowledged >= killAfter) resolve();
      });
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const dynamodb = await startDynamoDb({ directory: dir, host: '127.0.0.1', port: 0 });
    const client = new DynamoDBClient({
      region: REGION,
      endpoint: dynamodb.url,
      credentials: LOCAL_CREDENTIALS,
    });
    try {
      const kept = new Set<number>();
      for await (const page of paginateScan({ client }, { TableName: 'kept' })) {
        for (const item of page.Items ?? []) kept.add(Number(item.id?.S));
      }
      const missing = Array.from({ length: acknowledged + 1 }, (_, n) => n).filter(
        (n) => !kept.has(n),
      );
      expect(missing).toEqual([]);
    } finally {
      client.destroy();
      await dynamodb.stop();
    }
  }, 60_000);
});
