/**
 * The document bench's history: documents written straight into the documents table, as the
 * adapter writes them, with a fixed-seed generator (`documents.ts`).
 */
import { createHash } from 'node:crypto';
import type {
  Classification,
  DocumentEvent,
  DocumentState,
  HoldReason,
} from '@ccsc/contract/documents';
import {
  TABLES,
  idempotencyKey,
  inboxEntryKey,
  inboxHeadKey,
  tableName,
} from '@ccsc/lambdas/data-model';
import { type DocumentRecord, documentCounterItems, documentItemOf } from '@ccsc/lambdas/adapters';
import { batchWriter } from './support';
import { CATALOGUE, generator, IN_FLIGHT, localDynamo } from './documents-kit';
import {
  type DocumentBench,
  type HistoricConnection,
  SITE_ONLY,
  SITE_SENDS,
  SITE_TYPES,
  SPONSOR_ONLY,
  SPONSOR_SENDS,
  SPONSOR_TYPES,
  type Standard,
  type TypeRow,
  UNMAPPED_SITE_TYPE,
  UNMAPPED_SPONSOR_TYPE,
} from './documents-types';

// ---------- the history: documents straight into the documents table ----------

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const PEOPLE = [
  'Jana Müller',
  'Luc Martin',
  'Ana García',
  'Marco Rossi',
  'Ewa Nowak',
  'Kenji Sato',
];
const LANGUAGES = ['en', 'en', 'en', 'de', 'fr', 'es', 'it', 'pl'];
const DAY = 86_400_000;

/** How the hub classified an artifact from the sender's standard to the receiver's. */
const classificationOf = (
  senderType: TypeRow,
  sender: Standard,
  receiverType: TypeRow | null,
  receiver: Standard,
): Classification => {
  const zone = CATALOGUE.zones.find((z) => z.number === senderType.artifact.slice(0, 2));
  const section = zone?.sections.find((s) => s.number === senderType.artifact.slice(0, 5));
  const artifact = section?.artifacts.find((a) => a.number === senderType.artifact);
  return {
    catalogueVersion: '3.3',
    artifactNumber: senderType.artifact,
    artifactName: artifact?.name ?? '',
    zoneName: zone?.name ?? '',
    sectionName: section?.name ?? '',
    subArtifact: senderType.subArtifact,
    filingLevel: 'site',
    sender: {
      standardId: sender.standardId,
      version: sender.version,
      typeCode: senderType.code,
      typeName: senderType.name,
    },
    receiver:
      receiverType === null
        ? null
        : {
            standardId: receiver.standardId,
            version: receiver.version,
            typeCode: receiverType.code,
            typeName: receiverType.name,
          },
  };
};

/** The history, oldest first: documents over the year before the bench, in every state. */
function* history(bench: DocumentBench, count: number): Generator<DocumentRecord> {
  const random = generator(17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const { historic } = bench;
  // Connections weighted by their site's share, the studies' shares 5:3:2.
  const studyShares = [0.5, 0.3, 0.2];
  const weighted = historic.connections.map((conn) => ({
    conn,
    weight:
      conn.site.share *
      (studyShares[historic.connections.filter((x) => x.site === conn.site).indexOf(conn)] ?? 0.1),
  }));
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  const connectionAt = (roll: number): HistoricConnection => {
    let left = roll * total;
    for (const w of weighted) {
      left -= w.weight;
      if (left < 0) return w.conn;
    }
    return (weighted.at(-1) as { conn: HistoricConnection }).conn;
  };
  const seq = new Map<string, number>();
  const span = 365 * DAY - 2 * 3_600_000;
  const start = Date.now() - 365 * DAY;
  const step = span / count;
  for (let n = 0; n < count; n += 1) {
    const conn = connectionAt(random());
    const toSponsor = random() < 0.85;
    const sentMs = start + n * step + random() * step * 0.9;
    const at = (later: number) => new Date(sentMs + later).toISOString();
    const sentAt = at(0);
    const senderStandard = toSponsor ? conn.site.standard : historic.standard;
    const receiverStandard = toSponsor ? historic.standard : conn.site.standard;
    const sender = toSponsor
      ? { systemId: conn.siteSystem.systemId, organisationId: conn.site.org.organisationId }
      : { systemId: historic.etmf.systemId, organisationId: historic.sponsor.organisationId };
    const receiver = toSponsor
      ? { systemId: historic.etmf.systemId, organisationId: historic.sponsor.organisationId }
      : { systemId: conn.siteSystem.systemId, organisationId: conn.site.org.organisationId };
    let documentId = 'doc-';
    for (let i = 0; i < 26; i += 1) documentId += ID_ALPHABET[Math.floor(random() * 32)] ?? '0';
    const size = Math.round(20_000 * Math.exp(random() * 5));
    const fileSha = createHash('sha256').update(documentId).digest('hex');
    const key = `${sender.systemId.slice(-8)}-${String(n).padStart(7, '0')}`;
    const by = `system:${sender.systemId}`;
    const roll = random();
    const state: DocumentState =
      roll < 0.025
        ? 'awaiting-upload'
        : roll < 0.085
          ? 'held'
          : roll < 0.25
            ? 'delivered'
            : 'acknowledged';
    const holdRoll = random();
    // What the sponsor sends is about no person: its documents lack no name.
    const holdReason: HoldReason | null =
      state !== 'held'
        ? null
        : holdRoll < 0.4
          ? 'sender-type-unmapped'
          : holdRoll < 0.6 || (holdRoll < 0.75 && !toSponsor)
            ? 'receiver-artifact-unmapped'
            : holdRoll < 0.75
              ? 'metadata-missing'
              : holdRoll < 0.92
                ? 'checksum-mismatch'
                : 'size-mismatch';
    // The type fits the state, as the standards published above classify it (so the scheduled
    // release of held documents finds nothing to change): a held one is of a type the sender's
    // standard does not map, of an artifact the receiver's does not map, or of a person without
    // the person's name; any other of a type both sides map.
    const senderType =
      holdReason === 'receiver-artifact-unmapped'
        ? toSponsor
          ? SITE_ONLY
          : SPONSOR_ONLY
        : holdReason === 'metadata-missing'
          ? pick(SITE_SENDS.filter((t) => t.person))
          : toSponsor
            ? pick(SITE_SENDS)
            : pick(SPONSOR_SENDS);
    const receiverType =
      (toSponsor ? SPONSOR_TYPES : SITE_TYPES).find((t) => t.artifact === senderType.artifact) ??
      null;
    const typeCode =
      holdReason === 'sender-type-unmapped'
        ? toSponsor
          ? UNMAPPED_SITE_TYPE
          : UNMAPPED_SPONSOR_TYPE
        : senderType.code;
    const personName = senderType.person && holdReason !== 'metadata-missing' ? pick(PEOPLE) : null;
    const events: DocumentEvent[] = [{ at: sentAt, event: 'announced', by, detail: null }];
    const upAt = at(30_000 + random() * 600_000);
    let received: DocumentRecord['received'] = null;
    let objectKey: string | null = null;
    let classification: Classification | null = null;
    let holdDetail: string | null = null;
    let uploads = 1;
    let revision = 1;
    let inboxSeq: number | null = null;
    let deliveredAt: string | null = null;
    let acknowledgedAt: string | null = null;
    let updatedAt = sentAt;
    const half = classificationOf(senderType, senderStandard, null, receiverStandard);
    if (holdReason === 'checksum-mismatch' || holdReason === 'size-mismatch') {
      holdDetail =
        holdReason === 'size-mismatch'
          ? `The file that arrived has ${String(size - 1024)} bytes; ${String(size)} were announced. Upload it again (send again with the same idempotencyKey for a new URL) and complete.`
          : `The SHA-256 of the file that arrived is ${createHash('sha256').update(key).digest('hex')}; ${fileSha} was announced. Upload it again (send again with the same idempotencyKey for a new URL) and complete.`;
      received =
        holdReason === 'size-mismatch'
          ? { size: size - 1024, sha256: '' }
          : { size, sha256: createHash('sha256').update(key).digest('hex') };
      uploads = 2;
      revision = 2;
      updatedAt = upAt;
      events.push(
        { at: upAt, event: 'uploaded', by, detail: null },
        { at: upAt, event: 'held', by: 'hub', detail: holdDetail },
      );
    } else if (state !== 'awaiting-upload') {
      received = { size, sha256: fileSha };
      objectKey = `records/${conn.studyId}/${documentId}`;
      revision = 2;
      updatedAt = upAt;
      events.push(
        { at: upAt, event: 'uploaded', by, detail: null },
        {
          at: upAt,
          event: 'received',
          by: 'hub',
          detail: `SHA-256 and size (${String(size)} bytes) verified.`,
        },
      );
      if (state === 'held') {
        classification = holdReason === 'sender-type-unmapped' ? null : half;
        holdDetail =
          holdReason === 'sender-type-unmapped'
            ? `“${senderStandard.name}” (version ${String(senderStandard.version)}) does not map the document type “${typeCode}”.`
            : holdReason === 'metadata-missing'
              ? `${half.artifactNumber} ${half.artifactName} needs the person’s name (personName); the document was sent without it.`
              : `“${receiverStandard.name}” (version ${String(receiverStandard.version)}) maps no document type to ${half.artifactNumber} ${half.artifactName}.`;
        events.push({ at: upAt, event: 'held', by: 'hub', detail: holdDetail });
      } else {
        classification = classificationOf(
          senderType,
          senderStandard,
          receiverType,
          receiverStandard,
        );
        const next = (seq.get(receiver.systemId) ?? 0) + 1;
        seq.set(receiver.systemId, next);
        inboxSeq = next;
        deliveredAt = upAt;
        events.push(
          {
            at: upAt,
            event: 'classified',
            by: 'hub',
            detail: `${typeCode} → ${half.artifactNumber} ${half.artifactName} → ${receiverType?.code ?? ''}`,
          },
          { at: upAt, event: 'delivered', by: 'hub', detail: null },
        );
        if (state === 'acknowledged') {
          acknowledgedAt = at(3_600_000 + random() * 3 * DAY);
          updatedAt = acknowledgedAt;
          revision = 3;
          events.push({
            at: acknowledgedAt,
            event: 'acknowledged',
            by: `system:${receiver.systemId}`,
            detail: null,
          });
        }
      }
    }
    const downloads =
      objectKey !== null && random() < 0.04
        ? [{ at: at(2 * DAY), by: bench.sites[0]?.admin.email ?? 'admin@bench.example' }]
        : [];
    yield {
      documentId,
      revision: revision + downloads.length,
      idempotencyKey: key,
      requestHash: createHash('sha256').update(`${key}${typeCode}`).digest('hex'),
      state,
      holdReason,
      holdDetail,
      direction: toSponsor ? 'site-to-sponsor' : 'sponsor-to-site',
      connectionId: conn.connectionId,
      studyId: conn.studyId,
      siteOrganisationId: conn.site.org.organisationId,
      sponsorOrganisationId: historic.sponsor.organisationId,
      croOrganisationId: conn.croOrganisationId,
      senderSystemId: sender.systemId,
      senderOrganisationId: sender.organisationId,
      receiverSystemId: receiver.systemId,
      receiverOrganisationId: receiver.organisationId,
      typeCode,
      title: `${senderType.name}${personName === null ? '' : ` – ${personName}`}, site ${conn.siteNumber}`,
      version: `${String(1 + Math.floor(random() * 3))}.0`,
      documentDate: new Date(sentMs - random() * 20 * DAY).toISOString().slice(0, 10),
      language: pick(LANGUAGES),
      personName,
      organisationName: null,
      fileName: `${typeCode}_${sentAt.slice(0, 10)}_${String(n)}.pdf`,
      contentType: 'application/pdf',
      size,
      sha256: fileSha,
      received,
      uploads,
      objectKey,
      classification,
      inboxSeq,
      sentAt,
      updatedAt,
      deliveredAt,
      acknowledgedAt,
      events,
      downloads,
      downloadCount: downloads.length,
    };
  }
}

/**
 * The history written with BatchWriteItem, 25 items a batch, IN_FLIGHT batches at once: each
 * document, its idempotency key and (delivered) its inbox entry, then each inbox's head and the
 * counters (`DOCSTATS#…`) the documents' transactions would have left (documentCounterItems).
 */
export const seedHistory = async (bench: DocumentBench, count: number) => {
  const { db, close } = localDynamo(bench.c);
  const table = tableName('local', TABLES.documents);
  const counts = { documents: 0, held: 0, items: 0, counters: 0 };
  /** What each document counts by (its events and downloads left out: they count nothing). */
  const counted: DocumentRecord[] = [];
  const heads = new Map<string, number>();
  const writer = batchWriter(db, table, IN_FLIGHT);
  const add = writer.add;
  try {
    for (const record of history(bench, count)) {
      counts.documents += 1;
      if (record.state === 'held') counts.held += 1;
      counted.push({ ...record, events: [], downloads: [] });
      await add(documentItemOf(record));
      await add({
        ...idempotencyKey(record.senderSystemId, record.idempotencyKey),
        documentId: record.documentId,
      });
      if (record.inboxSeq !== null) {
        await add({
          ...inboxEntryKey(record.receiverSystemId, record.inboxSeq),
          documentId: record.documentId,
        });
        heads.set(record.receiverSystemId, record.inboxSeq);
      }
    }
    for (const [systemId, seq] of heads) await add({ ...inboxHeadKey(systemId), seq });
    for (const item of documentCounterItems(counted)) {
      counts.counters += 1;
      await add(item);
    }
    counts.items = await writer.done();
  } finally {
    close();
  }
  return counts;
};
