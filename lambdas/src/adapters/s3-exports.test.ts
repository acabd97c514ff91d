import type { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { PART_BYTES, S3Exports } from './s3-exports';

/** An S3 client that records the commands and answers what the adapter reads. */
const recordingClient = (failOn?: string) => {
  const sent: { name: string; input: Record<string, unknown> }[] = [];
  const client = {
    config: {},
    send: (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name;
      sent.push({ name, input: command.input });
      if (name === failOn) return Promise.reject(new Error(`${name} failed`));
      if (name === 'CreateMultipartUploadCommand') return Promise.resolve({ UploadId: 'up-1' });
      if (name === 'UploadPartCommand')
        return Promise.resolve({ ETag: `"etag-${String(command.input.PartNumber)}"` });
      return Promise.resolve({});
    },
  };
  return { client: client as unknown as S3Client, sent };
};

async function* repeat(line: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    await Promise.resolve();
    yield line;
  }
}

const signed: { input: Record<string, unknown>; expiresIn: number | undefined }[] = [];
const exportsWith = (client: S3Client) =>
  new S3Exports(
    client,
    'exports-bucket',
    () => new Date('2026-11-22T10:00:00Z'),
    (_client, command, options) => {
      signed.push({
        input: (command as unknown as { input: Record<string, unknown> }).input,
        expiresIn: options?.expiresIn,
      });
      return Promise.resolve('https://signed.example/k.csv');
    },
  );

describe('S3Exports', () => {
  it('writes a small file with one PutObject', async () => {
    const { client, sent } = recordingClient();
    const file = await exportsWith(client).write('k.csv', repeat('a,b\r\n', 3), {
      fileName: 'f.csv',
      contentType: 'text/csv',
    });
    expect(file).toEqual({
      url: 'https://signed.example/k.csv',
      expiresAt: new Date('2026-11-22T10:05:00Z'),
      bytes: 15,
    });
    expect(signed.at(-1)).toEqual({
      input: {
        Bucket: 'exports-bucket',
        Key: 'k.csv',
        ResponseContentDisposition: 'attachment; filename="f.csv"',
        ResponseContentType: 'text/csv',
      },
      expiresIn: 300,
    });
    expect(sent.map((s) => s.name)).toEqual(['PutObjectCommand']);
    expect(sent[0]?.input).toMatchObject({
      Bucket: 'exports-bucket',
      Key: 'k.csv',
      ServerSideEncryption: 'AES256',
    });
    expect((sent[0]?.input.Body as Uint8Array).byteLength).toBe(15);
  });

  it('sends a large file in parts of at most 5 MiB (bounded memory), then completes', async () => {
    const { client, sent } = recordingClient();
    const line = `${'x'.repeat(1023)}\n`;
    const lines = Math.ceil((PART_BYTES * 2.5) / 1024);
    await exportsWith(client).write('big.csv', repeat(line, lines), {
      fileName: 'big.csv',
      contentType: 'text/csv',
    });
    expect(sent.map((s) => s.name)).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    const sizes = sent
      .filter((s) => s.name === 'UploadPartCommand')
      .map((s) => (s.input.Body as Uint8Array).byteLength);
    expect(sizes.slice(0, 2).every((n) => n >= PART_BYTES && n < PART_BYTES + 1024)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(lines * 1024);
    expect(sent.at(-1)?.input.MultipartUpload).toEqual({
      Parts: [
        { ETag: '"etag-1"', PartNumber: 1 },
        { ETag: '"etag-2"', PartNumber: 2 },
        { ETag: '"etag-3"', PartNumber: 3 },
      ],
    });
  });

  it('aborts the upload when a part fails, so no partial file stays', async () => {
    const { client, sent } = recordingClient('CompleteMultipartUploadCommand');
    const line = `${'x'.repeat(1023)}\n`;
    await expect(
      exportsWith(client).write('big.csv', repeat(line, (PART_BYTES * 2) / 1024), {
        fileName: 'big.csv',
        contentType: 'text/csv',
      }),
    ).rejects.toThrow('CompleteMultipartUploadCommand failed');
    expect(sent.at(-1)?.name).toBe('AbortMultipartUploadCommand');
  });
});
