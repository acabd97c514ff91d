import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as original from '@borewit/text-codec';
import type { SupportedEncoding } from '@borewit/text-codec';
import * as ours from '../../scripts/text-codec.mjs';

/** The bundles' stand-in for file-type's text codec decodes and encodes as the package does. */

const DECODED: readonly SupportedEncoding[] = [
  'utf-8',
  'utf8',
  'ascii',
  'us-ascii',
  'latin1',
  'iso-8859-1',
  'windows-1252',
  'utf-16le',
];
const ENCODED: readonly SupportedEncoding[] = ['utf-8', 'latin1', 'ascii', 'utf-16le'];

describe('the text codec in the bundles (scripts/text-codec.mjs)', () => {
  const samples = [
    ...Array.from({ length: 200 }, (_, i) => new Uint8Array(randomBytes(i * 7))),
    new Uint8Array(Buffer.from('\uFEFFPK<?xml version="1.0"?> Müller ✓ 𝄞', 'utf8')),
    new Uint8Array(Buffer.from('\uFEFF<?xml ?> Müller 𝄞', 'utf16le')),
  ];

  it('decodes every encoding as the package does', () => {
    for (const encoding of DECODED) {
      for (const bytes of samples) {
        // UTF-16: whole code units (a cut one is where the two may differ; token-types reads whole).
        const input = encoding === 'utf-16le' ? bytes.subarray(0, bytes.length & ~1) : bytes;
        expect(ours.textDecode(input, encoding)).toBe(original.textDecode(input, encoding));
      }
    }
    for (const bytes of samples) expect(ours.textDecode(bytes)).toBe(original.textDecode(bytes));
  });

  it('encodes as the package does', () => {
    for (const encoding of ENCODED) {
      for (const text of ['', 'PK\u0003\u0004', 'Müller', '<?xml ', 'ÿþ']) {
        expect(ours.textEncode(text, encoding)).toEqual(original.textEncode(text, encoding));
      }
    }
  });

  it('refuses an encoding neither knows', () => {
    const unknown = (codec: typeof original) => () => {
      Reflect.apply(codec.textDecode, undefined, [new Uint8Array(), 'koi8-r']);
    };
    expect(unknown(ours)).toThrow(RangeError);
    expect(unknown(original)).toThrow(RangeError);
  });
});
