import type { routes } from '@ccsc/contract/routes';
import { reachOf } from '@ccsc/contract/reach';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { catalogueOf, type TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import { ConflictError, NotFoundError } from '../core/errors';
import type { Core } from '../core/request';
import { LANGUAGE } from './exchange/ems-schema';
import { emsDate, exchangeXml, type EmsBatch, type EmsObject } from './exchange/exchange-xml';
import { contentUrlOf, EXCHANGE_XML, integrityOf, uniquePath } from './exchange/layout';
import { utf8, zipEntries, type ZipEntrySource } from './exchange/zip-writer';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import {
  type DocumentFiles,
  type DocumentRecord,
  type DocumentStore,
  scanCleared,
} from '../core/ports/documents';
import type { PackageExports } from '../core/ports/exports';
import type { Registry, RegistrySnapshot } from '../core/ports/registry';
import { auditEntry } from '../core/audit-entry';
import { onSponsorSide } from './document-views';

/**
 * s3documents/export-etmf (issue 17): a study's received documents (or one connection's) as an
 * eTMF-EMS 1.0 package, streamed: each kept file is read from the documents bucket and written
 * into the zip as it comes, the zip goes to the exports bucket in parts, and exchange.xml is the
 * last entry, written from a second pass over the documents — so memory holds one part and the
 * paths already used, never a file or the package.
 */

export interface ExportDeps {
  registry: Pick<Registry, 'snapshot'>;
  documents: Pick<DocumentStore, 'page'>;
  files: Pick<DocumentFiles, 'read'>;
  exports: PackageExports;
  audit: Pick<AuditTrail, 'append'>;
  clock: Clock;
}

type Route = (typeof routes)['s3documents/export-etmf'];

const LEVELS = { trial: 'Trial', country: 'Country', site: 'Site' } as const;

/** Every document of the list, oldest page last (the list is newest first). */
async function* everyDocument(
  deps: Pick<ExportDeps, 'documents'>,
  list: { list: 'study' | 'connection'; key: string },
  sentBefore: string,
): AsyncIterable<DocumentRecord> {
  let after: string | undefined;
  do {
    const page = await deps.documents.page({
      ...list,
      limit: 100,
      sentBefore,
      ...(after === undefined ? {} : { after }),
    });
    yield* page.records;
    after = page.last ?? undefined;
  } while (after !== undefined);
}

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').slice(0, 15).replace('T', '');

/** The object of one document, its file at `contentUrl`. */
const objectOf = (
  record: DocumentRecord,
  contentUrl: string,
  catalogue: TmfCatalogue,
  snapshot: RegistrySnapshot,
): EmsObject | null => {
  const c = record.classification;
  if (c === null) return null;
  const artifact = indexCatalogue(catalogue).artifacts.get(c.artifactNumber);
  if (artifact === undefined) return null;
  const connection = snapshot.connections.get(record.connectionId);
  const language = record.language.split('-')[0]?.toLowerCase() ?? '';
  const level = LEVELS[c.filingLevel];
  return {
    objectId: record.documentId,
    objectLevel: level,
    ...(level === 'Site' && connection !== undefined
      ? { siteSystemId: connection.siteSystemId ?? undefined, siteId: connection.siteNumber }
      : {}),
    uniqueId: Number(artifact.uniqueId),
    artifactNumber: artifact.number,
    personNames: record.personName === null ? [] : [record.personName],
    ...(record.organisationName === null ? {} : { organizationName: record.organisationName }),
    ...(LANGUAGE.problem(language) === null ? { objectLanguage: language } : {}),
    objectVersion: record.version,
    objectVersionState: 'Current',
    objectTitle: record.title,
    ...(c.subArtifact === '' ? {} : { subArtifact: c.subArtifact }),
    objectCopy: false,
    artifactDate: emsDate(record.documentDate),
    files: [
      {
        integrity: integrityOf(record.sha256),
        fileName: record.fileName,
        contentUrl,
        auditRecords: record.events.map((e, at) => ({
          auditId: `${record.documentId}-${String(at + 1)}`,
          dateTime: e.at.replace(/\.\d+Z$/, '+00:00').replace(/Z$/, '+00:00'),
          userRef: e.by,
          entryType: at === 0 ? ('New' as const) : ('Other' as const),
          event: e.detail === null ? e.event : `${e.event}: ${e.detail}`,
        })),
        signatures: [],
      },
    ],
    metadata: [
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

export const exportEtmf: Core<Route, ExportDeps> = async (input, ctx, deps) => {
  const reach = reachOf(ctx.caller);
  const snapshot = await deps.registry.snapshot();
  const organisationId = reach.kind === 'organisation' ? reach.organisationId : null;
  const study = snapshot.studies.get(input.studyId);
  // The study's sponsor side (the sponsor, its CRO) sees every site; a site, its own connections.
  const sponsorSide = study !== undefined && onSponsorSide(reach, study);
  const ownSite = (c: { studyId: string; siteOrganisationId: string } | undefined) =>
    c?.studyId === input.studyId && c.siteOrganisationId === organisationId;
  if (
    study === undefined ||
    reach.kind === 'nothing' ||
    (!sponsorSide && ![...snapshot.connections.values()].some(ownSite))
  ) {
    throw new NotFoundError('No study with that id is within your reach.');
  }
  if (input.connectionId !== undefined) {
    const connection = snapshot.connections.get(input.connectionId);
    if (connection?.studyId !== input.studyId || !(sponsorSide || ownSite(connection))) {
      throw new NotFoundError('No connection with that id belongs to the study within your reach.');
    }
  }
  const found = catalogueOf('3.3');
  if (found === null) throw new Error('The TMF Reference Model 3.3 catalogue is missing.');
  const catalogue: TmfCatalogue = found;
  const theStudy = study;
  const started = deps.clock.now();
  const cutoff = started.toISOString();
  const list =
    input.connectionId === undefined
      ? { list: 'study' as const, key: input.studyId }
      : { list: 'connection' as const, key: input.connectionId };
  const inReach = (r: DocumentRecord) =>
    organisationId === null ||
    [r.siteOrganisationId, r.sponsorOrganisationId, r.croOrganisationId].includes(organisationId);
  // Never a quarantined file, nor one without its clean scan (issue 34: scanCleared).
  const included = (r: DocumentRecord) =>
    r.objectKey !== null && r.classification !== null && scanCleared(r) && inReach(r);

  // Nothing to package is said before anything is written (an inventory needs one object).
  let exportable = 0;
  for await (const record of everyDocument(deps, list, cutoff)) {
    if (included(record)) exportable += 1;
  }
  if (exportable === 0) {
    throw new ConflictError(
      'There is no received and classified document to export here yet within your reach.',
    );
  }

  const pathOf = new Map<string, string>();
  const taken = new Set<string>();
  let documents = 0;
  let unclassified = 0;
  async function* entries(): AsyncIterable<ZipEntrySource> {
    for await (const record of everyDocument(deps, list, cutoff)) {
      if (
        inReach(record) &&
        record.objectKey !== null &&
        record.classification === null &&
        record.state !== 'quarantined'
      ) {
        unclassified += 1;
      }
      if (!included(record) || record.objectKey === null || record.classification === null)
        continue;
      const path = uniquePath(
        contentUrlOf(record.classification.artifactNumber, record.fileName, catalogue),
        taken,
      );
      pathOf.set(record.documentId, path);
      documents += 1;
      yield {
        path,
        data: deps.files.read(record.objectKey),
        modified: new Date(record.deliveredAt ?? record.updatedAt),
        size: record.received?.size ?? record.size,
      };
    }
    const batch: EmsBatch = {
      studySystemId: theStudy.studyId,
      studyId: theStudy.protocolNumber,
      transferSourceId: 'CCSC',
      transferId: stamp(started),
      specificationId: 'CCSC-eTMF-EMS-1.0',
      tmfRmVersion: catalogue.release,
    };
    async function* objects(): AsyncIterable<EmsObject> {
      for await (const record of everyDocument(deps, list, cutoff)) {
        const path = pathOf.get(record.documentId);
        if (path === undefined) continue;
        const object = objectOf(record, path, catalogue, snapshot);
        if (object !== null) yield object;
      }
    }
    yield {
      path: EXCHANGE_XML,
      data: utf8(exchangeXml(batch, objects())),
      modified: started,
      deflate: true,
    };
  }
  const fileName = `${study.protocolNumber.replace(/[^A-Za-z0-9_.-]+/g, '_')}-etmf-ems-${stamp(started)}.zip`;
  const file = await deps.exports.writeBytes(
    `etmf/${input.studyId}/${stamp(started)}-${ctx.requestId}.zip`,
    zipEntries(entries()),
    { fileName, contentType: 'application/zip' },
  );
  await deps.audit.append(
    auditEntry(
      ctx,
      {
        action: 'study.exported-etmf',
        target: { type: 'study', id: study.studyId, label: study.protocolNumber },
        after: {
          connectionId: input.connectionId ?? null,
          documents,
          unclassified,
          bytes: file.bytes,
          fileName,
        },
      },
      organisationId ?? study.sponsorOrganisationId,
    ),
  );
  return {
    url: file.url,
    expiresAt: file.expiresAt.toISOString(),
    fileName,
    documents,
    bytes: file.bytes,
    unclassified,
  };
};
