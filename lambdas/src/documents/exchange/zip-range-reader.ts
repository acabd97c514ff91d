import { Readable } from 'node:stream';
import type { RandomAccessReader } from 'yauzl';

/** Bytes start..endInclusive of the archive (an S3 GetObject with a Range header). */
export type ReadRange = (start: number, endInclusive: number) => Promise<Uint8Array>;

/** A byte range of the archive that cannot be read as asked: the archive is damaged. */
export class RangeReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RangeReadError';
  }
}

/** Reads up to this size go through the window below; the end records' read (64 KiB) is one. */
const SMALL_READ = 128 * 1024;
/** After the central directory: a local header and, for a small entry, its data in one read. */
const HEADER_WINDOW = 64 * 1024;

/**
 * The archive as yauzl reads it (through rangeReader below), by byte ranges through our port (S3
 * GetObject with a Range), so a package is never loaded whole. yauzl asks for many small ranges (46 bytes per central
 * directory record, then its name; 30 bytes of a local header, then its name): each would be an
 * S3 request, so a small read fetches a window ahead and the next small reads are served from it.
 * Large reads (an entry's data) come in chunks, the next one already under way while one is
 * consumed. Errors of the port itself (S3 down) pass through untouched, so the caller does not
 * mistake them for a damaged archive.
 */
export class RangeSource {
  /** The window a small read missing it fetches: the central directory reads a chunk at a time. */
  window: number;
  /** Where the first read after markNext() started (the central directory, while it is read). */
  markedAt: number | null = null;
  private marking = false;
  private cached: { start: number; bytes: Buffer } | null = null;
  private readonly portErrors = new WeakSet<object>();

  constructor(
    private readonly readRange: ReadRange,
    private readonly size: number,
    private readonly chunkSize: number,
  ) {
    this.window = chunkSize;
  }

  /** Remember where the next read starts (yauzl reads the directory from its first byte). */
  markNext(): void {
    this.marking = true;
    this.markedAt = null;
  }

  /** The central directory has been read: small reads now are local headers. */
  directoryDone(): void {
    this.window = Math.min(HEADER_WINDOW, this.chunkSize);
    this.marking = false;
  }

  /** The bytes start..end (exclusive), as yauzl's RandomAccessReader asks for them. */
  stream(start: number, end: number): Readable {
    if (this.marking) {
      this.markedAt = start;
      this.marking = false;
    }
    const cached = this.cached;
    if (cached && start >= cached.start && end <= cached.start + cached.bytes.length) {
      const slice = cached.bytes.subarray(start - cached.start, end - cached.start);
      return Readable.from([slice], { objectMode: false });
    }
    if (end - start <= SMALL_READ) {
      return Readable.from(this.windowed(start, end), { objectMode: false });
    }
    return Readable.from(this.chunks(start, end), { objectMode: false });
  }

  private async *windowed(start: number, end: number): AsyncIterable<Buffer> {
    const bytes = await this.readExactly(
      start,
      Math.min(this.size, Math.max(end, start + this.window)),
    );
    this.cached = { start, bytes };
    yield bytes.subarray(0, end - start);
  }

  /** The bytes start..end in chunks, the next read already under way while one is consumed. */
  private async *chunks(start: number, end: number): AsyncIterable<Buffer> {
    const fetch = (at: number) => {
      const pending = this.readExactly(at, Math.min(at + this.chunkSize, end));
      // if the consumer stops early, nobody awaits it: keep its failure from going unhandled
      pending.catch(() => undefined);
      return pending;
    };
    let at = start;
    let next = at < end ? fetch(at) : null;
    while (next) {
      const current = next;
      at = Math.min(at + this.chunkSize, end);
      next = at < end ? fetch(at) : null;
      yield await current;
    }
  }

  /** Whether the error is the port's own (S3 down), not something wrong with the archive. */
  isPortError(error: unknown): boolean {
    return typeof error === 'object' && error !== null && this.portErrors.has(error);
  }

  /** Bytes start..end (exclusive), exactly. */
  private async readExactly(start: number, end: number): Promise<Buffer> {
    if (start < 0 || end > this.size) {
      throw new RangeReadError(`A record points outside the file (${start}+${end - start}).`);
    }
    const bytes = await this.readRange(start, end - 1).catch((error: unknown) => {
      if (typeof error === 'object' && error !== null) this.portErrors.add(error);
      throw error;
    });
    if (bytes.length !== end - start) {
      throw new RangeReadError(`Read ${bytes.length} of ${end - start} bytes at ${start}.`);
    }
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}

type ReaderClass = new (source: RangeSource) => RandomAccessReader;
let readerClass: { base: typeof RandomAccessReader; reader: ReaderClass } | null = null;

/**
 * A yauzl RandomAccessReader over the source. yauzl is handed in, not imported here: it is loaded
 * on first use (zip-reader.ts), so a Lambda that never opens a zip neither bundles nor loads it.
 */
export function rangeReader(base: typeof RandomAccessReader, source: RangeSource) {
  if (readerClass?.base !== base) {
    const reader = class extends base {
      constructor(readonly source: RangeSource) {
        super();
      }
      override _readStreamForRange(start: number, end: number): Readable {
        return this.source.stream(start, end);
      }
    };
    readerClass = { base, reader };
  }
  return new readerClass.reader(source);
}
