import type { RequestOf } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import { pageParams, useListQuery } from '../../../lib/use-list-query';

export type StandardQuery = Omit<RequestOf<'artifact/list-standards'>, 'cursor' | 'limit'>;

const loadStandards = async (query: StandardQuery, cursor: string | undefined) => {
  const { standards, nextCursor } = await callApi('artifact/list-standards', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { items: standards }, nextCursor };
};

/** The standards list (artifact/list-standards) for the query, a page at a time by cursor. */
export const useStandardList = (initial: StandardQuery) => useListQuery(loadStandards, initial);
