import type { ExportFile, Exports } from '../ports/exports';

/** One export as the bucket would hold it: its key, name, type and every line written. */
export interface WrittenExport {
  key: string;
  fileName: string;
  contentType: string;
  lines: string[];
}

/**
 * The exports bucket in memory: reads the lines as the stream delivers them (as the S3 adapter
 * does, part by part), keeps each file, and answers a link valid `validMs` from the clock given.
 * `failWith` makes the next writes fail as a bucket that is down would, before any line is read.
 */
export class MemoryExports implements Exports {
  readonly files: WrittenExport[] = [];
  failWith: Error | null = null;

  constructor(
    private readonly now: () => Date = () => new Date('2025-01-15T10:00:00.000Z'),
    private readonly validMs = 5 * 60 * 1000,
  ) {}

  async write(
    key: string,
    lines: AsyncIterable<string>,
    meta: { fileName: string; contentType: string },
  ): Promise<ExportFile> {
    if (this.failWith !== null) throw this.failWith;
    const file: WrittenExport = { key, ...meta, lines: [] };
    let bytes = 0;
    for await (const line of lines) {
      file.lines.push(line);
      bytes += Buffer.byteLength(line, 'utf8');
    }
    this.files.push(file);
    return {
      url: `https://exports.example/${encodeURI(key)}`,
      expiresAt: new Date(this.now().getTime() + this.validMs),
      bytes,
    };
  }

  /** The last file written, as one text. */
  lastText(): string {
    return this.files.at(-1)?.lines.join('') ?? '';
  }
}
