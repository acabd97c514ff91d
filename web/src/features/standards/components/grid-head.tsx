import { ROW_FIELDS, type RowField } from '@ccsc/contract/standard-rows';
import { useTranslation } from 'react-i18next';

/** The header row's height (px): the virtualizer scrolls a row to just below it. */
export const HEADER_HEIGHT = 40;

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

interface GridHeadProps {
  /** A "select all" box heads the first column. */
  editable: boolean;
  /** A column for the file line each row was read from. */
  withLines: boolean;
  allSelected: boolean;
  disabled: boolean;
  onSelectAll: (on: boolean) => void;
}

/** The grid's column widths and its sticky header row. */
export const GridHead = ({
  editable,
  withLines,
  allSelected,
  disabled,
  onSelectAll,
}: GridHeadProps) => {
  const { t } = useTranslation();
  return (
    <>
      <colgroup>
        <col style={{ width: 40 }} />
        <col style={{ width: 64 }} />
        {withLines && <col style={{ width: 64 }} />}
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
                checked={allSelected}
                disabled={disabled}
                onChange={(e) => {
                  onSelectAll(e.target.checked);
                }}
              />
            )}
          </th>
          <th scope="col">{t('standards.grid.row')}</th>
          {withLines && <th scope="col">{t('standards.grid.line')}</th>}
          {ROW_FIELDS.map((field) => (
            <th scope="col" key={field}>
              {t(`standards.column.${field}`)}
            </th>
          ))}
          <th scope="col">{t('standards.grid.problems')}</th>
        </tr>
      </thead>
    </>
  );
};
