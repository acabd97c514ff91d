import type { MappingRow } from '@ccsc/contract/standard-rows';
import { coverageOf } from '@ccsc/contract/standard-rows';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { rowLookupOf, standardPaths } from '../../../config/standard-paths';
import { callApi } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useCatalogue } from '../hooks/use-catalogue';
import { useSystems } from '../hooks/use-organisations';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard';
import { detailsOf, detailsProblems, detailsRequest, sameDetails } from '../utils/details';
import { type GridRows } from '../utils/grid-state';
import { rowForLookup, rowsMatching } from '../utils/row-lookup';
import { rowRefusals } from '../utils/row-refusals';
import { handOver } from '../utils/standard-handover';
import { mayChangeStandard, standardActor } from '../utils/standard-rules';
import type { StandardDetail } from '../utils/standard-types';
import { CoveragePanel } from './coverage-panel';
import { DetailsFields } from './details-fields';
import { type LookupStep } from './row-lookup-notice';
import { type RowsGridHandle } from './rows-grid';
import { VersionsPanel } from './versions-panel';
import { useStandardDetail } from '../hooks/use-standard-detail';
import { shownOf } from '../hooks/use-standard-detail';
import { EditorDialogs } from './editor-dialogs';
import { EditorLoading, EditorNotices } from './editor-notices';
import { StandardRowsSection } from './standard-rows-section';
import { StandardActions } from './standard-actions';
import { StandardHeader } from './standard-header';
const NO_ROWS: readonly MappingRow[] = [];

/**
 * The editor: the version's details and signature, its rows in the grid (editable for a draft by
 * whoever may change the standard: validated as they type, saved whole at the revision loaded;
 * a 409 offers to reload), the coverage report, the versions with their diff, and the steps:
 * publish (an electronic signature), new version, retire, download. Everything else reads.
 */
export const StandardEditor = ({
  standardId,
  version,
}: {
  standardId: string;
  version: number | undefined;
}) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  /** The row the address asks for, kept in every link to another version. */
  const lookup = useMemo(() => rowLookupOf(params), [params]);
  const navigate = useNavigate();
  const [profile] = useState(getProfile);
  const actor = standardActor(profile);
  const {
    shown,
    setShown,
    loadError,
    setLoadError,
    setAttempt,
    notice,
    setNotice,
    conflict,
    setConflict,
  } = useStandardDetail(standardId, version);
  const [dialog, setDialog] = useState<'publish' | 'retire' | null>(null);
  const [busy, setBusy] = useState<'save' | 'new-version' | 'download' | null>(null);
  const [detailsTouched, setDetailsTouched] = useState(false);

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
      <EditorLoading
        loadError={loadError}
        onRetry={() => {
          setLoadError(null);
          setAttempt((n) => n + 1);
        }}
      />
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
      <StandardHeader standard={standard} />

      <StandardActions
        standard={standard}
        editable={editable}
        mayChange={mayChange}
        hasDraft={hasDraft}
        dirty={dirty}
        busy={busy}
        publishBlocked={publishBlocked}
        onSave={() => void save()}
        onPublish={() => {
          setNotice(null);
          setDialog('publish');
        }}
        onNewVersion={() => {
          startVersion(standard.version);
        }}
        onRetire={() => {
          setNotice(null);
          setDialog('retire');
        }}
        onDownload={(format) => void download(format)}
      />

      <EditorNotices
        notice={notice}
        conflict={conflict}
        onReload={() => {
          setConflict(null);
          setAttempt((n) => n + 1);
        }}
        readOnlyReason={readOnlyReason}
      />

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

      <StandardRowsSection
        gridRef={gridHandle}
        standard={standard}
        grid={grid}
        catalogue={catalogue}
        editable={editable}
        onGridChange={onGridChange}
        lookup={lookup}
        found={found}
        marked={marked}
        lookupStep={lookupStep}
      />

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

      <EditorDialogs
        dialog={dialog}
        detail={detail}
        signer={signer}
        onCancel={() => {
          setDialog(null);
        }}
        onDone={(next, text) => {
          setDialog(null);
          show(next, text);
        }}
        onConflict={(text) => {
          setConflict(text);
        }}
      />
      {guard.dialog}
    </>
  );
};
