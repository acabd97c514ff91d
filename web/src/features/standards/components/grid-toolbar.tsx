import { useTranslation } from 'react-i18next';
import type { GridRows } from '../utils/grid-state';

interface GridToolbarProps {
  /** The grid's id, naming the toolbar's own ids. */
  id: string;
  editable: boolean;
  grid: GridRows;
  selectedCount: number;
  rowsWithProblems: number;
  onlyProblems: boolean;
  onAddRow: () => void;
  onDelete: () => void;
  /** Moves the selected rows one place up (-1) or down (1). */
  onMove: (by: -1 | 1) => void;
  onBulkEdit: () => void;
  onNextProblem: () => void;
  onOnlyProblems: (on: boolean) => void;
}

/**
 * The grid's toolbar: the row steps (editable only) on the selection, the problem count, "Next
 * problem" and the switch to show only the rows with problems.
 */
export const GridToolbar = ({
  id,
  editable,
  grid,
  selectedCount,
  rowsWithProblems,
  onlyProblems,
  onAddRow,
  onDelete,
  onMove,
  onBulkEdit,
  onNextProblem,
  onOnlyProblems,
}: GridToolbarProps) => {
  const { t } = useTranslation();
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-2"
      role="toolbar"
      aria-label={t('standards.grid.toolbar')}
    >
      {editable && (
        <>
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={onAddRow}>
            {t('standards.grid.addRow')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={selectedCount === 0}
            onClick={onDelete}
          >
            {t('standards.grid.deleteRows', { count: selectedCount })}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={selectedCount === 0}
            onClick={() => {
              onMove(-1);
            }}
          >
            {t('standards.grid.moveUp')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={selectedCount === 0}
            onClick={() => {
              onMove(1);
            }}
          >
            {t('standards.grid.moveDown')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={selectedCount === 0}
            onClick={onBulkEdit}
          >
            {t('standards.grid.bulkEdit', { count: selectedCount })}
          </button>
        </>
      )}
      <span className="ms-auto small" role="status" data-testid={`${id}-problem-count`}>
        {grid.problems.length === 0
          ? t('standards.grid.noProblems', { count: grid.rows.length })
          : t('standards.grid.problemCount', {
              count: grid.problems.length,
              rows: rowsWithProblems,
              total: grid.rows.length,
            })}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        disabled={grid.problems.length === 0}
        onClick={onNextProblem}
      >
        {t('standards.grid.nextProblem')}
      </button>
      <div className="form-check form-switch mb-0">
        <input
          id={`${id}-only-problems`}
          type="checkbox"
          className="form-check-input"
          checked={onlyProblems}
          onChange={(e) => {
            onOnlyProblems(e.target.checked);
          }}
        />
        <label className="form-check-label small" htmlFor={`${id}-only-problems`}>
          {t('standards.grid.onlyProblems')}
        </label>
      </div>
    </div>
  );
};
