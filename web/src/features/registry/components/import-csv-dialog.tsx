import {
  ORGANISATION_CSV_COLUMNS,
  registryCsvTitle,
  type ResponseOf,
  SYSTEM_CSV_COLUMNS,
} from '@ccsc/contract';
import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { messageOfError } from '../../../lib/refusals';
import { ScrollRegion } from '../../../components/scroll-region';

export type ImportKind = 'organisations' | 'systems';

type ImportResult = ResponseOf<'import-organisations'>;

const OPERATION = { organisations: 'import-organisations', systems: 'import-systems' } as const;
const COLUMNS: Record<ImportKind, readonly string[]> = {
  organisations: ORGANISATION_CSV_COLUMNS,
  systems: SYSTEM_CSV_COLUMNS,
};
/** What the contract takes (importRequestSchema). */
const MAX_CHARS = 2_000_000;

type State =
  | { status: 'editing' }
  | { status: 'checking' }
  /** The check of exactly `csv`: a changed text needs a new check. */
  | { status: 'checked'; csv: string; result: ImportResult }
  | { status: 'importing'; csv: string; result: ImportResult }
  | { status: 'failed'; message: string };

interface ImportCsvDialogProps {
  kind: ImportKind;
  onCancel: () => void;
  /** Everything was saved: how many. */
  onImported: (created: number) => void;
}

/**
 * Import organisations or systems from a CSV file (a PlatformAdmin's): the file is chosen or
 * pasted, then checked in full by the server (dryRun) and every problem listed by line and
 * column; only a file without problems can be imported, all or nothing. The text stays editable
 * here, so a problem can be fixed in place (or the fixed file chosen again) and checked again.
 */
export const ImportCsvDialog = ({ kind, onCancel, onImported }: ImportCsvDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [state, setState] = useState<State>({ status: 'editing' });
  const busy = state.status === 'checking' || state.status === 'importing';
  const checked =
    (state.status === 'checked' || state.status === 'importing') && state.csv === csv
      ? state.result
      : null;
  const clean = checked !== null && checked.problems.length === 0 && checked.rows > 0;
  const tooLarge = csv.length > MAX_CHARS;

  const edit = (text: string) => {
    setCsv(text);
    if (state.status === 'failed') setState({ status: 'editing' });
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    try {
      edit(await file.text());
    } catch {
      setState({ status: 'failed', message: t('registry.import.unreadable') });
    }
  };

  const check = async () => {
    const text = csv;
    setState({ status: 'checking' });
    try {
      const result = await callApi(OPERATION[kind], { csv: text, dryRun: true });
      setState({ status: 'checked', csv: text, result });
    } catch (err) {
      setState({ status: 'failed', message: messageOfError(err, t('registry.import.failed')) });
    }
  };

  const save = async () => {
    if (!clean) return;
    const text = csv;
    setState({ status: 'importing', csv: text, result: checked });
    try {
      const result = await callApi(OPERATION[kind], { csv: text, dryRun: false });
      if (result.problems.length > 0 || result.created === 0) {
        // Something changed since the check (a name taken meanwhile): nothing was saved.
        setState({ status: 'checked', csv: text, result });
      } else {
        onImported(result.created);
      }
    } catch (err) {
      setState({ status: 'failed', message: messageOfError(err, t('registry.import.failed')) });
    }
  };

  const columns = checked?.columns ?? COLUMNS[kind];
  return (
    <Modal
      show
      onHide={onCancel}
      size="xl"
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      aria-labelledby={titleId}
      data-testid={`import-${kind}-dialog`}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t(`registry.import.${kind}Title`)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="alert alert-info" data-testid="import-all-or-nothing">
          {t('registry.import.allOrNothing')}
        </p>
        <p className="mb-1">{t('registry.import.expectedColumns')}</p>
        <p>
          {/* Titled as the exports title them; the keys (contactEmail) are read as well. */}
          <code data-testid="import-columns">{columns.map(registryCsvTitle).join(',')}</code>
        </p>
        <p className="form-text">{t(`registry.import.${kind}Hint`)}</p>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${titleId}-file`}>
            {t('registry.import.file')}
          </label>
          <input
            id={`${titleId}-file`}
            type="file"
            className="form-control"
            accept=".csv,text/csv,text/plain"
            disabled={busy}
            onChange={(e) => {
              void chooseFile(e.target.files?.[0]);
              e.target.value = ''; // the same (fixed) file can be chosen again
            }}
          />
          {fileName && (
            <div className="form-text">{t('registry.import.fileChosen', { fileName })}</div>
          )}
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${titleId}-text`}>
            {t('registry.import.text')}
          </label>
          <textarea
            id={`${titleId}-text`}
            className={`form-control font-monospace${tooLarge ? ' is-invalid' : ''}`}
            rows={8}
            value={csv}
            disabled={busy}
            spellCheck={false}
            aria-invalid={tooLarge ? true : undefined}
            aria-describedby={tooLarge ? `${titleId}-too-large` : undefined}
            onChange={(e) => {
              edit(e.target.value);
            }}
          />
          {tooLarge && (
            <div id={`${titleId}-too-large`} className="invalid-feedback">
              {t('registry.import.tooLarge')}
            </div>
          )}
        </div>
        <div aria-live="polite">
          {state.status === 'failed' && (
            <div className="alert alert-danger" role="alert">
              {state.message}
            </div>
          )}
          {checked === null && state.status === 'checked' && (
            <p className="alert alert-warning">{t('registry.import.changedSinceCheck')}</p>
          )}
          {checked !== null && <ImportPreview result={checked} kind={kind} />}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={busy || csv.trim() === '' || tooLarge}
          onClick={() => void check()}
          data-testid="import-check"
        >
          {state.status === 'checking' ? t('registry.import.checking') : t('registry.import.check')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !clean}
          onClick={() => void save()}
          data-testid="import-submit"
        >
          {state.status === 'importing'
            ? t('registry.import.importing')
            : t(`registry.import.${kind}Submit`, { count: clean ? checked.rows : 0 })}
        </button>
      </Modal.Footer>
    </Modal>
  );
};

/** What the check found: the rows read, and every problem by line and column. */
const ImportPreview = ({ result, kind }: { result: ImportResult; kind: ImportKind }) => {
  const { t } = useTranslation();
  if (result.problems.length === 0) {
    return (
      <div className="alert alert-success" role="status" data-testid="import-clean">
        {result.rows === 0
          ? t('registry.import.noRows')
          : t(`registry.import.${kind}Clean`, { count: result.rows })}
      </div>
    );
  }
  return (
    <>
      <div className="alert alert-danger" role="alert">
        {t('registry.import.problems', { count: result.problems.length, rows: result.rows })}
      </div>
      <ScrollRegion label={t('registry.import.problemsCaption')}>
        <table className="table table-sm" data-testid="import-problems">
          <caption className="visually-hidden">{t('registry.import.problemsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('registry.import.line')}</th>
              <th scope="col">{t('registry.import.column')}</th>
              <th scope="col">{t('registry.import.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {result.problems.map((p, i) => (
              <tr key={`${String(p.line)}-${p.column ?? ''}-${String(i)}`}>
                <td>{p.line}</td>
                <td>{p.column ?? t('registry.import.wholeRow')}</td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
};
