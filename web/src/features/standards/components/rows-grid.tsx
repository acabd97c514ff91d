import {
  type CatalogueIndex,
  EQUIVALENCES,
  FILING_LEVELS,
  type MappingRow,
  REQUIRED_METADATA,
  ROW_FIELDS,
  ROW_LIMITS,
  type RowField,
  type RowProblem,
} from '@ccsc/contract/standard-rows';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  type ReactNode,
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
  withArtifact,
  withLevel,
} from '../utils/grid-state';
import { useProblemText } from '../utils/problem-text';
import { ArtifactPicker, artifactText } from './artifact-picker';
import { BulkEditDialog } from './bulk-edit-dialog';

/** Every row is this high (px): fixed, so that 5,000 rows need no measuring. */
export const ROW_HEIGHT = 64;
const HEADER_HEIGHT = 40;

const COLUMN_WIDTHS: Record<RowField, number> = {
  sourceCode: 150,
  sourceName: 220,
  sourcePath: 180,
  artifactNumber: 300,
  subArtifact: 200,
  filingLevel: 130,
  requiredMetadata: 290,
  equivalence: 130,
  comment: 220,
};
type TextField = 'sourceCode' | 'sourceName' | 'sourcePath' | 'comment';

/** The id of a row's cell control (or of the cell, read-only), for focus and "next problem". */
const cellId = (gridId: string, key: number, field: RowField) =>
  `${gridId}-${String(key)}-${field}`;

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
      <div
        className="d-flex flex-wrap align-items-center gap-2 mb-2"
        role="toolbar"
        aria-label={t('standards.grid.toolbar')}
      >
        {editable && (
          <>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => {
                addRow();
              }}
            >
              {t('standards.grid.addRow')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={selected.size === 0}
              onClick={() => {
                const positions = selectedPositions();
                change((g) => deleteRows(g, positions, catalogue.catalogue));
                setSelected(new Set());
              }}
            >
              {t('standards.grid.deleteRows', { count: selected.size })}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={selected.size === 0}
              onClick={() => {
                const positions = selectedPositions();
                change((g) => moveRows(g, positions, -1));
              }}
            >
              {t('standards.grid.moveUp')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={selected.size === 0}
              onClick={() => {
                const positions = selectedPositions();
                change((g) => moveRows(g, positions, 1));
              }}
            >
              {t('standards.grid.moveDown')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={selected.size === 0}
              onClick={() => {
                setBulk(true);
              }}
            >
              {t('standards.grid.bulkEdit', { count: selected.size })}
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
          onClick={nextProblem}
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
              setOnlyProblems(e.target.checked);
              setKept(new Set());
            }}
          />
          <label className="form-check-label small" htmlFor={`${id}-only-problems`}>
            {t('standards.grid.onlyProblems')}
          </label>
        </div>
      </div>
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
          <colgroup>
            <col style={{ width: 40 }} />
            <col style={{ width: 64 }} />
            {lines !== undefined && <col style={{ width: 64 }} />}
            {ROW_FIELDS.map((field) => (
              <col key={field} style={{ width: COLUMN_WIDTHS[field] }} />
            ))}
            <col style={{ width: 110 }} />
          </colgroup>
          <thead className="sticky-top bg-body" style={{ zIndex: 2 }}>
            <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
              <th scope="col">
                {editable && (
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={t('standards.grid.selectAll')}
                    checked={allShownSelected}
                    disabled={count === 0}
                    onChange={(e) => {
                      const on = e.target.checked;
                      setSelected(on ? new Set(shownKeys) : new Set());
                    }}
                  />
                )}
              </th>
              <th scope="col">{t('standards.grid.row')}</th>
              {lines !== undefined && <th scope="col">{t('standards.grid.line')}</th>}
              {ROW_FIELDS.map((field) => (
                <th scope="col" key={field}>
                  {t(`standards.column.${field}`)}
                </th>
              ))}
              <th scope="col">{t('standards.grid.problems')}</th>
            </tr>
          </thead>
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

interface GridRowProps {
  gridId: string;
  rowKey: number;
  position: number;
  row: MappingRow;
  problems: RowProblem[] | undefined;
  selected: boolean;
  /** One of the rows the page looks for. */
  marked: boolean;
  editable: boolean;
  line: number | undefined;
  catalogue: CatalogueIndex;
  problemText: (problem: RowProblem, row: MappingRow) => string;
  onEdit: (position: number, key: number, edit: (row: MappingRow) => MappingRow) => void;
  onSelect: (key: number, on: boolean) => void;
  onShowProblem: (position: number, field: RowField) => void;
  subListId: string;
  onOfferSubs: (subs: readonly string[]) => void;
}

/** One row: re-rendered only when it, its problems, its place or its selection change. */
const GridRow = memo(function GridRow({
  gridId,
  rowKey,
  position,
  row,
  problems,
  selected,
  marked,
  editable,
  line,
  catalogue,
  problemText,
  onEdit,
  onSelect,
  onShowProblem,
  subListId,
  onOfferSubs,
}: GridRowProps) {
  const { t } = useTranslation();
  const number = position + 1;
  const cellLabel = (field: RowField) =>
    t('standards.grid.cellLabel', { column: t(`standards.column.${field}`), row: number });
  const messagesOf = (field: RowField) =>
    (problems ?? []).filter((p) => p.field === field).map((p) => problemText(p, row));
  const edit = (patch: Partial<MappingRow>) => {
    onEdit(position, rowKey, (r) => ({ ...r, ...patch }));
  };
  const artifact = catalogue.artifacts.get(row.artifactNumber.trim());

  /** A cell: its control (or text), and its problems beneath, tied to the control. */
  const cell = (
    field: RowField,
    control: (problem: { invalid: boolean; describedBy?: string }) => ReactNode,
    text: string,
  ) => {
    const messages = messagesOf(field);
    const invalid = messages.length > 0;
    const messageId = `${cellId(gridId, rowKey, field)}-problem`;
    return (
      <td data-field={field} className="text-truncate" style={{ height: ROW_HEIGHT }}>
        {editable ? (
          control({ invalid, ...(invalid ? { describedBy: messageId } : {}) })
        ) : (
          <div
            id={cellId(gridId, rowKey, field)}
            tabIndex={-1}
            className={`text-truncate${invalid ? ' text-danger-emphasis' : ''}`}
            title={text}
            aria-describedby={invalid ? messageId : undefined}
          >
            {text === '' ? <span className="text-body-tertiary">—</span> : text}
          </div>
        )}
        {invalid && (
          <div
            id={messageId}
            className="invalid-feedback d-block text-truncate small mt-0"
            title={messages.join(' ')}
          >
            {messages.join(' ')}
          </div>
        )}
      </td>
    );
  };

  const textCell = (field: TextField) =>
    cell(
      field,
      ({ invalid, describedBy }) => (
        <input
          id={cellId(gridId, rowKey, field)}
          type="text"
          className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
          aria-label={cellLabel(field)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          maxLength={ROW_LIMITS[field] + 50}
          value={row[field]}
          onChange={(e) => {
            edit({ [field]: e.target.value });
          }}
        />
      ),
      row[field],
    );

  return (
    <tr
      data-position={position}
      aria-rowindex={position + 2}
      className={selected ? 'table-active' : marked ? 'table-info' : undefined}
      aria-current={marked || undefined}
      data-testid={`${gridId}-row-${String(number)}`}
    >
      <td>
        {editable && (
          <input
            type="checkbox"
            className="form-check-input"
            aria-label={t('standards.grid.selectRow', { row: number })}
            checked={selected}
            onChange={(e) => {
              onSelect(rowKey, e.target.checked);
            }}
          />
        )}
      </td>
      <td className="text-body-secondary small">{number}</td>
      {line !== undefined && <td className="text-body-secondary small">{line}</td>}
      {textCell('sourceCode')}
      {textCell('sourceName')}
      {textCell('sourcePath')}
      {cell(
        'artifactNumber',
        ({ invalid, describedBy }) => (
          <ArtifactPicker
            id={cellId(gridId, rowKey, 'artifactNumber')}
            label={cellLabel('artifactNumber')}
            catalogue={catalogue}
            value={row.artifactNumber}
            invalid={invalid}
            describedBy={describedBy}
            onPick={(chosen, sub) => {
              onEdit(position, rowKey, (r) => withArtifact(r, chosen, sub));
            }}
            onUnknown={(typed) => {
              edit({ artifactNumber: typed });
            }}
          />
        ),
        row.artifactNumber === '' ? '' : artifactText(catalogue, row.artifactNumber),
      )}
      {cell(
        'subArtifact',
        ({ invalid, describedBy }) => (
          <input
            id={cellId(gridId, rowKey, 'subArtifact')}
            type="text"
            className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
            aria-label={cellLabel('subArtifact')}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            list={subListId}
            maxLength={ROW_LIMITS.subArtifact + 50}
            value={row.subArtifact}
            onFocus={() => {
              onOfferSubs(artifact?.subArtifacts ?? []);
            }}
            onChange={(e) => {
              edit({ subArtifact: e.target.value });
            }}
          />
        ),
        row.subArtifact,
      )}
      {cell(
        'filingLevel',
        ({ invalid, describedBy }) => (
          <select
            id={cellId(gridId, rowKey, 'filingLevel')}
            className={`form-select form-select-sm${invalid ? ' is-invalid' : ''}`}
            aria-label={cellLabel('filingLevel')}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={row.filingLevel}
            onChange={(e) => {
              const level = FILING_LEVELS.find((l) => l === e.target.value) ?? '';
              onEdit(position, rowKey, (r) => withLevel(r, level));
            }}
          >
            <option value="">{t('standards.grid.noLevel')}</option>
            {FILING_LEVELS.map((l) => (
              <option key={l} value={l}>
                {artifact === undefined || artifact.levels.includes(l)
                  ? t(`standards.level.${l}`)
                  : t('standards.grid.levelNotAllowed', { level: t(`standards.level.${l}`) })}
              </option>
            ))}
          </select>
        ),
        row.filingLevel === '' ? '' : t(`standards.level.${row.filingLevel}`),
      )}
      {cell(
        'requiredMetadata',
        ({ invalid, describedBy }) => (
          <div className="d-flex flex-wrap column-gap-2">
            {REQUIRED_METADATA.map((m, i) => (
              <div className="form-check form-check-inline m-0" key={m}>
                <input
                  id={
                    i === 0
                      ? cellId(gridId, rowKey, 'requiredMetadata')
                      : `${cellId(gridId, rowKey, 'requiredMetadata')}-${m}`
                  }
                  type="checkbox"
                  className={`form-check-input${invalid ? ' is-invalid' : ''}`}
                  aria-label={t('standards.grid.metadataLabel', {
                    metadata: t(`standards.metadata.${m}`),
                    row: number,
                  })}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  checked={row.requiredMetadata.includes(m)}
                  onChange={(e) => {
                    const on = e.target.checked;
                    onEdit(position, rowKey, (r) => ({
                      ...r,
                      requiredMetadata: REQUIRED_METADATA.filter((x) =>
                        x === m ? on : r.requiredMetadata.includes(x),
                      ),
                    }));
                  }}
                />
                <span className="form-check-label small" aria-hidden="true">
                  {t(`standards.metadataShort.${m}`)}
                </span>
              </div>
            ))}
          </div>
        ),
        row.requiredMetadata.map((m) => t(`standards.metadata.${m}`)).join(', '),
      )}
      {cell(
        'equivalence',
        ({ invalid, describedBy }) => (
          <select
            id={cellId(gridId, rowKey, 'equivalence')}
            className={`form-select form-select-sm${invalid ? ' is-invalid' : ''}`}
            aria-label={cellLabel('equivalence')}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={row.equivalence}
            onChange={(e) => {
              const equivalence = EQUIVALENCES.find((q) => q === e.target.value);
              if (equivalence !== undefined) edit({ equivalence });
            }}
          >
            {EQUIVALENCES.map((q) => (
              <option key={q} value={q}>
                {t(`standards.equivalence.${q}`)}
              </option>
            ))}
          </select>
        ),
        t(`standards.equivalence.${row.equivalence}`),
      )}
      {textCell('comment')}
      <td>
        {problems === undefined ? (
          <span className="text-success small">{t('standards.grid.rowOk')}</span>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-label={t('standards.grid.rowProblems', { count: problems.length, row: number })}
            title={problems.map((p) => problemText(p, row)).join('\n')}
            onClick={() => {
              const first = problems[0];
              if (first !== undefined) onShowProblem(position, first.field);
            }}
          >
            {t('standards.grid.problemBadge', { count: problems.length })}
          </button>
        )}
      </td>
    </tr>
  );
});
