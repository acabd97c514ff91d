import type { Classification, HoldReason } from '@ccsc/contract/documents';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { catalogueOf, type TmfArtifact, type TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import type { DocumentRecord } from '../core/ports/documents';
import {
  versionInUse,
  type RegistrySnapshot,
  type StandardRecord,
  type StandardVersionRecord,
} from '../core/ports/registry';
import type { StandardRowsStore } from '../core/ports/standard-rows';

/**
 * How the hub classifies a document: the sender's published mapping standard takes the sender's
 * own type code to a TMF Reference Model artifact; the receiver's takes that artifact to the
 * receiver's own type. Whatever is missing on the way holds the document with the reason and
 * words an administrator can act on; what was found so far is kept (the sender's half of the
 * path shows while the receiver's is missing).
 */

export type Verdict =
  | { ok: true; classification: Classification }
  | {
      ok: false;
      reason: HoldReason;
      detail: string;
      /** The path as far as it got (null when the sender's side is missing). */
      classification: Classification | null;
    };

/** A standard's rows as classification looks them up, kept per container by their content key. */
interface RowIndex {
  byCode: ReadonlyMap<string, MappingRow>;
  byArtifact: ReadonlyMap<string, readonly MappingRow[]>;
}

const ROW_INDEXES_KEPT = 64;
const rowIndexes = new Map<string, RowIndex>();

/**
 * The rows under a key, indexed. The key names the rows by their SHA-256, so a copy never goes
 * stale; the oldest copies are let go past ROW_INDEXES_KEPT.
 */
export const rowIndexOf = async (
  rows: Pick<StandardRowsStore, 'get'>,
  rowsKey: string,
): Promise<RowIndex> => {
  const known = rowIndexes.get(rowsKey);
  if (known !== undefined) return known;
  const list = await rows.get(rowsKey);
  const byCode = new Map<string, MappingRow>();
  const byArtifact = new Map<string, MappingRow[]>();
  for (const row of list) {
    const code = row.sourceCode.trim().toLowerCase();
    if (code !== '' && !byCode.has(code)) byCode.set(code, row);
    if (row.artifactNumber !== '') {
      const at = byArtifact.get(row.artifactNumber) ?? [];
      at.push(row);
      byArtifact.set(row.artifactNumber, at);
    }
  }
  const index = { byCode, byArtifact };
  rowIndexes.set(rowsKey, index);
  if (rowIndexes.size > ROW_INDEXES_KEPT) {
    const oldest = rowIndexes.keys().next().value;
    if (oldest !== undefined) rowIndexes.delete(oldest);
  }
  return index;
};

/** The standard whose version in use names the system, with that version. */
export const standardOf = (
  snapshot: RegistrySnapshot,
  systemId: string,
): { standard: StandardRecord; version: StandardVersionRecord } | null => {
  for (const standard of snapshot.standards.values()) {
    const version = versionInUse(standard);
    if (version?.systemIds.includes(systemId) === true) return { standard, version };
  }
  return null;
};

const systemName = (snapshot: RegistrySnapshot, systemId: string): string =>
  snapshot.systems.get(systemId)?.name ?? systemId;

/** A sub-artifact as compared: case and white space do not count ("Medical License" = "medicallicense"). */
const subKey = (subArtifact: string): string => subArtifact.replace(/\s+/gu, '').toLowerCase();

/**
 * Of the receiver's rows for the artifact, the one the standard decides, never a guess: the only
 * row; else those of the sender's sub-artifact, or (none of it) those for the whole artifact (no
 * sub-artifact); of several, the one the standard marks `equal` to the artifact. Whatever stays
 * open is ambiguous, with the candidates for the receiver's administrator to tell apart.
 */
export const bestReceiverRow = (
  rows: readonly MappingRow[],
  subArtifact: string,
): { row: MappingRow } | { row: null; candidates: readonly MappingRow[] } => {
  const [only] = rows;
  if (rows.length === 1 && only !== undefined) return { row: only };
  const wanted = subKey(subArtifact);
  const same = wanted === '' ? [] : rows.filter((r) => subKey(r.subArtifact) === wanted);
  const pool = same.length > 0 ? same : rows.filter((r) => subKey(r.subArtifact) === '');
  const equal = pool.length === 1 ? pool : pool.filter((r) => r.equivalence === 'equal');
  const [picked] = equal;
  if (equal.length === 1 && picked !== undefined) return { row: picked };
  return { row: null, candidates: pool.length > 1 ? pool : rows };
};

/** The candidates of an ambiguous mapping, as the receiver's administrator reads them. */
const candidatesOf = (rows: readonly MappingRow[]): string =>
  rows
    .map(
      (r) =>
        `${r.sourceCode} “${r.sourceName}”${r.subArtifact === '' ? '' : ` (${r.subArtifact})`}`,
    )
    .join(', ');

/**
 * The sender's half of the path: through the sender's standard (its row for the document's type),
 * or — for a document an import filed — the artifact its inventory named (no sender standard).
 */
const senderHalf = async (
  doc: Pick<DocumentRecord, 'senderSystemId' | 'typeCode' | 'source'>,
  snapshot: RegistrySnapshot,
  rows: Pick<StandardRowsStore, 'get'>,
): Promise<
  | { ok: true; half: Classification; row: Pick<MappingRow, 'subArtifact' | 'requiredMetadata'> }
  | Extract<Verdict, { ok: false }>
> => {
  const imported = doc.source ?? null;
  if (imported !== null) {
    const catalogue = catalogueOf('3.3');
    const artifact =
      catalogue === null
        ? undefined
        : indexCatalogue(catalogue).artifacts.get(imported.artifactNumber);
    if (catalogue === null || artifact === undefined) {
      return {
        ok: false,
        reason: 'sender-type-unmapped',
        detail: `The import filed it as ${imported.artifactNumber}, which the TMF Reference Model 3.3 does not have.`,
        classification: null,
      };
    }
    const subArtifact = imported.subArtifact ?? '';
    return {
      ok: true,
      half: halfOf(catalogue, artifact, subArtifact, imported.level, {
        standardId: '',
        version: 0,
        typeCode: artifact.number,
        typeName: artifact.name,
      }),
      row: { subArtifact, requiredMetadata: [] },
    };
  }
  const sender = standardOf(snapshot, doc.senderSystemId);
  if (sender === null) {
    return {
      ok: false,
      reason: 'sender-no-standard',
      detail: `The sending system ${systemName(snapshot, doc.senderSystemId)} has no published mapping standard.`,
      classification: null,
    };
  }
  const senderRows = await rowIndexOf(rows, sender.version.rowsKey);
  const row = senderRows.byCode.get(doc.typeCode.trim().toLowerCase());
  const catalogue = catalogueOf(sender.standard.catalogueVersion);
  const artifact =
    row === undefined || catalogue === null
      ? undefined
      : indexCatalogue(catalogue).artifacts.get(row.artifactNumber);
  if (row === undefined || artifact === undefined || catalogue === null) {
    return {
      ok: false,
      reason: 'sender-type-unmapped',
      detail: `“${sender.version.name}” (version ${String(sender.version.version)}) does not map the document type “${doc.typeCode}”.`,
      classification: null,
    };
  }
  const filingLevel = row.filingLevel === '' ? (artifact.levels[0] ?? 'trial') : row.filingLevel;
  return {
    ok: true,
    half: halfOf(catalogue, artifact, row.subArtifact, filingLevel, {
      standardId: sender.standard.standardId,
      version: sender.version.version,
      typeCode: row.sourceCode,
      typeName: row.sourceName,
    }),
    row,
  };
};

const halfOf = (
  catalogue: TmfCatalogue,
  artifact: TmfArtifact,
  subArtifact: string,
  filingLevel: Classification['filingLevel'],
  sender: Classification['sender'],
): Classification => {
  const zone = catalogue.zones.find((z) => z.number === artifact.number.slice(0, 2));
  const section = zone?.sections.find((s) => s.number === artifact.number.slice(0, 5));
  return {
    catalogueVersion: catalogue.version,
    artifactNumber: artifact.number,
    artifactName: artifact.name,
    zoneName: zone?.name ?? '',
    sectionName: section?.name ?? '',
    subArtifact,
    filingLevel,
    sender,
    receiver: null,
  };
};

export const classify = async (
  doc: Pick<
    DocumentRecord,
    | 'senderSystemId'
    | 'receiverSystemId'
    | 'typeCode'
    | 'personName'
    | 'organisationName'
    | 'source'
  >,
  snapshot: RegistrySnapshot,
  rows: Pick<StandardRowsStore, 'get'>,
): Promise<Verdict> => {
  const found = await senderHalf(doc, snapshot, rows);
  if (!found.ok) return found;
  const { half, row } = found;
  const artifact = { number: half.artifactNumber, name: half.artifactName };
  const missing = row.requiredMetadata.filter(
    (m) =>
      (m === 'personName' && doc.personName === null) ||
      (m === 'organisationName' && doc.organisationName === null),
  );
  if (missing.length > 0) {
    return {
      ok: false,
      reason: 'metadata-missing',
      detail: `${artifact.number} ${artifact.name} needs ${missing.map((m) => (m === 'personName' ? 'the person’s name (personName)' : 'the organisation’s name (organisationName)')).join(' and ')}; the document was sent without it.`,
      classification: half,
    };
  }
  const receiver = standardOf(snapshot, doc.receiverSystemId);
  if (receiver === null) {
    return {
      ok: false,
      reason: 'receiver-no-standard',
      detail: `The receiving system ${systemName(snapshot, doc.receiverSystemId)} has no published mapping standard.`,
      classification: half,
    };
  }
  const receiverRows = await rowIndexOf(rows, receiver.version.rowsKey);
  const targets = receiverRows.byArtifact.get(artifact.number) ?? [];
  const best = bestReceiverRow(targets, row.subArtifact);
  if (best.row === null && targets.length > 1) {
    return {
      ok: false,
      reason: 'ambiguous-mapping',
      detail: `“${receiver.version.name}” (version ${String(receiver.version.version)}) maps ${String(best.candidates.length)} document types to ${artifact.number} ${artifact.name} and nothing decides between them${row.subArtifact === '' ? ' (the document has no sub-artifact)' : ` for the sub-artifact “${row.subArtifact}”`}: ${candidatesOf(best.candidates)}. Give each type its own sub-artifact, or mark one equal to the artifact.`,
      classification: half,
    };
  }
  const target = best.row;
  if (target === null) {
    return {
      ok: false,
      reason: 'receiver-artifact-unmapped',
      detail: `“${receiver.version.name}” (version ${String(receiver.version.version)}) maps no document type to ${artifact.number} ${artifact.name}.`,
      classification: half,
    };
  }
  return {
    ok: true,
    classification: {
      ...half,
      receiver: {
        standardId: receiver.standard.standardId,
        version: receiver.version.version,
        typeCode: target.sourceCode,
        typeName: target.sourceName,
      },
    },
  };
};
