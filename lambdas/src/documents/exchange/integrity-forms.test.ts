import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { integrityOf } from './layout';
import { parseIntegrity, readIntegrity, type HashAlgorithm } from './integrity-forms';

const digest = (algorithm: HashAlgorithm) => createHash(algorithm).update('document').digest();
const hexOf = (algorithm: HashAlgorithm) => digest(algorithm).toString('hex');
const base64Of = (algorithm: HashAlgorithm) => digest(algorithm).toString('base64');

describe('readIntegrity: the forms exporters write', () => {
  it.each([
    ['the example’s SHA256-<hex>', `SHA256-${hexOf('sha256')}`, 'sha256', 'prefixed-hex'],
    ['SHA-256-<HEX>', `SHA-256-${hexOf('sha256').toUpperCase()}`, 'sha256', 'prefixed-hex'],
    ['sha256:<hex>', `sha256:${hexOf('sha256')}`, 'sha256', 'prefixed-hex'],
    ['SHA256=<hex>', `SHA256=${hexOf('sha256')}`, 'sha256', 'prefixed-hex'],
    ['SRI sha256-<base64>', `sha256-${base64Of('sha256')}`, 'sha256', 'sri'],
    ['SRI sha384-<base64>', `sha384-${base64Of('sha384')}`, 'sha384', 'sri'],
    ['SRI sha512-<base64>', `sha512-${base64Of('sha512')}`, 'sha512', 'sri'],
    ['SRI base64url', `sha256-${digest('sha256').toString('base64url')}`, 'sha256', 'sri'],
    ['bare 64 hex', ` ${hexOf('sha256')} `, 'sha256', 'bare-hex'],
    ['bare 96 hex', hexOf('sha384'), 'sha384', 'bare-hex'],
    ['bare 128 hex', hexOf('sha512'), 'sha512', 'bare-hex'],
    ['sha384 hex', `SHA384:${hexOf('sha384')}`, 'sha384', 'prefixed-hex'],
  ] as const)('reads %s', (_, value, algorithm, form) => {
    expect(readIntegrity(value)).toEqual({
      ok: true,
      algorithm,
      hex: hexOf(algorithm),
      form,
      weaker: null,
    });
  });

  it('reads what our own export writes', () => {
    const hex = hexOf('sha256');
    expect(readIntegrity(integrityOf(hex))).toMatchObject({ ok: true, algorithm: 'sha256', hex });
  });

  it('takes the strongest of several SRI tokens, options and all', () => {
    const value = `md5-${base64Of('md5')} sha512-${base64Of('sha512')}?opt sha256-${base64Of('sha256')}`;
    expect(readIntegrity(value)).toMatchObject({ ok: true, algorithm: 'sha512', weaker: null });
  });

  it('skips an unreadable token when another is readable', () => {
    expect(readIntegrity(`crc32-1234abcd sha256-${base64Of('sha256')}`)).toMatchObject({
      ok: true,
      algorithm: 'sha256',
    });
  });
});

describe('readIntegrity: MD5 and SHA-1, accepted and reported as weaker', () => {
  it.each([
    ['MD5-<hex>', `MD5-${hexOf('md5')}`, 'md5'],
    ['md5:<hex>', `md5:${hexOf('md5')}`, 'md5'],
    ['bare 32 hex', hexOf('md5'), 'md5'],
    ['md5-<base64>', `md5-${base64Of('md5')}`, 'md5'],
    ['SHA1-<hex>', `SHA1-${hexOf('sha1')}`, 'sha1'],
    ['bare 40 hex', hexOf('sha1'), 'sha1'],
  ] as const)('reads %s with a note', (_, value, algorithm) => {
    const reading = readIntegrity(value);
    expect(reading).toMatchObject({ ok: true, algorithm, hex: hexOf(algorithm) });
    expect(reading.ok && reading.weaker).toMatch(/broken for collisions/u);
  });
});

describe('readIntegrity: what cannot be read says why', () => {
  it('refuses the standard’s own example, a 32-digit "SHA256"', () => {
    expect(readIntegrity('SHA256-81788ba0d7d02d81c063dbca621ba11b')).toEqual({
      ok: false,
      why: 'It says SHA-256, whose digest has 32 bytes, but gives 16 bytes of hex.',
    });
  });

  it.each([
    ['an empty value', '', /empty/u],
    ['an unknown algorithm', 'CRC32-1234abcd', /no hash algorithm/u],
    ['a digest of the wrong length', `sha256-${base64Of('md5')}`, /neither 64 hex digits/u],
    ['a bare hex digest of no known length', 'abcdef', /not a hex digest/u],
  ])('refuses %s', (_, value, why) => {
    const reading = readIntegrity(value);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.why).toMatch(why);
  });
});

describe('parseIntegrity', () => {
  it('answers the algorithm and hex, or null', () => {
    expect(parseIntegrity(`sha256-${base64Of('sha256')}`)).toEqual({
      algorithm: 'sha256',
      hex: hexOf('sha256'),
    });
    expect(parseIntegrity('SHA256-81788ba0d7d02d81c063dbca621ba11b')).toBeNull();
  });
});
