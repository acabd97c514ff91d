import type { routes } from '@ccsc/contract/routes';
import { reachOf } from '@ccsc/contract/reach';
import { catalogueOf, type TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import { ConflictError, NotFoundError } from '../core/errors';
import type { Core } from '../core/request';
import { exchangeXml, type EmsBatch, type EmsObject } from './exchange/exchange-xml';
import { contentUrlOf, EXCHANGE_XML, uniquePath } from './exchange/layout';
import { utf8, zipEntries, type ZipEntrySource } from './exchange/zip-writer';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import {
  type DocumentFiles,
  type DocumentRecord,
  type DocumentStore,
  isDelivered,
} from '../core/ports/documents';
import type { ImportStore } from '../core/ports/document-imports';
import type { PackageExports } from '../core/ports/exports';
import type { Registry } from '../core/ports/registry';
import { auditEntry } from '../core/audit-entry';
import { onSponsorSide } from './document-views';
import { supersededBy } from './document-versions';
import { documentObjectOf, importedObjectOf } from './export-objects';
import {
  anyFiled,
  filedFiles,
  filedKeyOf,
  filedObjectsOf,
  scannedObjectsOf,
} from './export-imported';
import type { FiledRecord } from '../core/ports/document-imports';

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
  /** The study's imports: what they filed is packaged with what was sent. */
  imports: Pick<ImportStore, 'studyImports' | 'filedPage'>;
  files: Pick<DocumentFiles, 'read' | 'scanStatusOf'>;
  exports: PackageExports;
  audit: Pick<AuditTrail, 'append'>;
  clock: Clock;
}

type Route = (typeof routes)['s3documents/export-etmf'];

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
  // Delivered (or acknowledged) only: never a held, awaiting or quarantined document. A document
  // an import filed is exported as the import's object (its row, below), once, not per receiver.
  const included = (r: DocumentRecord) =>
    isDelivered(r) &&
    r.objectKey !== null &&
    r.classification !== null &&
    (r.source ?? null) === null &&
    inReach(r);
  // What imports filed: the sponsor side's all, a site's own connections', a connection's own.
  const filedInReach = (row: FiledRecord) =>
    row.filedAt <= cutoff &&
    (input.connectionId !== undefined
      ? row.connectionId === input.connectionId
      : sponsorSide ||
        (row.connectionId !== null && ownSite(snapshot.connections.get(row.connectionId))));
  const filed = () => filedFiles(deps.imports, input.studyId, filedInReach);

  // Nothing to package is said before anything is written (an inventory needs one object). The
  // same pass learns the versions: which are superseded, and each version's first (its OBJECTID).
  let exportable = 0;
  const superseded = new Set<string>();
  const earlierOf = new Map<string, string>();
  for await (const record of everyDocument(deps, list, cutoff)) {
    if (included(record)) exportable += 1;
    for (const id of supersededBy(record)) superseded.add(id);
    if (record.supersedesDocumentId != null) {
      earlierOf.set(record.documentId, record.supersedesDocumentId);
    }
  }
  if (exportable === 0 && !(await anyFiled(filed()))) {
    throw new ConflictError(
      'There is no delivered or imported document to export here yet within your reach.',
    );
  }
  /** The versions of a document share the OBJECTID of the first (a receiver links them by it). */
  const firstVersionOf = (documentId: string): string => {
    let id = documentId;
    for (let hops = 0; hops < 1000; hops += 1) {
      const earlier = earlierOf.get(id);
      if (earlier === undefined) break;
      id = earlier;
    }
    return id;
  };

  const pathOf = new Map<string, string>();
  const taken = new Set<string>();
  let documents = 0;
  let unclassified = 0;
  async function* entries(): AsyncIterable<ZipEntrySource> {
    for await (const record of everyDocument(deps, list, cutoff)) {
      // Kept but not delivered (held, awaiting its scan, quarantined): left out, and counted. A
      // document an import filed is the import's object (below), whatever became of its delivery.
      if (
        inReach(record) &&
        record.objectKey !== null &&
        (record.source ?? null) === null &&
        !included(record)
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
    // An imported object goes in whole once the malware scan found each of its files clean
    // (GuardDuty's tag on the kept copy); else it is left out, and counted with the held ones.
    for await (const files of scannedObjectsOf(filed(), deps.files)) {
      if (!files.clean) {
        unclassified += 1;
        continue;
      }
      documents += 1;
      for (const row of files.rows) {
        const path = uniquePath(contentUrlOf(row.artifactNumber, row.fileName, catalogue), taken);
        pathOf.set(filedKeyOf(row), path);
        yield {
          path,
          data: deps.files.read(row.objectKey),
          modified: new Date(row.filedAt),
          size: row.size,
        };
      }
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
        const object = documentObjectOf(record, path, catalogue, snapshot, {
          objectId: firstVersionOf(record.documentId),
          state: superseded.has(record.documentId) ? 'Superseded' : 'Current',
        });
        if (object !== null) yield object;
      }
      for await (const files of filedObjectsOf(filed(), pathOf)) {
        const object = importedObjectOf(files, catalogue, snapshot);
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
