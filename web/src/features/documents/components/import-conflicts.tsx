import { CONFLICTS_LISTED, type ImportConflict, type ImportDetail } from '@ccsc/contract/documents';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeArea } from '../../../components/notice-area';
import { formatDateTime } from '../../../lib/dates';
import { messageOfError } from '../../../lib/refusals';
import {
  type Decision,
  type ResolveFlow,
  useCatalogueArtifacts,
  useResolveConflict,
} from '../hooks/use-resolve-conflict';
import { formatCount, formatSize } from '../utils/sizes';
import { WeakerNote } from './import-report-sections';

/**
 * An import's conflicts (issue 34): objects whose artifact the hub could not tell for certain
 * (another TMF RM version; number, unique ID and name disagreeing). Each says what the package
 * says, why it is uncertain, its verified files, and — for whoever may import, while it is open —
 * the artifacts it may be (by number, unique ID or name), another of the catalogue, **File as
 * chosen** and **Skip** (asked twice: a skipped object is not filed later). Cards, not a table:
 * they read at 390 px as at 1440 px.
 */
export const Conflicts = ({
  report,
  offered,
  onResolved,
}: {
  report: ImportDetail;
  offered: boolean;
  onResolved: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const flow = useResolveConflict(report.importId, onResolved);
  const rows = report.conflictList;
  return (
    <>
      <p className="small text-body-secondary">{t('documents.import.conflicts.description')}</p>
      <NoticeArea notice={flow.notice} testId="conflict-notice" />
      {rows.length >= CONFLICTS_LISTED && (
        <p className="small text-body-secondary">
          {t('documents.import.conflicts.first', { shown: formatCount(rows.length, language) })}
        </p>
      )}
      <ul className="list-unstyled mb-0" data-testid="import-conflicts">
        {rows.map((c) => (
          <li key={c.seq} className="card mb-3" data-testid={`conflict-${String(c.seq)}`}>
            <ConflictCard conflict={c} offered={offered} flow={flow} />
          </li>
        ))}
      </ul>
    </>
  );
};

const STATE_CLASS = {
  open: 'text-bg-warning',
  filed: 'text-bg-success',
  skipped: 'text-bg-secondary',
} as const;

const ConflictCard = ({
  conflict: c,
  offered,
  flow,
}: {
  conflict: ImportConflict;
  offered: boolean;
  flow: ResolveFlow;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const where =
    c.level === 'site' && c.siteNumber !== null
      ? t('documents.import.atSite', { site: c.siteNumber })
      : t(`documents.level.${c.level}`);
  return (
    <div className="card-body">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
        <h3 className="h6 mb-0 text-break" id={headingId}>
          {c.title}
        </h3>
        <span className={`badge ${STATE_CLASS[c.state]}`} data-testid="conflict-state">
          {t(`documents.import.conflicts.state.${c.state}`)}
        </span>
      </div>
      <p className="small text-body-secondary mb-2 text-break">
        <span className="font-monospace">{c.objectId}</span> · {where}
      </p>
      <dl className="row small mb-2">
        <dt className="col-sm-5">{t('documents.import.conflicts.artifactNumber')}</dt>
        <dd className="col-sm-7 font-monospace">{c.artifactNumber}</dd>
        <dt className="col-sm-5">{t('documents.import.conflicts.uniqueId')}</dt>
        <dd className="col-sm-7 font-monospace">{c.uniqueId}</dd>
        <dt className="col-sm-5">{t('documents.import.conflicts.statedName')}</dt>
        <dd className="col-sm-7 text-break">
          {c.statedName ?? (
            <span className="text-body-secondary">{t('documents.import.conflicts.noName')}</span>
          )}
        </dd>
        <dt className="col-sm-5">{t('documents.import.conflicts.tmfRmVersion')}</dt>
        <dd className="col-sm-7">{c.tmfRmVersion}</dd>
      </dl>
      <p className="small mb-2">
        <span className="fw-semibold">{t('documents.import.conflicts.why')}: </span>
        <span className="text-break" data-testid="conflict-why">
          {c.why}
        </span>
      </p>
      <div className="small mb-2">
        <div className="fw-semibold">{t('documents.import.conflicts.files')}</div>
        <ul className="mb-0 ps-3">
          {c.files.map((f, i) => (
            <li key={`${f.fileName}-${String(i)}`} className="text-break">
              {f.fileName} ({formatSize(f.size, language)})
              {f.integrityNote !== null && <WeakerNote note={f.integrityNote} />}
            </li>
          ))}
        </ul>
      </div>
      {c.state === 'filed' && c.filedAs !== null && (
        <p className="small mb-0 text-success-emphasis" data-testid="conflict-resolution">
          {t('documents.import.conflicts.filedAs', {
            artifact: `${c.filedAs.number} ${c.filedAs.name}`,
            who: c.resolvedBy ?? '',
            when: c.resolvedAt === null ? '' : formatDateTime(c.resolvedAt, language),
          })}
        </p>
      )}
      {c.state === 'skipped' && (
        <p className="small mb-0 text-body-secondary" data-testid="conflict-resolution">
          {t('documents.import.conflicts.skippedBy', {
            who: c.resolvedBy ?? '',
            when: c.resolvedAt === null ? '' : formatDateTime(c.resolvedAt, language),
          })}
        </p>
      )}
      {c.state === 'open' && offered && <DecisionForm conflict={c} flow={flow} />}
    </div>
  );
};

const ANOTHER = 'another';

/** The artifacts it may be, another of the catalogue, File as chosen and Skip. */
const DecisionForm = ({ conflict: c, flow }: { conflict: ImportConflict; flow: ResolveFlow }) => {
  const { t } = useTranslation();
  const name = useId();
  const [choice, setChoice] = useState('');
  const [another, setAnother] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const catalogue = useCatalogueArtifacts(choice === ANOTHER);
  const working = flow.busy !== null;
  const busyHere = flow.busy === c.seq;

  const chosen = (): Decision | null => {
    if (choice === ANOTHER) {
      const artifact = catalogue.data?.find((a) => a.number === another);
      return artifact === undefined
        ? null
        : { action: 'file', number: artifact.number, name: artifact.name };
    }
    const candidate = c.candidates.find((x) => x.number === choice);
    return candidate === undefined
      ? null
      : { action: 'file', number: candidate.number, name: candidate.name };
  };

  const file = () => {
    if (working) return;
    const decision = chosen();
    if (decision === null) {
      setProblem(t('documents.import.conflicts.mustChoose'));
      return;
    }
    setProblem(null);
    void flow.resolve(c, decision);
  };

  return (
    <fieldset className="border-top pt-2 mt-2" disabled={working && !busyHere}>
      <legend className="small fw-semibold">{t('documents.import.conflicts.choose')}</legend>
      {c.candidates.map((candidate) => (
        <div className="form-check" key={candidate.number}>
          <input
            className="form-check-input"
            type="radio"
            name={name}
            id={`${name}-${candidate.number}`}
            value={candidate.number}
            checked={choice === candidate.number}
            onChange={() => {
              setChoice(candidate.number);
              setProblem(null);
            }}
          />
          <label
            className="form-check-label small text-break"
            htmlFor={`${name}-${candidate.number}`}
          >
            <span className="font-monospace">{candidate.number}</span> {candidate.name}{' '}
            <span className="text-body-secondary">
              ({t(`documents.import.conflicts.basis.${candidate.basis}`)})
            </span>
          </label>
        </div>
      ))}
      <div className="form-check">
        <input
          className="form-check-input"
          type="radio"
          name={name}
          id={`${name}-${ANOTHER}`}
          value={ANOTHER}
          checked={choice === ANOTHER}
          onChange={() => {
            setChoice(ANOTHER);
            setProblem(null);
          }}
        />
        <label className="form-check-label small" htmlFor={`${name}-${ANOTHER}`}>
          {t('documents.import.conflicts.another')}
        </label>
      </div>
      {choice === ANOTHER && (
        <div className="mt-1 mb-2">
          {catalogue.error !== null ? (
            <p className="small text-danger mb-0" role="alert">
              {messageOfError(catalogue.error, t('documents.import.conflicts.catalogueFailed'))}
            </p>
          ) : (
            <select
              className="form-select form-select-sm"
              aria-label={t('documents.import.conflicts.anotherLabel')}
              value={another}
              disabled={catalogue.data === undefined}
              onChange={(e) => {
                setAnother(e.target.value);
                setProblem(null);
              }}
            >
              <option value="">{t('documents.import.conflicts.pick')}</option>
              {(catalogue.data ?? []).map((a) => (
                <option key={a.number} value={a.number} lang="en">
                  {a.number} {a.name}
                </option>
              ))}
            </select>
          )}
        </div>
      )}
      {problem !== null && (
        <p className="small text-danger mb-1" role="alert">
          {problem}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        {/* aria-disabled, not disabled: the focus stays on the button while it works. */}
        <button
          type="button"
          className={`btn btn-sm btn-primary${working ? ' disabled' : ''}`}
          aria-disabled={working}
          onClick={file}
        >
          {busyHere && (
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
          )}
          {t('documents.import.conflicts.fileAs')}
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              className={`btn btn-sm btn-outline-danger${working ? ' disabled' : ''}`}
              aria-disabled={working}
              aria-describedby={`${name}-skip-warning`}
              onClick={() => {
                if (!working) void flow.resolve(c, { action: 'skip' });
              }}
            >
              {t('documents.import.conflicts.confirmSkip')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link"
              onClick={() => {
                setConfirming(false);
              }}
            >
              {t('documents.import.conflicts.cancel')}
            </button>
            <p className="small text-body-secondary w-100 mb-0" id={`${name}-skip-warning`}>
              {t('documents.import.conflicts.skipWarning')}
            </p>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              setConfirming(true);
            }}
          >
            {t('documents.import.conflicts.skip')}
          </button>
        )}
      </div>
    </fieldset>
  );
};
