import { Readable, pipeline } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import {
  EXTRA,
  FLAG,
  LENGTH,
  MAX_16,
  MAX_32,
  METHOD,
  SIGNATURE,
  VERSION,
  type ZipMethod,
  dosDateTime,
  unsafePathReason,
} from './zip-format';

/**
 * A streaming ZIP writer: entries in, the archive's bytes out, in the order they belong in the
 * file, so they can go straight into an S3 multipart upload. Each entry's size and CRC are learnt
 * while its data passes through and written after it, in a data descriptor (flag bit 3), so no
 * entry is ever held in memory or read twice. What stays in memory is the central directory: a
 * name and a few numbers per entry.
 *
 * Entries are STOREd unless asked otherwise: the documents of a TMF are PDFs, images and office
 * files that are already compressed, where DEFLATE spends CPU for next to nothing, and a stored
 * entry can be read back by byte range. DEFLATE is for text such as the exchange.xml.
 *
 * ZIP64 (APPNOTE 4.5) is used where a size or offset reaches 4 GiB or the entries 65,535: a study
 * of a thousand documents can pass 4 GiB. An entry whose size is not given up front gets a ZIP64
 * local header, since it might grow past 4 GiB after its header has gone out.
 */

export interface ZipEntrySource {
  /** The name in the archive: '/'-separated, relative, written as UTF-8 (flag bit 11). */
  path: string;
  data: AsyncIterable<Uint8Array>;
  modified: Date;
  /** DEFLATE instead of STORE (text such as the exchange.xml). */
  deflate?: boolean;
  /**
   * The byte length, when known up front (an S3 object's ContentLength). An entry known to stay
   * under 4 GiB is written without ZIP64 fields; the data is checked against it.
   */
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

/** What the central directory keeps of each entry once it has been written. */
export interface CentralRecord {
  name: Uint8Array;
  method: ZipMethod;
  modified: Date;
  crc: number;
  compressedSize: number;
  size: number;
  /** where the entry's local header starts */
  offset: number;
  /** its local header carried a ZIP64 field, so its data descriptor has 8-byte sizes */
  zip64: boolean;
}

const encoder = new TextEncoder();

export async function* zipEntries(
  entries: AsyncIterable<ZipEntrySource> | Iterable<ZipEntrySource>,
  options: ZipWriterOptions = {},
): AsyncIterable<Uint8Array> {
  const force = options.forceZip64 === true;
  const central: CentralRecord[] = [];
  const taken = new Set<string>();
  let offset = 0;

  for await (const entry of entries) {
    const name = entryName(entry.path, taken);
    const method = entry.deflate === true ? METHOD.deflate : METHOD.store;
    if (entry.size !== undefined && !(Number.isSafeInteger(entry.size) && entry.size >= 0)) {
      throw new ZipWriteError(`${entry.path}: size must be a whole number of bytes.`);
    }
    const zip64 = force || mayReach4GiB(entry.size, method);
    const record: CentralRecord = {
      name,
      method,
      modified: entry.modified,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset,
      zip64,
    };

    const header = localFileHeader(record);
    yield header;
    const tally = { crc: 0, size: 0 };
    const counted = counting(entry.data, tally);
    for await (const chunk of method === METHOD.store ? counted : deflated(counted)) {
      if (chunk.length === 0) continue;
      record.compressedSize += chunk.length;
      yield chunk;
    }
    record.crc = tally.crc;
    record.size = tally.size;
    if (entry.size !== undefined && entry.size !== record.size) {
      throw new ZipWriteError(
        `${entry.path}: declared ${entry.size} bytes but its data had ${record.size}.`,
      );
    }
    if (!zip64 && (record.size >= MAX_32 || record.compressedSize >= MAX_32)) {
      throw new ZipWriteError(`${entry.path}: reached 4 GiB without a ZIP64 header.`);
    }
    const descriptor = dataDescriptor(record);
    yield descriptor;
    offset += header.length + record.compressedSize + descriptor.length;
    central.push(record);
  }

  const centralOffset = offset;
  for (const record of central) {
    const header = centralFileHeader(record);
    yield header;
    offset += header.length;
  }
  yield endOfCentralDirectory({
    entries: central.length,
    centralOffset,
    centralSize: offset - centralOffset,
    forceZip64: force,
  });
}

/** Text chunks as UTF-8 bytes, for an entry made of strings (the exchange.xml). */
export async function* utf8(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) yield encoder.encode(chunk);
}

/**
 * The entry's name as bytes, refused when an unzip could write it outside the folder it extracts
 * into, or onto another entry: on Windows and macOS names differing only in case are one file.
 */
function entryName(path: string, taken: Set<string>): Uint8Array {
  const problem = path.endsWith('/') ? 'a folder, not a file' : unsafePathReason(path);
  if (problem) throw new ZipWriteError(`${JSON.stringify(path)}: ${problem}.`);
  const key = path.normalize('NFC').toLowerCase();
  if (taken.has(key)) throw new ZipWriteError(`${JSON.stringify(path)}: already in the archive.`);
  taken.add(key);
  const name = encoder.encode(path);
  if (name.length > MAX_16) throw new ZipWriteError(`${JSON.stringify(path)}: name too long.`);
  return name;
}

/** Whether an entry might not fit 32-bit sizes, so its headers must be ZIP64 from the start. */
function mayReach4GiB(size: number | undefined, method: ZipMethod): boolean {
  if (size === undefined) return true;
  // deflate can grow incompressible data a little (stored blocks); zlib's deflateBound is
  // about size / 3000 plus a few bytes, this is a generous bound of that.
  const bound = method === METHOD.store ? size : size + Math.ceil(size / 2048) + 1024;
  return bound >= MAX_32;
}

async function* counting(
  data: AsyncIterable<Uint8Array>,
  tally: { crc: number; size: number },
): AsyncIterable<Uint8Array> {
  for await (const chunk of data) {
    tally.crc = crc32(chunk, tally.crc);
    tally.size += chunk.length;
    yield chunk;
  }
}

async function* deflated(data: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const deflater = createDeflateRaw();
  // a failure on either side destroys the other; it reaches the caller through the loop below
  pipeline(Readable.from(data), deflater, () => undefined);
  for await (const chunk of deflater) {
    if (!(chunk instanceof Uint8Array)) throw new ZipWriteError('deflate gave a non-byte chunk.');
    yield chunk;
  }
}

/** A little-endian record writer over a fixed-size buffer. */
class Fields {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at = 0;
  constructor(length: number) {
    this.bytes = new Uint8Array(length);
    this.view = new DataView(this.bytes.buffer);
  }
  u16(value: number): this {
    this.view.setUint16(this.at, value, true);
    this.at += 2;
    return this;
  }
  u32(value: number): this {
    this.view.setUint32(this.at, value, true);
    this.at += 4;
    return this;
  }
  u64(value: number): this {
    this.view.setBigUint64(this.at, BigInt(value), true);
    this.at += 8;
    return this;
  }
  raw(bytes: Uint8Array): this {
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
    return this;
  }
  done(): Uint8Array {
    if (this.at !== this.bytes.length)
      throw new Error(`ZIP record ${this.at}/${this.bytes.length}`);
    return this.bytes;
  }
}

/** The Info-ZIP extended timestamp (UTC seconds, signed 32-bit), when the time fits in it. */
function timestampExtra(modified: Date): Uint8Array {
  const seconds = Math.floor(modified.getTime() / 1000);
  if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds > 0x7fffffff) {
    return new Uint8Array(0);
  }
  // flags 1: the modification time only, in the central directory as in the local header
  return new Fields(9).u16(EXTRA.timestamp).u16(5).raw(Uint8Array.of(1)).u32(seconds).done();
}

const join = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

export function localFileHeader(
  entry: Pick<CentralRecord, 'name' | 'method' | 'modified' | 'zip64'>,
): Uint8Array {
  const { date, time } = dosDateTime(entry.modified);
  // with a data descriptor the sizes here are zero; under ZIP64 they point at the extra field,
  // which is zero too, and tell a reader the descriptor's sizes are 8 bytes
  const extra = join([
    entry.zip64 ? new Fields(20).u16(EXTRA.zip64).u16(16).u64(0).u64(0).done() : new Uint8Array(0),
    timestampExtra(entry.modified),
  ]);
  const sizes = entry.zip64 ? MAX_32 : 0;
  return new Fields(LENGTH.localFile + entry.name.length + extra.length)
    .u32(SIGNATURE.localFile)
    .u16(entry.zip64 ? VERSION.zip64 : VERSION.base)
    .u16(FLAG.dataDescriptor | FLAG.utf8)
    .u16(entry.method)
    .u16(time)
    .u16(date)
    .u32(0)
    .u32(sizes)
    .u32(sizes)
    .u16(entry.name.length)
    .u16(extra.length)
    .raw(entry.name)
    .raw(extra)
    .done();
}

export function dataDescriptor(
  entry: Pick<CentralRecord, 'crc' | 'compressedSize' | 'size' | 'zip64'>,
): Uint8Array {
  const fields = new Fields(entry.zip64 ? 24 : 16).u32(SIGNATURE.dataDescriptor).u32(entry.crc);
  return entry.zip64
    ? fields.u64(entry.compressedSize).u64(entry.size).done()
    : fields.u32(entry.compressedSize).u32(entry.size).done();
}

/** Unix, APPNOTE 6.3: so unzip reads the file mode in the external attributes. */
const MADE_BY = (3 << 8) | 63;
/** a regular file, rw-r--r-- */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

export function centralFileHeader(record: CentralRecord): Uint8Array {
  const { date, time } = dosDateTime(record.modified);
  // the ZIP64 field holds exactly the values whose 32-bit fields say 0xFFFFFFFF, in this order
  const bigSizes = record.zip64 || record.size >= MAX_32 || record.compressedSize >= MAX_32;
  const bigOffset = record.offset >= MAX_32;
  const wide: number[] = [
    ...(bigSizes ? [record.size, record.compressedSize] : []),
    ...(bigOffset ? [record.offset] : []),
  ];
  const zip64Extra =
    wide.length === 0
      ? new Uint8Array(0)
      : wide
          .reduce(
            (fields, value) => fields.u64(value),
            new Fields(4 + 8 * wide.length).u16(EXTRA.zip64).u16(8 * wide.length),
          )
          .done();
  const extra = join([zip64Extra, timestampExtra(record.modified)]);
  return new Fields(LENGTH.centralFile + record.name.length + extra.length)
    .u32(SIGNATURE.centralFile)
    .u16(MADE_BY)
    .u16(wide.length > 0 || record.zip64 ? VERSION.zip64 : VERSION.base)
    .u16(FLAG.dataDescriptor | FLAG.utf8)
    .u16(record.method)
    .u16(time)
    .u16(date)
    .u32(record.crc)
    .u32(bigSizes ? MAX_32 : record.compressedSize)
    .u32(bigSizes ? MAX_32 : record.size)
    .u16(record.name.length)
    .u16(extra.length)
    .u16(0) // comment length
    .u16(0) // disk number
    .u16(0) // internal attributes
    .u32(FILE_ATTRIBUTES)
    .u32(bigOffset ? MAX_32 : record.offset)
    .raw(record.name)
    .raw(extra)
    .done();
}

/**
 * The end of the archive: the ZIP64 end record and its locator when a count, size or offset does
 * not fit (or when forced), then the classic end record, whose overflowing fields say "see ZIP64".
 */
export function endOfCentralDirectory(end: {
  entries: number;
  centralOffset: number;
  centralSize: number;
  forceZip64?: boolean;
}): Uint8Array {
  const manyEntries = end.entries >= MAX_16;
  const bigSize = end.centralSize >= MAX_32;
  const bigOffset = end.centralOffset >= MAX_32;
  const zip64 = end.forceZip64 === true || manyEntries || bigSize || bigOffset;
  const classic = new Fields(LENGTH.end)
    .u32(SIGNATURE.end)
    .u16(0) // this disk
    .u16(0) // the disk where the central directory starts
    .u16(manyEntries ? MAX_16 : end.entries)
    .u16(manyEntries ? MAX_16 : end.entries)
    .u32(bigSize ? MAX_32 : end.centralSize)
    .u32(bigOffset ? MAX_32 : end.centralOffset)
    .u16(0) // comment length
    .done();
  if (!zip64) return classic;
  const zip64EndOffset = end.centralOffset + end.centralSize;
  return join([
    new Fields(LENGTH.zip64End)
      .u32(SIGNATURE.zip64End)
      .u64(LENGTH.zip64End - 12) // the size of the rest of this record
      .u16(MADE_BY)
      .u16(VERSION.zip64)
      .u32(0)
      .u32(0)
      .u64(end.entries)
      .u64(end.entries)
      .u64(end.centralSize)
      .u64(end.centralOffset)
      .done(),
    new Fields(LENGTH.zip64Locator)
      .u32(SIGNATURE.zip64Locator)
      .u32(0) // the disk holding the ZIP64 end record
      .u64(zip64EndOffset)
      .u32(1) // disks in all
      .done(),
    classic,
  ]);
}
