import type { ReactNode } from 'react';
import { LoadingIndicator } from './loading-indicator';
import { type Paged, Pager } from './pager';
import { RetryAlert } from './retry-alert';

/** What the screen shows of its list (lib/use-list-query.ts gives all of it). */
interface ShownList extends Paged {
  initialLoading: boolean;
  error: unknown;
  items: readonly unknown[];
  reload: () => void;
}

interface PagedListProps {
  list: ShownList;
  /** How many rows are shown of how many ("Showing 25 of 40"), said above them; none if absent. */
  showing?: string;
  /** What to say when the page could not be loaded (the server's words where it refused). */
  failure: string;
  retryLabel: string;
  /** What to say when there is nothing to show. */
  empty: string;
  /** Names the pager ("Pages of organisations"). */
  pagingLabel: string;
  /** The table of the rows. */
  children: ReactNode;
}

/**
 * A list screen's rows, a page at a time: loading at first, the failure with Retry, a line when
 * there is nothing, otherwise the table (kept, marked busy, while the next page loads); then the
 * pager.
 */
export const PagedList = ({
  list,
  showing,
  failure,
  retryLabel,
  empty,
  pagingLabel,
  children,
}: PagedListProps) => {
  let body;
  if (list.initialLoading) {
    body = <LoadingIndicator className="my-4" />;
  } else if (list.error !== null && !list.loading) {
    body = <RetryAlert message={failure} retryLabel={retryLabel} onRetry={list.reload} />;
  } else if (list.items.length === 0 && !list.loading) {
    body = (
      <p className="alert alert-secondary" role="status">
        {empty}
      </p>
    );
  } else {
    body = children;
  }
  return (
    <>
      {showing !== undefined && list.error === null && list.items.length > 0 && (
        <p className="text-body-secondary small">{showing}</p>
      )}
      {body}
      <Pager label={pagingLabel} pages={list} />
    </>
  );
};
