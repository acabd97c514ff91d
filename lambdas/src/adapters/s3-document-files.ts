import { createHash } from 'node:crypto';
import type { DocumentFiles } from '../core/ports/documents';
import { SCAN_STATUS_TAG } from '../documents/scan-event';
import { getSignedUrl, type S3Access, type S3Source, s3Access } from './clients/s3';

/** The size of each part a kept file is copied in (S3's smallest but the last is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

/** A file name as a Content-Disposition header carries it (RFC 6266, with RFC 5987's UTF-8 form). */
export const contentDisposition = (fileName: string): string => {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // A lone surrogate cannot be percent-encoded (the contract refuses them; this never throws).
  const wellFormed = fileName.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu,
    '\uFFFD',
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(wellFormed)}`;
};

/**
 * The documents bucket: senders PUT files to `incoming/<documentId>/<attempt>` through presigned
 * URLs; a completed upload is copied through a SHA-256 to a key of its own under
 * `records/<studyId>/<documentId>/`, in parts of 8 MiB (a multipart upload, so a 100 MB file
 * never sits in memory whole), and it is that copy the hub verified which is kept and downloaded:
 * an upload replaced after the check changes nothing kept. The bucket is versioned: the one
 * delete (`remove`, a recall's, issue 35) names no version, so S3 only adds a delete marker —
 * every version stays, the key stops answering (infra grants s3:DeleteObject to the returns'
 * functions alone, never s3:DeleteObjectVersion).
 */
export class S3DocumentFiles implements DocumentFiles {
  private readonly s3: S3Access;

  constructor(
    client: S3Source,
    private readonly bucket: string,
    private readonly sign: typeof getSignedUrl = getSignedUrl,
  ) {
    this.s3 = s3Access(client);
  }

  async uploadUrl(key: string, contentType: string, expiresInSeconds: number) {
    const { client, sdk } = await this.s3();
    const url = await this.sign(
      client,
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type']) },
    );
    return { url, headers: { 'Content-Type': contentType } };
  }

  async sizeOf(key: string): Promise<number | null> {
    const { client, sdk } = await this.s3();
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (err instanceof Error && (err.name === 'NotFound' || err.name === 'NoSuchKey')) {
        return null;
      }
      throw err;
    }
  }

  async keep(incomingKey: string, recordKey: string, contentType: string, maxBytes: number) {
    const { client, sdk } = await this.s3();
    const source = await client.send(
      new sdk.GetObjectCommand({ Bucket: this.bucket, Key: incomingKey }),
    );
    const body = source.Body as AsyncIterable<Uint8Array> | undefined;
    if (body === undefined) throw new Error(`S3 gave no body for ${incomingKey}.`);
    return this.store(recordKey, body, contentType, maxBytes);
  }

  async scanStatusOf(key: string): Promise<string | null> {
    const { client, sdk } = await this.s3();
    const out = await client.send(
      new sdk.GetObjectTaggingCommand({ Bucket: this.bucket, Key: key }),
    );
    return out.TagSet?.find((tag) => tag.Key === SCAN_STATUS_TAG)?.Value ?? null;
  }

  async readRange(key: string, start: number, endInclusive: number): Promise<Uint8Array> {
    const { client, sdk } = await this.s3();
    const out = await client.send(
      new sdk.GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: `bytes=${String(start)}-${String(endInclusive)}`,
      }),
    );
    const body = out.Body as AsyncIterable<Uint8Array> | undefined;
    if (body === undefined) throw new Error(`S3 gave no body for ${key}.`);
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async store(
    recordKey: string,
    body: AsyncIterable<Uint8Array>,
    contentType: string,
    maxBytes: number,
  ) {
    const { client, sdk } = await this.s3();
    const hash = createHash('sha256');
    const target = { Bucket: this.bucket, Key: recordKey };
    let size = 0;
    let chunks: Uint8Array[] = [];
    let buffered = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const flush = async () => {
      uploadId ??= (
        await client.send(
          new sdk.CreateMultipartUploadCommand({
            ...target,
            ContentType: contentType,
            ServerSideEncryption: 'AES256',
          }),
        )
      ).UploadId;
      const PartNumber = parts.length + 1;
      const out = await client.send(
        new sdk.UploadPartCommand({
          ...target,
          UploadId: uploadId,
          PartNumber,
          Body: Buffer.concat(chunks, buffered),
        }),
      );
      parts.push({ ETag: out.ETag, PartNumber });
      chunks = [];
      buffered = 0;
    };
    try {
      for await (const chunk of body) {
        hash.update(chunk);
        size += chunk.byteLength;
        // Replaced since its size was read: stop at once, it will not match what was announced.
        if (size > maxBytes) break;
        chunks.push(chunk);
        buffered += chunk.byteLength;
        if (buffered >= PART_BYTES) await flush();
      }
      if (uploadId === undefined) {
        await client.send(
          new sdk.PutObjectCommand({
            ...target,
            Body: Buffer.concat(chunks, buffered),
            ContentType: contentType,
            ServerSideEncryption: 'AES256',
          }),
        );
      } else {
        if (buffered > 0) await flush();
        await client.send(
          new sdk.CompleteMultipartUploadCommand({
            ...target,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
    } catch (err) {
      if (uploadId !== undefined) {
        await client
          .send(new sdk.AbortMultipartUploadCommand({ ...target, UploadId: uploadId }))
          .catch(() => undefined); // the bucket's lifecycle rule aborts it later anyway
      }
      throw err;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async *read(key: string): AsyncIterable<Uint8Array> {
    const { client, sdk } = await this.s3();
    const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    const body = out.Body as AsyncIterable<Uint8Array> | undefined;
    if (body === undefined) throw new Error(`S3 gave no body for ${key}.`);
    yield* body;
  }

  async remove(key: string): Promise<void> {
    const { client, sdk } = await this.s3();
    // Versioned bucket, no VersionId: a delete marker (S3 answers 204 whether or not the key was
    // there, so a delete run again after an interruption succeeds). With Object Lock on the
    // bucket (infra/docs/documents.md) this is still allowed: a lock protects versions, and a
    // delete marker removes none.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async downloadUrl(key: string, fileName: string, contentType: string, expiresIn: number) {
    const { client, sdk } = await this.s3();
    return this.sign(
      client,
      new sdk.GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(fileName),
        ResponseContentType: contentType,
      }),
      { expiresIn },
    );
  }
}
