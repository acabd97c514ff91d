import { createCipheriv, getCiphers } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, REGION } from './aws-local';
import { decodeContinuationToken, encodeContinuationToken, type RunningS3, startS3 } from './s3';

describe('continuation tokens', () => {
  it("cannot be made the way s3rver makes them: single DES is gone from OpenSSL 3's default provider", () => {
    // This is the failure the token replacement exists for (no --openssl-legacy-provider here).
    expect(getCiphers()).not.toContain('des');
    expect(() => createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8))).toThrow();
  });

  it('round-trip, are bound to their bucket and refuse tampering', () => {
    const token = encodeContinuationToken('docs', 'a/b/c.txt');
    expect(decodeContinuationToken(token, 'docs')).toBe('a/b/c.txt');
    expect(decodeContinuationToken(token, 'other')).toBeUndefined();
    const raw = Buffer.from(token, 'base64');
    raw[raw.length - 1] = (raw.at(-1) ?? 0) ^ 1;
    expect(decodeContinuationToken(raw.toString('base64'), 'docs')).toBeUndefined();
    expect(decodeContinuationToken('not-a-token', 'docs')).toBeUndefined();
    expect(encodeContinuationToken('docs', 'k')).not.toBe(encodeContinuationToken('docs', 'k'));
  });
});

describe('s3rver with paged ListObjectsV2', () => {
  let dir = '';
  let s3: RunningS3 | undefined;
  let client: S3Client;
  const bucket = 'paging-test';
  const keys = Array.from({ length: 25 }, (_, i) => `docs/${String(i).padStart(3, '0')}.txt`);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ccsc-s3-'));
    s3 = await startS3({ directory: dir, host: '127.0.0.1', port: 0, debug: false });
    client = new S3Client({
      region: REGION,
      endpoint: s3.url,
      credentials: LOCAL_CREDENTIALS,
      forcePathStyle: true,
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    for (const Key of [...keys, 'other/x.txt']) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: `content of ${Key}` }));
    }
  });

  afterAll(async () => {
    client.destroy();
    await s3?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('pages through more than one page with the SDK paginator, in key order, nothing twice', async () => {
    const pages: string[][] = [];
    for await (const page of paginateListObjectsV2(
      { client, pageSize: 10 },
      { Bucket: bucket, Prefix: 'docs/' },
    )) {
      pages.push((page.Contents ?? []).map((o) => o.Key ?? ''));
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(keys);
  });

  it('answers each page as S3 does: IsTruncated, NextContinuationToken, ContinuationToken echoed', async () => {
    const first = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: 'docs/', MaxKeys: 20 }),
    );
    expect(first).toMatchObject({ IsTruncated: true, KeyCount: 20 });
    expect(first.NextContinuationToken).toEqual(expect.any(String));
    const second = await client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: 'docs/',
        MaxKeys: 20,
        ContinuationToken: first.NextContinuationToken,
      }),
    );
    expect(second).toMatchObject({
      IsTruncated: false,
      KeyCount: 5,
      ContinuationToken: first.NextContinuationToken,
    });
    expect(second.NextContinuationToken).toBeUndefined();
    expect(second.StartAfter).toBeUndefined();
  });

  it('is what makes paging work: s3rver left alone answers a truncated listing with a 500', async () => {
    const plainDir = await mkdtemp(join(tmpdir(), 'ccsc-s3-plain-'));
    const plain = new S3rver({ address: '127.0.0.1', port: 0, directory: plainDir, silent: true });
    const { port } = await plain.run();
    const plainClient = new S3Client({
      region: REGION,
      endpoint: `http://127.0.0.1:${String(port)}`,
      credentials: LOCAL_CREDENTIALS,
      forcePathStyle: true,
      maxAttempts: 1,
    });
    try {
      await plainClient.send(new CreateBucketCommand({ Bucket: bucket }));
      for (const Key of ['a', 'b']) {
        await plainClient.send(new PutObjectCommand({ Bucket: bucket, Key, Body: Key }));
      }
      await expect(
        plainClient.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 })),
      ).rejects.toMatchObject({ name: 'InternalError', $metadata: { httpStatusCode: 500 } });
    } finally {
      plainClient.destroy();
      await plain.close();
      await rm(plainDir, { recursive: true, force: true });
    }
  });

  it('refuses a continuation token that is not its own', async () => {
    await expect(
      client.send(
        new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: 'bm90IGEgdG9rZW4=' }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidArgument' });
  });

  it('leaves unpaged listings, start-after and objects alone', async () => {
    const all = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(all.KeyCount).toBe(26);
    expect(all.IsTruncated).toBe(false);
    const after = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, StartAfter: 'docs/020.txt' }),
    );
    expect(after.Contents?.map((o) => o.Key)).toEqual([...keys.slice(21), 'other/x.txt']);
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keys[3] }));
    expect(await object.Body?.transformToString()).toBe(`content of ${String(keys[3])}`);
  });
});
