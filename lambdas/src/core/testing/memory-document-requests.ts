import type {
  DocumentRequestStore,
  ExpectedListRecord,
  RequestRecord,
  RequestStorePut,
} from '../ports/document-requests';

/** The documents table's expected lists and requests, in memory (tests, as the adapter behaves). */
export class MemoryDocumentRequestStore implements DocumentRequestStore {
  readonly lists = new Map<string, ExpectedListRecord>();
  readonly items = new Map<string, RequestRecord>();
  /** Puts counted, so a test can make a commit fail after some of them (an interruption). */
  puts = 0;
  failAfterPuts: number | null = null;

  expected(studyId: string): Promise<ExpectedListRecord | null> {
    return Promise.resolve(structuredClone(this.lists.get(studyId) ?? null));
  }

  request(studyId: string, requestId: string): Promise<RequestRecord | null> {
    const found = this.items.get(requestId);
    return Promise.resolve(found?.studyId === studyId ? structuredClone(found) : null);
  }

  requests(studyId: string): Promise<RequestRecord[]> {
    return Promise.resolve(
      [...this.items.values()].filter((r) => r.studyId === studyId).map((r) => structuredClone(r)),
    );
  }

  commit(puts: readonly RequestStorePut[], writeId: string): Promise<RequestStorePut[]> {
    const conflicts: RequestStorePut[] = [];
    for (const put of puts) {
      if (this.failAfterPuts !== null && this.puts >= this.failAfterPuts) {
        return Promise.reject(new Error('the table went away'));
      }
      this.puts += 1;
      const now =
        put.kind === 'expected'
          ? this.lists.get(put.record.studyId)
          : this.items.get(put.record.requestId);
      const fits =
        put.expectedRevision === null ? now === undefined : now?.revision === put.expectedRevision;
      if (!fits) {
        if (now?.lastWriteId !== writeId) conflicts.push(put);
        continue;
      }
      if (put.kind === 'expected') this.lists.set(put.record.studyId, structuredClone(put.record));
      else this.items.set(put.record.requestId, structuredClone(put.record));
    }
    return Promise.resolve(conflicts);
  }
}
