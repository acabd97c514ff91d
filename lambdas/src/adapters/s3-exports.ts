import { getSignedUrl, type S3Access, type S3Source, s3Access } from './clients/s3';
import type { ExportFile, Exports, PackageExports } from '../core/ports/exports';

/** S3's smallest part but the last: the most an export holds in memory at once. */
export const PART_BYTES = 5 * 1024 * 1024;
/** How long a download link works. */
export const LINK_SECONDS = 300;

/**
 * Exports in S3: lines gathered into parts of 5 MiB and sent as a multipart upload (one PutObject
 * when the whole file fits in one part), aborted if anything fails so no partial file remains,
 * then a presigned GET that names the file for the browser. The bucket expires objects after a
 * day (infra), so exports do not pile up.
 */
export class S3Exports implements Exports, PackageExports {
  private readonly s3: S3Access;

  constructor(
    client: S3Source,
    private readonly bucket: string,
    private readonly now: () => Date = () => new Date(),
    /** Presigns the download (a parameter so that tests can see what is signed). */
    private readonly sign: typeof getSignedUrl = getSignedUrl,
  ) {
    this.s3 = s3Access(client);
  }

  write(
    key: string,
    lines: AsyncIterable<string>,
    meta: { fileName: string; contentType: string },
  ): Promise<ExportFile> {
    const encoder = new TextEncoder();
    return this.writeBytes(
      key,
      (async function* () {
        for await (const line of lines) yield encoder.encode(line);
      })(),
      meta,
    );
  }

  async writeBytes(
    key: string,
    chunks: AsyncIterable<Uint8Array>,
    meta: { fileName: string; contentType: string },
  ): Promise<ExportFile> {
    const { client, sdk } = await this.s3();
    let pending: Uint8Array[] = [];
    let buffered = 0;
    let bytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const common = {
      Bucket: this.bucket,
      Key: key,
    };
    const flushPart = async () => {
      if (uploadId === undefined) {
        const created = await client.send(
          new sdk.CreateMultipartUploadCommand({
            ...common,
            ContentType: meta.contentType,
            ServerSideEncryption: 'AES256',
          }),
        );
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const out = await client.send(
        new sdk.UploadPartCommand({
          ...common,
          UploadId: uploadId,
          PartNumber,
          Body: join(pending, buffered),
        }),
      );
      parts.push({ ETag: out.ETag, PartNumber });
      pending = [];
      buffered = 0;
    };
    try {
      for await (const chunk of chunks) {
        pending.push(chunk);
        buffered += chunk.byteLength;
        bytes += chunk.byteLength;
        if (buffered >= PART_BYTES) await flushPart();
      }
      if (uploadId === undefined) {
        await client.send(
          new sdk.PutObjectCommand({
            ...common,
            Body: join(pending, buffered),
            ContentType: meta.contentType,
            ServerSideEncryption: 'AES256',
          }),
        );
      } else {
        if (buffered > 0) await flushPart();
        await client.send(
          new sdk.CompleteMultipartUploadCommand({
            ...common,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
    } catch (err) {
      if (uploadId !== undefined) {
        await client
          .send(new sdk.AbortMultipartUploadCommand({ ...common, UploadId: uploadId }))
          .catch(() => undefined); // the bucket's lifecycle rule aborts it later anyway
      }
      throw err;
    }
    const url = await this.sign(
      client,
      new sdk.GetObjectCommand({
        ...common,
        ResponseContentDisposition: `attachment; filename="${meta.fileName}"`,
        ResponseContentType: meta.contentType,
      }),
      { expiresIn: LINK_SECONDS },
    );
    return { url, expiresAt: new Date(this.now().getTime() + LINK_SECONDS * 1000), bytes };
  }
}

const join = (chunks: Uint8Array[], length: number): Uint8Array => {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
};
