import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectTaggingCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { BUCKETS, bucketName } from '@ccsc/lambdas/data-model';
import {
  cleanPdf,
  createClamdClient,
  eicarTestFile,
  findClamd,
  REPOSITORY_ROOT,
  SCAN_STATUS_TAG,
  SHIPPED_SIGNATURES,
  withTestMarker,
} from '@ccsc/mock-server';

/**
 * docker-compose.yml's clamd service without Docker (integration/separate-services.test.ts): its
 * image is Debian's clamd with `mock-server/clamav/clamd-compose.conf`, which this runs with the
 * shipped signatures where the image copies them and the port standing for its TCPSocket.
 */
export const composeClamdConf = (() => {
  const text = readFileSync(join(REPOSITORY_ROOT, 'mock-server/clamav/clamd-compose.conf'), 'utf8');
  return { text, port: /^TCPSocket (\d+)$/m.exec(text)?.[1] ?? '3310' };
})();

/**
 * Starts it, resolving once it answers PING (its healthcheck; its log is buffered in a pipe).
 * Undefined where clamd is not installed (under CI, where .ci/run installs it, that fails).
 */
export const startComposeClamd = async (
  dataDir: string,
  port: number,
): Promise<ChildProcess | undefined> => {
  const binary = await findClamd();
  if (binary === undefined) {
    if (process.env.CI !== undefined) throw new Error('clamd is not installed (.ci/run does it)');
    return undefined;
  }
  const conf = join(dataDir, 'clamd-compose.conf');
  await writeFile(
    conf,
    composeClamdConf.text
      .replace(/^DatabaseDirectory .*$/m, `DatabaseDirectory ${SHIPPED_SIGNATURES}`)
      .replace(/^TCPSocket .*$/m, `TCPSocket ${String(port)}`)
      .replace(/^TCPAddr .*$/m, 'TCPAddr 127.0.0.1'),
  );
  const child = spawn(binary, [`--config-file=${conf}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const client = createClamdClient({ address: { host: '127.0.0.1', port }, timeoutMs: 1_000 });
  await new Promise<void>((resolve, reject) => {
    let exited = false;
    child.once('exit', (code) => {
      exited = true;
      reject(new Error(`clamd exited with ${String(code)}:\n${output}`));
    });
    const ping = (): void => {
      if (exited) return;
      client.ping().then(resolve, () => setTimeout(ping, 100));
    };
    ping();
  });
  return child;
};

/**
 * Records written to the documents bucket are tagged as GuardDuty would by the console's
 * stand-in, through clamd when the console has one (CLAMD_ENDPOINT), else its EICAR-only
 * stand-in; `/config.json` says which.
 */
export const expectRecordsScanned = async (env: Record<string, string>): Promise<void> => {
  const config = (await (await fetch(`${env.CONSOLE_PUBLIC_URL ?? ''}/config.json`)).json()) as {
    malwareScanning?: { engine: string; version?: string };
  };
  const withClamd = env.CLAMD_ENDPOINT !== undefined;
  expect(config.malwareScanning?.engine).toBe(withClamd ? 'clamd' : 'stand-in');
  const s3 = new S3Client({
    endpoint: env.S3_ENDPOINT ?? '',
    region: 'us-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    forcePathStyle: true,
  });
  const bucket = bucketName('local', BUCKETS.documents);
  const files = {
    'records/compose/eicar/c1': { body: eicarTestFile(), status: 'THREATS_FOUND' },
    // Our marker: only the real engine knows it (the stand-in finds the EICAR file alone).
    'records/compose/marker/c1': {
      body: withTestMarker(cleanPdf()),
      status: withClamd ? 'THREATS_FOUND' : 'NO_THREATS_FOUND',
    },
    'records/compose/clean/c1': { body: cleanPdf(), status: 'NO_THREATS_FOUND' },
  };
  for (const [key, { body }] of Object.entries(files)) {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  }
  // S3 runs elsewhere: the console's stand-in looks for new records every two seconds.
  const statusOf = async (key: string) =>
    (await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: key }))).TagSet?.find(
      (t) => t.Key === SCAN_STATUS_TAG,
    )?.Value;
  for (const [key, { status }] of Object.entries(files)) {
    await expect.poll(() => statusOf(key), { timeout: 20_000 }).toBe(status);
  }
  s3.destroy();
};
