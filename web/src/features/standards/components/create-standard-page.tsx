import { type ReadTable, validateRows } from '@ccsc/contract/standard-rows';
import { type ChangeEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MessageArea } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { standardPaths } from '../../../config/standard-paths';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useCatalogue } from '../hooks/use-catalogue';
import { useClones, useCreateStandard } from '../hooks/use-create-standard';
import { useCreateDetails } from '../hooks/use-create-details';
import type { CreateDetailsRequest } from '../utils/create-details';
import { gridOf } from '../utils/grid-state';
import { type FileKind, kindOfFile, readTableFile } from '../utils/read-table-file';
import { rowRefusals } from '../utils/row-refusals';
import { fixedOrganisation, mayCreateStandards, standardActor } from '../utils/standard-rules';
import { CreateDetailsSection } from './create-details-section';
import { ClonePicker } from './clone-picker';
import { ImportPreview } from './import-preview';
import { handOver } from '../utils/standard-handover';

type SourceKind = 'blank' | 'reference-model' | 'clone' | 'import';

type FileState =
  | { state: 'none' }
  | { state: 'reading'; fileName: string }
  | { state: 'read'; fileName: string; kind: FileKind; read: ReadTable }
  | { state: 'failed'; fileName: string; message: string };

/**
 * /admin/artifact/create-new-standard (issue 16): a new standard as draft version 1 — its details,
 * its organisation (an OrgAdmin's own, fixed), its systems and product, the catalogue version, and
 * where its rows come from: none, the TMF Reference Model template (a row per artifact, made by the
 * server), a copy of a version the caller sees, or a CSV or XLSX file read
 * here and shown in full with every problem before anything is saved. Then the editor opens.
 */
export const CreateStandardPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [actor] = useState(() => standardActor(getProfile()));
  const fixed = fixedOrganisation(actor);
  const allowed = mayCreateStandards(actor);
  const fields = useCreateDetails(fixed);
  const { submitted } = fields;
  const catalogue = useCatalogue(fields.catalogueVersion);
  const [source, setSource] = useState<SourceKind>('blank');
  const [clone, setClone] = useState<{ standardId: string; version: number } | null>(null);
  const [file, setFile] = useState<FileState>({ state: 'none' });
  const [message, setMessage] = useState<string | null>(null);

  const { clones, retry: retryClones } = useClones(source === 'clone');
  const create = useCreateStandard();
  // Busy from the call until the editor opens.
  const saving = create.isPending || create.isSuccess;

  const read = file.state === 'read' ? file.read : null;
  const preview = useMemo(() => {
    if (read === null || catalogue.index === null) return null;
    return {
      grid: gridOf(read.rows, validateRows(read.rows, catalogue.index.catalogue)),
      refusals: rowRefusals(read.rows),
    };
  }, [read, catalogue.index]);

  if (!allowed) {
    return (
      <>
        <ScreenIntro
          heading={t('standards.createHeading')}
          description={t('standards.createDescription')}
        />
        <p className="alert alert-secondary" role="status">
          {t('standards.create.notAllowed')}
        </p>
        <Link to={paths.admin.standards}>{t('standards.backToList')}</Link>
      </>
    );
  }

  const sourceProblem: string | null =
    source === 'clone' && clone === null
      ? t('standards.create.chooseClone')
      : source === 'import' && file.state !== 'read'
        ? t('standards.create.chooseFile')
        : source === 'import' && read !== null && read.rows.length === 0
          ? t('standards.create.noRows')
          : source === 'import' && preview !== null && preview.refusals.length > 0
            ? t('standards.create.fixRefusals')
            : null;

  const chooseFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = ''; // the same (fixed) file can be chosen again
    if (chosen === undefined) return;
    const kind = kindOfFile(chosen.name);
    if (kind === null) {
      setFile({ state: 'failed', fileName: chosen.name, message: t('standards.import.wrongKind') });
      return;
    }
    setFile({ state: 'reading', fileName: chosen.name });
    try {
      const table = await readTableFile(chosen, kind);
      setFile({ state: 'read', fileName: chosen.name, kind, read: table });
    } catch {
      setFile({
        state: 'failed',
        fileName: chosen.name,
        message: t(
          kind === 'xlsx' ? 'standards.import.unreadableXlsx' : 'standards.import.unreadable',
        ),
      });
    }
  };

  /** The details are valid (the form checked them); the source's problem is said below it. */
  const submit = async (details: CreateDetailsRequest) => {
    if (sourceProblem !== null) return;
    setMessage(null);
    try {
      const created = await create.mutateAsync({
        ...details,
        source:
          source === 'clone' && clone !== null
            ? { kind: 'clone', ...clone }
            : source === 'import' && file.state === 'read'
              ? { kind: 'import', fileName: file.fileName, rows: file.read.rows }
              : source === 'reference-model'
                ? { kind: 'reference-model' }
                : { kind: 'blank' },
      });
      handOver(created, 'created');
      void navigate(standardPaths.editor(created.standard.standardId, created.standard.version));
    } catch (err) {
      setMessage(messageOfError(err, t('standards.create.failed')));
    }
  };

  const chosenClone =
    clone === null || clones?.state !== 'loaded'
      ? null
      : (clones.standards.find((s) => s.standardId === clone.standardId) ?? null);

  return (
    <>
      <ScreenIntro
        heading={t('standards.createHeading')}
        description={t('standards.createDescription')}
      />
      <form
        noValidate
        aria-label={t('standards.createHeading')}
        aria-busy={saving}
        onSubmit={(e) => {
          e.preventDefault();
          if (!saving && !fields.form.formState.isSubmitting) {
            void fields.form.handleSubmit(submit)();
          }
        }}
      >
        <CreateDetailsSection fixed={fixed} fields={fields} />

        <section className="card mb-3">
          <fieldset className="card-body">
            <legend className="h5">{t('standards.create.sourceHeading')}</legend>
            {(['blank', 'reference-model', 'clone', 'import'] as const).map((kind) => (
              <div className="form-check" key={kind}>
                <input
                  id={`create-source-${kind}`}
                  type="radio"
                  name="source"
                  className="form-check-input"
                  checked={source === kind}
                  onChange={() => {
                    setSource(kind);
                  }}
                />
                <label className="form-check-label" htmlFor={`create-source-${kind}`}>
                  {t(`standards.create.source.${kind}`)}
                </label>
              </div>
            ))}

            {source === 'clone' && (
              <ClonePicker
                clones={clones}
                clone={clone}
                chosenClone={chosenClone}
                onChoose={setClone}
                onRetry={retryClones}
              />
            )}

            {source === 'import' && (
              <div className="mt-2">
                <label className="form-label" htmlFor="create-file">
                  {t('standards.import.file')}
                </label>
                <input
                  id="create-file"
                  type="file"
                  className="form-control"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  aria-describedby="create-file-help"
                  onChange={(e) => void chooseFile(e)}
                />
                <div id="create-file-help" className="form-text">
                  {t('standards.import.fileHelp')}{' '}
                  <code>
                    {
                      'source_code, source_name, source_path, artifact_number, sub_artifact, filing_level, required_metadata, equivalence, comment'
                    }
                  </code>
                </div>
                <div aria-live="polite" className="mt-2">
                  {file.state === 'reading' && (
                    <p role="status">
                      {t('standards.import.reading', { fileName: file.fileName })}
                    </p>
                  )}
                  {file.state === 'failed' && (
                    <div className="alert alert-danger" role="alert">
                      {file.message}
                    </div>
                  )}
                  {file.state === 'read' && preview === null && catalogue.error === null && (
                    <p role="status">{t('common.loading')}</p>
                  )}
                  {catalogue.error !== null && (
                    <RetryAlert
                      message={t('standards.catalogueFailed')}
                      retryLabel={t('standards.retry')}
                      onRetry={catalogue.retry}
                      className="gap-2"
                    />
                  )}
                </div>
                {file.state === 'read' && preview !== null && catalogue.index !== null && (
                  <ImportPreview
                    fileName={file.fileName}
                    read={file.read}
                    grid={preview.grid}
                    catalogue={catalogue.index}
                    refusals={preview.refusals}
                  />
                )}
              </div>
            )}
            {submitted && sourceProblem !== null && (
              <div className="text-danger small mt-2" role="alert">
                {sourceProblem}
              </div>
            )}
          </fieldset>
        </section>

        <MessageArea message={message} />
        <div className="d-flex gap-2 mb-4">
          <Link className="btn btn-outline-secondary" to={paths.admin.standards}>
            {t('common.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('standards.working') : t('standards.create.submit')}
          </button>
        </div>
      </form>
    </>
  );
};
