import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/scroll-region';

/**
 * An organisation section's table: the empty state when there are no rows, else a table that
 * scrolls sideways on a narrow screen, with a visually hidden heading over a last column of
 * row actions when the rows carry any.
 */
export const SectionTable = ({
  of,
  rowCount,
  columns,
  actions = false,
  children,
}: {
  /** Whose texts: the table is named by its `heading` and its empty state says its `none`. */
  of: 'systems' | 'studies' | 'connections';
  /** How many rows there are: with none, the empty state stands instead of the table. */
  rowCount: number;
  /** The columns' headings (`<th scope="col">`), in order. */
  columns: readonly ReactNode[];
  /** The rows end in a column of actions. */
  actions?: boolean;
  /** The rows. */
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return rowCount === 0 ? (
    <p className="text-body-secondary">{t(`registry.${of}.none`)}</p>
  ) : (
    <ScrollRegion label={t(`registry.${of}.heading`)}>
      <table className="table align-middle" aria-label={t(`registry.${of}.heading`)}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">{t('registry.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
};
