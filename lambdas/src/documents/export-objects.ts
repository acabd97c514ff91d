import { indexCatalogue } from '@ccsc/contract/standard-rows';
import type { TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import type { DocumentRecord } from '../core/ports/documents';
import type { FiledRecord } from '../core/ports/document-imports';
import type { ConnectionRecord, RegistrySnapshot } from '../core/ports/registry';
import { alpha3Of } from './exchange/country-alpha3';
import { LANGUAGE } from './exchange/ems-schema';
import { keptSignaturesOf, sentSignatureOf } from './ems-signatures';
import {
  emsDate,
  type EmsFile,
  type EmsObject,
  type ObjectLevel,
  type ObjectVersionState,
} from './exchange/exchange-xml';
import { integrityOf } from './exchange/layout';

/**
 * The <OBJECT> of each document an export packages (export-etmf.core.ts): a document sent and
 * delivered here, or the files an import filed into the study — with what a receiving eTMF files
 * by: the level, COUNTRYID (ISO 3166 alpha-3, from the site's country) and the site on country-
 * and site-level objects (placeOf), the version's state, the signature, INTEGRITY in SRI form.
 */

const LEVELS = { trial: 'Trial', country: 'Country', site: 'Site' } as const;

/**
 * Where a country- or site-level object is, as the issue asks for both: COUNTRYID (the site's
 * country as alpha-3, or the one an import stated) and the site (its number, and its system) it
 * came through. A trial-level object has neither. (An import files a country-level object to the
 * study whatever SITEID it carries, and keeps that SITEID to write it again on a round trip.)
 */
const placeOf = (
  level: ObjectLevel,
  connection: ConnectionRecord | undefined,
  stated: { countryId?: string | null; siteNumber?: string | null } = {},
): Pick<EmsObject, 'countryId' | 'siteSystemId' | 'siteId'> => {
  if (level === 'Trial') return {};
  const countryId =
    stated.countryId ?? (connection === undefined ? null : alpha3Of(connection.country));
  const siteId = stated.siteNumber ?? connection?.siteNumber ?? null;
  return {
    ...(countryId === null ? {} : { countryId }),
    ...(connection?.siteSystemId == null ? {} : { siteSystemId: connection.siteSystemId }),
    ...(siteId === null || siteId === '' ? {} : { siteId }),
  };
};

const languageOf = (tag: string | null) => {
  const language = tag?.split('-')[0]?.toLowerCase() ?? '';
  return LANGUAGE.problem(language) === null ? { objectLanguage: language } : {};
};

/** The object of a delivered document, its file at `contentUrl`. */
export const documentObjectOf = (
  record: DocumentRecord,
  contentUrl: string,
  catalogue: TmfCatalogue,
  snapshot: RegistrySnapshot,
  version: { objectId: string; state: ObjectVersionState },
): EmsObject | null => {
  const c = record.classification;
  if (c === null) return null;
  const artifact = indexCatalogue(catalogue).artifacts.get(c.artifactNumber);
  if (artifact === undefined) return null;
  const connection = snapshot.connections.get(record.connectionId);
  const level = LEVELS[c.filingLevel];
  const signature = record.signature ?? null;
  return {
    objectId: version.objectId,
    objectLevel: level,
    ...placeOf(level, connection),
    uniqueId: Number(artifact.uniqueId),
    artifactNumber: artifact.number,
    personNames: record.personName === null ? [] : [record.personName],
    ...(record.organisationName === null ? {} : { organizationName: record.organisationName }),
    ...languageOf(record.language),
    objectVersion: record.version,
    objectVersionState: version.state,
    objectTitle: record.title,
    ...(c.subArtifact === '' ? {} : { subArtifact: c.subArtifact }),
    objectCopy: false,
    artifactDate: emsDate(record.documentDate),
    files: [
      {
        integrity: integrityOf(record.sha256),
        fileName: record.fileName,
        contentUrl,
        signatures: signature === null ? [] : [sentSignatureOf(signature)],
        auditRecords: record.events.map((e, at) => ({
          auditId: `${record.documentId}-${String(at + 1)}`,
          dateTime: e.at.replace(/\.\d+Z$/, '+00:00').replace(/Z$/, '+00:00'),
          userRef: e.by,
          entryType: at === 0 ? ('New' as const) : ('Other' as const),
          event: e.detail === null ? e.event : `${e.event}: ${e.detail}`,
        })),
      },
    ],
    metadata: [
      { name: 'DOCUMENTID', value: record.documentId },
      { name: 'DOCUMENTTYPE', value: record.typeCode },
      {
        name: 'SENDER',
        value: snapshot.systems.get(record.senderSystemId)?.name ?? record.senderSystemId,
      },
      {
        name: 'RECEIVER',
        value: snapshot.systems.get(record.receiverSystemId)?.name ?? record.receiverSystemId,
      },
      ...(connection === undefined ? [] : [{ name: 'COUNTRY', value: connection.country }]),
    ],
  };
};

/**
 * The object of the files an import filed for one object (same import, object and version), each
 * at its path: what the import kept — artifact, level, country and site, version and its state,
 * integrity (now SHA-256, which the import verified), each file's signatures, the person names
 * and the date.
 */
export const importedObjectOf = (
  rows: readonly { row: FiledRecord; contentUrl: string }[],
  catalogue: TmfCatalogue,
  snapshot: RegistrySnapshot,
): EmsObject | null => {
  const first = rows[0]?.row;
  if (first === undefined) return null;
  const artifact = indexCatalogue(catalogue).artifacts.get(first.artifactNumber);
  if (artifact === undefined) return null;
  const connection =
    first.connectionId === null ? undefined : snapshot.connections.get(first.connectionId);
  const level = LEVELS[first.level];
  const files: EmsFile[] = rows.map(({ row, contentUrl }) => ({
    integrity: integrityOf(row.sha256),
    fileName: row.fileName,
    contentUrl,
    signatures: keptSignaturesOf(row.signatures),
    auditRecords: [],
  }));
  return {
    objectId: first.objectId,
    objectLevel: level,
    ...placeOf(level, connection, { countryId: first.countryId, siteNumber: first.siteNumber }),
    uniqueId: Number(artifact.uniqueId),
    artifactNumber: artifact.number,
    personNames: first.personNames,
    ...languageOf(first.language),
    objectVersion: first.version,
    objectVersionState: first.versionState,
    objectTitle: first.title,
    ...(first.subArtifact === null || first.subArtifact === ''
      ? {}
      : { subArtifact: first.subArtifact }),
    objectCopy: false,
    ...(first.artifactDate === null ? {} : { artifactDate: emsDate(first.artifactDate) }),
    files,
    metadata: [{ name: 'IMPORTID', value: first.importId }],
  };
};
