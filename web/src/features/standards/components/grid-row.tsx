import {
  type CatalogueIndex,
  EQUIVALENCES,
  FILING_LEVELS,
  type MappingRow,
  REQUIRED_METADATA,
  ROW_LIMITS,
  type RowField,
  type RowProblem,
} from '@ccsc/contract/standard-rows';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withArtifact, withLevel } from '../utils/grid-state';
import { ArtifactPicker, artifactText } from './artifact-picker';

/** Every row is this high (px): fixed, so that 5,000 rows need no measuring. */
export const ROW_HEIGHT = 64;

type TextField = 'sourceCode' | 'sourceName' | 'sourcePath' | 'comment';

/** The id of a row's cell control (or of the cell, read-only), for focus and "next problem". */
export const cellId = (gridId: string, key: number, field: RowField) =>
  `${gridId}-${String(key)}-${field}`;

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
export const GridRow = memo(function GridRow({
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
