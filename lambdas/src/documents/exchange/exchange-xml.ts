import {
  BATCH,
  EMS_NAMESPACE,
  OBJECT,
  type ComplexType,
  type EmsBatch,
  type EmsObject,
  type Particle,
  type SimpleType,
  collapse,
  isComplex,
  processed,
} from './ems-schema';

export type {
  AuditEntryType,
  EmsAuditRecord,
  EmsBatch,
  EmsFile,
  EmsMetadata,
  EmsObject,
  EmsSignature,
  ObjectLevel,
  ObjectVersionState,
  SignatureMethodology,
} from './ems-schema';
export { EMS_NAMESPACE } from './ems-schema';

/**
 * A value the standard's schema would refuse, named by its place (OBJECT[3]/FILE[1]/CONTENTURL):
 * the writer checks every value against the same rules the parser applies, so it never writes
 * an exchange.xml that does not validate.
 */
export class ExchangeXmlError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'ExchangeXmlError';
  }
}

/**
 * The exchange.xml of a batch, as UTF-8 text in pieces: the declaration and <BATCH>, then one
 * piece per object as the objects arrive, then </BATCH>. Only the object being written is held.
 */
export async function* exchangeXml(
  batch: EmsBatch,
  objects: AsyncIterable<EmsObject> | Iterable<EmsObject>,
): AsyncIterable<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<BATCH xmlns="${EMS_NAMESPACE}"${attributesOf(BATCH, batch, 'BATCH')}>\n`;
  const particle = BATCH.children[0];
  if (particle?.content !== OBJECT) throw new Error('BATCH holds OBJECTs');
  let count = 0;
  for await (const object of objects) {
    count += 1;
    yield element(particle, object, `OBJECT[${count}]`, 1);
  }
  if (count === 0) throw new ExchangeXmlError('BATCH', 'needs at least one OBJECT.');
  yield '</BATCH>\n';
}

function attributesOf(type: ComplexType, value: unknown, path: string): string {
  return type.attributes
    .map((rule) => {
      const given = field(value, rule.key);
      if (given === undefined) {
        if (rule.required) throw new ExchangeXmlError(`${path}@${rule.name}`, 'is required.');
        return '';
      }
      return ` ${rule.name}="${escapeAttribute(lexical(rule.type, given, `${path}@${rule.name}`), path)}"`;
    })
    .join('');
}

/** The elements of one particle of a sequence: none, one, or one per item of an array. */
function particleElements(particle: Particle, value: unknown, path: string, depth: number) {
  const at = `${path}/${particle.element}`;
  if (particle.many) {
    if (!Array.isArray(value)) throw new ExchangeXmlError(at, 'must be a list.');
    if (value.length < particle.min) throw new ExchangeXmlError(at, 'needs at least one.');
    return value
      .map((item: unknown, index) => element(particle, item, `${at}[${index + 1}]`, depth))
      .join('');
  }
  if (value === undefined) {
    if (particle.min === 1) throw new ExchangeXmlError(at, 'is required.');
    return '';
  }
  return element(particle, value, at, depth);
}

function element(particle: Particle, value: unknown, path: string, depth: number): string {
  const indent = '  '.repeat(depth);
  const name = particle.element;
  const { content } = particle;
  if (!isComplex(content)) {
    return `${indent}<${name}>${escapeText(lexical(content, value, path), path)}</${name}>\n`;
  }
  if (typeof value !== 'object' || value === null) {
    throw new ExchangeXmlError(path, 'must be an object.');
  }
  const attributes = attributesOf(content, value, path);
  if (content.text) {
    const text = lexical(content.text.type, field(value, content.text.key), path);
    return `${indent}<${name}${attributes}>${escapeText(text, path)}</${name}>\n`;
  }
  const children = content.children
    .map((child) => particleElements(child, field(value, child.key), path, depth + 1))
    .join('');
  return `${indent}<${name}${attributes}>\n${children}${indent}</${name}>\n`;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

function lexical(type: SimpleType, value: unknown, path: string): string {
  const written = type.write(value);
  if (written === null) throw new ExchangeXmlError(path, `has the wrong type (${typeof value}).`);
  // the schema collapses whitespace in numbers, times and URIs, but not every validator does
  // (libxml2 refuses " 7" as an xs:int): written, they carry none
  if (type.collapse && written !== collapse(written)) {
    throw new ExchangeXmlError(
      path,
      `${JSON.stringify(written)} has surrounding or doubled spaces.`,
    );
  }
  const problem = type.problem(processed(type, written));
  if (problem !== null) {
    throw new ExchangeXmlError(path, `${JSON.stringify(written.slice(0, 80))} ${problem}.`);
  }
  return written;
}

/** Characters XML 1.0 cannot carry at all, escaped or not. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

function checkChars(text: string, path: string) {
  const bad = NOT_XML_CHAR.exec(text);
  if (bad) {
    const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    throw new ExchangeXmlError(path, `holds U+${code}, which XML cannot carry.`);
  }
}

/** Element text; a carriage return is escaped, or a reader would turn it into a newline. */
function escapeText(text: string, path: string): string {
  checkChars(text, path);
  return text
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;')
    .replace(/\r/gu, '&#13;');
}

/** Attribute values; tabs and line ends escaped, or a reader would turn them into spaces. */
function escapeAttribute(text: string, path: string): string {
  checkChars(text, path);
  return text
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/"/gu, '&quot;')
    .replace(/\t/gu, '&#9;')
    .replace(/\n/gu, '&#10;')
    .replace(/\r/gu, '&#13;');
}

const MONTHS = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;

/**
 * A date as the standard writes it, DD-MMM-YYYY with the English month in capitals (20-JAN-2019),
 * from a calendar date 'YYYY-MM-DD' or from a Date's UTC day.
 */
export function emsDate(date: string | Date): string {
  const iso = typeof date === 'string' ? date : date.toISOString().slice(0, 10);
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/u.exec(iso);
  const month = MONTHS[Number(match?.[2]) - 1];
  if (!match || month === undefined || isoDate(`${match[3]}-${month}-${match[1]}`) === null) {
    throw new RangeError(`${String(date)} is not a date with a four-digit year.`);
  }
  return `${match[3]}-${month}-${match[1]}`;
}

/** The calendar date 'YYYY-MM-DD' of a DD-MMM-YYYY date, or null when it names no real day. */
export function isoDate(emsDate: string): string | null {
  const match = /^([0-9]{2})-([A-Za-z]{3})-([0-9]{4})$/u.exec(emsDate);
  if (!match) return null;
  const [, day = '', monthName = '', year = ''] = match;
  const month = MONTHS.indexOf(monthName.toUpperCase() as (typeof MONTHS)[number]) + 1;
  const at = new Date(0);
  at.setUTCFullYear(Number(year), month - 1, Number(day));
  if (month === 0 || at.getUTCDate() !== Number(day) || at.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${day}`;
}

/** A moment as the standard's examples write it: UTC, 2016-04-13T14:00:25+00:00. */
export function emsDateTime(at: Date): string {
  const iso = at.toISOString();
  if (!/^[0-9]{4}-/u.test(iso)) throw new RangeError(`${iso} has no four-digit year.`);
  const seconds = iso.endsWith('.000Z') ? iso.slice(0, 19) : iso.slice(0, 23);
  return `${seconds}+00:00`;
}
