import type { ObjectStore } from '../core/ports/object-store';
import { type S3Access, type S3Source, s3Access } from './clients/s3';

export class S3ObjectStore implements ObjectStore {
  private readonly s3: S3Access;

  constructor(
    client: S3Source,
    private readonly bucket: string,
  ) {
    this.s3 = s3Access(client);
  }

  async put(key: string, body: string | Uint8Array, contentType: string): Promise<void> {
    const { client, sdk } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ServerSideEncryption: 'AES256',
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    const { client, sdk } = await this.s3();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    } catch (err) {
      if (err instanceof Error && err.name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async list(prefix: string, cursor?: string) {
    const { client, sdk } = await this.s3();
    const out = await client.send(
      new sdk.ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        ContinuationToken: cursor,
      }),
    );
    return {
      objects: (out.Contents ?? []).map((o) => ({
        key: o.Key ?? '',
        size: o.Size ?? 0,
        lastModified: o.LastModified ?? new Date(0),
      })),
      nextCursor: out.NextContinuationToken ?? null,
    };
  }
}
