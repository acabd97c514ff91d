/**
 * The eTMF Exchange Mechanism Standard (eTMF-EMS 1.0.x) exchange.xml, as TypeScript: the complex
 * types of the standard's XML Schema (TmfReferenceModelExchange.xsd), transcribed by hand, over
 * the model a package carries (ems-model.ts) and the schema's simple types (ems-simple-types.ts).
 * The writer (exchange-xml.ts) and the parser (exchange-parse.ts) both work from the tables
 * below, so what one writes the other accepts; the tests and a run of xmllint against the
 * published XSD keep the tables true to it.
 */
import type {
  EmsAuditRecord,
  EmsBatch,
  EmsFile,
  EmsMetadata,
  EmsObject,
  EmsSignature,
} from './ems-model';
import {
  ARTIFACT_NUMBER,
  AUDIT_TYPE,
  COUNTRY,
  DATE_ONLY,
  LANGUAGE,
  LEVEL,
  NON_EMPTY,
  SIGNATURE_TYPE,
  type SimpleType,
  STATE,
  TMF_RM_VERSION,
  XS_ANY_URI,
  XS_DATE_TIME,
  XS_INT,
  XS_STRING,
  YES_NO,
} from './ems-simple-types';

// The schema's one entry: its readers and writers take the model and the simple types from here too.
export * from './ems-model';
export * from './ems-simple-types';

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
