import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRefusal } from '../lib/api';

export interface CsvExportResult {
  url: string;
  fileName: string;
  rows: number;
}

type State =
  | { status: 'idle' }
  | { status: 'working' }
  | { status: 'done'; result: CsvExportResult }
  | { status: 'failed'; message: string };

/**
 * "Export CSV": asks the server for the export (`run`, e.g. export-users with the screen's
 * filters), then starts the download from the link it answers and keeps the link on screen (it
 * expires after a few minutes) in case the browser did not start it.
 */
export const CsvExportButton = ({ run }: { run: () => Promise<CsvExportResult> }) => {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });

  const start = async () => {
    setState({ status: 'working' });
    try {
      const result = await run();
      const link = document.createElement('a');
      link.href = result.url;
      link.download = result.fileName;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setState({ status: 'done', result });
    } catch (err) {
      setState({
        status: 'failed',
        message: isRefusal(err) ? err.message : t('csvExport.failed'),
      });
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={state.status === 'working'}
        onClick={() => void start()}
      >
        {state.status === 'working' ? t('csvExport.working') : t('csvExport.button')}
      </button>
      <div aria-live="polite" className="w-100">
        {state.status === 'done' && (
          <div className="alert alert-success mt-3 mb-0">
            {t('csvExport.done', { rows: state.result.rows })}{' '}
            <a href={state.result.url} download={state.result.fileName}>
              {t('csvExport.link', { fileName: state.result.fileName })}
            </a>
          </div>
        )}
        {state.status === 'failed' && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {state.message}
          </div>
        )}
      </div>
    </>
  );
};
