import { describe, expect, it } from 'vitest';
import { ApiError, type CallApi } from '../lib/api';
import { documentDetail, documentId } from '../testing/document-fixtures';
import { searchRecords } from './command-search';

/** A call that answers each operation from `answers` (a function: its answer, or a throw). */
const fakeCall =
  (answers: Record<string, (input: unknown) => unknown>, asked: string[] = []): CallApi =>
  (operation, input) => {
    asked.push(operation);
    const answer = answers[operation];
    if (answer === undefined) return Promise.reject(new Error(`unexpected ${operation}`));
    try {
      return Promise.resolve(answer(input)) as never;
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  };

const EMPTY = {
  'list-all-users': () => ({ users: [], count: 0, total: 0, nextCursor: null }),
  'list-organisations': () => ({ organisations: [], count: 0, total: 0, nextCursor: null }),
  getOrgSysList: () => ({ systems: [], count: 0, total: 0, nextCursor: null }),
  'list-studies': () => ({ studies: [], count: 0, total: 0, nextCursor: null }),
  'artifact/list-standards': () => ({ standards: [], nextCursor: null, total: 0 }),
};

describe('searchRecords', () => {
  it('searches nothing for less than two characters', async () => {
    const asked: string[] = [];
    expect(await searchRecords(' a ', fakeCall(EMPTY, asked))).toEqual({ hits: [], failed: [] });
    expect(asked).toEqual([]);
  });

  it('asks only the lists whose search takes the text (the contract decides)', async () => {
    const asked: string[] = [];
    // `&` is in an organisation's name, never in a user's search.
    await searchRecords('Smith & Co', fakeCall(EMPTY, asked));
    expect(asked.sort()).toEqual([
      'artifact/list-standards',
      'getOrgSysList',
      'list-organisations',
      'list-studies',
    ]);
  });

  it('looks a document up by its id, in any case, and leads to its page', async () => {
    const id = documentId(3);
    const asked: string[] = [];
    const answer = await searchRecords(
      id.toUpperCase(),
      fakeCall(
        {
          ...EMPTY,
          's3documents/get': (input) => {
            expect(input).toEqual({ documentId: id });
            return { document: documentDetail(3, { title: 'Site signature log' }) };
          },
        },
        asked,
      ),
    );
    expect(asked).toContain('s3documents/get');
    expect(answer.hits).toEqual([
      {
        kind: 'document',
        id: `document:${id}`,
        label: 'Site signature log',
        detail: expect.stringContaining(id) as string,
        to: `/admin/documents/view?documentId=${id}`,
      },
    ]);
  });

  it('takes a document not within reach as no hit, and any other refusal as a failed search', async () => {
    const id = documentId(4);
    const missing = () => {
      throw new ApiError('NOT_FOUND', 'No document with that id is within your reach.', 404);
    };
    expect(await searchRecords(id, fakeCall({ ...EMPTY, 's3documents/get': missing }))).toEqual({
      hits: [],
      failed: [],
    });
    const down = () => {
      throw new ApiError('INTERNAL', 'down', 500);
    };
    expect(await searchRecords(id, fakeCall({ ...EMPTY, 's3documents/get': down }))).toEqual({
      hits: [],
      failed: ['document'],
    });
  });
});
