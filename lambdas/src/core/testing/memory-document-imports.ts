import { createHash } from 'node:crypto';
import type {
  ConflictRecord,
  FiledRecord,
  FiledWithClaim,
  ImportClaim,
  ImportRecord,
  ImportStepRow,
  ImportStore,
  InventoryPosition,
  JoinMarker,
  NotFiledRecord,
} from '../ports/document-imports';
import { joinMarkerOf } from '../ports/document-imports';
import type { DocumentFiles } from '../ports/documents';

/**
 * eTMF-EMS imports in memory, with the DynamoDB adapter's semantics
 * (adapters/dynamodb-document-imports.ts): an import is created once; a step writes the import
 * only while it is still at the expected revision ('moved' otherwise), and a filed file only
 * while the study holds no claim on it ('claimed' otherwise; nothing is written) — the import,
 * its rows (an object's files together), the study's claims and the artifacts' `imported`
 * counters all or nothing; a resolved conflict only while it is open. A row that is already
 * there makes the step fail, as the adapter's cancelled transaction does. Records handed
 * out are copies.
 */
export class MemoryImportStore implements ImportStore {
  readonly imports = new Map<string, ImportRecord>();
  /** importId → seq → row. */
  readonly filed = new Map<string, Map<number, FiledRecord>>();
  readonly notFiled = new Map<string, Map<number, NotFiledRecord>>();
  readonly conflicts = new Map<string, Map<number, ConflictRecord>>();
  /** `${studyId}#${claim}` → what filed it. */
  readonly claims = new Map<string, ImportClaim>();
  /** The ARTCOUNT `imported` counters: `${studyId}#${artifactNumber}#${connectionId ?? ''}`. */
  readonly imported = new Map<string, number>();
  /** `${importId}#${object}` → the object's files still to join the study. */
  readonly joins = new Map<string, JoinMarker>();
  /** Every step asked for, with its answer (what the import was moved to, and how). */
  readonly steps: { next: ImportRecord; row: ImportStepRow['kind']; outcome: string }[] = [];

  getImport(importId: string): Promise<ImportRecord | null> {
    const record = this.imports.get(importId);
    return Promise.resolve(record === undefined ? null : structuredClone(record));
  }

  createImport(record: ImportRecord): Promise<void> {
    if (this.imports.has(record.importId)) {
      return Promise.reject(new Error(`Import ${record.importId} exists already.`));
    }
    this.imports.set(record.importId, structuredClone(record));
    return Promise.resolve();
  }

  step(
    next: ImportRecord,
    expectedRevision: number,
    row: ImportStepRow,
  ): Promise<'written' | 'moved' | 'claimed'> {
    const answer = (outcome: 'written' | 'moved' | 'claimed') => {
      this.steps.push({ next: structuredClone(next), row: row.kind, outcome });
      return Promise.resolve(outcome);
    };
    // The adapter tells the failed conditions apart in this order: the import first.
    if (this.imports.get(next.importId)?.revision !== expectedRevision) return answer('moved');
    const filed = row.kind === 'filed' || row.kind === 'resolved' ? row.rows : [];
    // DynamoDB refuses a transaction naming one item twice (ValidationException, not a
    // cancellation): two rows with one claim would never be written there.
    if (new Set(filed.map((f) => f.claim)).size !== filed.length) {
      return Promise.reject(
        new Error('Transaction request cannot include multiple operations on one item'),
      );
    }
    if (filed.some((f) => this.claims.has(`${next.studyId}#${f.claim}`))) return answer('claimed');
    if (row.kind === 'resolved') {
      if (this.conflicts.get(next.importId)?.get(row.row.seq)?.state !== 'open') {
        return answer('moved');
      }
    }
    const rows = this.filed.get(next.importId) ?? new Map<number, FiledRecord>();
    const added =
      row.kind === 'not-filed'
        ? this.notFiled.get(next.importId)?.has(row.row.seq) === true
        : row.kind === 'conflict' && this.conflicts.get(next.importId)?.has(row.row.seq) === true;
    // The adapter's puts are conditional on new keys: a row written twice is a bug.
    if (added || filed.some((f) => rows.has(f.row.seq))) {
      return Promise.reject(new Error('A row of this step exists already.'));
    }
    this.fileAll(next, filed);
    const marker = joinMarkerOf(next, filed);
    if (marker !== null) this.joins.set(`${marker.importId}#${String(marker.object)}`, marker);
    if (row.kind === 'not-filed')
      this.rowsOf(this.notFiled, next.importId).set(row.row.seq, structuredClone(row.row));
    if (row.kind === 'conflict' || row.kind === 'resolved') {
      this.rowsOf(this.conflicts, next.importId).set(row.row.seq, structuredClone(row.row));
    }
    this.imports.set(next.importId, structuredClone(next));
    return answer('written');
  }

  private fileAll(next: ImportRecord, filed: FiledWithClaim[]): void {
    if (filed.length === 0) return;
    const rows = this.rowsOf(this.filed, next.importId);
    for (const { row, claim } of filed) {
      rows.set(row.seq, structuredClone(row));
      this.claims.set(`${next.studyId}#${claim}`, { importId: next.importId, seq: row.seq });
      const counter = `${next.studyId}#${row.artifactNumber}#${row.connectionId ?? ''}`;
      this.imported.set(counter, (this.imported.get(counter) ?? 0) + 1);
    }
  }

  claimOf(studyId: string, claim: string): Promise<ImportClaim | null> {
    const found = this.claims.get(`${studyId}#${claim}`);
    return Promise.resolve(found === undefined ? null : { ...found });
  }

  studyImports(studyId: string, limit: number): Promise<ImportRecord[]> {
    const sortKey = (r: ImportRecord) => `${r.startedAt}#${r.importId}`;
    return Promise.resolve(
      [...this.imports.values()]
        .filter((r) => r.studyId === studyId)
        .sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1))
        .slice(0, limit)
        .map((r) => structuredClone(r)),
    );
  }

  filedPage(
    importId: string,
    afterSeq: number,
    limit: number,
  ): Promise<{ rows: FiledRecord[]; hasMore: boolean }> {
    const rows = [...(this.filed.get(importId)?.values() ?? [])]
      .filter((r) => r.seq > afterSeq)
      .sort((a, b) => a.seq - b.seq);
    return Promise.resolve({
      rows: rows.slice(0, limit).map((r) => structuredClone(r)),
      hasMore: rows.length > limit,
    });
  }

  getFiled(importId: string, seq: number): Promise<FiledRecord | null> {
    const found = this.filed.get(importId)?.get(seq);
    return Promise.resolve(found === undefined ? null : structuredClone(found));
  }

  notFiledRows(importId: string, limit: number): Promise<NotFiledRecord[]> {
    return Promise.resolve(
      [...(this.notFiled.get(importId)?.values() ?? [])]
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit)
        .map((r) => structuredClone(r)),
    );
  }

  conflictRows(importId: string, limit: number): Promise<ConflictRecord[]> {
    return Promise.resolve(
      [...(this.conflicts.get(importId)?.values() ?? [])]
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit)
        .map((r) => structuredClone(r)),
    );
  }

  getConflict(importId: string, seq: number): Promise<ConflictRecord | null> {
    const found = this.conflicts.get(importId)?.get(seq);
    return Promise.resolve(found === undefined ? null : structuredClone(found));
  }
  joinOf(importId: string, object: number): Promise<JoinMarker | null> {
    const found = this.joins.get(`${importId}#${String(object)}`);
    return Promise.resolve(found === undefined ? null : structuredClone(found));
  }

  joined(importId: string, at: InventoryPosition): Promise<void> {
    const key = `${importId}#${String(at.object)}`;
    const found = this.joins.get(key);
    if (found === undefined) return Promise.resolve();
    const files = found.files.filter((f) => f.file !== at.file);
    if (files.length === 0) this.joins.delete(key);
    else this.joins.set(key, { ...found, files });
    return Promise.resolve();
  }

  pendingJoins(limit: number): Promise<JoinMarker[]> {
    return Promise.resolve(
      [...this.joins.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .slice(0, limit)
        .map(([, m]) => structuredClone(m)),
    );
  }

  private rowsOf<T>(table: Map<string, Map<number, T>>, importId: string): Map<number, T> {
    let rows = table.get(importId);
    if (rows === undefined) {
      rows = new Map();
      table.set(importId, rows);
    }
    return rows;
  }
}

/**
 * The documents bucket in memory: a browser's upload is `put`, ranges are read from the bytes,
 * `store` consumes the stream (no further than `maxBytes`, as the S3 adapter does) and keeps the
 * bytes only once the stream has ended without an error, `read` streams an object in parts (a
 * missing one fails as S3's NoSuchKey), links are made-up URLs naming the key.
 */
export class MemoryDocumentFiles implements DocumentFiles {
  readonly objects = new Map<string, Buffer>();
  /** Each store that completed: its key, content type and what it answered. */
  readonly stored: { key: string; contentType: string; size: number; sha256: string }[] = [];
  /** Each keep (a staged file copied under records/): its key and what it answered. */
  readonly kept: { key: string; from: string; size: number; sha256: string }[] = [];
  readonly calls = {
    uploadUrl: 0,
    sizeOf: 0,
    readRange: 0,
    store: 0,
    keep: 0,
    read: 0,
    downloadUrl: 0,
    remove: 0,
  };
  /** Each key removed, in order (a recall's old key: document-returns.ts). */
  readonly removed: string[] = [];
  /** Awaited at the start of each store: a test holds an import in the middle of a file with it. */
  beforeStore: ((key: string) => Promise<void>) | null = null;
  /** The next store fails with this (after consuming nothing), as S3 that is down would. */
  failNextStore: Error | null = null;

  /** The browser's PUT to an upload link. */
  put(key: string, bytes: Uint8Array): void {
    this.objects.set(key, Buffer.from(bytes));
  }

  /** The keys held under a prefix (e.g. `records/`), sorted. */
  keysUnder(prefix: string): string[] {
    return [...this.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
  }

  uploadUrl(
    key: string,
    contentType: string,
    expiresInSeconds: number,
  ): Promise<{ url: string; headers: Record<string, string> }> {
    this.calls.uploadUrl += 1;
    return Promise.resolve({
      url: `https://documents.example.com/${key}?put=1&expires=${String(expiresInSeconds)}`,
      headers: { 'Content-Type': contentType },
    });
  }

  sizeOf(key: string): Promise<number | null> {
    this.calls.sizeOf += 1;
    return Promise.resolve(this.objects.get(key)?.length ?? null);
  }

  /** The scanner's status tag per key (`GuardDutyMalwareScanStatus`), as a test sets it. */
  readonly scanTags = new Map<string, string>();

  scanStatusOf(key: string): Promise<string | null> {
    return Promise.resolve(this.scanTags.get(key) ?? null);
  }

  readRange(key: string, start: number, endInclusive: number): Promise<Uint8Array> {
    this.calls.readRange += 1;
    // The documents bucket denies every read of a file GuardDuty found malware in (infra).
    if (this.scanTags.get(key) === 'THREATS_FOUND') {
      return Promise.reject(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' }));
    }
    const bytes = this.objects.get(key);
    if (bytes === undefined) {
      return Promise.reject(Object.assign(new Error(`No object ${key}.`), { name: 'NoSuchKey' }));
    }
    return Promise.resolve(Uint8Array.from(bytes.subarray(start, endInclusive + 1)));
  }

  async store(
    key: string,
    data: AsyncIterable<Uint8Array>,
    contentType: string,
    maxBytes: number,
  ): Promise<{ size: number; sha256: string }> {
    this.calls.store += 1;
    if (this.beforeStore !== null) await this.beforeStore(key);
    const failure = this.failNextStore;
    if (failure !== null) {
      this.failNextStore = null;
      throw failure;
    }
    const hash = createHash('sha256');
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      hash.update(chunk);
      size += chunk.byteLength;
      if (size > maxBytes) break;
      chunks.push(chunk);
    }
    const sha256 = hash.digest('hex');
    this.objects.set(key, Buffer.concat(chunks));
    this.stored.push({ key, contentType, size, sha256 });
    return { size, sha256 };
  }

  keep(
    incomingKey: string,
    recordKey: string,
    _contentType: string,
    maxBytes: number,
  ): Promise<{ size: number; sha256: string }> {
    this.calls.keep += 1;
    const bytes = this.objects.get(incomingKey);
    if (bytes === undefined) {
      return Promise.reject(
        Object.assign(new Error(`No object ${incomingKey}.`), { name: 'NoSuchKey' }),
      );
    }
    const copied = bytes.subarray(0, maxBytes + 1);
    const sha256 = createHash('sha256').update(copied).digest('hex');
    this.objects.set(recordKey, Buffer.from(copied));
    this.kept.push({ key: recordKey, from: incomingKey, size: copied.length, sha256 });
    return Promise.resolve({ size: copied.length, sha256 });
  }

  async *read(key: string): AsyncIterable<Uint8Array> {
    this.calls.read += 1;
    await Promise.resolve();
    const bytes = this.objects.get(key);
    if (bytes === undefined) {
      throw Object.assign(new Error(`No object ${key}.`), { name: 'NoSuchKey' });
    }
    // In parts, as S3's body stream comes: a reader must not count on one chunk.
    for (let at = 0; at < bytes.length; at += 64 * 1024) {
      yield Uint8Array.from(bytes.subarray(at, at + 64 * 1024));
    }
  }

  remove(key: string): Promise<void> {
    this.calls.remove += 1;
    this.removed.push(key);
    this.objects.delete(key);
    return Promise.resolve();
  }

  downloadUrl(
    key: string,
    fileName: string,
    contentType: string,
    expiresInSeconds: number,
  ): Promise<string> {
    this.calls.downloadUrl += 1;
    const query = new URLSearchParams({
      name: fileName,
      type: contentType,
      expires: String(expiresInSeconds),
    });
    return Promise.resolve(`https://documents.example.com/${key}?${query.toString()}`);
  }
}
