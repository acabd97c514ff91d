import type { ReactNode } from 'react';

/** A column's heading: its text, or its text and the classes of its header cell. */
export type ColumnHead = string | { label: string; className: string };

interface ListTableProps {
  /** Names the table for a screen reader. */
  label: string;
  /** A page is loading: the rows stay, dimmed and marked busy. */
  loading: boolean;
  /** The columns' headings (`<th scope="col">`), in order… */
  columns?: readonly ColumnHead[];
  /** …or header cells of the table's own (sort buttons, say). */
  head?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/**
 * A list screen's table: scrolls sideways on a narrow screen, busy while the next page loads. The
 * box is the containing block of what is placed absolutely inside it (a visually hidden column
 * heading), which it then clips: else that widens the whole page at 390 px.
 */
export const ListTable = ({ label, loading, columns = [], head, children }: ListTableProps) => (
  <div className="table-responsive position-relative">
    <table
      className={`table table-hover align-middle${loading ? ' opacity-50' : ''}`}
      aria-label={label}
      aria-busy={loading}
    >
      <thead>
        <tr>
          {columns.map((column, i) =>
            typeof column === 'string' ? (
              <th key={i} scope="col">
                {column}
              </th>
            ) : (
              <th key={i} scope="col" className={column.className}>
                {column.label}
              </th>
            ),
          )}
          {head}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  </div>
);
