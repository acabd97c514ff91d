import type { CatalogueIndex, ReadTable } from '@ccsc/contract/standard-rows';
import { useTranslation } from 'react-i18next';
import type { GridRows } from '../utils/grid-state';
import { fileProblemText } from '../utils/file-problem-text';
import type { RowRefusal } from '../utils/row-refusals';
import { RowsGrid } from './rows-grid';

interface ImportPreviewProps {
  fileName: string;
  read: ReadTable;
  /** The rows with the problems validateRows finds against the catalogue. */
  grid: GridRows;
  catalogue: CatalogueIndex;
  refusals: readonly RowRefusal[];
}

/**
 * What an imported file holds, before anything is saved: the counts, the file's own problems by
 * line (a value that could not be read is left empty), what the server would refuse outright,
 * and every row with its problems (the editor's grid, read-only; "only rows with problems" too).
 */
export const ImportPreview = ({
  fileName,
  read,
  grid,
  catalogue,
  refusals,
}: ImportPreviewProps) => {
  const { t } = useTranslation();
  const rowsWithProblems = new Set(grid.problems.map((p) => p.row)).size;
  return (
    <section aria-labelledby="import-preview-heading" data-testid="import-preview">
      <h2 id="import-preview-heading" className="h5">
        {t('standards.import.previewHeading', { fileName })}
      </h2>
      <ul className="list-inline mb-2" data-testid="import-counts">
        <li className="list-inline-item">
          {t('standards.import.rowsRead', { count: read.rows.length })}
        </li>
        <li className="list-inline-item">
          {t('standards.import.rowsWithProblems', { count: rowsWithProblems })}
        </li>
        <li className="list-inline-item">
          {t('standards.import.problemTotal', { count: grid.problems.length })}
        </li>
        <li className="list-inline-item">
          {t('standards.import.fileProblemTotal', { count: read.problems.length })}
        </li>
      </ul>
      {read.problems.length > 0 && (
        <div className="alert alert-warning">
          <p className="mb-1">{t('standards.import.fileProblemsIntro')}</p>
          <ul className="mb-0 small" data-testid="file-problems">
            {read.problems.map((p, i) => (
              <li key={`${String(p.line)}-${String(i)}`}>
                {t('standards.import.onLine', {
                  line: p.line,
                  message: fileProblemText(t, p.message),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {refusals.length > 0 && (
        <div className="alert alert-danger" role="alert" data-testid="import-refusals">
          <p className="mb-1">{t('standards.import.refusedIntro', { count: refusals.length })}</p>
          <ul className="mb-0 small">
            {refusals.slice(0, 20).map((r, i) => (
              <li key={`${String(r.row)}-${String(i)}`}>
                {t('standards.import.onLine', {
                  line: read.lines[r.row] ?? r.row + 2,
                  message: t(`standards.refusal.${r.kind}`, {
                    column: r.field === null ? '' : t(`standards.column.${r.field}`),
                  }),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {read.rows.length > 0 && (
        <RowsGrid
          id="preview"
          label={t('standards.import.gridLabel', { fileName })}
          grid={grid}
          catalogue={catalogue}
          editable={false}
          lines={read.lines}
          height="45vh"
        />
      )}
    </section>
  );
};
