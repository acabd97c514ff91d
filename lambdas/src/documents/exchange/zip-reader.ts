import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { Entry, ZipFile } from 'yauzl';
import { RangeReadError, RangeSource, rangeReader, type ReadRange } from './zip-range-reader';
import { unsafePathReason } from './zip-paths';

/**
 * Reads a ZIP by random access, the way an object in S3 is read, with yauzl over our ranged reads
 * (zip-range-reader.ts): the end records and the central directory first, then each entry's
 * data on demand, in chunks. yauzl parses the records (ZIP64 too), refuses what points outside
 * the file, decodes names (UTF-8, CP437, the Info-ZIP Unicode path) and cuts an entry off as
 * soon as it inflates past its declared size (a zip bomb). The archive comes from outside, so on
 * top of that we hold counts and sizes to limits, refuse unsafe or repeated names, encrypted
 * entries and entries that overlap, check the local header against the directory, and check each
 * entry's CRC-32 at its end (yauzl does not).
 */

export type { ReadRange } from './zip-range-reader';

export type ZipMethod = 0 | 8;

export interface ZipEntry {
  readonly name: string;
  /** a folder entry (its name ends in '/'); it has no data */
  readonly directory: boolean;
  readonly method: ZipMethod;
  readonly compressedSize: number;
  /** the declared uncompressed size, which the data is held to */
  readonly size: number;
  readonly crc32: number;
  readonly localHeaderOffset: number;
  readonly modified: Date;
}

export interface ZipReadLimits {
  maxEntries: number;
  /** the largest declared uncompressed size of one entry */
  maxEntrySize: number;
  /** the largest sum of the declared uncompressed sizes */
  maxTotalSize: number;
  maxCentralDirectorySize: number;
  /** the size of each ranged read of an entry's data (and of the central directory) */
  chunkSize: number;
}

export const DEFAULT_ZIP_READ_LIMITS: ZipReadLimits = {
  maxEntries: 100_000,
  maxEntrySize: 16 * 2 ** 30,
  maxTotalSize: 512 * 2 ** 30,
  maxCentralDirectorySize: 64 * 2 ** 20,
  chunkSize: 2 ** 20,
};

export type ZipReadErrorCode =
  | 'not-a-zip'
  | 'corrupt'
  | 'encrypted'
  | 'unsupported'
  | 'unsafe-name'
  | 'duplicate-name'
  | 'too-many-entries'
  | 'too-large'
  | 'crc-mismatch';

/** An archive (or one of its entries) this reader refuses, and why. */
export class ZipReadError extends Error {
  constructor(
    readonly code: ZipReadErrorCode,
    message: string,
    /** the entry concerned, when there is one */
    readonly entry?: string,
  ) {
    super(message);
    this.name = 'ZipReadError';
  }
}

export interface ZipArchive {
  readonly entries: readonly ZipEntry[];
  /**
   * The entry's data, inflated. It throws a ZipReadError when the data is longer or shorter than
   * declared or its CRC-32 differs, which can only be known at the end: a consumer must treat the
   * error as the failure of everything it did with the data (abort the upload).
   */
  entryStream(entry: ZipEntry): AsyncIterable<Uint8Array>;
}

interface Internal {
  entry: Entry;
  /** where the next entry, or the central directory, starts: the entry must end before it */
  limit: number;
}

const FLAG = { encrypted: 0x0001, strongEncryption: 0x0040, utf8: 0x0800 } as const;
const LOCAL_HEADER = 30;
const CENTRAL_RECORD = 46;
const UNICODE_PATH = 0x7075;

export async function openZip(
  readRange: ReadRange,
  size: number,
  limits: Partial<ZipReadLimits> = {},
): Promise<ZipArchive> {
  const limit = { ...DEFAULT_ZIP_READ_LIMITS, ...limits };
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError('size must be a byte count');
  if (size < 22) throw new ZipReadError('not-a-zip', 'The file is too short for a ZIP.');
  const reader = new RangeSource(readRange, size, limit.chunkSize);
  const refused = (error: unknown, entry?: string) => refusal(reader, error, entry);

  // loaded on first use: the Lambdas that bundle this module without opening a zip leave it out
  const yauzl = await import('yauzl');
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      rangeReader(yauzl.RandomAccessReader, reader),
      size,
      // strict names: a backslash is refused, not turned into a '/'
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (error, zipfile) => {
        if (error) reject(refused(error));
        else resolve(zipfile);
      },
    );
  });
  if (zip.entryCount > limit.maxEntries) {
    throw new ZipReadError(
      'too-many-entries',
      `The archive has ${zip.entryCount} entries; at most ${limit.maxEntries} are accepted.`,
    );
  }

  reader.markNext();
  const entries: ZipEntry[] = [];
  const internals = new Map<ZipEntry, Internal>();
  const names = new Set<string>();
  let total = 0;
  let directorySize = 0;
  for await (const raw of directoryOf(zip, refused)) {
    directorySize += CENTRAL_RECORD + raw.fileNameLength + raw.extraFieldLength;
    directorySize += raw.fileCommentLength;
    if (directorySize > limit.maxCentralDirectorySize) {
      throw new ZipReadError('too-large', `The central directory is over ${directorySize} bytes.`);
    }
    const entry = checkedEntry(raw, limit);
    if (names.has(entry.name)) {
      throw new ZipReadError(
        'duplicate-name',
        `${entry.name} is in the archive twice.`,
        entry.name,
      );
    }
    names.add(entry.name);
    total += entry.size;
    if (total > limit.maxTotalSize) {
      throw new ZipReadError(
        'too-large',
        `The entries declare more than ${limit.maxTotalSize} bytes in all.`,
      );
    }
    entries.push(entry);
    internals.set(entry, { entry: raw, limit: size });
  }
  const directoryOffset = reader.markedAt ?? size;
  reader.directoryDone();

  // Entries may not share or overlap their bytes: overlapping entries are how the worst zip
  // bombs multiply one compressed stream into many.
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  byOffset.forEach((entry, index) => {
    const internal = internals.get(entry);
    if (!internal) return;
    const next = byOffset[index + 1];
    internal.limit = next ? next.localHeaderOffset : directoryOffset;
    const least =
      entry.localHeaderOffset + LOCAL_HEADER + internal.entry.fileNameLength + entry.compressedSize;
    if (least > internal.limit) {
      throw new ZipReadError(
        'corrupt',
        `${entry.name} overlaps the next entry or the central directory.`,
        entry.name,
      );
    }
  });

  return {
    entries,
    entryStream: (entry) => {
      const internal = internals.get(entry);
      if (!internal) throw new RangeError('The entry is not one of this archive.');
      return entryData(zip, entry, internal, refused);
    },
  };
}

type Refused = (error: unknown, entry?: string) => Error;

/** The central directory's records, one ranged read (or a cached window) at a time. */
async function* directoryOf(zip: ZipFile, refused: Refused): AsyncIterable<Entry> {
  while (zip.entriesRead < zip.entryCount) {
    yield await new Promise<Entry>((resolve, reject) => {
      const settle = () => {
        zip.off('entry', onEntry);
        zip.off('error', onError);
      };
      const onEntry = (entry: Entry) => {
        settle();
        resolve(entry);
      };
      const onError = (error: unknown) => {
        settle();
        reject(refused(error));
      };
      zip.on('entry', onEntry);
      zip.on('error', onError);
      zip.readEntry();
    });
  }
}

function checkedEntry(raw: Entry, limit: ZipReadLimits): ZipEntry {
  const name = nameOf(raw);
  if ((raw.generalPurposeBitFlag & (FLAG.encrypted | FLAG.strongEncryption)) !== 0) {
    throw new ZipReadError('encrypted', `${name} is encrypted.`, name);
  }
  const method = raw.compressionMethod;
  if (method !== 0 && method !== 8) {
    throw new ZipReadError(
      'unsupported',
      `${name} uses compression method ${method}; only STORE (0) and DEFLATE (8) are read.`,
      name,
    );
  }
  const unsafe = unsafePathReason(name);
  if (unsafe !== null) {
    throw new ZipReadError('unsafe-name', `${JSON.stringify(name)} is refused: ${unsafe}.`, name);
  }
  if (raw.uncompressedSize > limit.maxEntrySize) {
    throw new ZipReadError(
      'too-large',
      `${name} declares ${raw.uncompressedSize} bytes; at most ${limit.maxEntrySize} are accepted.`,
      name,
    );
  }
  const directory = name.endsWith('/');
  if (directory && raw.uncompressedSize !== 0) {
    throw new ZipReadError('corrupt', `${name} has inconsistent sizes.`, name);
  }
  return Object.freeze({
    name,
    directory,
    method,
    compressedSize: raw.compressedSize,
    size: raw.uncompressedSize,
    crc32: raw.crc32,
    localHeaderOffset: raw.relativeOffsetOfLocalHeader,
    // the Info-ZIP UTC timestamp when there is one, else the DOS time, written in UTC by us
    modified: raw.getLastModDate({ timezone: 'UTC' }),
  });
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return utf8Decoder.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The entry's name. yauzl decodes it by the book: UTF-8 under flag bit 11 or a Unicode path
 * field, else CP437. Many tools write UTF-8 without the flag, so such a name that decodes as
 * UTF-8 is taken as such; and a name flagged UTF-8 that is not is refused, not patched.
 */
function nameOf(raw: Entry): string {
  const utf8 = utf8OrNull(raw.fileNameRaw);
  if ((raw.generalPurposeBitFlag & FLAG.utf8) !== 0) {
    if (utf8 === null) throw new ZipReadError('corrupt', 'An entry name is not valid UTF-8.');
    return utf8;
  }
  if (raw.extraFields.some((field) => field.id === UNICODE_PATH)) return raw.fileName;
  return utf8 ?? raw.fileName;
}

async function* entryData(
  zip: ZipFile,
  entry: ZipEntry,
  internal: Internal,
  refused: Refused,
): AsyncIterable<Uint8Array> {
  if (entry.directory) return;
  const name = entry.name;
  let produced = 0;
  let crc = 0;
  try {
    const header = await zip.readLocalFileHeaderPromise(internal.entry);
    // the local header must describe the same entry, or two readers could see two archives
    if (
      header.compressionMethod !== entry.method ||
      (header.generalPurposeBitFlag & FLAG.encrypted) !== 0 ||
      !header.fileName.equals(internal.entry.fileNameRaw)
    ) {
      throw new ZipReadError(
        'corrupt',
        `${name}: its local header disagrees with the central directory.`,
        name,
      );
    }
    const start = header.fileDataStart;
    if (start + entry.compressedSize > internal.limit) {
      throw new ZipReadError('corrupt', `${name} overlaps what follows it.`, name);
    }
    const data = await new Promise<Readable>((resolve, reject) => {
      zip.openReadStreamLowLevel(
        start,
        entry.compressedSize,
        0,
        entry.compressedSize,
        entry.method === 8,
        // yauzl holds the inflated data to this size, cutting a zip bomb off as it passes it
        entry.size,
        (error, stream) => {
          if (error) reject(error);
          else resolve(stream);
        },
      );
    });
    for await (const chunk of data) {
      if (!(chunk instanceof Uint8Array)) throw new ZipReadError('corrupt', 'Read gave no bytes.');
      produced += chunk.length;
      // yauzl checks inflated data; stored data is checked here, the same way
      if (produced > entry.size) throw tooMuch(entry);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    // yauzl's own words for an entry whose data is longer, or shorter, than declared
    if (error instanceof Error && error.message.startsWith('too many bytes')) throw tooMuch(entry);
    if (error instanceof Error && error.message.startsWith('not enough bytes')) {
      throw tooLittle(entry, produced);
    }
    throw refused(error, name);
  }
  if (produced !== entry.size) throw tooLittle(entry, produced);
  if (crc !== entry.crc32) {
    throw new ZipReadError('crc-mismatch', `${name} fails its CRC-32 check.`, name);
  }
}

const tooMuch = (entry: ZipEntry) =>
  new ZipReadError(
    'too-large',
    `${entry.name} holds more than its declared ${entry.size} bytes.`,
    entry.name,
  );

const tooLittle = (entry: ZipEntry, produced: number) =>
  new ZipReadError(
    'corrupt',
    `${entry.name} holds ${produced} bytes, not the declared ${entry.size}.`,
    entry.name,
  );

/** yauzl's refusals, which name the problem in its words; the unsafe names in ours. */
const UNSAFE_NAME = /^(?:absolute path|invalid relative path|invalid characters in fileName): /u;

/**
 * What an error of yauzl (or of a range read) means for the caller: a ZipReadError in our words,
 * or the error itself when it is not about the archive (the port failing: S3 down).
 */
function refusal(reader: RangeSource, error: unknown, entry?: string): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (error instanceof ZipReadError || reader.isPortError(error)) return error;
  const message = error.message;
  if (error instanceof RangeReadError) return new ZipReadError('corrupt', message, entry);
  if (isZlibError(error)) return new ZipReadError('corrupt', `${entry ?? '?'}: ${message}`, entry);
  if (message.startsWith('End of central directory record signature not found')) {
    return new ZipReadError('not-a-zip', 'No end of central directory record found.');
  }
  if (message.startsWith('multi-disk')) {
    return new ZipReadError('unsupported', 'Split (multi-disk) archives are not supported.');
  }
  if (message.startsWith('strong encryption')) {
    return new ZipReadError('encrypted', 'An entry is encrypted.');
  }
  const unsafe = UNSAFE_NAME.exec(message);
  if (unsafe) {
    const name = message.slice(unsafe[0].length);
    const reason = unsafePathReason(name) ?? message;
    return new ZipReadError('unsafe-name', `${JSON.stringify(name)} is refused: ${reason}.`, name);
  }
  // the rest (records that do not parse, sizes that disagree, data past the end) is damage
  return new ZipReadError(
    'corrupt',
    entry === undefined ? `The archive is damaged: ${message}.` : `${entry}: ${message}.`,
    entry,
  );
}

const isZlibError = (error: Error): error is Error & { code: string } =>
  'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_');
