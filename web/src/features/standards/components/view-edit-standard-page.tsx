import type { MappingRow } from '@ccsc/contract/standard-rows';
import { coverageOf } from '@ccsc/contract/standard-rows';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeAlert } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { rowLookupOf, standardPaths } from '../../../config/standard-paths';
import { callApi } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useCatalogue } from '../hooks/use-catalogue';
import { useSystems } from '../hooks/use-organisations';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard';
import {
  type DetailsValues,
  detailsOf,
  detailsProblems,
  detailsRequest,
  sameDetails,
} from '../utils/details';
import { type GridRows, gridOf } from '../utils/grid-state';
import { rowForLookup, rowsMatching } from '../utils/row-lookup';
import { rowRefusals } from '../utils/row-refusals';
import { forgetHandover, handedOver, handOver } from '../utils/standard-handover';
import { mayChangeStandard, standardActor } from '../utils/standard-rules';
import type { StandardDetail } from '../utils/standard-types';
import { CoveragePanel } from './coverage-panel';
import { DetailsFields } from './details-fields';
import { PublishDialog } from './publish-dialog';
import { RetireDialog } from './retire-dialog';
import { type LookupStep, RowLookupNotice } from './row-lookup-notice';
import { RowsGrid, type RowsGridHandle } from './rows-grid';
import { InUseBadge, SignatureLine, StandardStatusBadge } from './standard-badges';
import { VersionsPanel } from './versions-panel';

/** The editor's state: the version as the server answered it, and the changes made since. */
interface Shown {
  detail: StandardDetail;
  /** The rows as loaded: the grid is unchanged while it is this very object. */
  loaded: GridRows;
  grid: GridRows;
  details: DetailsValues;
}

const shownOf = (detail: StandardDetail): Shown => {
  const grid = gridOf(detail.rows, detail.problems);
  return { detail, loaded: grid, grid, details: detailsOf(detail.standard) };
};

const NO_ROWS: readonly MappingRow[] = [];

/**
 * /admin/artifact/view-edit-standard?standardId=…&version=… (issue 16): one version of a standard
 * (the newest without `version`). Each version is its own page: another version, or a new one,
 * starts the editor afresh. `&code=…` or `&artifact=…` (a held document's "Map this type", issue
 * 17) looks for the row of a document type or an artifact: see RowLookupNotice.
 */
export const ViewEditStandardPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const standardId = params.get('standardId');
  const versionText = params.get('version');
  const version =
    versionText !== null && /^[1-9][0-9]{0,5}$/.test(versionText) ? Number(versionText) : undefined;
  if (standardId === null || standardId.trim() === '') {
    return (
      <>
        <ScreenIntro
          heading={t('standards.viewEditHeading')}
          description={t('standards.viewEditDescription')}
        />
        <p className="alert alert-secondary" role="status">
          {t('standards.editor.noneChosen')}{' '}
          <Link to={paths.admin.standards}>{t('standards.backToList')}</Link>
        </p>
      </>
    );
  }
  return (
    <StandardEditor
      key={`${standardId}@${String(version ?? 'newest')}`}
      standardId={standardId}
      version={version}
    />
  );
};

/**
 * The editor: the version's details and signature, its rows in the grid (editable for a draft by
 * whoever may change the standard: validated as they type, saved whole at the revision loaded;
 * a 409 offers to reload), the coverage report, the versions with their diff, and the steps:
 * publish (an electronic signature), new version, retire, download. Everything else reads.
 */
const StandardEditor = ({
  standardId,
  version,
}: {
  standardId: string;
  version: number | undefined;
}) => {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  /** The row the address asks for, kept in every link to another version. */
  const lookup = useMemo(() => rowLookupOf(params), [params]);
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const [profile] = useState(getProfile);
  const actor = standardActor(profile);
  const [handed] = useState(() => handedOver(standardId, version));
  const [shown, setShown] = useState<Shown | null>(() =>
    handed === null ? null : shownOf(handed.detail),
  );
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(() =>
    handed === null
      ? null
      : {
          kind: 'success',
          text:
            handed.reason === 'created'
              ? t('standards.editor.created', { name: handed.detail.standard.name })
              : t('standards.editor.versionStarted', { version: handed.detail.standard.version }),
        },
  );
  const [conflict, setConflict] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'publish' | 'retire' | null>(null);
  const [busy, setBusy] = useState<'save' | 'new-version' | 'download' | null>(null);
  const [detailsTouched, setDetailsTouched] = useState(false);

  useEffect(() => {
    if (handed !== null) forgetHandover();
  }, [handed]);

  useEffect(() => {
    if (attempt === 0 && handed !== null) return;
    let current = true;
    callApi('artifact/get-standard', {
      standardId,
      ...(version === undefined ? {} : { version }),
    }).then(
      (detail) => {
        if (!current) return;
        setShown(shownOf(detail));
        setLoadError(null);
        setConflict(null);
      },
      (error: unknown) => {
        if (current) setLoadError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [standardId, version, attempt, handed]);

  const standard = shown?.detail.standard ?? null;
  const catalogue = useCatalogue(standard?.catalogueVersion ?? null);
  const mayChange = standard !== null && mayChangeStandard(actor, standard.organisationId);
  const editable = mayChange && standard.status === 'draft';
  const systems = useSystems(editable ? standard.organisationId : null);
  const rowsChanged = shown !== null && shown.grid !== shown.loaded;
  const detailsChanged =
    shown !== null && !sameDetails(shown.details, detailsOf(shown.detail.standard));
  const dirty = rowsChanged || detailsChanged;
  const guard = useUnsavedGuard(dirty);

  const deferredRows = useDeferredValue(shown?.grid.rows ?? NO_ROWS);
  const coverage = useMemo(
    () =>
      catalogue.index === null || shown === null
        ? (shown?.detail.coverage ?? null)
        : coverageOf(deferredRows, catalogue.index.catalogue),
    [catalogue.index, deferredRows, shown],
  );

  // The rows the address asks for (the hub's matching), marked in the grid; the first one is
  // scrolled to and focused once, when the grid first shows.
  const gridRows = shown?.grid.rows ?? NO_ROWS;
  const found = useMemo(
    () => (lookup === null ? [] : rowsMatching(gridRows, lookup)),
    [lookup, gridRows],
  );
  const marked = useMemo(() => new Set(found), [found]);
  const gridHandle = useRef<RowsGridHandle>(null);
  const revealed = useRef(false);
  const gridShown = catalogue.index !== null && shown !== null;
  useEffect(() => {
    if (!gridShown || revealed.current || lookup === null) return;
    revealed.current = true;
    const first = found[0];
    if (first !== undefined) {
      gridHandle.current?.reveal(first, lookup.kind === 'code' ? 'sourceCode' : 'artifactNumber');
    }
  }, [gridShown, found, lookup]);

  const onGridChange = useCallback(
    (change: (grid: GridRows) => GridRows) => {
      setShown((s) => (s === null ? s : { ...s, grid: change(s.grid) }));
    },
    [setShown],
  );

  if (shown === null || standard === null) {
    return (
      <>
        <ScreenIntro
          heading={t('standards.viewEditHeading')}
          description={t('standards.viewEditDescription')}
        />
        {loadError === null ? (
          <LoadingIndicator className="my-4" />
        ) : (
          <RetryAlert
            message={messageOfError(loadError, t('standards.editor.loadFailed'))}
            retryLabel={t('standards.retry')}
            onRetry={() => {
              setLoadError(null);
              setAttempt((n) => n + 1);
            }}
          />
        )}
        <Link to={paths.admin.standards}>{t('standards.backToList')}</Link>
      </>
    );
  }

  const { detail, grid } = shown;
  const problemsOfDetails = detailsProblems(shown.details);
  const draftVersion = detail.versions.find((v) => v.status === 'draft')?.version ?? null;
  const hasDraft = draftVersion !== null;
  const signer =
    [profile?.givenName, profile?.familyName].filter(Boolean).join(' ') || (profile?.email ?? '');

  const show = (next: StandardDetail, text: string) => {
    setShown(shownOf(next));
    setNotice({ kind: 'success', text });
    setConflict(null);
    setDetailsTouched(false);
  };
  const refused = (err: unknown, fallback: string) => {
    const text = messageOfError(err, fallback);
    if (isConflict(err)) setConflict(text);
    else setNotice({ kind: 'danger', text });
  };

  const save = async () => {
    setDetailsTouched(true);
    setNotice(null);
    if (Object.keys(problemsOfDetails).length > 0) {
      setNotice({ kind: 'danger', text: t('standards.editor.fixDetails') });
      return;
    }
    const refusals = rowsChanged ? rowRefusals(grid.rows) : [];
    const first = refusals[0];
    if (first !== undefined) {
      setNotice({
        kind: 'danger',
        text: t('standards.editor.refused', {
          count: refusals.length,
          row: first.row + 1,
          problem: t(`standards.refusal.${first.kind}`, {
            column: first.field === null ? '' : t(`standards.column.${first.field}`),
          }),
        }),
      });
      return;
    }
    setBusy('save');
    try {
      const saved = await callApi('artifact/update-standard', {
        standardId,
        version: standard.version,
        revision: detail.revision,
        ...detailsRequest(shown.details),
        ...(rowsChanged ? { rows: [...grid.rows] } : {}),
      });
      show(saved, t('standards.editor.saved', { version: saved.standard.version }));
    } catch (err) {
      refused(err, t('standards.editor.saveFailed'));
    } finally {
      setBusy(null);
    }
  };

  const startVersion = (fromVersion: number) => {
    guard.confirm(() => {
      setBusy('new-version');
      setNotice(null);
      callApi('artifact/new-version', { standardId, fromVersion, revision: detail.revision }).then(
        (next) => {
          setBusy(null);
          handOver(next, 'new-version');
          void navigate(standardPaths.editor(standardId, next.standard.version, lookup));
        },
        (err: unknown) => {
          setBusy(null);
          refused(err, t('standards.editor.newVersionFailed'));
        },
      );
    });
  };

  const download = async (format: 'csv' | 'json') => {
    setBusy('download');
    setNotice(null);
    try {
      const { url, fileName } = await callApi('artifact/download', {
        standardId,
        version: standard.version,
        format,
      });
      downloadFile(url, fileName);
      setNotice({ kind: 'success', text: t('standards.editor.downloaded', { fileName }) });
    } catch (err) {
      setNotice({
        kind: 'danger',
        text: messageOfError(err, t('standards.editor.downloadFailed')),
      });
    } finally {
      setBusy(null);
    }
  };

  const publishBlocked = dirty
    ? t('standards.editor.publishSaveFirst')
    : grid.problems.length > 0
      ? t('standards.editor.publishProblems', { count: grid.problems.length })
      : grid.rows.length === 0
        ? t('standards.editor.publishNoRows')
        : null;

  // What the administrator does about a row the address asks for and this version lacks.
  const lookupStep = ((): LookupStep => {
    if (editable) {
      return {
        kind: 'add',
        onAdd: () => {
          if (lookup === null || catalogue.index === null) return;
          // A new code's name comes next; a new artifact's row needs the type's code first.
          gridHandle.current?.addRow(
            rowForLookup(lookup, catalogue.index),
            lookup.kind === 'code' ? 'sourceName' : 'sourceCode',
          );
        },
      };
    }
    if (!mayChange) return { kind: 'others', organisation: standard.organisationName };
    return draftVersion === null
      ? { kind: 'new-version' }
      : {
          kind: 'open-draft',
          version: draftVersion,
          path: standardPaths.editor(standardId, draftVersion, lookup),
        };
  })();

  const readOnlyReason = !mayChange
    ? actor.role === 'OrgAdmin'
      ? t('standards.editor.otherOrganisation', { organisation: standard.organisationName })
      : t('standards.editor.readOnly')
    : standard.status === 'published'
      ? t('standards.editor.publishedReadOnly', { version: standard.version })
      : standard.status === 'retired'
        ? t('standards.editor.retiredReadOnly', { version: standard.version })
        : null;

  return (
    <>
      <nav aria-label={t('standards.editor.breadcrumb')} className="small mb-2">
        <Link to={paths.admin.standards}>{t('standards.backToList')}</Link>
      </nav>
      <header className="mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h3 mb-0">{standard.name}</h1>
          <span className="fs-5">{t('standards.versionN', { version: standard.version })}</span>
          <StandardStatusBadge status={standard.status} />
          {standard.inUse && <InUseBadge />}
        </div>
        {standard.description !== null && (
          <p className="text-body-secondary mb-2">{standard.description}</p>
        )}
        <dl className="row small mb-2" data-testid="standard-facts">
          <dt className="col-sm-2">{t('standards.form.organisation')}</dt>
          <dd className="col-sm-4">{standard.organisationName}</dd>
          <dt className="col-sm-2">{t('standards.form.catalogueVersion')}</dt>
          <dd className="col-sm-4">
            {t('standards.catalogueName', { version: standard.catalogueVersion })}
          </dd>
          <dt className="col-sm-2">{t('standards.form.systems')}</dt>
          <dd className="col-sm-4">
            {standard.systems.length === 0
              ? t('standards.noSystems')
              : standard.systems.map((s) => s.name).join(', ')}
          </dd>
          <dt className="col-sm-2">{t('standards.diff.detail.product')}</dt>
          <dd className="col-sm-4">{standard.product ?? '—'}</dd>
          <dt className="col-sm-2">{t('standards.editor.updated')}</dt>
          <dd className="col-sm-4">
            {t('standards.editor.updatedBy', {
              when: formatDateTime(standard.updatedAt, language),
              by: standard.updatedBy,
            })}
          </dd>
          {standard.basedOnVersion !== null && (
            <>
              <dt className="col-sm-2">{t('standards.editor.basedOn')}</dt>
              <dd className="col-sm-4">
                {t('standards.versionN', { version: standard.basedOnVersion })}
              </dd>
            </>
          )}
        </dl>
        {standard.signature !== null && (
          <p className="mb-1">
            <SignatureLine signature={standard.signature} />
          </p>
        )}
        {standard.retired !== null && (
          <p className="mb-1 text-body-secondary" data-testid="retired">
            {t('standards.versions.retired', {
              when: formatDateTime(standard.retired.at, language),
              by: standard.retired.by,
              reason: standard.retired.reason,
            })}
          </p>
        )}
      </header>

      <div
        className="d-flex flex-wrap align-items-center gap-2 mb-3"
        role="group"
        aria-label={t('standards.editor.actions')}
      >
        {editable && (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!dirty || busy !== null}
              onClick={() => void save()}
            >
              {busy === 'save' ? t('standards.working') : t('standards.editor.save')}
            </button>
            <button
              type="button"
              className="btn btn-success"
              disabled={publishBlocked !== null || busy !== null}
              aria-describedby={publishBlocked === null ? undefined : 'publish-blocked'}
              onClick={() => {
                setNotice(null);
                setDialog('publish');
              }}
            >
              {t('standards.editor.publish')}
            </button>
          </>
        )}
        {mayChange && standard.status !== 'draft' && !hasDraft && (
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={busy !== null}
            onClick={() => {
              startVersion(standard.version);
            }}
          >
            {t('standards.editor.newVersion')}
          </button>
        )}
        {mayChange && standard.status === 'published' && (
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={busy !== null}
            onClick={() => {
              setNotice(null);
              setDialog('retire');
            }}
          >
            {t('standards.editor.retire')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={busy !== null}
          onClick={() => void download('csv')}
        >
          {t('standards.editor.downloadCsv')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={busy !== null}
          onClick={() => void download('json')}
        >
          {t('standards.editor.downloadJson')}
        </button>
        {editable && dirty && (
          <span className="badge text-bg-warning" role="status">
            {t('standards.editor.unsaved')}
          </span>
        )}
        {editable && publishBlocked !== null && (
          <span id="publish-blocked" className="small text-body-secondary">
            {publishBlocked}
          </span>
        )}
      </div>

      <div aria-live="polite">
        {notice && <NoticeAlert notice={notice} testId="standard-notice" />}
        {conflict !== null && (
          <div
            className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
            role="alert"
            data-testid="standard-conflict"
          >
            <span className="me-auto">
              {conflict} {t('standards.editor.conflict')}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-warning"
              onClick={() => {
                setConflict(null);
                setAttempt((n) => n + 1);
              }}
            >
              {t('standards.editor.reload')}
            </button>
          </div>
        )}
      </div>
      {readOnlyReason !== null && (
        <p className="alert alert-secondary" data-testid="read-only">
          {readOnlyReason}
        </p>
      )}

      {editable && (
        <section className="card mb-3" aria-labelledby="details-heading">
          <div className="card-body row g-3">
            <h2 id="details-heading" className="h5 col-12 mb-0">
              {t('standards.editor.detailsHeading')}
            </h2>
            <DetailsFields
              idPrefix="details"
              values={shown.details}
              onChange={(details) => {
                setDetailsTouched(true);
                setShown((s) => (s === null ? s : { ...s, details }));
              }}
              problems={detailsTouched ? problemsOfDetails : {}}
              systems={systems.state === 'loaded' ? systems.value : null}
              systemsFailed={systems.state === 'failed'}
              onRetrySystems={systems.retry}
            />
          </div>
        </section>
      )}

      <section className="mb-3" aria-labelledby="rows-heading">
        <h2 id="rows-heading" className="h5">
          {t('standards.editor.rowsHeading')}
        </h2>
        {/* Inserted once the grid shows (the catalogue loaded), so that it is announced. */}
        <div aria-live="polite">
          {lookup !== null && catalogue.index !== null && (
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
            ref={gridHandle}
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

      <div className="row g-3 mb-4">
        <div className="col-lg-4">{coverage !== null && <CoveragePanel coverage={coverage} />}</div>
        <div className="col-lg-8">
          <VersionsPanel
            standardId={standardId}
            versions={detail.versions}
            current={standard.version}
            catalogue={catalogue.index}
            mayStartVersion={mayChange && !hasDraft}
            busy={busy !== null}
            onOpen={(v) => {
              guard.confirm(() => {
                void navigate(standardPaths.editor(standardId, v, lookup));
              });
            }}
            onNewVersion={startVersion}
          />
        </div>
      </div>

      {dialog === 'publish' && (
        <PublishDialog
          detail={detail}
          signer={signer}
          onCancel={() => {
            setDialog(null);
          }}
          onPublished={(published) => {
            setDialog(null);
            show(
              published,
              t('standards.editor.published', {
                version: published.standard.version,
                name: published.standard.signature?.signerName ?? signer,
              }),
            );
          }}
          onConflict={(text) => {
            setConflict(text);
          }}
        />
      )}
      {dialog === 'retire' && (
        <RetireDialog
          detail={detail}
          onCancel={() => {
            setDialog(null);
          }}
          onRetired={(retired) => {
            setDialog(null);
            show(retired, t('standards.editor.retired', { version: retired.standard.version }));
          }}
          onConflict={(text) => {
            setConflict(text);
          }}
        />
      )}
      {guard.dialog}
    </>
  );
};
