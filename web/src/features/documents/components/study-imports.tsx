import type { ImportSummary } from '@ccsc/contract/documents';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { callApi } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { lazyNamed } from '../../../lib/lazy-named';
import { settledError } from '../../../lib/query-state';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { documentKeys } from '../api/keys';
import { IMPORTS_ANCHOR, arrivalState, importPath, mayImport } from '../utils/imports';
import { formatCount, formatSize } from '../utils/sizes';
import { ImportStateBadge } from './document-badges';
import { ScrollRegion } from '../../../components/scroll-region';

// The dialog (and React-Bootstrap's Modal with it) is fetched when an administrator is about to
// open it, not with every document screen.
const ImportDialog = lazyNamed(() => import('./import-dialog'), 'ImportDialog');

/** The server lists a study's newest imports, this many at most. */
const LISTED = 100;

const ImportTable = ({
  imports,
  offered,
}: {
  imports: readonly ImportSummary[];
  /** Whether the reader may import, so continue one not finished. */
  offered: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const count = (n: number) => formatCount(n, language);
  return (
    <ScrollRegion label={t('documents.imports.caption')}>
      <table className="table align-middle">
        <caption className="visually-hidden">{t('documents.imports.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('documents.imports.startedAt')}</th>
            <th scope="col">{t('documents.imports.package')}</th>
            <th scope="col">{t('documents.imports.state')}</th>
            <th scope="col" className="text-end">
              {t('documents.imports.size')}
            </th>
            <th scope="col">{t('documents.imports.startedBy')}</th>
            <th scope="col" className="text-end">
              {t('documents.imports.filed')}
            </th>
            <th scope="col" className="text-end">
              {t('documents.imports.alreadyFiled')}
            </th>
            <th scope="col" className="text-end">
              {t('documents.imports.notFiled')}
            </th>
          </tr>
        </thead>
        <tbody>
          {imports.map((i) => (
            <tr key={i.importId} data-testid={`import-${i.importId}`}>
              <td className="small text-nowrap">
                <time dateTime={i.startedAt}>{formatDateTime(i.startedAt, language)}</time>
              </td>
              <th scope="row" className="fw-normal text-break">
                <Link to={importPath(i.importId)}>{i.fileName}</Link>
              </th>
              <td>
                <ImportStateBadge state={i.state} />
                {offered && i.state === 'importing' && (
                  // Its page, where it goes on at once (the dialog that ran it was closed).
                  <Link
                    className="ms-2 small text-nowrap"
                    to={importPath(i.importId)}
                    state={arrivalState('continue')}
                  >
                    {t('documents.imports.continue')}{' '}
                    <span className="visually-hidden">{i.fileName}</span>
                  </Link>
                )}
              </td>
              <td className="text-end small text-nowrap">{formatSize(i.size, language)}</td>
              <td className="small text-break">{i.startedBy}</td>
              <td className="text-end">{count(i.filed)}</td>
              <td className="text-end">{count(i.alreadyFiled)}</td>
              <td className={`text-end${i.notFiled > 0 ? ' text-danger fw-semibold' : ''}`}>
                {count(i.notFiled)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
};

/**
 * A study's eTMF-EMS imports (s3documents/imports, the newest first), each a link to its page,
 * one left `importing` read as not finished (nobody here moves it on) with **Continue** for the
 * roles that may import; and, for them (the server decides which studies), **Import eTMF-EMS
 * package**, whose dialog opens the new import's page once it is done. A list that fails to load
 * says so with Try again, without taking the rest of the completeness page with it.
 */
export const StudyImports = ({
  studyId,
  protocolNumber,
}: {
  studyId: string;
  protocolNumber: string;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [offered] = useState(() => mayImport(getProfile()?.role));
  const client = useQueryClient();
  const listed = useQuery({
    queryKey: documentKeys.studyImports(studyId),
    queryFn: async () => (await callApi('s3documents/imports', { studyId })).imports,
  });
  const imports: readonly ImportSummary[] | null = listed.data ?? null;
  const loadError = settledError(listed);
  const [dialog, setDialog] = useState(false);
  const section = useRef<HTMLElement>(null);

  // A link to the section (the document list's Import) shows it once it is there.
  const loaded = imports !== null;
  useEffect(() => {
    const element = section.current;
    if (loaded && hash === `#${IMPORTS_ANCHOR}` && element && 'scrollIntoView' in element) {
      element.scrollIntoView({ block: 'start' });
    }
  }, [loaded, hash]);

  let body;
  if (imports === null) {
    body =
      loadError === null ? (
        <LoadingIndicator className="my-3" />
      ) : (
        <RetryAlert
          message={messageOfError(loadError, t('documents.imports.loadFailed'))}
          retryLabel={t('documents.retry')}
          onRetry={() => {
            void listed.refetch();
          }}
        />
      );
  } else if (imports.length === 0) {
    body = (
      <p className="text-body-secondary" role="status">
        {t('documents.imports.none')}
      </p>
    );
  } else {
    body = (
      <>
        <ImportTable imports={imports} offered={offered} />
        {imports.length >= LISTED && (
          <p className="small text-body-secondary">
            {t('documents.imports.newestOnly', { n: formatCount(LISTED, language) })}
          </p>
        )}
      </>
    );
  }

  return (
    <section
      className="mb-4"
      id={IMPORTS_ANCHOR}
      ref={section}
      aria-labelledby="completeness-imports"
      data-testid="study-imports"
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h2 className="h5 mb-0 me-auto" id="completeness-imports">
          {t('documents.imports.heading')}
        </h2>
        {offered && (
          <button
            type="button"
            className="btn btn-outline-primary"
            onPointerEnter={ImportDialog.preload}
            onFocus={ImportDialog.preload}
            onClick={() => {
              setDialog(true);
            }}
          >
            {t('documents.imports.start')}
          </button>
        )}
      </div>
      <p className="small text-body-secondary">{t('documents.imports.description')}</p>
      {body}
      {dialog && (
        <Suspense fallback={<LoadingIndicator className="my-2" />}>
          <ImportDialog
            studyId={studyId}
            protocolNumber={protocolNumber}
            onCancel={() => {
              setDialog(false);
              // An import stopped on the way is one of the study's now: list it.
              void client.invalidateQueries({ queryKey: documentKeys.studyImports(studyId) });
            }}
            onDone={(importId) => {
              // Its page says the outcome (and takes the focus).
              void navigate(importPath(importId), { state: arrivalState('imported') });
            }}
          />
        </Suspense>
      )}
    </section>
  );
};
