import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZipReadError, openZip, type ReadRange, type ZipReadErrorCode } from './zip-reader';
import { zipEntries, type ZipEntrySource } from './zip-writer';

const MODIFIED = new Date('2026-03-14T15:09:26Z');
const MiB = 2 ** 20;

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  await Promise.resolve();
  yield bytes;
}

const file = (path: string, text: string | Uint8Array, more: Partial<ZipEntrySource> = {}) => {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  return { path, data: once(bytes), modified: MODIFIED, size: bytes.length, ...more };
};

const archiveOf = (entries: ZipEntrySource[]) => bytesOf(zipEntries(entries));

const rangeOf = (bytes: Uint8Array): ReadRange & { reads: number } => {
  const read = Object.assign(
    (start: number, end: number) => {
      read.reads += 1;
      return Promise.resolve(bytes.slice(start, end + 1));
    },
    { reads: 0 },
  );
  return read;
};

/** Where each central directory record of a (small, classic) archive starts. */
function centralRecords(archive: Buffer): number[] {
  let at = archive.readUInt32LE(archive.length - 22 + 16);
  const records: number[] = [];
  while (archive.readUInt32LE(at) === 0x02014b50) {
    records.push(at);
    at += 46 + archive.readUInt16LE(at + 28) + archive.readUInt16LE(at + 30);
  }
  return records;
}

async function refusal(promise: Promise<unknown>): Promise<ZipReadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ZipReadError) return error;
    throw error;
  }
  throw new Error('expected a ZipReadError');
}

const expectRefusal = async (
  promise: Promise<unknown>,
  code: ZipReadErrorCode,
  message: string | RegExp,
) => {
  const error = await refusal(promise);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
};

async function readAll(archive: Buffer) {
  const zip = await openZip(rangeOf(archive), archive.length);
  for (const entry of zip.entries) await bytesOf(zip.entryStream(entry));
  return zip;
}

describe('openZip', () => {
  it('reads the directory in a few ranged reads, then each entry on demand', async () => {
    const archive = await archiveOf([file('a.txt', 'alpha'), file('b/c.txt', 'gamma')]);
    const read = rangeOf(archive);
    const zip = await openZip(read, archive.length);
    // the tail (end records, and here the whole small archive), then the directory if apart
    expect(read.reads).toBeLessThanOrEqual(2);
    expect(zip.entries.map((e) => e.name)).toEqual(['a.txt', 'b/c.txt']);
    const [, second] = zip.entries;
    if (!second) throw new Error('two entries');
    expect((await bytesOf(zip.entryStream(second))).toString()).toBe('gamma');
  });

  it('reads a large central directory a window at a time, not a record at a time', async () => {
    const archive = await archiveOf(
      Array.from({ length: 3000 }, (_, i) => file(`folder/file-${i}.txt`, String(i))),
    );
    const read = rangeOf(archive);
    const zip = await openZip(read, archive.length, { chunkSize: 64 * 1024 });
    expect(zip.entries).toHaveLength(3000);
    const directory = archive.length - (zip.entries[2999]?.localHeaderOffset ?? 0);
    expect(directory).toBeGreaterThan(150_000);
    expect(read.reads).toBeLessThanOrEqual(2 + Math.ceil(directory / (64 * 1024)));
  });

  it('reads an archive past 4 GiB (ZIP64 sizes, offsets and end records)', async () => {
    // 4 GiB + 1 MiB of one repeated chunk, kept as a "fill" segment rather than in memory
    const fill = Buffer.alloc(MiB, 0x41);
    const chunks = 4097;
    async function* repeated(): AsyncIterable<Uint8Array> {
      for (let i = 0; i < chunks; i += 1) {
        if (i % 512 === 0) await Promise.resolve();
        yield fill;
      }
    }
    const segments: { start: number; bytes: Uint8Array | null; length: number }[] = [];
    let size = 0;
    for await (const chunk of zipEntries([
      { path: 'huge.mp4', data: repeated(), modified: MODIFIED, size: chunks * MiB },
      file('after.txt', 'past the 4 GiB mark'),
    ])) {
      segments.push({ start: size, bytes: chunk === fill ? null : chunk, length: chunk.length });
      size += chunk.length;
    }
    expect(size).toBeGreaterThan(2 ** 32);
    const read: ReadRange = (start, end) => {
      const out = Buffer.alloc(end - start + 1);
      for (const segment of segments) {
        const from = Math.max(start, segment.start);
        const to = Math.min(end + 1, segment.start + segment.length);
        if (from >= to) continue;
        if (segment.bytes === null) out.fill(0x41, from - start, to - start);
        else
          out.set(segment.bytes.subarray(from - segment.start, to - segment.start), from - start);
      }
      return Promise.resolve(out);
    };

    const zip = await openZip(read, size, { chunkSize: 16 * MiB });
    const [huge, after] = zip.entries;
    if (!huge || !after) throw new Error('two entries');
    expect(huge.size).toBe(chunks * MiB);
    expect(after.localHeaderOffset).toBeGreaterThan(2 ** 32);
    expect((await bytesOf(zip.entryStream(after))).toString()).toBe('past the 4 GiB mark');
    let length = 0;
    for await (const chunk of zip.entryStream(huge)) length += chunk.length; // CRC checked at the end
    expect(length).toBe(chunks * MiB);
  }, 60_000);

  it('refuses what is not a ZIP', async () => {
    const junk = randomBytes(1000);
    await expectRefusal(openZip(rangeOf(junk), junk.length), 'not-a-zip', /No end of central/);
    await expectRefusal(openZip(rangeOf(junk.subarray(0, 5)), 5), 'not-a-zip', /too short/);
    const archive = await archiveOf([file('a.txt', 'alpha')]);
    const cut = archive.subarray(0, archive.length - 5);
    await expect(openZip(rangeOf(cut), cut.length)).rejects.toThrow(ZipReadError);
  });

  it('refuses more entries than allowed, before reading them', async () => {
    const archive = await archiveOf(
      Array.from({ length: 5 }, (_, i) => file(`f${i}.txt`, String(i))),
    );
    const read = rangeOf(archive);
    await expectRefusal(
      openZip(read, archive.length, { maxEntries: 4 }),
      'too-many-entries',
      'The archive has 5 entries; at most 4 are accepted.',
    );
    expect(read.reads).toBe(1);
  });

  it('refuses an entry, or entries, declaring more than the limits', async () => {
    const archive = await archiveOf([file('a.bin', 'x'.repeat(11)), file('b.bin', 'y'.repeat(9))]);
    await expectRefusal(
      openZip(rangeOf(archive), archive.length, { maxEntrySize: 10 }),
      'too-large',
      'a.bin declares 11 bytes; at most 10 are accepted.',
    );
    await expectRefusal(
      openZip(rangeOf(archive), archive.length, { maxTotalSize: 15 }),
      'too-large',
      /more than 15 bytes in all/,
    );
  });

  it('refuses encrypted entries and compression methods other than STORE and DEFLATE', async () => {
    const archive = await archiveOf([file('secret.pdf', 'x')]);
    const [record = 0] = centralRecords(archive);
    const encrypted = Buffer.from(archive);
    encrypted.writeUInt16LE(encrypted.readUInt16LE(record + 8) | 1, record + 8);
    // traditional encryption puts a 12-byte header before the data
    encrypted.writeUInt32LE(encrypted.readUInt32LE(record + 20) + 12, record + 20);
    await expectRefusal(
      openZip(rangeOf(encrypted), encrypted.length),
      'encrypted',
      'secret.pdf is encrypted.',
    );
    const bzip2 = Buffer.from(archive);
    bzip2.writeUInt16LE(12, record + 10);
    await expectRefusal(
      openZip(rangeOf(bzip2), bzip2.length),
      'unsupported',
      'secret.pdf uses compression method 12; only STORE (0) and DEFLATE (8) are read.',
    );
  });

  it('refuses names that would land outside the folder they are extracted into', async () => {
    const archive = await archiveOf([file('ab/evil.sh', 'x')]);
    const [record = 0] = centralRecords(archive);
    for (const [name, reason] of [
      ['../evil.sh', "'..' in the path"],
      ['/a/evil.sh', 'absolute path'],
      ['C:/evil.sh', 'absolute path'],
      ['ab\\evil.sh', 'backslash in the name'],
    ] as const) {
      const patched = Buffer.from(archive);
      patched.write(name, record + 46, 'utf8');
      await expectRefusal(
        openZip(rangeOf(patched), patched.length),
        'unsafe-name',
        `${JSON.stringify(name)} is refused: ${reason}.`,
      );
    }
  });

  it('refuses a name given twice', async () => {
    const archive = await archiveOf([file('a.txt', '1'), file('b.txt', '2')]);
    const [, second = 0] = centralRecords(archive);
    archive.write('a', second + 46);
    await expectRefusal(openZip(rangeOf(archive), archive.length), 'duplicate-name', /twice/);
  });

  it('refuses entries that share their bytes (overlapping zip bombs)', async () => {
    const archive = await archiveOf([file('a.txt', 'one'), file('b.txt', 'two')]);
    const [, second = 0] = centralRecords(archive);
    archive.writeUInt32LE(0, second + 42); // b.txt's local header offset := a.txt's
    await expectRefusal(openZip(rangeOf(archive), archive.length), 'corrupt', /overlaps/);
  });

  it('stops inflating an entry as soon as it passes its declared size', async () => {
    const zeros = Buffer.alloc(20 * MiB);
    const archive = await archiveOf([file('bomb.txt', zeros, { deflate: true })]);
    const [record = 0] = centralRecords(archive);
    expect(archive.readUInt32LE(record + 20)).toBeLessThan(100_000); // compressed
    archive.writeUInt32LE(1000, record + 24); // declared uncompressed size
    const zip = await openZip(rangeOf(archive), archive.length);
    const [bomb] = zip.entries;
    if (!bomb) throw new Error('one entry');
    let produced = 0;
    const error = await refusal(
      (async () => {
        for await (const chunk of zip.entryStream(bomb)) produced += chunk.length;
      })(),
    );
    expect(error.code).toBe('too-large');
    expect(error.message).toBe('bomb.txt holds more than its declared 1000 bytes.');
    expect(produced).toBeLessThanOrEqual(1000);
  });

  it('checks the CRC-32 at the end of an entry', async () => {
    const data = randomBytes(300_000);
    const archive = await archiveOf([file('scan.pdf', data)]);
    archive[100] = (archive[100] ?? 0) ^ 0xff; // a byte of the stored data
    await expectRefusal(readAll(archive), 'crc-mismatch', 'scan.pdf fails its CRC-32 check.');
  });

  it('reports damaged deflate data as a corrupt entry', async () => {
    const archive = await archiveOf([file('doc.xml', '<a>'.repeat(10_000), { deflate: true })]);
    const [record = 0] = centralRecords(archive);
    const start = 30 + archive.readUInt16LE(26) + archive.readUInt16LE(28);
    const compressed = archive.readUInt32LE(record + 20);
    archive.fill(0xff, start, start + compressed);
    const error = await refusal(readAll(archive));
    expect(['corrupt', 'crc-mismatch']).toContain(error.code);
  });

  it('refuses a local header that names another entry than the directory', async () => {
    const archive = await archiveOf([file('a.txt', 'alpha')]);
    archive.write('b', 30); // the local header's copy of the name
    await expectRefusal(readAll(archive), 'corrupt', /disagrees with the central directory/);
  });

  it('reads names written without the UTF-8 flag as UTF-8 when they are, else as CP437', async () => {
    const archive = await archiveOf([file('é.txt', '1'), file('xx.txt', '2')]);
    const [first = 0, second = 0] = centralRecords(archive);
    archive.writeUInt16LE(0x0008, first + 8);
    archive.writeUInt16LE(0x0008, second + 8);
    archive[second + 46] = 0x82; // é in CP437
    archive[second + 47] = 0x84; // ä
    const zip = await openZip(rangeOf(archive), archive.length);
    expect(zip.entries.map((e) => e.name)).toEqual(['é.txt', 'éä.txt']);
  });

  it('passes on a failure of the ranged read itself, not as a damaged archive', async () => {
    const archive = await archiveOf([file('a.bin', randomBytes(300_000))]);
    const down = new Error('S3 down');
    await expect(openZip(() => Promise.reject(down), archive.length)).rejects.toBe(down);
    let failing = false;
    const read: ReadRange = (start, end) =>
      failing ? Promise.reject(down) : Promise.resolve(archive.subarray(start, end + 1));
    const zip = await openZip(read, archive.length);
    const [only] = zip.entries;
    if (!only) throw new Error('one entry');
    failing = true;
    await expect(bytesOf(zip.entryStream(only))).rejects.toBe(down);
  });

  it('stops reading when the consumer does, with no failure left unhandled', async () => {
    const data = randomBytes(3 * MiB);
    const archive = await archiveOf([file('a.bin', data)]);
    const zip = await openZip(rangeOf(archive), archive.length, { chunkSize: 64 * 1024 });
    const [only] = zip.entries;
    if (!only) throw new Error('one entry');
    for await (const chunk of zip.entryStream(only)) {
      expect(chunk.length).toBe(64 * 1024);
      break;
    }
  });
});
