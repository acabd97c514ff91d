import {
  type CatalogueIndex,
  type MappingRow,
  ROW_FIELDS,
  type RowField,
  type RowProblem,
} from '@ccsc/contract/standard-rows';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  changeRows,
  deleteRows,
  type GridRows,
  insertRow,
  moveRows,
  problemsByRow,
} from '../utils/grid-state';
import { useProblemText } from '../utils/problem-text';
import { BulkEditDialog } from './bulk-edit-dialog';
import { cellId, GridRow, ROW_HEIGHT } from './grid-row';
import { GridHead, HEADER_HEIGHT } from './grid-head';
import { GridToolbar } from './grid-toolbar';

type Change = (grid: GridRows) => GridRows;

/** What the page may ask of the grid: the steps its own toolbar takes, from outside it. */
export interface RowsGridHandle {
  /**
   * Adds a row the way "Add row" does (after the selected rows, else at the end), begun already
   * when `row` is given, and focuses its `field`.
   */
  addRow: (row?: MappingRow, field?: RowField) => void;
  /** Scrolls the row at `position` into view and focuses its `field` (as "Next problem" does). */
  reveal: (position: number, field: RowField) => void;
}

interface RowsGridProps {
  /** Names the grid's ids (two grids may be on one page). */
  id: string;
  /** The table's accessible name. */
  label: string;
  grid: GridRows;
  catalogue: CatalogueIndex;
  /** Cells are inputs, and rows are added, removed, moved and edited in bulk. */
  editable: boolean;
  onChange?: (change: Change) => void;
  /** The file line each row was read from (an import's preview). */
  lines?: readonly number[];
  /** The scroll area's height. */
  height?: string;
  /** The rows the page looks for (by position): highlighted, and `aria-current`. */
  marked?: ReadonlySet<number>;
  ref?: Ref<RowsGridHandle>;
}

/**
 * A standard's rows as an editable grid, virtualised (@tanstack/react-virtual): only the rows in
 * view (and a few around) are in the DOM, as table rows with real cells and labelled controls
 * ("Artifact, row 3"), so a screen reader and Playwright see them; `aria-rowcount` and
 * `aria-rowindex` say where they are in the whole. Every edit goes through grid-state.ts (the
 * contract's incremental validation); a cell with a problem is `aria-invalid` and says it in the
 * reader's language beneath. The toolbar counts the problems, steps to the next one and can show
 * only the rows that have one.
 */
export const RowsGrid = ({
  id,
  label,
  grid,
  catalogue,
  editable,
  onChange,
  lines,
  height = '65vh',
  marked,
  ref,
}: RowsGridProps) => {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [onlyProblems, setOnlyProblems] = useState(false);
  /** Rows shown while "only rows with problems" is on although fixed meanwhile (by key). */
  const [kept, setKept] = useState<ReadonlySet<number>>(() => new Set());
  const [bulk, setBulk] = useState(false);
  /** A cell to focus once its row is rendered (after "next problem" or "add row"). */
  const focusTarget = useRef<{ key: number; field: RowField } | null>(null);
  const [, setFocusRequests] = useState(0);
  const focusLater = (key: number, field: RowField) => {
    focusTarget.current = { key, field };
    setFocusRequests((n) => n + 1); // renders again, even when no scrolling is needed
  };
  const lastFocus = useRef<{ position: number; field: RowField } | null>(null);
  const problemText = useProblemText(catalogue);
  /** The sub-artifacts offered while a row's sub-artifact is edited: one list for the grid. */
  const [subChoices, setSubChoices] = useState<readonly string[]>([]);
  const subListId = `${id}-sub-artifacts`;
  const offerSubs = useCallback((subs: readonly string[]) => {
    setSubChoices(subs);
  }, []);

  const byRow = useMemo(() => problemsByRow(grid.problems), [grid.problems]);
  const visible = useMemo(() => {
    if (!onlyProblems) return null;
    const positions: number[] = [];
    grid.keys.forEach((key, position) => {
      if (byRow.has(position) || kept.has(key)) positions.push(position);
    });
    return positions;
  }, [onlyProblems, grid.keys, byRow, kept]);
  const count = visible === null ? grid.rows.length : visible.length;
  const positionAt = useCallback(
    (index: number) => (visible === null ? index : (visible[index] ?? -1)),
    [visible],
  );

  // The console does not run the React Compiler: the virtualizer renders this component again
  // on every scroll itself, and the rows below are memoised by their own props.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => grid.keys[positionAt(index)] ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  // After every render: the cell asked for is focused once its row is in the DOM.
  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    const element = document.getElementById(cellId(id, target.key, target.field));
    if (element !== null) {
      focusTarget.current = null;
      element.focus();
    }
  });

  const change = useCallback(
    (update: Change, key?: number) => {
      if (onChange === undefined) return;
      onChange(update);
      if (onlyProblems && key !== undefined) {
        setKept((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
      }
    },
    [onChange, onlyProblems],
  );

  const editAt = useCallback(
    (position: number, key: number, edit: (row: MappingRow) => MappingRow) => {
      change((g) => changeRows(g, [position], edit, catalogue.catalogue), key);
    },
    [change, catalogue],
  );

  const toggle = useCallback((key: number, on: boolean) => {
    setSelected((keys) => {
      const next = new Set(keys);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const selectedPositions = () => {
    const positions = new Set<number>();
    grid.keys.forEach((key, position) => {
      if (selected.has(key)) positions.add(position);
    });
    return positions;
  };

  const goTo = (position: number, field: RowField) => {
    const key = grid.keys[position];
    if (key === undefined) return;
    const index = visible === null ? position : visible.indexOf(position);
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: 'center' });
    focusLater(key, field);
  };
  const goToRef = useRef(goTo);
  useEffect(() => {
    goToRef.current = goTo;
  });
  const showProblem = useCallback((position: number, field: RowField) => {
    goToRef.current(position, field);
  }, []);

  const fieldOrder = (field: RowField) => ROW_FIELDS.indexOf(field);
  const nextProblem = () => {
    const from = lastFocus.current;
    const after = (p: RowProblem) =>
      from === null ||
      p.row > from.position ||
      (p.row === from.position && fieldOrder(p.field) > fieldOrder(from.field));
    const next = grid.problems.find(after) ?? grid.problems[0];
    if (next === undefined) return;
    lastFocus.current = { position: next.row, field: next.field };
    goTo(next.row, next.field);
  };

  const addRow = (row?: MappingRow, field: RowField = 'sourceCode') => {
    const positions = selectedPositions();
    const at = positions.size === 0 ? grid.rows.length : Math.max(...positions) + 1;
    const key = grid.nextKey;
    change((g) => insertRow(g, at, catalogue.catalogue, row), key);
    if (visible !== null) setKept((keys) => new Set(keys).add(key));
    focusLater(key, field);
    // The new row is there on the next render; scroll to where it will be.
    requestAnimationFrame(() => {
      virtualizer.scrollToIndex(visible === null ? at : count, { align: 'center' });
    });
  };

  useImperativeHandle(ref, () => ({ addRow, reveal: goTo }));

  const rowsWithProblems = byRow.size;
  const shownKeys = useMemo(
    () => (visible === null ? grid.keys : visible.map((p) => grid.keys[p] ?? -1)),
    [visible, grid.keys],
  );
  const allShownSelected =
    shownKeys.length > 0 &&
    selected.size >= shownKeys.length &&
    shownKeys.every((k) => selected.has(k));

  return (
    <div data-testid={`${id}-grid`}>
      <GridToolbar
        id={id}
        editable={editable}
        grid={grid}
        selectedCount={selected.size}
        rowsWithProblems={rowsWithProblems}
        onlyProblems={onlyProblems}
        onAddRow={() => {
          addRow();
        }}
        onDelete={() => {
          const positions = selectedPositions();
          change((g) => deleteRows(g, positions, catalogue.catalogue));
          setSelected(new Set());
        }}
        onMove={(by) => {
          const positions = selectedPositions();
          change((g) => moveRows(g, positions, by));
        }}
        onBulkEdit={() => {
          setBulk(true);
        }}
        onNextProblem={nextProblem}
        onOnlyProblems={(on) => {
          setOnlyProblems(on);
          setKept(new Set());
        }}
      />
      <div
        ref={scroller}
        className="border rounded overflow-auto position-relative"
        style={{ height }}
        data-virtual-scroll=""
        onFocusCapture={(e) => {
          const row = (e.target as HTMLElement).closest<HTMLElement>('[data-position]');
          const field = (e.target as HTMLElement).closest<HTMLElement>('[data-field]');
          if (row !== null) {
            lastFocus.current = {
              position: Number(row.dataset.position),
              field: (field?.dataset.field as RowField | undefined) ?? 'sourceCode',
            };
          }
        }}
      >
        <table
          className="table table-sm align-top mb-0"
          style={{ tableLayout: 'fixed', width: 'max-content', minWidth: '100%' }}
          aria-label={label}
          aria-rowcount={count + 1}
          data-testid={`${id}-table`}
        >
          <GridHead
            editable={editable}
            withLines={lines !== undefined}
            allSelected={allShownSelected}
            disabled={count === 0}
            onSelectAll={(on) => {
              setSelected(on ? new Set(shownKeys) : new Set());
            }}
          />
          <tbody>
            {before > 0 && (
              <tr aria-hidden="true" style={{ height: before }}>
                <td colSpan={ROW_FIELDS.length + 4} className="p-0 border-0" />
              </tr>
            )}
            {items.map((item) => {
              const position = positionAt(item.index);
              const row = grid.rows[position];
              const key = grid.keys[position];
              if (row === undefined || key === undefined) return null;
              return (
                <GridRow
                  key={key}
                  gridId={id}
                  rowKey={key}
                  position={position}
                  row={row}
                  problems={byRow.get(position)}
                  selected={selected.has(key)}
                  marked={marked?.has(position) === true}
                  editable={editable}
                  line={lines?.[position]}
                  catalogue={catalogue}
                  problemText={problemText}
                  onEdit={editAt}
                  onSelect={toggle}
                  onShowProblem={showProblem}
                  subListId={subListId}
                  onOfferSubs={offerSubs}
                />
              );
            })}
            {after > 0 && (
              <tr aria-hidden="true" style={{ height: after }}>
                <td colSpan={ROW_FIELDS.length + 4} className="p-0 border-0" />
              </tr>
            )}
          </tbody>
        </table>
        {count === 0 && (
          <p className="text-body-secondary p-3 mb-0" role="status">
            {grid.rows.length === 0
              ? t('standards.grid.empty')
              : t('standards.grid.noneWithProblems')}
          </p>
        )}
      </div>
      <datalist id={subListId}>
        {subChoices.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {bulk && (
        <BulkEditDialog
          count={selected.size}
          catalogue={catalogue}
          onCancel={() => {
            setBulk(false);
          }}
          onApply={(edit) => {
            const positions = [...selectedPositions()];
            change((g) => changeRows(g, positions, edit, catalogue.catalogue));
            setBulk(false);
          }}
        />
      )}
    </div>
  );
};
