/**
 * A small streaming XML 1.0 reader with namespaces: text in, start / end / text events out, in
 * constant memory apart from the open elements. Enough XML for an exchange.xml (elements,
 * attributes, text, CDATA, comments, processing instructions, character and the five predefined
 * entity references); a document type declaration is refused outright, so no entity can expand
 * and nothing external is fetched. Not well-formed input throws an XmlSyntaxError with the line.
 */

import { NOT_XML_CHAR, type XmlAttribute, type XmlEvent, XmlSyntaxError } from './xml-events';
import { decode, lineWithin, tagEnd } from './xml-text';

export { type XmlAttribute, type XmlEvent, XmlSyntaxError } from './xml-events';
export interface XmlScanOptions {
  /** the longest tag, comment or run of text held at once, in characters */
  maxTokenLength: number;
  maxDepth: number;
}

const DEFAULTS: XmlScanOptions = { maxTokenLength: 1 << 20, maxDepth: 64 };

/** The events of a whole stream of text. */
export async function* xmlEvents(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: Partial<XmlScanOptions> = {},
): AsyncIterable<XmlEvent> {
  const scanner = new XmlScanner(options);
  for await (const chunk of chunks) {
    yield* scanner.push(chunk);
    if (scanner.failure) throw scanner.failure;
  }
  yield* scanner.end();
  if (scanner.failure) throw scanner.failure;
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** XML 1.0 Name, a little simplified: letters of any script, digits, '.', '-', '_', ':'. */
const NAME = /^[\p{L}_:][\p{L}\p{M}\p{N}._:\u00b7\u203f\u2040-]*$/u;
const WHITESPACE = /^[ \t\n\r]*$/u;

interface Open {
  name: string;
  namespace: string | null;
  local: string;
  line: number;
  scope: ReadonlyMap<string, string | null>;
}

/** Needs more input before the next token can be read. */
const MORE = Symbol('more');

/**
 * The scanner itself: text in by push(), the events it completes out, synchronously, so a reader
 * of millions of events does not pay an await for each. Where the text stops being well-formed,
 * push() and end() return the events before that point and `failure` says what went wrong.
 */
export class XmlScanner {
  failure: XmlSyntaxError | null = null;
  private buffer = '';
  private at = 0;
  private line = 1;
  /** the last chunk ended in \r: a \n starting the next belongs to it */
  private carriageReturn = false;
  private readonly open: Open[] = [];
  private rootSeen = false;
  /** something has been read: an XML declaration can no longer come */
  private started = false;

  private readonly options: XmlScanOptions;

  constructor(options: Partial<XmlScanOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  push(chunk: string): XmlEvent[] {
    let text = chunk;
    if (this.carriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.carriageReturn = text.endsWith('\r');
    // XML reads every line ending as \n
    this.buffer = this.buffer.slice(this.at) + text.replace(/\r\n?/gu, '\n');
    this.at = 0;
    return this.drain(false);
  }

  end(): XmlEvent[] {
    const events = this.drain(true);
    if (this.failure) return events;
    const unclosed = this.open.at(-1);
    if (unclosed) {
      this.failure = new XmlSyntaxError(
        this.line,
        `<${unclosed.name}> (line ${unclosed.line}) is never closed.`,
      );
    } else if (!this.rootSeen) {
      this.failure = new XmlSyntaxError(this.line, 'The document has no root element.');
    }
    return events;
  }

  private drain(final: boolean): XmlEvent[] {
    const events: XmlEvent[] = [];
    if (this.failure) return events;
    try {
      while (this.at < this.buffer.length) {
        if (this.token(final, events) === MORE) {
          if (this.buffer.length - this.at > this.options.maxTokenLength) {
            this.fail('A tag, comment or text is too long.');
          }
          break;
        }
      }
    } catch (error) {
      if (!(error instanceof XmlSyntaxError)) throw error;
      this.failure = error;
    }
    return events;
  }

  /** Reads one token at `at` into `events`, or says it needs more input. */
  private token(final: boolean, events: XmlEvent[]): typeof MORE | undefined {
    const { buffer, at } = this;
    if (buffer[at] !== '<') return this.text(final, events);
    // the longest opening to tell tokens apart is '<![CDATA['
    if (!final && buffer.length - at < 9) return MORE;
    if (buffer.startsWith('<!--', at)) {
      const close = buffer.indexOf('-->', at + 4);
      if (close < 0) return this.more(final, 'A comment is not closed.');
      const body = buffer.slice(at + 4, close);
      if (body.includes('--') || body.endsWith('-')) this.fail("'--' inside a comment.");
      this.advance(close + 3);
      return undefined;
    }
    if (buffer.startsWith('<![CDATA[', at)) {
      const close = buffer.indexOf(']]>', at + 9);
      if (close < 0) return this.more(final, 'A CDATA section is not closed.');
      const text = buffer.slice(at + 9, close);
      this.characters(text, events);
      this.advance(close + 3);
      return undefined;
    }
    if (buffer.startsWith('<!DOCTYPE', at)) {
      this.fail('A document type declaration (DOCTYPE) is not accepted.');
    }
    if (buffer.startsWith('<!', at)) this.fail("Unexpected '<!'.");
    if (buffer.startsWith('<?', at)) {
      const close = buffer.indexOf('?>', at + 2);
      if (close < 0) return this.more(final, 'A processing instruction is not closed.');
      this.instruction(buffer.slice(at + 2, close));
      this.advance(close + 2);
      return undefined;
    }
    if (buffer.startsWith('</', at)) {
      const close = buffer.indexOf('>', at + 2);
      if (close < 0) return this.more(final, 'An end tag is not closed.');
      this.endTag(buffer.slice(at + 2, close).replace(/[ \t\n]+$/u, ''), events);
      this.advance(close + 1);
      return undefined;
    }
    const close = tagEnd(buffer, at + 1);
    if (close < 0) return this.more(final, 'A start tag is not closed.');
    this.startTag(buffer.slice(at + 1, close), events);
    this.advance(close + 1);
    return undefined;
  }

  private text(final: boolean, events: XmlEvent[]): typeof MORE | undefined {
    const { buffer, at } = this;
    let end = buffer.indexOf('<', at);
    if (end < 0) {
      end = buffer.length;
      if (!final) {
        // hand on what is there, keeping back a reference still cut in two
        const ampersand = buffer.lastIndexOf('&');
        if (ampersand >= at && !buffer.includes(';', ampersand)) end = ampersand;
        if (end === at) return MORE;
      }
    }
    const raw = buffer.slice(at, end);
    if (raw.includes(']]>')) this.fail("']]>' in text.");
    this.characters(decode(raw, this.line), events);
    this.advance(end);
    return undefined;
  }

  private characters(text: string, events: XmlEvent[]) {
    this.checkChars(text);
    if (this.open.length === 0) {
      if (!WHITESPACE.test(text)) this.fail('Text outside the root element.');
      return;
    }
    if (text !== '') events.push({ type: 'text', text, line: this.line });
  }

  private instruction(body: string) {
    const target = /^[^ \t\n]*/u.exec(body)?.[0] ?? '';
    if (target.toLowerCase() !== 'xml') {
      if (!NAME.test(target)) this.fail('A processing instruction without a target.');
      return;
    }
    if (target !== 'xml' || this.started) {
      this.fail('The XML declaration may only open the document.');
    }
    const encoding = /\bencoding[ \t\n]*=[ \t\n]*(["'])([^"']*)\1/u.exec(body)?.[2];
    if (!/\bversion[ \t\n]*=[ \t\n]*(["'])1\.[0-9]+\1/u.test(body)) {
      this.fail('The XML declaration lacks version="1.0".');
    }
    if (encoding !== undefined && !/^utf-?8$/iu.test(encoding)) {
      this.fail(`The document is declared ${encoding}; only UTF-8 is read.`);
    }
  }

  private startTag(body: string, events: XmlEvent[]) {
    const selfClosing = body.endsWith('/');
    const inner = selfClosing ? body.slice(0, -1) : body;
    const name = /^[^ \t\n/>]+/u.exec(inner)?.[0] ?? '';
    if (!NAME.test(name)) this.fail(`Bad element name '<${name}'.`);
    if (this.open.length === 0 && this.rootSeen) this.fail('A second root element.');

    const written: { name: string; value: string; line: number }[] = [];
    const attribute = /[ \t\n]+([^ \t\n=/>]+)[ \t\n]*=[ \t\n]*(?:"([^"]*)"|'([^']*)')/uy;
    attribute.lastIndex = name.length;
    for (;;) {
      const start = attribute.lastIndex;
      const match = attribute.exec(inner);
      if (!match) {
        if (!WHITESPACE.test(inner.slice(start))) this.fail(`Malformed attributes in <${name}>.`);
        break;
      }
      const [, attributeName = '', double, single] = match;
      const raw = double ?? single ?? '';
      if (!NAME.test(attributeName)) this.fail(`Bad attribute name '${attributeName}'.`);
      if (raw.includes('<')) this.fail(`'<' in the value of ${attributeName}.`);
      if (written.some((a) => a.name === attributeName)) {
        this.fail(`${attributeName} is given twice on <${name}>.`);
      }
      // attribute-value normalisation: a literal tab or newline reads as a space
      const value = decode(raw.replace(/[\t\n]/gu, ' '), this.line);
      this.checkChars(value);
      const nameAt = match.index + match[0].search(/[^ \t\n]/u);
      const line = this.line + (inner.slice(0, nameAt).match(/\n/gu)?.length ?? 0);
      written.push({ name: attributeName, value, line });
    }

    const parentScope = this.open.at(-1)?.scope ?? new Map([['xml', XML_NAMESPACE]]);
    let declared: Map<string, string | null> | null = null;
    for (const { name: attributeName, value } of written) {
      if (attributeName !== 'xmlns' && !attributeName.startsWith('xmlns:')) continue;
      declared ??= new Map(parentScope);
      const prefix = attributeName === 'xmlns' ? '' : attributeName.slice(6);
      if (prefix !== '' && value === '') this.fail(`The prefix ${prefix} is bound to nothing.`);
      if (prefix === 'xmlns' || (prefix === 'xml') !== (value === XML_NAMESPACE)) {
        this.fail(`The prefix ${prefix} cannot be bound to ${value}.`);
      }
      declared.set(prefix, value === '' ? null : value);
    }
    const scope = declared ?? parentScope;
    const element = this.resolve(name, scope, true);
    const attributes: XmlAttribute[] = [];
    for (const { name: attributeName, value, line } of written) {
      if (attributeName === 'xmlns' || attributeName.startsWith('xmlns:')) continue;
      const resolved = this.resolve(attributeName, scope, false);
      if (
        attributes.some((a) => a.local === resolved.local && a.namespace === resolved.namespace)
      ) {
        this.fail(`${attributeName} is given twice on <${name}>.`);
      }
      attributes.push({ name: attributeName, ...resolved, value, line });
    }

    const open: Open = { name, ...element, line: this.line, scope };
    if (this.open.length >= this.options.maxDepth) this.fail('Elements are nested too deeply.');
    this.open.push(open);
    this.rootSeen = true;
    events.push({ type: 'start', name, ...element, attributes, line: this.line });
    if (selfClosing) this.endTag(name, events);
  }

  private resolve(
    qualified: string,
    scope: ReadonlyMap<string, string | null>,
    element: boolean,
  ): { namespace: string | null; local: string } {
    const colon = qualified.indexOf(':');
    if (colon < 0) return { namespace: element ? (scope.get('') ?? null) : null, local: qualified };
    const prefix = qualified.slice(0, colon);
    const local = qualified.slice(colon + 1);
    const namespace = scope.get(prefix);
    if (prefix === 'xmlns' || namespace === undefined || namespace === null) {
      this.fail(`The prefix ${prefix} of ${qualified} is not declared.`);
    }
    if (local === '' || local.includes(':')) this.fail(`Bad qualified name ${qualified}.`);
    return { namespace, local };
  }

  private endTag(name: string, events: XmlEvent[]) {
    const open = this.open.pop();
    if (!open) this.fail(`</${name}> closes nothing.`);
    if (open.name !== name) {
      this.fail(`</${name}> where </${open.name}> (opened on line ${open.line}) was expected.`);
    }
    events.push({
      type: 'end',
      name,
      namespace: open.namespace,
      local: open.local,
      line: this.line,
    });
  }

  private checkChars(text: string) {
    const bad = NOT_XML_CHAR.exec(text);
    if (bad) {
      const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      throw new XmlSyntaxError(
        lineWithin(this.line, text, bad.index),
        `Character U+${code} is not allowed.`,
      );
    }
  }

  private more(final: boolean, message: string): typeof MORE {
    if (final) this.fail(message);
    return MORE;
  }

  private advance(to: number) {
    for (let i = this.buffer.indexOf('\n', this.at); i >= 0 && i < to;) {
      this.line += 1;
      i = this.buffer.indexOf('\n', i + 1);
    }
    this.at = to;
    this.started = true;
  }

  private fail(message: string): never {
    throw new XmlSyntaxError(this.line, message);
  }
}
