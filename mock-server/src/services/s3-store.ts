import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import S3Error from 's3rver/lib/models/error.js';
import S3Object from 's3rver/lib/models/object.js';
import FilesystemStore, { type StoredObject } from 's3rver/lib/stores/filesystem.js';
import { readJsonFile, writeFileAtomic } from './atomic-file.mjs';

type Body = Buffer | Readable | AsyncIterable<Buffer>;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    (err: unknown) => {
      if (isMissing(err)) return false;
      throw err;
    },
  );

const md5OfFile = async (path: string) => {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The headers kept with an object, as s3rver's putMetadata keeps them. */
const storedMetadata = (metadata: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(metadata).filter(
      ([name]) => S3Object.ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-'),
    ),
  );

/** S3's answer (message included) to a CompleteMultipartUpload naming a part it does not have. */
const invalidPart = (uploadId: string, part: { number: number; etag: string }) =>
  new S3Error(
    'InvalidPart',
    'One or more of the specified parts could not be found.  The part may not have been ' +
      "uploaded, or the specified entity tag may not have matched the part's entity tag.",
    { UploadId: uploadId, PartNumber: part.number, ETag: part.etag },
  );

const noSuchUpload = (uploadId: string) =>
  new S3Error(
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have ' +
      'been aborted or completed.',
    { UploadId: uploadId },
  );

/**
 * s3rver's FilesystemStore, writing every file as the rest of the stack does (atomic-file.mjs).
 * s3rver streams an object's body straight into its final file and answers before that stream has
 * even finished: a crash, or a client going away mid-upload, left a cut-short body that was then
 * served as the whole object (its ETag computed from what was there); its .md5 and metadata.json
 * were plain writes too; and CompleteMultipartUpload glued whatever part files there were,
 * checking neither that they existed nor their ETags. Here:
 * - a body goes to a temporary file and replaces the object only once complete and fsynced; just
 *   before, its metadata.json is written and the old .md5 removed, and the new .md5 follows, so
 *   an object is either absent or whole, and its ETag is always its own body's MD5 (recomputed,
 *   atomically, when missing); a crash in the moment between can only pair an overwritten
 *   object's previous body with its new headers;
 * - parts are written the same way, and a completion checks every part it names against its ETag
 *   (InvalidPart, as S3 answers) before anything is assembled.
 * Reading, listing and deleting stay s3rver's. Its files in node_modules are not touched: this
 * replaces its store through the deep import of its class.
 */
export class AtomicFilesystemStore extends FilesystemStore {
  private paths(bucket: string, key: string) {
    const body = this.getResourcePath(bucket, key, 'object');
    return {
      body,
      md5: `${body}.md5`,
      metadata: this.getResourcePath(bucket, key, 'metadata.json'),
    };
  }

  private uploadDirectory(bucket: string, uploadId: string) {
    return join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  }

  /** Writes `content` to `path` atomically, `beforeRename` just before it lands; size and MD5. */
  private static async writeBody(
    path: string,
    content: Body,
    beforeRename?: () => Promise<void>,
  ): Promise<StoredObject> {
    await mkdir(dirname(path), { recursive: true });
    const hash = createHash('md5');
    let size = 0;
    const chunks: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(content) ? [content] : content;
    async function* measured() {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    }
    await writeFileAtomic(path, measured(), beforeRename ? { beforeRename } : {});
    return { size, md5: hash.digest('hex') };
  }

  override async putObject(object: S3Object): Promise<StoredObject> {
    if (object.content === null) throw new Error('An object to store needs a body');
    const files = this.paths(object.bucket, object.key);
    const stored = await AtomicFilesystemStore.writeBody(files.body, object.content, async () => {
      await writeFileAtomic(
        files.metadata,
        JSON.stringify(storedMetadata(object.metadata), null, 2),
      );
      await rm(files.md5, { force: true });
    });
    await writeFileAtomic(files.md5, stored.md5);
    return stored;
  }

  override async putMetadata(
    bucket: string,
    key: string,
    metadata: Record<string, unknown>,
    md5?: string,
  ): Promise<void> {
    const files = this.paths(bucket, key);
    if (md5) await writeFileAtomic(files.md5, md5);
    await writeFileAtomic(files.metadata, JSON.stringify(storedMetadata(metadata), null, 2));
  }

  /** s3rver's, but an ETag it has to recompute (a crash came between body and .md5) is written atomically. */
  override async getMetadata(bucket: string, key: string): Promise<Record<string, unknown>> {
    const files = this.paths(bucket, key);
    if (!(await exists(files.md5)) && (await exists(files.body))) {
      await writeFileAtomic(files.md5, await md5OfFile(files.body));
    }
    return super.getMetadata(bucket, key);
  }

  override async copyObject(
    srcBucket: string,
    srcKey: string,
    destBucket: string,
    destKey: string,
    replacementMetadata?: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const source = this.paths(srcBucket, srcKey);
    if (source.body !== this.paths(destBucket, destKey).body) {
      const metadata =
        replacementMetadata ??
        ((await readJsonFile(source.metadata, `the headers of s3://${srcBucket}/${srcKey}`)) as
          Record<string, unknown> | undefined) ??
        {};
      await this.putObject(
        new S3Object(destBucket, destKey, createReadStream(source.body), metadata),
      );
    } else if (replacementMetadata) {
      await this.putMetadata(destBucket, destKey, replacementMetadata);
    }
    return this.getMetadata(destBucket, destKey);
  }

  override async initiateUpload(
    bucket: string,
    key: string,
    uploadId: string,
    metadata: Record<string, unknown>,
  ): Promise<void> {
    const directory = this.uploadDirectory(bucket, uploadId);
    await mkdir(directory, { recursive: true });
    await writeFileAtomic(join(directory, 'metadata'), JSON.stringify(metadata));
    await writeFileAtomic(join(directory, 'key'), key);
  }

  override async putPart(
    bucket: string,
    uploadId: string,
    partNumber: number | string,
    content: Readable,
  ): Promise<StoredObject> {
    const part = join(this.uploadDirectory(bucket, uploadId), String(partNumber));
    const stored = await AtomicFilesystemStore.writeBody(part, content, () =>
      rm(`${part}.md5`, { force: true }),
    );
    await writeFileAtomic(`${part}.md5`, stored.md5);
    return stored;
  }

  override async putObjectMultipart(
    bucket: string,
    uploadId: string,
    parts: { number: number; etag: string }[],
  ): Promise<StoredObject> {
    const directory = this.uploadDirectory(bucket, uploadId);
    const [key, metadata] = await Promise.all([
      readFile(join(directory, 'key'), 'utf8'),
      readFile(join(directory, 'metadata'), 'utf8').then(
        (text) => JSON.parse(text) as Record<string, unknown>,
      ),
    ]).catch((err: unknown) => {
      throw isMissing(err) ? noSuchUpload(uploadId) : err;
    });
    // In part-number order, as s3rver assembles them.
    const ordered = [...parts].sort((a, b) => a.number - b.number);
    const files = ordered.map((part) => join(directory, String(part.number)));
    for (const [i, part] of ordered.entries()) {
      const file = files[i] ?? '';
      const md5 = await readFile(`${file}.md5`, 'utf8').catch(async (err: unknown) => {
        if (!isMissing(err)) throw err;
        return (await exists(file)) ? md5OfFile(file) : undefined;
      });
      if (md5 !== part.etag) throw invalidPart(uploadId, part);
    }
    async function* assembled() {
      for (const file of files) yield* createReadStream(file) as AsyncIterable<Buffer>;
    }
    const stored = await this.putObject(new S3Object(bucket, key, assembled(), metadata));
    await rm(directory, { recursive: true, force: true });
    return stored;
  }

  override async putSubresource(
    bucket: string,
    key: string | undefined,
    resource: { type: string; toXML(space?: number): string },
  ): Promise<void> {
    await writeFileAtomic(
      this.getResourcePath(bucket, key, `${resource.type}.xml`),
      resource.toXML(2),
    );
  }
}
