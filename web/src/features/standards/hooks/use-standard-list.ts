import { callApi } from '../../../lib/api';
import type { ListQuery } from '../../../lib/list-query';
import { pageParams, useListQuery } from '../../../lib/use-list-query';
import { standardKeys } from '../api/keys';

export type StandardQuery = ListQuery<'artifact/list-standards'>;

const loadStandards = async (query: StandardQuery, cursor: string | undefined) => {
  const { standards, nextCursor, total } = await callApi('artifact/list-standards', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { items: standards, total }, nextCursor };
};

/**
 * The standards list (artifact/list-standards) for the query, a page at a time by cursor, with
 * how many match in all.
 */
export const useStandardList = (initial: StandardQuery) =>
  useListQuery(standardKeys.list, loadStandards, initial);
