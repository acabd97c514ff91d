import { createCipheriv, createHash, getCiphers } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

describe("s3rver's objects, written whole", () => {
  let dir = '';
  let s3: RunningS3 | undefined;
  let client: S3Client;
  const bucket = 'whole-test';
  const md5 = (text: string) => `"${createHash('md5').update(text).digest('hex')}"`;
  const read = async (Key: string) => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
    return object.Body?.transformToString();
  };
  const keysListed = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map(
      (o) => o.Key,
    );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ccsc-s3-whole-'));
    s3 = await startS3({ directory: dir, host: '127.0.0.1', port: 0, debug: false });
    client = new S3Client({
      region: REGION,
      endpoint: s3.url,
      credentials: LOCAL_CREDENTIALS,
      forcePathStyle: true,
      maxAttempts: 1,
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  });

  afterAll(async () => {
    client.destroy();
    await s3?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('never serves a body cut short: a PUT whose client goes away leaves the object as it was', async () => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'cut.csv', Body: 'whole,1\n' }));
    // Half of a declared megabyte, then the connection drops (as a crash of the uploader does).
    await new Promise<void>((resolve) => {
      const url = new URL(`/${bucket}/cut.csv`, s3?.url);
      const req = request(url, {
        method: 'PUT',
        headers: { 'content-length': String(1024 * 1024), 'content-type': 'text/csv' },
      });
      req.on('error', () => {
        resolve();
      });
      req.write('half,2\n'.repeat((512 * 128) / 8), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 100);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await read('cut.csv')).toBe('whole,1\n');
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cut.csv' }));
    expect(head).toMatchObject({ ContentLength: 8, ETag: md5('whole,1\n') });
    // The half it received went to a temporary file, removed when the upload failed.
    expect((await readdir(join(dir, bucket))).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('serves path-style requests whatever host they name (docker-compose.yml calls it http://s3:4569)', async () => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'named.txt', Body: 'found' }));
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(new URL(`/${bucket}/named.txt`, s3?.url), {
        headers: { host: 's3:4569' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          resolve(`${String(res.statusCode)} ${text}`);
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(body).toBe('200 found');
  });

  it('replaces an object whole: new body, new headers, its own ETag; no temporary file left', async () => {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'doc.txt',
        Body: 'one',
        ContentType: 'text/plain',
      }),
    );
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'doc.txt',
        Body: 'two!',
        ContentType: 'text/csv',
      }),
    );
    expect(await read('doc.txt')).toBe('two!');
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'doc.txt' }));
    expect(head).toMatchObject({ ContentType: 'text/csv', ContentLength: 4, ETag: md5('two!') });
    expect((await readdir(join(dir, bucket))).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('completes a multipart upload only from the parts it names, each with its ETag (InvalidPart otherwise)', async () => {
    const Key = 'export.csv';
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key, ContentType: 'text/csv' }),
    );
    const bodies = ['a,b\n'.repeat(1000), 'c,d\n'.repeat(10)];
    const parts = [];
    for (const [i, Body] of bodies.entries()) {
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber: i + 1, Body }),
      );
      parts.push({ ETag, PartNumber: i + 1 });
    }
    const complete = (Parts: { ETag?: string; PartNumber: number }[]) =>
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts },
        }),
      );
    await expect(
      complete([parts[0] ?? { PartNumber: 1 }, { ETag: md5('not part 2'), PartNumber: 2 }]),
    ).rejects.toMatchObject({
      name: 'InvalidPart',
      message:
        "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not have matched the part's entity tag.",
      $metadata: { httpStatusCode: 400 },
    });
    await expect(complete([...parts, { ETag: md5(''), PartNumber: 3 }])).rejects.toMatchObject({
      name: 'InvalidPart',
    });
    expect(await keysListed()).not.toContain(Key);

    await complete(parts);
    expect(await read(Key)).toBe(bodies.join(''));
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
    expect(head).toMatchObject({ ContentType: 'text/csv', ETag: md5(bodies.join('')) });
    await expect(complete(parts)).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });

  it('neither lists nor serves what a crash left in a temporary file', async () => {
    const before = await keysListed();
    await writeFile(join(dir, bucket, 'left._S3rver_object.tmp-999-abcdef'), 'half of it');
    await writeFile(join(dir, bucket, 'doc.txt._S3rver_object.tmp-999-abcdef'), 'half');
    expect(await keysListed()).toEqual(before);
    expect(await read('doc.txt')).toBe('two!');
    await expect(read('left')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });
});

describe("PutObject's additional checksums, checked as S3 checks them", () => {
  let dir = '';
  let s3: RunningS3 | undefined;
  const bucket = 'checksum-test';
  const config = {
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ccsc-s3-'));
    s3 = await startS3({ directory: dir, host: '127.0.0.1', port: 0, debug: false });
    const client = new S3Client({ ...config, endpoint: s3.url });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'kept', Body: 'the original' }));
    client.destroy();
  });

  afterAll(async () => {
    await s3?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const put = (url: string, body: string) =>
    fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body });

  it('refuses a presigned PUT whose URL carries the checksum of an empty body (the SDK default), storing nothing', async () => {
    const client = new S3Client({ ...config, endpoint: s3?.url ?? '' });
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: bucket, Key: 'kept', ContentType: 'text/plain' }),
      { expiresIn: 60 },
    );
    expect(new URL(url).searchParams.get('x-amz-checksum-crc32')).toBe('AAAAAA==');
    const res = await put(url, 'a real document');
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('<Code>BadDigest</Code>');
    expect(text).toContain('The CRC32 you specified did not match the calculated checksum.');
    const still = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'kept' }));
    expect(await still.Body?.transformToString()).toBe('the original');
    client.destroy();
  });

  it('takes the same PUT presigned by a client that adds checksums only when required', async () => {
    const client = new S3Client({
      ...config,
      endpoint: s3?.url ?? '',
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: bucket, Key: 'fresh', ContentType: 'text/plain' }),
      { expiresIn: 60 },
    );
    expect(new URL(url).searchParams.has('x-amz-checksum-crc32')).toBe(false);
    expect((await put(url, 'a real document')).status).toBe(200);
    client.destroy();
  });

  it('checks a checksum header the SDK computes itself, and a wrong one (BadDigest)', async () => {
    const client = new S3Client({ ...config, endpoint: s3?.url ?? '' });
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'sdk',
        Body: 'hello',
        ChecksumAlgorithm: 'SHA256',
      }),
    );
    const wrong = client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'sdk',
        Body: 'hello again',
        ChecksumSHA256: createHash('sha256').update('something else').digest('base64'),
      }),
    );
    await expect(wrong).rejects.toMatchObject({ name: 'BadDigest' });
    const kept = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'sdk' }));
    expect(await kept.Body?.transformToString()).toBe('hello');
    client.destroy();
  });
});
