import type { CatalogueIndex } from '@ccsc/contract/standard-rows';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import type { RowLookup } from '../../../config/standard-paths';
import type { GridRows } from '../utils/grid-state';
import type { StandardVersion } from '../utils/standard-types';
import { type LookupStep, RowLookupNotice } from './row-lookup-notice';
import { RowsGrid, type RowsGridHandle } from './rows-grid';

interface StandardRowsSectionProps {
  gridRef: Ref<RowsGridHandle>;
  standard: StandardVersion;
  grid: GridRows;
  /** The catalogue of the standard's version, loading or failed. */
  catalogue: { index: CatalogueIndex | null; error: unknown; retry: () => void };
  editable: boolean;
  onGridChange: (change: (grid: GridRows) => GridRows) => void;
  /** The row the address asks for, the rows found for it (by position), marked in the grid. */
  lookup: RowLookup | null;
  found: readonly number[];
  marked: ReadonlySet<number>;
  lookupStep: LookupStep;
}

/** The version's rows: the row the address looks for, and the grid once the catalogue loaded. */
export const StandardRowsSection = ({
  gridRef,
  standard,
  grid,
  catalogue,
  editable,
  onGridChange,
  lookup,
  found,
  marked,
  lookupStep,
}: StandardRowsSectionProps) => {
  const { t } = useTranslation();
  return (
    <section className="mb-3" aria-labelledby="rows-heading">
      <h2 id="rows-heading" className="h5">
        {t('standards.editor.rowsHeading')}
      </h2>
      {/*
        Inserted once the grid shows (the catalogue loaded), so that it is announced; and only
        once the version's rows are in the grid — before, the row looked for would read as missing.
      */}
      <div aria-live="polite">
        {lookup !== null &&
          catalogue.index !== null &&
          (grid.rows.length > 0 || standard.rowCount === 0) && (
            <RowLookupNotice
              lookup={lookup}
              catalogue={catalogue.index}
              found={found}
              draft={standard.status === 'draft'}
              step={lookupStep}
            />
          )}
      </div>
      {catalogue.index !== null ? (
        <RowsGrid
          ref={gridRef}
          id="rows"
          label={t('standards.editor.gridLabel', {
            name: standard.name,
            version: standard.version,
          })}
          grid={grid}
          catalogue={catalogue.index}
          editable={editable}
          onChange={onGridChange}
          marked={marked}
        />
      ) : catalogue.error !== null ? (
        <RetryAlert
          message={t('standards.catalogueFailed')}
          retryLabel={t('standards.retry')}
          onRetry={catalogue.retry}
          className="gap-2"
        />
      ) : (
        <LoadingIndicator className="my-3" />
      )}
    </section>
  );
};
