/**
 * The model an eTMF-EMS 1.0.x exchange.xml carries (ems-schema.ts has the standard's rules for
 * it). Values are kept in the XML's own written forms (dates as DD-MMM-YYYY, times as ISO 8601),
 * so nothing is lost or reinterpreted between reading and writing; the exceptions are Yes/No
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
