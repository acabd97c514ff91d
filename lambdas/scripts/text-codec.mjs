// What `@borewit/text-codec` is in the Lambda bundles (scripts/bundle.mjs `alias`): the same two
// functions over Node's own decoders. token-types (file-type's reader) imports it to turn a
// signature's bytes into text; the package carries its own UTF-8, UTF-16 and windows-1252 tables
// for runtimes without TextDecoder, ~4 KB of the completion's and the documents job's 300 KB
// budget. Node decodes the same (src/documents/text-codec.test.ts compares both, byte for byte).
const latin1 = new Set(['latin1', 'iso-8859-1']);
const ascii = new Set(['ascii', 'us-ascii']);

const bufferOf = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function textDecode(bytes, encoding = 'utf-8') {
  const name = encoding.toLowerCase();
  // Node's 'ascii' unsets each byte's high bit, as the package does.
  if (latin1.has(name)) return bufferOf(bytes).toString('latin1');
  if (ascii.has(name)) return bufferOf(bytes).toString('ascii');
  if (!['utf-8', 'utf8', 'utf-16le', 'windows-1252'].includes(name)) {
    throw new RangeError(`Encoding '${encoding}' not supported`);
  }
  return new TextDecoder(name).decode(bytes);
}

export function textEncode(input = '', encoding = 'utf-8') {
  const name = encoding.toLowerCase();
  if (name === 'utf-8' || name === 'utf8') return new TextEncoder().encode(input);
  if (latin1.has(name)) return new Uint8Array(Buffer.from(input, 'latin1'));
  if (ascii.has(name)) return Uint8Array.from(Buffer.from(input, 'latin1'), (b) => b & 0x7f);
  if (name === 'utf-16le') return new Uint8Array(Buffer.from(input.toWellFormed(), 'utf16le'));
  throw new RangeError(`Encoding '${encoding}' not supported`);
}
