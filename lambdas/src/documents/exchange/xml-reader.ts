import type { SaxesParser, SaxesTagNS } from 'saxes';

/**
 * XML read by saxes (a maintained streaming parser that checks well-formedness as XML 1.0 and
 * Namespaces in XML define it), turned into the start / text / end events the exchange.xml
 * validator reads, each with its line. What saxes leaves to its user is done here: a document
 * type declaration is refused (saxes never expands an entity it declares, and fetches nothing,
 * but nothing of a DTD belongs in an exchange.xml), the nesting and what saxes may hold between
 * two events are limited, and saxes's terse errors are told in the words our reports use.
 */

export interface XmlAttribute {
  /** the name as written, e.g. xsi:schemaLocation */
  name: string;
  namespace: string | null;
  local: string;
  value: string;
  /** where its value ends: attributes may stand on lines of their own */
  line: number;
}

export type XmlEvent =
  | {
      type: 'start';
      name: string;
      namespace: string | null;
      local: string;
      /** namespace declarations (xmlns, xmlns:p) are not among them */
      attributes: XmlAttribute[];
      line: number;
    }
  | { type: 'end'; name: string; namespace: string | null; local: string; line: number }
  | { type: 'text'; text: string; line: number };

export class XmlSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
    /** saxes held more than allowed: the reader of the events may know a better word for it */
    readonly tooLong = false,
  ) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

export interface XmlReadOptions {
  /** the most characters held between two events: a tag, a comment, a run of text */
  maxHeld: number;
  maxDepth: number;
}

export const DOCTYPE_REFUSED = 'A document type declaration (DOCTYPE) is not accepted.';

const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
/** enough of the text just read to name an end tag or a reference saxes refused */
const RECENT = 1024;

const SAXES_OPTIONS = {
  xmlns: true,
  position: true,
  // a document declaring version="1.1" is still read by XML 1.0's rules
  defaultXMLVersion: '1.0',
  forceXMLVersion: true,
} as const;

/**
 * A reader of one document. saxes is loaded here, when a document is read, not when this module
 * is: it is CommonJS, and a bundler keeps a CommonJS module imported at the top of a file in
 * every bundle that imports the file's neighbours (the import-etmf Lambdas that never read an
 * exchange.xml would carry its ~28 KB).
 */
export async function xmlReader(options: XmlReadOptions): Promise<XmlReader> {
  const { SaxesParser } = await import('saxes');
  return new XmlReader(new SaxesParser(SAXES_OPTIONS), options);
}

/**
 * saxes behind the synchronous push() / end() the validator is fed by: a reader of millions of
 * events does not pay an await for each. Where the text stops being well-formed, push() and
 * end() return the events before that point and `failure` says what went wrong.
 */
export class XmlReader {
  failure: XmlSyntaxError | null = null;
  private events: XmlEvent[] = [];
  /** the open elements as written, with their lines, for the messages */
  private readonly open: { name: string; line: number }[] = [];
  private startLine = 1;
  private readonly attributeLines = new Map<string, number>();
  /** saxes hands on an end tag before it says it closes the wrong element: held until then */
  private pendingEnd: Extract<XmlEvent, { type: 'end' }> | null = null;
  /** where the last tag, text, comment or instruction ended */
  private heldFrom = 0;
  private heldLine = 1;
  /** the text fed since a little before heldFrom: what saxes holds, to name what it refuses */
  private kept: { from: number; text: string }[] = [];
  private fed = 0;

  constructor(
    private readonly parser: SaxesParser<typeof SAXES_OPTIONS>,
    private readonly options: XmlReadOptions,
  ) {
    parser.on('error', (error) => {
      throw this.syntaxError(error.message.replace(/^\d+:\d+: /u, ''));
    });
    parser.on('xmldecl', ({ encoding }) => {
      if (encoding !== undefined && !/^utf-?8$/iu.test(encoding)) {
        this.fail(`The document is declared ${encoding}; only UTF-8 is read.`);
      }
      this.completed();
    });
    parser.on('doctype', () => this.fail(DOCTYPE_REFUSED));
    parser.on('comment', () => {
      this.completed();
    });
    parser.on('processinginstruction', () => {
      this.completed();
    });
    parser.on('opentagstart', () => {
      this.flush();
      if (this.open.length >= this.options.maxDepth) this.fail('Elements are nested too deeply.');
      // saxes knows the name has ended once it reads the character after it: a newline there
      // has already been counted
      this.startLine = parser.column === 0 ? parser.line - 1 : parser.line;
      if (this.attributeLines.size > 0) this.attributeLines.clear();
    });
    parser.on('attribute', ({ name }) => this.attributeLines.set(name, parser.line));
    parser.on('opentag', (tag) => {
      this.start(tag);
    });
    parser.on('closetag', (tag) => {
      this.flush();
      this.pendingEnd = { type: 'end', ...qualified(tag), line: parser.line };
      this.completed();
    });
    parser.on('text', (text) => {
      this.text(text);
    });
    parser.on('cdata', (text) => {
      this.text(text);
    });
  }

  push(text: string): XmlEvent[] {
    if (this.failure) return [];
    this.kept.push({ from: this.fed, text });
    this.fed += text.length;
    const events = this.drain(() => {
      this.parser.write(text);
      // What saxes holds since the last completed token. Not parser.position: once write()
      // returns, saxes counts the chunk twice there (chunkPosition has grown by it and its index
      // in the chunk is not reset until the next write), so a chunk larger than maxHeld would
      // read as a value too long. `fed` is where the text fed ends (at most one character ahead:
      // a trailing CR or surrogate saxes carries over).
      if (this.fed - this.heldFrom > this.options.maxHeld) {
        throw (
          this.bareAmpersand() ??
          new XmlSyntaxError(this.parser.line, 'A tag, comment or text is too long.', true)
        );
      }
    });
    // what saxes holds is bounded by maxHeld, and so is what is kept of it
    for (
      let first = this.kept[0];
      first && first.from + first.text.length < this.heldFrom - RECENT;
    ) {
      this.kept.shift();
      first = this.kept[0];
    }
    return events;
  }

  end(): XmlEvent[] {
    if (this.failure) return [];
    return this.drain(() => this.parser.close());
  }

  private drain(read: () => void): XmlEvent[] {
    try {
      read();
      this.flush();
    } catch (error) {
      if (!(error instanceof XmlSyntaxError)) throw error;
      this.failure = error;
    }
    const events = this.events;
    this.events = [];
    return events;
  }

  private start(tag: SaxesTagNS) {
    const attributes: XmlAttribute[] = [];
    for (const name in tag.attributes) {
      const attribute = tag.attributes[name];
      if (!attribute || attribute.uri === XMLNS_NAMESPACE) continue;
      attributes.push({
        name: attribute.name,
        namespace: attribute.uri === '' ? null : attribute.uri,
        local: attribute.local,
        value: attribute.value,
        line: this.attributeLines.get(attribute.name) ?? this.startLine,
      });
    }
    this.open.push({ name: tag.name, line: this.startLine });
    this.events.push({
      type: 'start',
      name: tag.name,
      namespace: tag.uri === '' ? null : tag.uri,
      local: tag.local,
      attributes,
      line: this.startLine,
    });
    this.completed();
  }

  private text(text: string) {
    this.flush();
    // saxes refuses anything but whitespace outside the root; that whitespace means nothing
    if (this.open.length > 0) this.events.push({ type: 'text', text, line: this.parser.line });
    this.completed();
  }

  /** The end tag saxes handed on closes what it should: it goes on to the validator. */
  private flush() {
    if (!this.pendingEnd) return;
    this.open.pop();
    this.events.push(this.pendingEnd);
    this.pendingEnd = null;
  }

  private completed() {
    this.heldFrom = this.parser.position;
    this.heldLine = this.parser.line;
  }

  private fail(message: string): never {
    throw new XmlSyntaxError(this.parser.line, message);
  }

  /** saxes's message in our words, where it has one of ours; otherwise as saxes puts it. */
  private syntaxError(message: string): XmlSyntaxError {
    if (
      message === 'disallowed character in entity name.' ||
      message === 'unexpected end.' ||
      message.startsWith('unclosed tag:')
    ) {
      // saxes reads a bare & as the start of a reference up to the next ';', wherever it is
      const bare = this.bareAmpersand();
      if (bare) return bare;
    }
    const open = this.open.at(-1);
    const said = (text: string) => new XmlSyntaxError(this.parser.line, text);
    if (message === 'unexpected close tag.' && this.pendingEnd && open) {
      const written = this.justRead('</').replace(/^<\/|[ \t\r\n>]+$/gu, '');
      return said(
        `</${written}> where </${open.name}> (opened on line ${open.line}) was expected.`,
      );
    }
    if (message.startsWith('unclosed tag:') && open) {
      return said(`<${open.name}> (line ${open.line}) is never closed.`);
    }
    const unmatched = /^unmatched closing tag: (.*)\.$/u.exec(message)?.[1];
    if (unmatched !== undefined) return said(`</${unmatched}> closes nothing.`);
    const prefix = /^unbound namespace prefix: "(.*)"\.$/u.exec(message)?.[1];
    if (prefix !== undefined) return said(`The prefix ${prefix} is not declared.`);
    switch (message) {
      case 'document must contain a root element.':
        return said('The document has no root element.');
      case 'documents may contain only one root.':
        return said('A second root element.');
      case 'text data outside of root node.':
        return said('Text outside the root element.');
      case 'inappropriately located doctype declaration.':
        return said(DOCTYPE_REFUSED);
      case 'an XML declaration must be at the start of the document.':
      case 'the XML declaration must appear at the start of the document.':
        return said('The XML declaration may only open the document.');
      case 'malformed comment.':
        return said("'--' inside a comment.");
      case 'undefined entity.':
        return said(`Unknown entity ${this.justRead('&')}.`);
      case 'malformed character entity.':
        return said(`${this.justRead('&')} is not an XML character.`);
      case 'disallowed character.': {
        const code = this.lastCharacter();
        return said(
          code === null ? 'A character XML does not allow.' : `Character ${code} is not allowed.`,
        );
      }
      default:
        return said(message.charAt(0).toUpperCase() + message.slice(1));
    }
  }

  /** The text saxes has read, from the last `opening` up to where it stands. */
  private justRead(opening: string): string {
    const before = this.readSoFar();
    const at = before.lastIndexOf(opening);
    return at < 0 ? opening : before.slice(at);
  }

  /** The character saxes has just read, as U+XXXX. */
  private lastCharacter(): string | null {
    const before = this.readSoFar();
    const low = before.charCodeAt(before.length - 1);
    const code = before.codePointAt(before.length - (low >= 0xdc00 && low <= 0xdfff ? 2 : 1));
    if (code === undefined) return null;
    return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }

  /** The last few characters fed, up to where saxes stands. */
  private readSoFar(): string {
    const from = this.kept[0]?.from ?? 0;
    const text = this.kept.map((chunk) => chunk.text).join('');
    return text.slice(Math.max(0, this.heldFrom - RECENT - from), this.parser.position - from);
  }

  /** A & saxes holds that starts no reference, with its line: the text writes & for &amp;. */
  private bareAmpersand(): XmlSyntaxError | null {
    const from = this.kept[0]?.from ?? 0;
    const held = this.kept
      .map((chunk) => chunk.text)
      .join('')
      .slice(this.heldFrom - from, this.parser.position - from);
    const bare = /&(?![\p{L}_:][\p{L}\p{M}\p{N}._:-]*;|#[0-9]+;|#x[0-9a-fA-F]+;)/u.exec(held);
    if (!bare) return null;
    const lines = held.slice(0, bare.index).match(/\r\n?|\n/gu)?.length ?? 0;
    return new XmlSyntaxError(this.heldLine + lines, "A bare '&' (write &amp;).");
  }
}

const qualified = (tag: SaxesTagNS) => ({
  name: tag.name,
  namespace: tag.uri === '' ? null : tag.uri,
  local: tag.local,
});
