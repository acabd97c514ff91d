import { randomBytes } from 'node:crypto';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openZip } from './zip-reader';
import { ZipWriteError, utf8, zipEntries, type ZipEntrySource } from './zip-writer';

const MODIFIED = new Date('2026-03-14T15:09:26Z');

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* chunksOf(bytes: Uint8Array, size = 65_536): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) {
    await Promise.resolve();
    yield bytes.subarray(at, at + size);
  }
}

const entry = (path: string, data: Uint8Array, more: Partial<ZipEntrySource> = {}) => ({
  path,
  data: chunksOf(data),
  modified: MODIFIED,
  ...more,
});

const rangeOf = (bytes: Uint8Array) => (start: number, end: number) =>
  Promise.resolve(bytes.subarray(start, end + 1));

/** The little-endian fields of a record, read back. */
const le = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    u16: (at: number) => view.getUint16(at, true),
    u32: (at: number) => view.getUint32(at, true),
    u64: (at: number) => Number(view.getBigUint64(at, true)),
  };
};

describe('zipEntries', () => {
  it('writes entries a reader gets back byte for byte, CRC checked', async () => {
    const big = randomBytes(5 * 2 ** 20 + 123);
    const text = 'Acceptance of Investigator Brochure — Ünïcödé\n'.repeat(2000);
    const archive = await bytesOf(
      zipEntries([
        entry('05/05.02/05.02.01.Acceptance of Investigator Brochure/big.pdf', big, {
          size: big.length,
        }),
        entry('05/05.02/Prüfplan – résumé 日本語.pdf', Buffer.from('%PDF-1.7 tiny')),
        entry('exchange.xml', Buffer.from(text), { deflate: true }),
        entry('empty.txt', new Uint8Array(0)),
      ]),
    );

    const zip = await openZip(rangeOf(archive), archive.length);
    expect(zip.entries.map((e) => [e.name, e.method, e.size])).toEqual([
      ['05/05.02/05.02.01.Acceptance of Investigator Brochure/big.pdf', 0, big.length],
      ['05/05.02/Prüfplan – résumé 日本語.pdf', 0, 13],
      ['exchange.xml', 8, Buffer.byteLength(text)],
      ['empty.txt', 0, 0],
    ]);
    const [first, second, third, fourth] = zip.entries;
    if (!first || !second || !third || !fourth) throw new Error('four entries');
    expect((await bytesOf(zip.entryStream(first))).equals(big)).toBe(true);
    expect((await bytesOf(zip.entryStream(second))).toString()).toBe('%PDF-1.7 tiny');
    expect((await bytesOf(zip.entryStream(third))).toString()).toBe(text);
    expect((await bytesOf(zip.entryStream(fourth))).length).toBe(0);
    expect(third.compressedSize).toBeLessThan(third.size / 10);
    expect(first.crc32).toBe(crc32(big));
    expect(first.modified).toEqual(MODIFIED);
  });

  it('marks names as UTF-8 and records sizes after the data (flag bits 11 and 3)', async () => {
    const archive = await bytesOf(zipEntries([entry('ü.txt', Buffer.from('hi'), { size: 2 })]));
    const local = le(archive);
    expect(local.u32(0)).toBe(0x04034b50);
    expect(local.u16(6)).toBe(0x0808);
    expect(local.u32(14)).toBe(0); // CRC, and sizes, wait for the descriptor
    expect(local.u32(18)).toBe(0);
    expect(archive.subarray(30, 30 + local.u16(26)).toString()).toBe('ü.txt');
    // the descriptor follows the two data bytes: 32-bit sizes, the entry being known small
    const descriptorAt = 30 + local.u16(26) + local.u16(28) + 2;
    expect(local.u32(descriptorAt)).toBe(0x08074b50);
    expect(local.u32(descriptorAt + 4)).toBe(crc32('hi'));
    expect(local.u32(descriptorAt + 8)).toBe(2);
    expect(local.u32(descriptorAt + 12)).toBe(2);
    // and no ZIP64 end record: the archive ends with the classic one
    expect(local.u32(archive.length - 22)).toBe(0x06054b50);
    expect(local.u32(archive.length - 42)).not.toBe(0x07064b50);
  });

  it('writes an entry of unknown size, its sizes in the descriptor after the data', async () => {
    const archive = await bytesOf(zipEntries([entry('a.bin', Buffer.from('abc'))]));
    const fields = le(archive);
    expect(fields.u16(6) & 0x0008).toBe(0x0008);
    const descriptorAt = 30 + fields.u16(26) + fields.u16(28) + 3;
    expect(fields.u32(descriptorAt)).toBe(0x08074b50);
    expect(fields.u32(descriptorAt + 4)).toBe(crc32('abc'));
    expect(fields.u32(descriptorAt + 12)).toBe(3);
    const zip = await openZip(rangeOf(archive), archive.length);
    const [only] = zip.entries;
    if (!only) throw new Error('one entry');
    expect((await bytesOf(zip.entryStream(only))).toString()).toBe('abc');
  });

  it('writes ZIP64 end records when forced, and reads them back', async () => {
    const archive = await bytesOf(
      zipEntries(
        [entry('one.txt', Buffer.from('1'), { size: 1 }), entry('two.txt', Buffer.from('22'))],
        { forceZip64: true },
      ),
    );
    const fields = le(archive);
    expect(fields.u32(archive.length - 22 - 20)).toBe(0x07064b50);
    expect(fields.u32(archive.length - 22 - 20 - 56)).toBe(0x06064b50);
    const zip = await openZip(rangeOf(archive), archive.length);
    expect(zip.entries.map((e) => e.name)).toEqual(['one.txt', 'two.txt']);
  });

  it('turns strings into UTF-8 chunks for a text entry', async () => {
    const bytes = await bytesOf(utf8(['<a>', 'é', '</a>']));
    expect(bytes.toString()).toBe('<a>é</a>');
  });

  it('refuses names that would extract outside the folder, or twice', async () => {
    for (const [path, reason] of [
      ['../evil.sh', "'..'"],
      ['a/../../evil.sh', "'..'"],
      ['/etc/passwd', 'absolute'],
      ['C:/x.txt', 'absolute'],
      ['a\\b.txt', 'backslash'],
      ['a//b.txt', 'empty'],
      ['a/./b.txt', 'empty'],
      ['', 'empty name'],
      ['dir/', 'folder'],
      ['bell\u0007.txt', 'control'],
    ] as const) {
      await expect(bytesOf(zipEntries([entry(path, Buffer.from('x'))]))).rejects.toThrow(reason);
    }
    await expect(
      bytesOf(
        zipEntries([entry('Report.pdf', Buffer.from('1')), entry('report.PDF', Buffer.from('2'))]),
      ),
    ).rejects.toThrow(ZipWriteError);
  });

  it('refuses data that is not of its declared size', async () => {
    await expect(
      bytesOf(zipEntries([entry('a.pdf', Buffer.from('abc'), { size: 4 })])),
    ).rejects.toThrow('declared 4 bytes but its data had 3');
  });

  it('passes on a failure of an entry’s data, deflated or not', async () => {
    async function* failing(): AsyncIterable<Uint8Array> {
      await Promise.resolve();
      yield Buffer.from('start');
      throw new Error('S3 read failed');
    }
    for (const deflate of [false, true]) {
      await expect(
        bytesOf(zipEntries([{ path: 'a.pdf', data: failing(), modified: MODIFIED, deflate }])),
      ).rejects.toThrow('S3 read failed');
    }
  });
});

describe('deflated entries', () => {
  it('hold raw DEFLATE data that inflates back', async () => {
    const text = Buffer.from('x'.repeat(10_000));
    const archive = await bytesOf(zipEntries([entry('x.txt', text, { deflate: true })]));
    const fields = le(archive);
    const start = 30 + fields.u16(26) + fields.u16(28);
    const zip = await openZip(rangeOf(archive), archive.length);
    const [only] = zip.entries;
    if (!only) throw new Error('one entry');
    const raw = archive.subarray(start, start + only.compressedSize);
    expect(inflateRawSync(raw).equals(text)).toBe(true);
  });
});
