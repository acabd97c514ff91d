import type { Clock } from '../ports/clock';
import type { ExportFile, Exports, PackageExports } from '../ports/exports';

/** How long the exports bucket's links work (adapters/s3-exports.ts: 5 minutes). */
const LINK_MS = 5 * 60 * 1000;

/** One export as the bucket would hold it: its key, name, type and bytes. */
export interface WrittenExport {
  key: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * The exports bucket in memory, CSV and packages alike: each export consumed as the stream
 * delivers it (a failure in the middle leaves nothing written, as an aborted multipart upload
 * does), kept with its name, and offered by a made-up link naming its key. `failWith` makes the
 * next writes fail as a bucket that is down would, before anything is read.
 */
export class MemoryExports implements Exports, PackageExports {
  readonly written: WrittenExport[] = [];
  failWith: Error | null = null;

  constructor(private readonly clock: Clock = { now: () => new Date('2025-01-15T10:00:00Z') }) {}

  /** Every export written, oldest first. */
  get files(): readonly WrittenExport[] {
    return this.written;
  }

  async write(
    key: string,
    lines: AsyncIterable<string>,
    meta: { fileName: string; contentType: string },
  ): Promise<ExportFile> {
    if (this.failWith !== null) throw this.failWith;
    let text = '';
    for await (const line of lines) text += line;
    return this.keep(key, meta, Buffer.from(text, 'utf8'));
  }

  async writeBytes(
    key: string,
    chunks: AsyncIterable<Uint8Array>,
    meta: { fileName: string; contentType: string },
  ): Promise<ExportFile> {
    if (this.failWith !== null) throw this.failWith;
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    return this.keep(key, meta, Buffer.concat(parts));
  }

  /** The last export written. */
  last(): WrittenExport | undefined {
    return this.written.at(-1);
  }

  /** The last export written, as one text. */
  lastText(): string {
    return this.last()?.bytes.toString('utf8') ?? '';
  }

  private keep(key: string, meta: { fileName: string; contentType: string }, bytes: Buffer) {
    this.written.push({ key, ...meta, bytes });
    return {
      url: `https://exports.example.com/${key}?name=${encodeURIComponent(meta.fileName)}`,
      expiresAt: new Date(this.clock.now().getTime() + LINK_MS),
      bytes: bytes.length,
    };
  }
}
