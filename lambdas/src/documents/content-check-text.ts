/**
 * The text encoding of a file the content check reads as text (content-check.ts): an XML
 * document's byte order mark says it (XML 1.0 appendix F; UTF-16 must carry one, 4.3.3), else it
 * is UTF-8. Decoding is the platform's (WHATWG Encoding's TextDecoder).
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding `head` (a file's first bytes) is in. */
export const encodingOf = (head: Uint8Array): TextEncoding =>
  head[0] === 0xff && head[1] === 0xfe
    ? 'utf-16le'
    : head[0] === 0xfe && head[1] === 0xff
      ? 'utf-16be'
      : 'utf-8';

/**
 * `bytes` as text in `encoding` (its byte order mark left out), or null when they are not: a
 * sequence the encoding does not allow, or a NUL (no text format has one). A character cut at the
 * end of the range is fine: the range is a file's head.
 */
export const textIn = (bytes: Uint8Array, encoding: TextEncoding): string | null => {
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
};

/** A file's bytes as text in `encoding`, as they stream (never whole in memory). */
export async function* decodedStream(
  chunks: AsyncIterable<Uint8Array>,
  encoding: TextEncoding,
): AsyncIterable<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
  yield decoder.decode();
}
