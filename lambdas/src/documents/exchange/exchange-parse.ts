import type { EmsBatch, EmsObject } from './ems-schema';
import {
  Validator,
  type ExchangeItem,
  type ExchangeParseOptions,
  type ExchangeProblem,
} from './exchange-validate';
import { XmlSyntaxError, xmlReader } from './xml-reader';

/**
 * Reads an exchange.xml as it streams in: bytes decoded as UTF-8, read as XML by saxes
 * (xml-reader.ts) and validated against the standard's schema (exchange-validate.ts). Every
 * problem comes with its line and reading goes on after it; only XML that is not well-formed
 * stops it. The batch's attributes come first, then each object once its </OBJECT> is read and
 * only if nothing in it was wrong, so a package of any size is read in constant memory.
 */

export type { ExchangeItem, ExchangeParseOptions, ExchangeProblem } from './exchange-validate';

const DEFAULTS: ExchangeParseOptions = { maxProblems: 200, maxValueLength: 1 << 20 };

export type ExchangeSource =
  string | Uint8Array | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

export async function* readExchangeXml(
  source: ExchangeSource,
  options: Partial<ExchangeParseOptions> = {},
): AsyncIterable<ExchangeItem> {
  const limits = { ...DEFAULTS, ...options };
  const validator = new Validator(limits);
  const reader = await xmlReader({
    // a value written wholly as references (&#x1F600;, &quot;) is up to six times longer
    // than it reads, and its tags come with it
    maxHeld: limits.maxValueLength * 6 + 1024,
    // the schema nests five deep; room for unknown elements beyond, not for a billion
    maxDepth: 32,
  });
  try {
    for await (const text of decoded(source)) {
      for (const event of reader.push(text)) {
        // most events complete nothing; an await for each would cost more than the reading
        for (const item of validator.take(event)) yield item;
        if (validator.stopped) return;
      }
      if (reader.failure) throw reader.failure;
    }
    for (const event of reader.end()) {
      for (const item of validator.take(event)) yield item;
      if (validator.stopped) return;
    }
    if (reader.failure) throw reader.failure;
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    const problem = (error.tooLong ? validator.tooLong() : null) ?? {
      line: error.line,
      message: error.message,
    };
    yield { kind: 'problem', problem };
  }
}

/** The whole file at once: for a small exchange.xml, and for tests. */
export async function parseExchangeXml(
  source: ExchangeSource,
  options: Partial<ExchangeParseOptions> = {},
): Promise<{ batch: EmsBatch | null; objects: EmsObject[]; problems: ExchangeProblem[] }> {
  let batch: EmsBatch | null = null;
  const objects: EmsObject[] = [];
  const problems: ExchangeProblem[] = [];
  for await (const item of readExchangeXml(source, options)) {
    if (item.kind === 'batch') batch = item.batch;
    else if (item.kind === 'object') objects.push(item.object);
    else problems.push(item.problem);
  }
  return { batch, objects, problems };
}

/** UTF-8 bytes to text; a byte sequence that is not UTF-8 is a problem on the line it is on. */
async function* decoded(source: ExchangeSource): AsyncIterable<string> {
  const chunks = typeof source === 'string' || source instanceof Uint8Array ? [source] : source;
  // a byte-order mark is dropped, as an XML reader does
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let first = true;
  for await (const chunk of chunks) {
    let text: string;
    try {
      text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      throw new XmlSyntaxError(line, 'The file is not valid UTF-8.');
    }
    if (first && text.startsWith('\ufeff')) text = text.slice(1);
    first = false;
    line += text.split('\n').length - 1;
    yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } catch {
    throw new XmlSyntaxError(line, 'The file ends inside a UTF-8 character.');
  }
}
