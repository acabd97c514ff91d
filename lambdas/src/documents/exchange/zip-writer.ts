import { PassThrough, Readable } from 'node:stream';
import { unsafePathReason } from './zip-paths';

/**
 * A streaming ZIP writer over yazl: entries in, the archive's bytes out, in the order they belong
 * in the file, so they can go straight into an S3 multipart upload. yazl learns each entry's size
 * and CRC while its data passes through and writes them after it, in a data descriptor, so no
 * entry is ever held in memory or read twice; it switches to ZIP64 records where a size, an offset
 * or the count of entries needs them. What stays in memory is the central directory (a name and a
 * few numbers per entry) and the entry being written: the next entry is taken from the source only
 * when yazl starts on it, and yazl writes no faster than the consumer reads.
 *
 * Entries are STOREd unless asked otherwise: the documents of a TMF are PDFs, images and office
 * files that are already compressed, where DEFLATE spends CPU for next to nothing, and a stored
 * entry can be read back by byte range. DEFLATE is for text such as the exchange.xml.
 */

export interface ZipEntrySource {
  /** The name in the archive: '/'-separated, relative, written as UTF-8 (flag bit 11). */
  path: string;
  data: AsyncIterable<Uint8Array>;
  modified: Date;
  /** DEFLATE instead of STORE (text such as the exchange.xml). */
  deflate?: boolean;
  /** The byte length, when known up front (an S3 object's ContentLength); the data is held to it. */
  size?: number;
}

export interface ZipWriterOptions {
  /** ZIP64 records for every entry and the end, even where the values fit (tests, tools). */
  forceZip64?: boolean;
}

/** A ZIP that cannot be written as asked: a bad or repeated name, data not of its declared size. */
export class ZipWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipWriteError';
  }
}

/** A regular file, rw-r--r--, so unzip gives the files that mode. */
const FILE_MODE = 0o100644;
const MAX_NAME = 0xffff;

const encoder = new TextEncoder();

export async function* zipEntries(
  entries: AsyncIterable<ZipEntrySource> | Iterable<ZipEntrySource>,
  options: ZipWriterOptions = {},
): AsyncIterable<Uint8Array> {
  const force = options.forceZip64 === true;
  // loaded on first use: the Lambdas that bundle this module without writing a zip leave it out
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  // yazl's output, through a stream of our own that a failure anywhere can end with its error
  const out = new PassThrough();
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  // a failure after the consumer has stopped reading has nobody left to tell
  out.on('error', () => undefined);
  zip.on('error', fail);
  zip.outputStream.pipe(out);

  const feed = async () => {
    const taken = new Set<string>();
    for await (const entry of entries) {
      if (failed) return;
      checkName(entry.path, taken);
      const size = entry.size;
      if (size !== undefined && !(Number.isSafeInteger(size) && size >= 0)) {
        throw new ZipWriteError(`${entry.path}: size must be a whole number of bytes.`);
      }
      // the next entry is taken from the source only once yazl starts on this one
      await new Promise<void>((started) => {
        zip.addReadStreamLazy(
          entry.path,
          {
            mtime: entry.modified,
            mode: FILE_MODE,
            compress: entry.deflate === true,
            forceZip64Format: force,
            ...(size === undefined ? {} : { size }),
          },
          (open) => {
            const data = Readable.from(heldTo(entry, size), { objectMode: false });
            data.on('error', fail);
            open(null, data);
            started();
          },
        );
      });
    }
    zip.end({ forceZip64Format: force, comment: '' });
  };
  feed().catch(fail);

  for await (const chunk of out) {
    if (!(chunk instanceof Uint8Array)) throw new ZipWriteError('yazl gave a non-byte chunk.');
    yield chunk;
  }
}

/**
 * The name, refused when an unzip could write it outside the folder it extracts into, or onto
 * another entry: on Windows and macOS names differing only in case are one file.
 */
function checkName(path: string, taken: Set<string>): void {
  const problem = path.endsWith('/') ? 'a folder, not a file' : unsafePathReason(path);
  if (problem) throw new ZipWriteError(`${JSON.stringify(path)}: ${problem}.`);
  const key = path.normalize('NFC').toLowerCase();
  if (taken.has(key)) throw new ZipWriteError(`${JSON.stringify(path)}: already in the archive.`);
  taken.add(key);
  if (encoder.encode(path).length > MAX_NAME) {
    throw new ZipWriteError(`${JSON.stringify(path)}: name too long.`);
  }
}

/** The entry's data, refused (in our words, before yazl's) when it is not its declared size. */
async function* heldTo(entry: ZipEntrySource, size: number | undefined): AsyncIterable<Uint8Array> {
  let length = 0;
  for await (const chunk of entry.data) {
    length += chunk.length;
    if (chunk.length > 0) yield chunk;
  }
  if (size !== undefined && length !== size) {
    throw new ZipWriteError(`${entry.path}: declared ${size} bytes but its data had ${length}.`);
  }
}

/** Text chunks as UTF-8 bytes, for an entry made of strings (the exchange.xml). */
export async function* utf8(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) yield encoder.encode(chunk);
}
