import * as z from 'zod';
import { expectedRowSchema } from '@ccsc/contract/document-requests';

/**
 * Expected documents and document requests (issue 35, part 3), kept in the documents table
 * (adapters/dynamodb-document-requests.ts): a study's expected list one item
 * (`EXPECTED#<studyId>` / `LIST`), its requests one item each (`REQUESTS#<studyId>` /
 * `<requestId>`). A request's state is not stored: documents/request-states.ts computes it when
 * read, from `cancelledAt`, the deliveries on its connection and today.
 */

export const expectedListRecordSchema = z.object({
  studyId: z.string(),
  revision: z.number().int(),
  rows: z.array(expectedRowSchema),
  updatedAt: z.string(),
  updatedBy: z.string(),
  /** The journaled write that made this revision (a step run again finds its own change). */
  lastWriteId: z.string(),
});
export type ExpectedListRecord = z.infer<typeof expectedListRecordSchema>;

export const requestRecordSchema = z.object({
  requestId: z.string(),
  revision: z.number().int(),
  studyId: z.string(),
  connectionId: z.string(),
  siteOrganisationId: z.string(),
  sponsorOrganisationId: z.string(),
  croOrganisationId: z.string().nullable(),
  artifactNumber: z.string(),
  dueDate: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  lastWriteId: z.string(),
});
export type RequestRecord = z.infer<typeof requestRecordSchema>;

/** One record of a write, put only if still at `expectedRevision` (null: only if absent). */
export type RequestStorePut =
  | { kind: 'expected'; record: ExpectedListRecord; expectedRevision: number | null }
  | { kind: 'request'; record: RequestRecord; expectedRevision: number | null };

export interface DocumentRequestStore {
  expected(studyId: string): Promise<ExpectedListRecord | null>;
  /** Every request of a study, in no particular order. */
  requests(studyId: string): Promise<RequestRecord[]>;
  request(studyId: string, requestId: string): Promise<RequestRecord | null>;
  /**
   * Writes each record on its condition. A record whose condition fails is left alone and
   * reported, unless it already carries `writeId` (written by an earlier run of the same write):
   * so a step run again after an interruption is done, and someone else's change is a conflict.
   * Answers the records that conflicted.
   */
  commit(puts: readonly RequestStorePut[], writeId: string): Promise<RequestStorePut[]>;
}
