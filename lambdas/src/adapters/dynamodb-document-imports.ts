import {
  artifactCountKey,
  importedClaimKey,
  importKey,
  importRowKey,
  JOIN_MARKERS_PK,
  joinMarkerKey,
  studyImportKey,
} from '../data-model';
import type {
  ConflictRecord,
  FiledRecord,
  ImportClaim,
  ImportRecord,
  ImportStepRow,
  ImportStore,
  InventoryPosition,
  JoinMarker,
  NotFiledRecord,
} from '../core/ports/document-imports';
import { joinMarkerOf } from '../core/ports/document-imports';
import { jitteredBackoff } from './backoff';
import { batchGetAll, isCancelled, isConditionFailure } from './clients/dynamodb';
import { DynamoTable, newItemPut } from './dynamodb-table';

/** How often a step crossed by another write (TransactionConflict) is tried again. */
const STEP_ATTEMPTS = 4;

const KEY_ATTRIBUTES: ReadonlySet<string> = new Set(['pk', 'sk']);
/** An item's fields without its keys: the record it was written from. */
const withoutKeys = (item: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name)));

/**
 * eTMF-EMS imports in the documents table (data-model.ts, "eTMF-EMS imports"): the import, its
 * rows, its place in the study's list and the study's claims on what it holds.
 */
export class DynamoImportStore extends DynamoTable implements ImportStore {
  async getImport(importId: string): Promise<ImportRecord | null> {
    const item = await this.getItem(importKey(importId));
    return item === undefined ? null : (withoutKeys(item) as unknown as ImportRecord);
  }

  async createImport(record: ImportRecord): Promise<void> {
    const { client, sdk } = await this.db();
    await client.send(
      new sdk.TransactWriteCommand({
        TransactItems: [
          newItemPut(this.tableName, { ...record, ...importKey(record.importId) }),
          newItemPut(this.tableName, {
            ...studyImportKey(record.studyId, record.startedAt, record.importId),
            importId: record.importId,
          }),
        ],
      }),
    );
  }

  async step(
    next: ImportRecord,
    expectedRevision: number,
    row: ImportStepRow,
  ): Promise<'written' | 'moved' | 'claimed'> {
    const { client, sdk } = await this.db();
    const progress = {
      Put: {
        TableName: this.tableName,
        Item: { ...next, ...importKey(next.importId) },
        ConditionExpression: 'revision = :revision',
        ExpressionAttributeValues: { ':revision': expectedRevision },
      },
    };
    if (row.kind === 'none') {
      try {
        await client.send(new sdk.PutCommand(progress.Put));
        return 'written';
      } catch (err) {
        if (isConditionFailure(err)) return 'moved';
        throw err;
      }
    }
    const filed = row.kind === 'filed' || row.kind === 'resolved' ? row.rows : [];
    const rows: Record<string, unknown>[] = filed.flatMap((f) => [
      newItemPut(this.tableName, { ...f.row, ...importRowKey(next.importId, 'FILED', f.row.seq) }),
      newItemPut(this.tableName, {
        ...importedClaimKey(next.studyId, f.claim),
        importId: next.importId,
        seq: f.row.seq,
      }),
    ]);
    // One ADD per counter: a transaction may not touch an item twice (an object's files share one).
    const counters = new Map<string, { artifactNumber: string; connectionId: string; n: number }>();
    for (const { row: r } of filed) {
      const key = `${r.artifactNumber}#${r.connectionId ?? ''}`;
      const known = counters.get(key);
      if (known !== undefined) known.n += 1;
      else
        counters.set(key, {
          artifactNumber: r.artifactNumber,
          connectionId: r.connectionId ?? '',
          n: 1,
        });
    }
    for (const c of counters.values()) {
      rows.push({
        Update: {
          TableName: this.tableName,
          Key: artifactCountKey(next.studyId, c.artifactNumber, c.connectionId),
          UpdateExpression: 'ADD #imported :n',
          ExpressionAttributeNames: { '#imported': 'imported' },
          ExpressionAttributeValues: { ':n': c.n },
        },
      });
    }
    // What is filed is to join the study (its documents): the marker in the same transaction.
    const marker = joinMarkerOf(next, filed);
    if (marker !== null) rows.push(newItemPut(this.tableName, markerItemOf(marker)));
    if (row.kind === 'not-filed') {
      rows.push(
        newItemPut(this.tableName, {
          ...row.row,
          ...importRowKey(next.importId, 'NOTFILED', row.row.seq),
        }),
      );
    } else if (row.kind === 'conflict') {
      rows.push(
        newItemPut(this.tableName, {
          ...row.row,
          ...importRowKey(next.importId, 'CONFLICT', row.row.seq),
        }),
      );
    } else if (row.kind === 'resolved') {
      rows.push({
        Put: {
          TableName: this.tableName,
          Item: { ...row.row, ...importRowKey(next.importId, 'CONFLICT', row.row.seq) },
          ConditionExpression: '#state = :open',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':open': 'open' },
        },
      });
    }
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.send(new sdk.TransactWriteCommand({ TransactItems: [...rows, progress] }));
        return 'written';
      } catch (err) {
        if (!isCancelled(err)) throw err;
        // Which condition failed: the import moved on, or the study holds the file already.
        const now = await this.getImport(next.importId);
        if (now?.revision !== expectedRevision) return 'moved';
        for (const f of filed) {
          if ((await this.claimOf(next.studyId, f.claim)) !== null) return 'claimed';
        }
        if (row.kind === 'resolved') {
          const conflict = await this.getConflict(next.importId, row.row.seq);
          if (conflict?.state !== 'open') return 'moved';
        }
        // None: a write crossing it (a delivery ADDing to the same artifact counter).
        if (attempt >= STEP_ATTEMPTS) throw err;
        await jitteredBackoff(attempt + 1, 500);
      }
    }
  }

  async claimOf(studyId: string, claim: string): Promise<ImportClaim | null> {
    const item = await this.getItem(importedClaimKey(studyId, claim));
    return item === undefined ? null : { importId: String(item.importId), seq: Number(item.seq) };
  }

  async studyImports(studyId: string, limit: number): Promise<ImportRecord[]> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': studyImportKey(studyId, '', '').pk },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    const ids = (out.Items ?? []).map((i) => String(i.importId));
    const items = await batchGetAll(
      { client, sdk },
      this.tableName,
      ids.map((id) => importKey(id)),
      'imports',
    );
    const found = new Map(
      items.map((item) => withoutKeys(item) as unknown as ImportRecord).map((r) => [r.importId, r]),
    );
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  async filedPage(
    importId: string,
    afterSeq: number,
    limit: number,
  ): Promise<{ rows: FiledRecord[]; hasMore: boolean }> {
    const { client, sdk } = await this.db();
    const from = importRowKey(importId, 'FILED', afterSeq);
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :after AND :last',
        ExpressionAttributeValues: {
          ':pk': from.pk,
          ':after': `${from.sk}~`,
          ':last': 'FILED#~',
        },
        Limit: limit + 1,
        ConsistentRead: true,
      }),
    );
    const rows = (out.Items ?? []).map((i) => withoutKeys(i) as unknown as FiledRecord);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  async getFiled(importId: string, seq: number): Promise<FiledRecord | null> {
    const item = await this.getItem(importRowKey(importId, 'FILED', seq));
    return item === undefined ? null : (withoutKeys(item) as unknown as FiledRecord);
  }

  notFiledRows(importId: string, limit: number): Promise<NotFiledRecord[]> {
    return this.rowsOf<NotFiledRecord>(importId, 'NOTFILED#', limit);
  }

  conflictRows(importId: string, limit: number): Promise<ConflictRecord[]> {
    return this.rowsOf<ConflictRecord>(importId, 'CONFLICT#', limit);
  }

  async getConflict(importId: string, seq: number): Promise<ConflictRecord | null> {
    const item = await this.getItem(importRowKey(importId, 'CONFLICT', seq));
    return item === undefined ? null : (withoutKeys(item) as unknown as ConflictRecord);
  }

  /** An import's first `limit` rows of one kind, in order. */
  private async rowsOf<T>(importId: string, kind: string, limit: number): Promise<T[]> {
    const { client, sdk } = await this.db();
    const out: T[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new sdk.QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :kind)',
          ExpressionAttributeValues: { ':pk': importKey(importId).pk, ':kind': kind },
          Limit: limit - out.length,
          ConsistentRead: true,
          ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        }),
      );
      out.push(...(page.Items ?? []).map((i) => withoutKeys(i) as unknown as T));
      start = page.LastEvaluatedKey;
    } while (start !== undefined && out.length < limit);
    return out;
  }

  async joinOf(importId: string, object: number): Promise<JoinMarker | null> {
    const item = await this.getItem(joinMarkerKey(importId, object));
    return item === undefined ? null : markerOfItem(item);
  }

  async joined(importId: string, at: InventoryPosition): Promise<void> {
    const { client, sdk } = await this.db();
    const key = joinMarkerKey(importId, at.object);
    let left: unknown;
    try {
      const out = await client.send(
        new sdk.UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: 'REMOVE #files.#file',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#files': 'files', '#file': String(at.file) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      left = out.Attributes?.files;
    } catch (err) {
      if (isConditionFailure(err)) return; // gone already: every file joined
      throw err;
    }
    if (typeof left === 'object' && left !== null && Object.keys(left).length > 0) return;
    try {
      await client.send(
        new sdk.DeleteCommand({
          TableName: this.tableName,
          Key: key,
          // Only while nothing waits (a concurrent call may not add files, but be exact anyway).
          ConditionExpression: 'size(#files) = :none',
          ExpressionAttributeNames: { '#files': 'files' },
          ExpressionAttributeValues: { ':none': 0 },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  async pendingJoins(limit: number): Promise<JoinMarker[]> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': JOIN_MARKERS_PK },
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map(markerOfItem);
  }
}

/** The marker as an item: its files as a map (file position → row seq), so one is REMOVEd. */
const markerItemOf = (marker: JoinMarker): Record<string, unknown> => ({
  ...joinMarkerKey(marker.importId, marker.object),
  importId: marker.importId,
  studyId: marker.studyId,
  object: marker.object,
  filedAt: marker.filedAt,
  files: Object.fromEntries(marker.files.map((f) => [String(f.file), f.seq])),
});

const markerOfItem = (item: Record<string, unknown>): JoinMarker => {
  const files = typeof item.files === 'object' && item.files !== null ? item.files : {};
  return {
    importId: String(item.importId),
    studyId: String(item.studyId),
    object: Number(item.object),
    filedAt: String(item.filedAt),
    files: Object.entries(files)
      .map(([file, seq]) => ({ file: Number(file), seq: Number(seq) }))
      .sort((a, b) => a.file - b.file),
  };
};
