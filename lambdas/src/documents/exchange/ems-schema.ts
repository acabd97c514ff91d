/**
 * The eTMF Exchange Mechanism Standard (eTMF-EMS 1.0.x) exchange.xml, as TypeScript: the model a
 * package carries and the rules of the standard's XML Schema (TmfReferenceModelExchange.xsd),
 * transcribed by hand. The writer (exchange-xml.ts) and the parser (exchange-parse.ts) both work
 * from the tables below, so what one writes the other accepts; the tests and a run of xmllint
 * against the published XSD keep the tables true to it.
 *
 * Values are kept in the XML's own written forms (dates as DD-MMM-YYYY, times as ISO 8601), so
 * nothing is lost or reinterpreted between reading and writing; the exceptions are Yes/No
 * (booleans) and UNIQUEID (a number). exchange-xml.ts converts dates and times.
 */

export const EMS_NAMESPACE = 'https://tmfrefmodel.com/ems';
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

export type ObjectLevel = 'Trial' | 'Country' | 'Site';
export type ObjectVersionState = 'Current' | 'Superseded' | 'Obsolete';
export type SignatureMethodology = 'Electronic' | 'Digital';
export type AuditEntryType = 'New' | 'Change' | 'Delete' | 'Other';

/** The attributes of <BATCH>: one transfer of one study. */
export interface EmsBatch {
  /** STUDYSYSTEMID: the study's identifier in the sending system (UUID or text) */
  studySystemId?: string;
  /** STUDYID, required, not empty */
  studyId: string;
  /** EVENTID: what the transfer is for, e.g. an interim or final transfer */
  eventId?: string;
  /** TRANSFERSOURCEID, required: who sends */
  transferSourceId: string;
  /** TRANSFERID, required: this transfer */
  transferId: string;
  /** SPECIFICATIONID, required: the transfer specification agreed between the parties */
  specificationId: string;
  /** TMFRMVERSION, required: the TMF Reference Model version, e.g. '3.3' or '3.2.1' */
  tmfRmVersion: string;
}

/** An <OBJECT>: one document (in one or more files) filed against one artifact. */
export interface EmsObject {
  objectId: string;
  objectLevel: ObjectLevel;
  /** COUNTRYID, ISO 3166 alpha-3 (CAN, FRA): for country and site level documents */
  countryId?: string;
  siteSystemId?: string;
  siteId?: string;
  /** UNIQUEID, xs:int: the artifact's permanent unique ID in the Reference Model (84 for 05.02.01) */
  uniqueId: number;
  /** ARTIFACTNUMBER, NN.NN.NN */
  artifactNumber: string;
  /** PERSONNAME, any number, blanks allowed */
  personNames: readonly string[];
  organizationName?: string;
  /** OBJECTLANGUAGE, ISO 639-1 (en, fr) */
  objectLanguage?: string;
  translation?: boolean;
  objectVersion: string;
  objectVersionState: ObjectVersionState;
  objectTitle?: string;
  subArtifact?: string;
  objectCopy: boolean;
  /** OBJECTEXPIRYDATE, DD-MMM-YYYY */
  objectExpiryDate?: string;
  restricted?: boolean;
  /** RENTENTIONDATE (the standard's spelling), DD-MMM-YYYY */
  retentionDate?: string;
  /** ARTIFACTDATE, DD-MMM-YYYY */
  artifactDate?: string;
  dateDescription?: string;
  /** FILE, at least one */
  files: readonly EmsFile[];
  metadata: readonly EmsMetadata[];
}

export interface EmsFile {
  /** INTEGRITY: the file's hash, e.g. SHA256-<hex> (layout.ts) */
  integrity: string;
  /** FILENAME: the file's own name */
  fileName: string;
  /** CONTENTURL, xs:anyURI: where the file is in the package, relative to the exchange.xml */
  contentUrl: string;
  fileDescription?: string;
  signatures: readonly EmsSignature[];
  auditRecords: readonly EmsAuditRecord[];
}

export interface EmsSignature {
  methodology: SignatureMethodology;
  userOid: string;
  name: string;
  /** SIGNATUREDATETIME, xs:dateTime, UTC, e.g. 2016-04-13T14:00:25+00:00 */
  dateTime: string;
  reason: string;
}

export interface EmsAuditRecord {
  auditId: string;
  /** DATETIMESTAMP, xs:dateTime */
  dateTime: string;
  userRef: string;
  entryType: AuditEntryType;
  event: string;
}

/** <METADATA NAME="...">value</METADATA>: a name/value pair the standard does not define. */
export interface EmsMetadata {
  name: string;
  value: string;
}

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

/** An attribute of a complex type. */
export interface AttributeRule {
  name: string;
  key: string;
  type: SimpleType;
  required: boolean;
}

/** An element in a complex type's xs:sequence, with its minOccurs (0 or 1) and maxOccurs. */
export interface Particle {
  element: string;
  key: string;
  min: 0 | 1;
  /** maxOccurs="unbounded": the model holds an array */
  many: boolean;
  content: SimpleType | ComplexType;
}

export interface ComplexType {
  kind: 'complex';
  name: string;
  attributes: readonly AttributeRule[];
  /** the xs:sequence of an element-only type; empty for simple content */
  children: readonly Particle[];
  /** xs:simpleContent: the element's text, held under this key */
  text?: { key: string; type: SimpleType };
}

export const isComplex = (content: SimpleType | ComplexType): content is ComplexType =>
  'kind' in content;

/** Typed builders, so a table names only keys its model has. */
function fieldsOf<T>() {
  type Key = keyof T & string;
  return {
    one: (element: string, key: Key, content: SimpleType | ComplexType): Particle => ({
      element,
      key,
      min: 1,
      many: false,
      content,
    }),
    optional: (element: string, key: Key, content: SimpleType | ComplexType): Particle => ({
      element,
      key,
      min: 0,
      many: false,
      content,
    }),
    many: (element: string, key: Key, content: SimpleType | ComplexType, min: 0 | 1): Particle => ({
      element,
      key,
      min,
      many: true,
      content,
    }),
    attribute: (name: string, key: Key, type: SimpleType, required: boolean): AttributeRule => ({
      name,
      key,
      type,
      required,
    }),
  };
}

const complex = (
  name: string,
  children: readonly Particle[],
  attributes: readonly AttributeRule[] = [],
): ComplexType => ({ kind: 'complex', name, attributes, children });

const signature = fieldsOf<EmsSignature>();
export const SIGNATURE: ComplexType = complex('SIGNATURE', [
  signature.one('SIGNATUREMETHODOLOGY', 'methodology', SIGNATURE_TYPE),
  signature.one('USEROID', 'userOid', NON_EMPTY),
  signature.one('SIGNATURENAME', 'name', NON_EMPTY),
  signature.one('SIGNATUREDATETIME', 'dateTime', XS_DATE_TIME),
  signature.one('SIGNATUREREASON', 'reason', NON_EMPTY),
]);

const audit = fieldsOf<EmsAuditRecord>();
export const AUDIT_RECORD: ComplexType = complex('AUDITRECORD', [
  audit.one('AUDITID', 'auditId', NON_EMPTY),
  audit.one('DATETIMESTAMP', 'dateTime', XS_DATE_TIME),
  audit.one('USERREF', 'userRef', NON_EMPTY),
  audit.one('AUDITENTRYTYPE', 'entryType', AUDIT_TYPE),
  audit.one('AUDITEVENT', 'event', NON_EMPTY),
]);

const file = fieldsOf<EmsFile>();
export const FILE: ComplexType = complex('FILE', [
  file.one('INTEGRITY', 'integrity', NON_EMPTY),
  file.one('FILENAME', 'fileName', NON_EMPTY),
  file.one('CONTENTURL', 'contentUrl', XS_ANY_URI),
  file.optional('FILEDESCRIPTION', 'fileDescription', XS_STRING),
  file.many('SIGNATURE', 'signatures', SIGNATURE, 0),
  file.many('AUDITRECORD', 'auditRecords', AUDIT_RECORD, 0),
]);

const metadata = fieldsOf<EmsMetadata>();
export const METADATA: ComplexType = {
  ...complex('METADATA', [], [metadata.attribute('NAME', 'name', XS_STRING, true)]),
  text: { key: 'value', type: XS_STRING },
};

const object = fieldsOf<EmsObject>();
export const OBJECT: ComplexType = complex('OBJECT', [
  object.one('OBJECTID', 'objectId', NON_EMPTY),
  object.one('OBJECTLEVEL', 'objectLevel', LEVEL),
  object.optional('COUNTRYID', 'countryId', COUNTRY),
  object.optional('SITESYSTEMID', 'siteSystemId', NON_EMPTY),
  object.optional('SITEID', 'siteId', NON_EMPTY),
  object.one('UNIQUEID', 'uniqueId', XS_INT),
  object.one('ARTIFACTNUMBER', 'artifactNumber', ARTIFACT_NUMBER),
  object.many('PERSONNAME', 'personNames', XS_STRING, 0),
  object.optional('ORGANIZATIONNAME', 'organizationName', XS_STRING),
  object.optional('OBJECTLANGUAGE', 'objectLanguage', LANGUAGE),
  object.optional('TRANSLATION', 'translation', YES_NO),
  object.one('OBJECTVERSION', 'objectVersion', NON_EMPTY),
  object.one('OBJECTVERSIONSTATE', 'objectVersionState', STATE),
  object.optional('OBJECTTITLE', 'objectTitle', XS_STRING),
  object.optional('SUBARTIFACT', 'subArtifact', XS_STRING),
  object.one('OBJECTCOPY', 'objectCopy', YES_NO),
  object.optional('OBJECTEXPIRYDATE', 'objectExpiryDate', DATE_ONLY),
  object.optional('RESTRICTED', 'restricted', YES_NO),
  object.optional('RENTENTIONDATE', 'retentionDate', DATE_ONLY),
  object.optional('ARTIFACTDATE', 'artifactDate', DATE_ONLY),
  object.optional('DATEDESCRIPTION', 'dateDescription', XS_STRING),
  object.many('FILE', 'files', FILE, 1),
  object.many('METADATA', 'metadata', METADATA, 0),
]);

const batch = fieldsOf<EmsBatch>();
/** The root. Its objects are streamed, so the model's EmsBatch holds only the attributes. */
export const BATCH: ComplexType = complex(
  'BATCH',
  [{ element: 'OBJECT', key: 'objects', min: 1, many: true, content: OBJECT }],
  [
    batch.attribute('STUDYSYSTEMID', 'studySystemId', XS_STRING, false),
    batch.attribute('STUDYID', 'studyId', NON_EMPTY, true),
    batch.attribute('EVENTID', 'eventId', XS_STRING, false),
    batch.attribute('TRANSFERSOURCEID', 'transferSourceId', NON_EMPTY, true),
    batch.attribute('TRANSFERID', 'transferId', NON_EMPTY, true),
    batch.attribute('SPECIFICATIONID', 'specificationId', NON_EMPTY, true),
    batch.attribute('TMFRMVERSION', 'tmfRmVersion', TMF_RM_VERSION, true),
  ],
);

/** XSD whiteSpace="collapse": tabs and newlines to spaces, runs of spaces to one, trimmed. */
export const collapse = (value: string): string => value.replace(/[\t\n\r ]+/gu, ' ').trim();

/** The value as the schema sees it before checking it. */
export const processed = (type: SimpleType, value: string): string =>
  type.collapse ? collapse(value) : value;
