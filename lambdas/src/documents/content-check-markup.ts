/**
 * Whether an XML document is SVG or (X)HTML carrying script (issue 34): a `<script>` element, an
 * event attribute (`onload=`, `onclick=`…) or a `javascript:`/`vbscript:` URL on an element of
 * the SVG or XHTML namespace — or of no namespace in a document whose root is `<svg>` or
 * `<html>` — and a `javascript:` link (`href`, `xlink:href`) on any element. Plain XML (an
 * exchange.xml, a CDISC ODM file) has none of these and passes. An internal DTD subset
 * (`<!DOCTYPE x [ … ]>`) is refused too: its entities and attribute defaults can add any of them
 * where no one sees it.
 *
 * Our own streaming lexer rather than saxes (the exchange.xml reader's parser): saxes adds 28.1 KB
 * to every bundle that carries the completion's check, and every document write does
 * (job-release-held-documents: 296.2 KB of its 300 KB budget). The check needs only tags and
 * attributes, not well-formedness: a browser renders no XML that is not well-formed, and on
 * well-formed XML the lexer sees what a parser sees — comments, CDATA and processing
 * instructions skipped, quoted attribute values (`>` inside them) kept, character references
 * decoded, namespace prefixes resolved per element.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export type Markup = 'SVG' | 'XHTML' | 'HTML' | 'XML';
export interface ScriptFinding {
  /** What the document (or the element carrying the script) is. */
  markup: Markup;
  /** What was found, as a refusal's detail says it: `a <script> element`. */
  what: string;
}

const PREDEFINED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

/** An attribute value as a parser reads it: references decoded (an unknown one left out). */
const decoded = (value: string): string =>
  !value.includes('&')
    ? value
    : value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][\w.-]*);/gi, (_, ref: string) => {
        if (!ref.startsWith('#')) return PREDEFINED[ref] ?? '';
        const code =
          ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      });

/** The script URL scheme a value holds, however spaced (a URL parser drops tabs and newlines). */
const spaced = (word: string) => word.replace(/(?!^)/g, '[\\p{Cc} ]*'); // between letters
const SCRIPT_URL = new RegExp(`(${spaced('javascript:')})|${spaced('vbscript:')}`, 'iu');
const scriptUrlIn = (value: string): string | null => {
  const found = SCRIPT_URL.exec(value);
  return found === null ? null : found[1] !== undefined ? 'javascript:' : 'vbscript:';
};

/** What ends a tag, or opens a quoted value in it (a declaration's `[` opens a DTD subset). */
const SIGNIFICANT = /["'>[]/g;

const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** An attribute that is a link on any element: `href`, `xlink:href`. */
const LINK = /(?:^|:)href$/i;
const NO_BINDINGS: ReadonlyMap<string, string> = new Map();
/** What may follow a `<` that opens a tag (a name's first character, or an end tag's `/`). */
const TAG_START = /^[\p{L}_:/]$/u;

/** The constructs skipped whole (what they open with, what ends them): no tag is inside one. */
const SKIPPED: readonly (readonly [string, string])[] = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
];

/** Feed it a document's text as it streams (`write`); `finding` is the first script found. */
export class MarkupScanner {
  finding: ScriptFinding | null = null;
  /** What is being read: text, a skipped construct (up to `#until`), a tag or a declaration. */
  #in: 'text' | 'skip' | 'tag' | 'declaration' = 'text';
  #until = '';
  /**
   * Text held back for the next write: a `<` too near the end to tell what it opens, or where
   * a skipped construct's end may begin. (A construct shorter than `<![CDATA[` at the very end
   * of a document is no script.)
   */
  #carry = '';
  /** A tag's text so far, and the quote a value in it is open in. */
  #tag: string[] = [];
  #quote = '';
  /** The namespace bindings of each open element (innermost last). */
  #scopes: ReadonlyMap<string, string>[] = [];
  #root: string | null = null;

  write(part: string): void {
    const text = this.#carry + part;
    this.#carry = '';
    let i = 0;
    while (i < text.length && this.finding === null) {
      if (this.#in === 'skip') {
        const end = text.indexOf(this.#until, i);
        if (end < 0) {
          this.#carry = text.slice(Math.max(i, text.length - this.#until.length + 1));
          return;
        }
        i = end + this.#until.length;
        this.#in = 'text';
      } else if (this.#in !== 'text') {
        i = this.#scanTag(text, i);
      } else {
        const lt = text.indexOf('<', i);
        if (lt < 0) return;
        if (text.length - lt < 9) {
          this.#carry = text.slice(lt);
          return;
        }
        const skipped = SKIPPED.find(([open]) => text.startsWith(open, lt));
        this.#quote = '';
        this.#tag = [];
        if (skipped !== undefined) {
          this.#in = 'skip';
          this.#until = skipped[1];
          i = lt + skipped[0].length;
        } else if (text.startsWith('<!', lt)) {
          this.#in = 'declaration';
          i = this.#scanTag(text, lt);
        } else if (TAG_START.test(text.charAt(lt + 1))) {
          this.#in = 'tag';
          i = this.#scanTag(text, lt);
        } else {
          i = lt + 1; // a lone `<` (not XML)
        }
      }
    }
  }

  /** Reads a tag (or declaration) on to its `>` outside quotes; answers where it stopped. */
  #scanTag(text: string, from: number): number {
    let i = from;
    while (i < text.length) {
      if (this.#quote !== '') {
        const close = text.indexOf(this.#quote, i);
        if (close < 0) break;
        this.#quote = '';
        i = close + 1;
        continue;
      }
      SIGNIFICANT.lastIndex = i;
      const next = SIGNIFICANT.exec(text);
      if (next === null) break;
      const c = next[0];
      i = next.index + 1;
      if (c === '"' || c === "'") {
        this.#quote = c;
      } else if (c === '[' && this.#in === 'declaration') {
        this.finding = { markup: 'XML', what: 'an internal DTD subset (<!DOCTYPE … [ … ]>)' };
        return text.length;
      } else if (c === '>') {
        if (this.#in === 'tag') this.#element([...this.#tag, text.slice(from, i)].join(''));
        this.#in = 'text';
        return i;
      }
    }
    if (this.#in === 'tag') this.#tag.push(text.slice(from));
    return text.length;
  }

  #resolve(prefix: string): string {
    for (let s = this.#scopes.length - 1; s >= 0; s -= 1) {
      const uri = this.#scopes[s]?.get(prefix);
      if (uri !== undefined) return uri;
    }
    return '';
  }

  /** One start or end tag, whole. */
  #element(tag: string): void {
    if (tag.startsWith('</')) {
      this.#scopes.pop();
      return;
    }
    const name = /^<([^\s/>]+)/.exec(tag)?.[1] ?? '';
    // Attributes are read only where they matter: a namespace declared, markup, a link.
    const declared = tag.includes('xmlns') ? attributesOf(tag, name, 'xmlns') : [];
    const bindings = declared.length === 0 ? NO_BINDINGS : new Map<string, string>();
    for (const { name: attribute, value } of declared) {
      if (bindings instanceof Map)
        bindings.set(attribute === 'xmlns' ? '' : attribute.slice(6), value);
    }
    this.#scopes.push(bindings);
    const colon = name.indexOf(':');
    const local = (colon < 0 ? name : name.slice(colon + 1)).toLowerCase();
    this.#root ??= local;
    const uri = this.#resolve(colon < 0 ? '' : name.slice(0, colon));
    const markup: Markup | null =
      uri === SVG_NS
        ? 'SVG'
        : uri === XHTML_NS
          ? 'XHTML'
          : uri === '' && this.#root === 'svg'
            ? 'SVG'
            : uri === '' && this.#root === 'html'
              ? 'HTML'
              : null;
    const attributes =
      markup !== null
        ? attributesOf(tag, name, 'other')
        : /href/i.test(tag)
          ? attributesOf(tag, name, 'link')
          : [];
    this.finding = findingIn(name, local, markup, attributes);
    if (/\/\s*>$/.test(tag)) this.#scopes.pop();
  }
}

/** A tag's namespace declarations, its other attributes, or its links, values decoded. */
const attributesOf = (
  tag: string,
  name: string,
  which: 'xmlns' | 'other' | 'link',
): { name: string; value: string }[] => {
  const found: { name: string; value: string }[] = [];
  for (const [, attribute = '', double, single, bare] of tag
    .slice(name.length + 1)
    .matchAll(ATTRIBUTE)) {
    const declaration = attribute === 'xmlns' || attribute.startsWith('xmlns:');
    const wanted =
      which === 'xmlns' ? declaration : which === 'other' ? !declaration : LINK.test(attribute);
    if (wanted) found.push({ name: attribute, value: decoded(double ?? single ?? bare ?? '') });
  }
  return found;
};

/** The script an element carries, if any. */
const findingIn = (
  name: string,
  local: string,
  markup: Markup | null,
  attributes: readonly { name: string; value: string }[],
): ScriptFinding | null => {
  if (markup !== null && local === 'script') {
    return { markup, what: `a <${name}> element` };
  }
  for (const attribute of attributes) {
    const event = !attribute.name.includes(':') && /^on[a-z]/i.test(attribute.name);
    if (markup !== null && event) {
      return { markup, what: `an event attribute ${attribute.name}= on <${name}>` };
    }
    const link = LINK.test(attribute.name);
    const scheme = markup !== null || link ? scriptUrlIn(attribute.value) : null;
    if (scheme !== null) {
      return {
        markup: markup ?? 'XML',
        what: `a ${scheme} URL in ${attribute.name}= on <${name}>`,
      };
    }
  }
  return null;
};

/** Scans a whole document as it streams; stops reading at the first finding. */
export const scanMarkup = async (text: AsyncIterable<string>): Promise<ScriptFinding | null> => {
  const scanner = new MarkupScanner();
  for await (const part of text) {
    scanner.write(part);
    if (scanner.finding !== null) return scanner.finding;
  }
  return null;
};
