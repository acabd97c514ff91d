import { NOT_XML_CHAR, XmlSyntaxError } from './xml-events';

/** The text-level pieces of the XML scanner: where a tag ends, references decoded, lines. */

/** Where the start tag opened before `from` ends: its '>' outside quoted values, or -1. */
export function tagEnd(buffer: string, from: number): number {
  let quote = '';
  for (let i = from; i < buffer.length; i += 1) {
    const c = buffer[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  return -1;
}

export const PREDEFINED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

/** Text with its references replaced; without a DTD only the five predefined names exist. */
export function decode(raw: string, line: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(
    /&([^;&]*)(;?)/gu,
    (_, reference: string, semicolon: string, offset: number) => {
      const at = lineWithin(line, raw, offset);
      if (semicolon === '') throw new XmlSyntaxError(at, "A bare '&' (write &amp;).");
      const named = PREDEFINED[reference];
      if (named !== undefined) return named;
      const numeric = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/u.exec(reference);
      if (!numeric) throw new XmlSyntaxError(at, `Unknown entity &${reference};.`);
      const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
      const char = code <= 0x10ffff ? String.fromCodePoint(code) : '\u0000';
      if (NOT_XML_CHAR.test(char) || (code >= 0xd800 && code <= 0xdfff)) {
        throw new XmlSyntaxError(at, `&${reference}; is not an XML character.`);
      }
      return char;
    },
  );
}

/** The line of a character of a token that starts on `line`. */
export const lineWithin = (line: number, text: string, index: number): number =>
  line + (text.slice(0, index).match(/\n/gu)?.length ?? 0);
