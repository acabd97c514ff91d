import { Readable, pipeline } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import {
  EXTRA,
  FLAG,
  LENGTH,
  MAX_16,
  MAX_32,
  METHOD,
  SIGNATURE,
  type ZipMethod,
  fromDosDateTime,
  unsafePathReason,
} from './zip-format';

/**
 * Reads a ZIP by random access, the way an object in S3 is read: the end records and the central
 * directory first (two or three ranged reads), then each entry's data on demand, in chunks. The
 * archive comes from outside, so nothing in it is trusted: declared counts and sizes are held to
 * limits before anything is read, entries may not overlap, names may not climb out of the
 * folder they are extracted into, and an entry's data is cut off as soon as it inflates past its
 * declared size (a zip bomb) and checked against its CRC-32 at the end.
 */

/** Bytes start..endInclusive of the archive (an S3 GetObject with a Range header). */
export type ReadRange = (start: number, endInclusive: number) => Promise<Uint8Array>;

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
  /** the size of each ranged read of an entry's data */
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
  rawName: Uint8Array;
  /** where the next entry, or the central directory, starts: the entry must end before it */
  limit: number;
}

export async function openZip(
  readRange: ReadRange,
  size: number,
  limits: Partial<ZipReadLimits> = {},
): Promise<ZipArchive> {
  const limit = { ...DEFAULT_ZIP_READ_LIMITS, ...limits };
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError('size must be a byte count');

  const read = async (start: number, length: number): Promise<Uint8Array> => {
    if (length === 0) return new Uint8Array(0);
    if (start < 0 || start + length > size) {
      throw new ZipReadError('corrupt', `A record points outside the file (${start}+${length}).`);
    }
    const bytes = await readRange(start, start + length - 1);
    if (bytes.length !== length) {
      throw new ZipReadError('corrupt', `Read ${bytes.length} of ${length} bytes at ${start}.`);
    }
    return bytes;
  };

  const directory = await findCentralDirectory(read, size);
  if (directory.entries > limit.maxEntries) {
    throw new ZipReadError(
      'too-many-entries',
      `The archive has ${directory.entries} entries; at most ${limit.maxEntries} are accepted.`,
    );
  }
  if (directory.size > limit.maxCentralDirectorySize) {
    throw new ZipReadError('too-large', `The central directory is ${directory.size} bytes.`);
  }
  if (directory.size < directory.entries * LENGTH.centralFile) {
    throw new ZipReadError('corrupt', 'The central directory is too short for its entries.');
  }

  const records = parseCentralDirectory(
    await read(directory.offset, directory.size),
    directory.entries,
  );
  const entries: ZipEntry[] = [];
  const internals = new Map<ZipEntry, Internal>();
  const names = new Set<string>();
  let total = 0;
  for (const record of records) {
    const entry = checkedEntry(record, limit);
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
    internals.set(entry, { rawName: record.rawName, limit: directory.offset });
  }

  // Entries may not share or overlap their bytes: overlapping entries are how the worst zip
  // bombs multiply one compressed stream into many.
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  byOffset.forEach((entry, index) => {
    const internal = internals.get(entry);
    if (!internal) return;
    const next = byOffset[index + 1];
    internal.limit = next ? next.localHeaderOffset : directory.offset;
    const least =
      entry.localHeaderOffset + LENGTH.localFile + internal.rawName.length + entry.compressedSize;
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
      return entryData(read, entry, internal, limit.chunkSize);
    },
  };
}

type Read = (start: number, length: number) => Promise<Uint8Array>;

/** A little-endian reader over a record's bytes, refusing to run past their end. */
class Cursor {
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    public at = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(length: number) {
    if (this.at + length > this.bytes.length) {
      throw new ZipReadError('corrupt', 'A record ends before its fields do.');
    }
  }
  u16(): number {
    this.need(2);
    const value = this.view.getUint16(this.at, true);
    this.at += 2;
    return value;
  }
  u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.at, true);
    this.at += 4;
    return value;
  }
  u64(): number {
    this.need(8);
    const value = this.view.getBigUint64(this.at, true);
    this.at += 8;
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new ZipReadError('corrupt', 'A 64-bit size or offset is beyond any real file.');
    }
    return Number(value);
  }
  remaining(): number {
    return this.bytes.length - this.at;
  }
  take(length: number): Uint8Array {
    this.need(length);
    const part = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return part;
  }
}

interface Directory {
  entries: number;
  offset: number;
  size: number;
}

async function findCentralDirectory(read: Read, size: number): Promise<Directory> {
  if (size < LENGTH.end) throw new ZipReadError('not-a-zip', 'The file is too short for a ZIP.');
  // the end record sits at the very end, after a comment of up to 64 KiB; the ZIP64 locator
  // and end record just before it come in the same read
  const tailLength = Math.min(size, LENGTH.end + MAX_16 + LENGTH.zip64Locator + LENGTH.zip64End);
  const tailStart = size - tailLength;
  const tail = await read(tailStart, tailLength);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let at = -1;
  for (let i = tailLength - LENGTH.end; i >= 0; i -= 1) {
    if (
      view.getUint32(i, true) === SIGNATURE.end &&
      i + LENGTH.end + view.getUint16(i + 20, true) === tailLength
    ) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipReadError('not-a-zip', 'No end of central directory record found.');

  const end = new Cursor(tail, at + 4);
  const disk = end.u16();
  const directoryDisk = end.u16();
  end.u16(); // entries on this disk
  const entries = end.u16();
  const directorySize = end.u32();
  const directoryOffset = end.u32();

  const locatorAt = at - LENGTH.zip64Locator;
  const hasLocator = locatorAt >= 0 && view.getUint32(locatorAt, true) === SIGNATURE.zip64Locator;
  if (!hasLocator) {
    if (disk !== 0 || directoryDisk !== 0) {
      throw new ZipReadError('unsupported', 'Split (multi-disk) archives are not supported.');
    }
    return within({ entries, offset: directoryOffset, size: directorySize }, tailStart + at);
  }

  const locator = new Cursor(tail, locatorAt + 4);
  const zip64Disk = locator.u32();
  const zip64EndOffset = locator.u64();
  const disks = locator.u32();
  if (zip64Disk !== 0 || disks !== 1) {
    throw new ZipReadError('unsupported', 'Split (multi-disk) archives are not supported.');
  }
  if (zip64EndOffset + LENGTH.zip64End > tailStart + locatorAt) {
    throw new ZipReadError('corrupt', 'The ZIP64 end record is not before its locator.');
  }
  const zip64End = new Cursor(
    zip64EndOffset >= tailStart
      ? tail.subarray(zip64EndOffset - tailStart, zip64EndOffset - tailStart + LENGTH.zip64End)
      : await read(zip64EndOffset, LENGTH.zip64End),
  );
  if (zip64End.u32() !== SIGNATURE.zip64End) {
    throw new ZipReadError('corrupt', 'The ZIP64 end record is missing.');
  }
  zip64End.u64(); // its size
  zip64End.u16(); // made by
  zip64End.u16(); // needed
  if (zip64End.u32() !== 0 || zip64End.u32() !== 0) {
    throw new ZipReadError('unsupported', 'Split (multi-disk) archives are not supported.');
  }
  zip64End.u64(); // entries on this disk
  return within(
    { entries: zip64End.u64(), size: zip64End.u64(), offset: zip64End.u64() },
    zip64EndOffset,
  );
}

function within(directory: Directory, end: number): Directory {
  if (directory.offset + directory.size > end) {
    throw new ZipReadError('corrupt', 'The central directory runs past the end records.');
  }
  return directory;
}

interface CentralRecord {
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  disk: number;
  offset: number;
  rawName: Uint8Array;
  /** the UTF-8 name of an Info-ZIP Unicode path field that still matches rawName */
  unicodeName: string | null;
  modified: Date;
}

function parseCentralDirectory(bytes: Uint8Array, count: number): CentralRecord[] {
  const cursor = new Cursor(bytes);
  const records: CentralRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    if (cursor.u32() !== SIGNATURE.centralFile) {
      throw new ZipReadError('corrupt', `Central directory record ${i + 1} is malformed.`);
    }
    cursor.u16(); // made by
    cursor.u16(); // needed to extract
    const flags = cursor.u16();
    const method = cursor.u16();
    const time = cursor.u16();
    const date = cursor.u16();
    const crc = cursor.u32();
    let compressedSize = cursor.u32();
    let size = cursor.u32();
    const nameLength = cursor.u16();
    const extraLength = cursor.u16();
    const commentLength = cursor.u16();
    let disk = cursor.u16();
    cursor.u16(); // internal attributes
    cursor.u32(); // external attributes
    let offset = cursor.u32();
    const rawName = cursor.take(nameLength);
    const extra = new Cursor(cursor.take(extraLength));
    cursor.take(commentLength);

    let modified = fromDosDateTime(date, time);
    let unicodeName: string | null = null;
    while (extraLength - extra.at >= 4) {
      const id = extra.u16();
      const field = new Cursor(extra.take(extra.u16()));
      if (id === EXTRA.zip64) {
        // it holds exactly the fields that overflowed, in this order
        if (size === MAX_32) size = field.u64();
        if (compressedSize === MAX_32) compressedSize = field.u64();
        if (offset === MAX_32) offset = field.u64();
        if (disk === MAX_16) disk = field.u32();
      } else if (id === EXTRA.timestamp) {
        const has = field.take(1)[0] ?? 0;
        if ((has & 1) === 1) modified = new Date(field.u32() * 1000);
      } else if (id === EXTRA.unicodePath) {
        const version = field.take(1)[0];
        const nameCrc = field.u32();
        const name = utf8OrNull(field.take(field.remaining()));
        if (version === 1 && nameCrc === crc32(rawName) && name !== null) unicodeName = name;
      }
    }
    records.push({
      flags,
      method,
      crc,
      compressedSize,
      size,
      disk,
      offset,
      rawName,
      unicodeName,
      modified,
    });
  }
  if (cursor.at !== bytes.length) {
    throw new ZipReadError('corrupt', 'The central directory does not hold the entries it says.');
  }
  return records;
}

function checkedEntry(record: CentralRecord, limit: ZipReadLimits): ZipEntry {
  const name = nameOf(record);
  if ((record.flags & (FLAG.encrypted | FLAG.strongEncryption)) !== 0) {
    throw new ZipReadError('encrypted', `${name} is encrypted.`, name);
  }
  if (record.method !== METHOD.store && record.method !== METHOD.deflate) {
    throw new ZipReadError(
      'unsupported',
      `${name} uses compression method ${record.method}; only STORE (0) and DEFLATE (8) are read.`,
      name,
    );
  }
  if (record.disk !== 0) {
    throw new ZipReadError('unsupported', 'Split (multi-disk) archives are not supported.', name);
  }
  const unsafe = unsafePathReason(name);
  if (unsafe !== null) {
    throw new ZipReadError('unsafe-name', `${JSON.stringify(name)} is refused: ${unsafe}.`, name);
  }
  if (record.size > limit.maxEntrySize) {
    throw new ZipReadError(
      'too-large',
      `${name} declares ${record.size} bytes; at most ${limit.maxEntrySize} are accepted.`,
      name,
    );
  }
  const directory = name.endsWith('/');
  if (
    (record.method === METHOD.store && record.compressedSize !== record.size) ||
    (directory && record.size !== 0)
  ) {
    throw new ZipReadError('corrupt', `${name} has inconsistent sizes.`, name);
  }
  return Object.freeze({
    name,
    directory,
    method: record.method,
    compressedSize: record.compressedSize,
    size: record.size,
    crc32: record.crc,
    localHeaderOffset: record.offset,
    modified: record.modified,
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

/** The upper half of IBM code page 437, the encoding of names written without flag bit 11. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/**
 * The entry's name. Flag bit 11 says UTF-8; without it APPNOTE says CP437, yet many tools write
 * UTF-8 anyway, so a name that decodes as UTF-8 is taken as such before falling back to CP437.
 */
function nameOf(record: CentralRecord): string {
  if ((record.flags & FLAG.utf8) !== 0) {
    const name = utf8OrNull(record.rawName);
    if (name === null) throw new ZipReadError('corrupt', 'An entry name is not valid UTF-8.');
    return name;
  }
  if (record.unicodeName !== null) return record.unicodeName;
  return (
    utf8OrNull(record.rawName) ??
    Array.from(record.rawName, (byte) =>
      byte < 0x80 ? String.fromCharCode(byte) : (CP437_HIGH[byte - 0x80] ?? '?'),
    ).join('')
  );
}

async function* entryData(
  read: Read,
  entry: ZipEntry,
  internal: Internal,
  chunkSize: number,
): AsyncIterable<Uint8Array> {
  if (entry.directory) return;
  const nameLength = internal.rawName.length;
  const header = await read(entry.localHeaderOffset, LENGTH.localFile + nameLength);
  const cursor = new Cursor(header);
  if (cursor.u32() !== SIGNATURE.localFile) {
    throw new ZipReadError('corrupt', `${entry.name} has no local header.`, entry.name);
  }
  cursor.u16(); // needed to extract
  const flags = cursor.u16();
  const method = cursor.u16();
  cursor.take(16); // time, date, CRC and sizes: the central directory's are the ones that count
  const localNameLength = cursor.u16();
  const extraLength = cursor.u16();
  const localName = cursor.take(nameLength);
  // the local header must describe the same entry, or two readers could see two archives
  if (
    method !== entry.method ||
    (flags & FLAG.encrypted) !== 0 ||
    localNameLength !== nameLength ||
    !localName.every((byte, i) => byte === internal.rawName[i])
  ) {
    throw new ZipReadError(
      'corrupt',
      `${entry.name}: its local header disagrees with the central directory.`,
      entry.name,
    );
  }
  const start = entry.localHeaderOffset + LENGTH.localFile + nameLength + extraLength;
  if (start + entry.compressedSize > internal.limit) {
    throw new ZipReadError('corrupt', `${entry.name} overlaps what follows it.`, entry.name);
  }

  const raw = ranges(read, start, start + entry.compressedSize, chunkSize);
  let crc = 0;
  let produced = 0;
  try {
    for await (const chunk of entry.method === METHOD.store ? raw : inflated(raw)) {
      produced += chunk.length;
      if (produced > entry.size) {
        throw new ZipReadError(
          'too-large',
          `${entry.name} holds more than its declared ${entry.size} bytes.`,
          entry.name,
        );
      }
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    if (isZlibError(error)) {
      throw new ZipReadError('corrupt', `${entry.name}: ${error.message}`, entry.name);
    }
    throw error;
  }
  if (produced !== entry.size) {
    throw new ZipReadError(
      'corrupt',
      `${entry.name} holds ${produced} bytes, not the declared ${entry.size}.`,
      entry.name,
    );
  }
  if (crc !== entry.crc32) {
    throw new ZipReadError('crc-mismatch', `${entry.name} fails its CRC-32 check.`, entry.name);
  }
}

/** The bytes start..end in chunks, the next read already under way while one is consumed. */
async function* ranges(
  read: Read,
  start: number,
  end: number,
  chunkSize: number,
): AsyncIterable<Uint8Array> {
  const fetch = (at: number) => {
    const pending = read(at, Math.min(chunkSize, end - at));
    // if the consumer stops early, nobody awaits it: keep its failure from going unhandled
    pending.catch(() => undefined);
    return pending;
  };
  let at = start;
  let next = at < end ? fetch(at) : null;
  while (next) {
    const current = next;
    at = Math.min(at + chunkSize, end);
    next = at < end ? fetch(at) : null;
    yield await current;
  }
}

async function* inflated(data: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const inflater = createInflateRaw();
  // a failure on either side destroys the other; it reaches the caller through the loop below
  pipeline(Readable.from(data), inflater, () => undefined);
  for await (const chunk of inflater) {
    if (!(chunk instanceof Uint8Array)) throw new ZipReadError('corrupt', 'Inflate gave no bytes.');
    yield chunk;
  }
}

const isZlibError = (error: unknown): error is Error & { code: string } =>
  error instanceof Error &&
  'code' in error &&
  typeof error.code === 'string' &&
  error.code.startsWith('Z_');
