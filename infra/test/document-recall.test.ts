import { describe, expect, it } from 'vitest';
import { JOB_PERMISSIONS, PERMISSIONS } from '../lib/permissions';

/**
 * A recall stops the downloads at once (issue 35; lambdas' documents/document-returns.ts): the
 * kept file moved to a new records key and the old key deleted — a delete marker in the versioned
 * documents bucket, every version kept. Only the functions that run the return write may delete,
 * only under records/, and nothing may delete a version.
 */
const RETURN_OPERATIONS = [
  's3documents/return',
  'partner-reject-document',
  'partner-recall-document',
  'partner-confirm-recall',
  'partner-decline-recall',
] as const;

type Grants = readonly { on: string; actions: readonly string[] }[];
const recordsActions = (grants: Grants) =>
  grants.filter((g) => g.on === 'documentRecords').flatMap((g) => g.actions);
const deletesOnDocuments = (grants: Grants) =>
  grants
    .filter((g) => g.on.startsWith('document') && g.on !== 'documentsTable')
    .flatMap((g) => g.actions.filter((a) => a.startsWith('s3:Delete')).map((a) => `${g.on} ${a}`));

describe('A recall moves the file and deletes the old key (issue 35)', () => {
  it('lets every return operation and the job finishing returns copy and delete under records/', () => {
    for (const grants of [
      ...RETURN_OPERATIONS.map((op) => PERMISSIONS[op]),
      JOB_PERMISSIONS['document-follow-ups'],
    ]) {
      expect(recordsActions(grants)).toEqual(
        expect.arrayContaining(['s3:GetObject', 's3:PutObject', 's3:DeleteObject']),
      );
      expect(deletesOnDocuments(grants)).toEqual(['documentRecords s3:DeleteObject']);
    }
  });

  it('lets no other function or job delete from the documents bucket, and none a version', () => {
    const others = [
      ...Object.entries(PERMISSIONS).filter(
        ([op]) => !(RETURN_OPERATIONS as readonly string[]).includes(op),
      ),
      ...Object.entries(JOB_PERMISSIONS).filter(([job]) => job !== 'document-follow-ups'),
    ];
    expect(others.length).toBeGreaterThan(20);
    for (const [name, grants] of others) {
      expect([name, deletesOnDocuments(grants as Grants)]).toEqual([name, []]);
    }
    const everyAction = [...Object.values(PERMISSIONS), ...Object.values(JOB_PERMISSIONS)].flatMap(
      (grants) => (grants as Grants).flatMap((g) => g.actions),
    );
    expect(everyAction.filter((a) => a.startsWith('s3:DeleteObjectVersion'))).toEqual([]);
  });
});
