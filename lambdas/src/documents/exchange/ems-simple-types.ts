/**
 * The simple types of the eTMF-EMS XML Schema (TmfReferenceModelExchange.xsd), transcribed by
 * hand: how each value is checked, read into the model (ems-model.ts) and written. The complex
 * types built from them are in ems-schema.ts.
 */

/** A simple type of the schema: how its values are checked, read into the model and written. */
export interface SimpleType {
  /**
   * Types derived from xs:NMTOKEN, xs:int, xs:dateTime and xs:anyURI collapse whitespace before
   * they are checked (so " Site " is Site); the xs:string types keep it (" USA" is no country).
   */
  collapse: boolean;
  /** Why the value (whitespace already processed) is not of this type, or null. */
  problem(value: string): string | null;
  /** The model's value of a valid lexical value. */
  read(value: string): unknown;
  /** The lexical value of a model value, or null when the model value has the wrong JS type. */
  write(value: unknown): string | null;
}

const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const text = (problem: (value: string) => string | null, collapse = false): SimpleType => ({
  collapse,
  problem,
  read: (value) => value,
  write: asString,
});

/** xs:string: anything (that XML can hold). */
export const XS_STRING = text(() => null);

/** nonEmptyString: xs:string of at least one character (a single space counts). */
export const NON_EMPTY = text((value) => (value.length === 0 ? 'must not be empty' : null));

/** An xs:string restricted by a pattern; XSD patterns match the whole value. */
const pattern = (regex: RegExp, what: string): SimpleType =>
  text((value) => (regex.test(value) ? null : `is not ${what}`));

const enumeration = (values: readonly string[]): SimpleType =>
  text((value) => (values.includes(value) ? null : `must be one of ${values.join(', ')}`), true);

export const LEVEL = enumeration(['Trial', 'Country', 'Site']);
export const STATE = enumeration(['Current', 'Superseded', 'Obsolete']);
export const SIGNATURE_TYPE = enumeration(['Electronic', 'Digital']);
export const AUDIT_TYPE = enumeration(['New', 'Change', 'Delete', 'Other']);

/** The schema's "boolean": Yes or No (an NMTOKEN enumeration, not xs:boolean). */
export const YES_NO: SimpleType = {
  collapse: true,
  problem: (value) => (value === 'Yes' || value === 'No' ? null : 'must be Yes or No'),
  read: (value) => value === 'Yes',
  write: (value) => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : null),
};

/** xs:int: digits with an optional sign, within 32 bits. */
export const XS_INT: SimpleType = {
  collapse: true,
  problem: (value) =>
    /^[+-]?[0-9]+$/u.test(value) &&
    Math.abs(Number(value)) <= 2 ** 31 - (value.startsWith('-') ? 0 : 1)
      ? null
      : 'is not a whole number within 32 bits',
  read: (value) => Number(value),
  // three digits at least, as the Reference Model writes its unique IDs ('084')
  write: (value) =>
    typeof value === 'number' && Number.isSafeInteger(value)
      ? value < 0
        ? String(value)
        : String(value).padStart(3, '0')
      : null,
};

/** dateOnly: DD-MMM-YYYY, e.g. 20-JAN-2019. \d in an XSD pattern is any Unicode decimal digit. */
export const DATE_ONLY = pattern(/^\p{Nd}{2}-[a-zA-Z]{3}-\p{Nd}{4}$/u, 'a date as DD-MMM-YYYY');

export const COUNTRY = pattern(/^[A-Z]{3}$/u, 'an ISO 3166 alpha-3 country code (USA, FRA)');

export const ARTIFACT_NUMBER = pattern(
  /^[0-9]{2}\.[0-9]{2}\.[0-9]{2}$/u,
  'an artifact number as NN.NN.NN (05.02.01)',
);

/** TMFRMVERSION: two or three dot-separated numbers of one or two digits, no leading zero. */
export const TMF_RM_VERSION = pattern(
  /^(?:[1-9][0-9]|[0-9])\.(?:[1-9][0-9]|[0-9])(?:\.(?:[1-9][0-9]|[0-9]))?$/u,
  'a Reference Model version such as 3.3 or 3.2.1',
);

/** The ISO 639-1 two-letter codes the schema lists for OBJECTLANGUAGE. */
const LANGUAGES = new Set(
  `aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy
   da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu
   hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb
   lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om
   or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw
   ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu`
    .trim()
    .split(/\s+/u),
);

export const LANGUAGE = text((value) =>
  LANGUAGES.has(value) ? null : 'is not an ISO 639-1 language code (en, fr)',
);

/** xs:dateTime: YYYY-MM-DDThh:mm:ss[.s+][Z|±hh:mm], with real months, days and times. */
export const XS_DATE_TIME: SimpleType = {
  collapse: true,
  problem: (value) =>
    isDateTime(value) ? null : 'is not a date and time as 2016-04-13T14:00:25+00:00',
  read: (value) => value,
  write: asString,
};

function isDateTime(value: string): boolean {
  const match =
    /^(-?)([0-9]{4,})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:Z|[+-]([0-9]{2}):([0-9]{2}))?$/u.exec(
      value,
    );
  if (!match) return false;
  const digits = (index: number) => match[index] ?? '0';
  const n = (index: number) => Number(digits(index));
  const year = (match[1] === '-' ? -1 : 1) * n(2);
  const [month, day, hour, minute, second, zoneHour, zoneMinute] = [
    n(3),
    n(4),
    n(5),
    n(6),
    n(7),
    n(9),
    n(10),
  ] as const;
  // a year of more than four digits may not start with 0, and XSD 1.0 has no year 0000
  if ((digits(2).length > 4 && digits(2).startsWith('0')) || year === 0) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (days === undefined || day < 1 || day > days) return false;
  // 24:00:00 is the end of the day
  const endOfDay = hour === 24 && minute === 0 && second === 0 && !/[1-9]/u.test(match[8] ?? '');
  if ((hour > 23 && !endOfDay) || minute > 59 || second > 59) return false;
  return zoneHour < 14 || (zoneHour === 14 && zoneMinute === 0) ? zoneMinute <= 59 : false;
}

/**
 * xs:anyURI. XSD 1.0 leaves it loose; validators parse it as an RFC 3986 reference once spaces
 * and other characters URIs cannot hold are escaped, so a relative path with spaces (as the
 * standard's example has) passes and these do not.
 */
export const XS_ANY_URI: SimpleType = {
  collapse: true,
  problem: (value) => {
    if (/%(?![0-9A-Fa-f]{2})/u.test(value)) return 'has a % not followed by two hex digits';
    if (/[[\]]/u.test(value)) return 'has [ or ], which a URI path cannot hold';
    if (value.split('#').length > 2) return 'has more than one #';
    const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/u.test(value);
    if (!scheme && (value.split(/[/?#]/u)[0] ?? '').includes(':')) {
      return 'has a : in its first segment without being an absolute URI';
    }
    return null;
  },
  read: (value) => value,
  write: asString,
};

/** XSD whiteSpace="collapse": tabs and newlines to spaces, runs of spaces to one, trimmed. */
export const collapse = (value: string): string => value.replace(/[\t\n\r ]+/gu, ' ').trim();

/** The value as the schema sees it before checking it. */
export const processed = (type: SimpleType, value: string): string =>
  type.collapse ? collapse(value) : value;
