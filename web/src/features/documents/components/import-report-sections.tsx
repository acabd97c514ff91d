import { type FiledObject, type ImportDetail, NOT_FILED_LISTED } from '@ccsc/contract/documents';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { ScrollRegion } from '../../../components/scroll-region';
import { callApi } from '../../../lib/api';
import { formatDateTime, formatDisplayDate } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';
import { messageOfError } from '../../../lib/refusals';
import { shortHash } from '../utils/imports';
import { formatBytes, formatCount, formatSize } from '../utils/sizes';
import { CopyButton } from './copy-button';
import { FiledSignatures } from './filed-signatures';
import { TmfName } from '../../../components/tmf-name';

/** A term and what it is, in the page's lists of facts. */
const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <>
    <dt className="col-sm-6">{term}</dt>
    <dd className="col-sm-6">{children}</dd>
  </>
);

export const Section = ({
  heading,
  id,
  children,
}: {
  heading: string;
  id: string;
  children: ReactNode;
}) => (
  <section className="mb-4" aria-labelledby={id}>
    <h2 className="h5" id={id}>
      {heading}
    </h2>
    {children}
  </section>
);

export const ImportFacts = ({ report }: { report: ImportDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <dl className="row small" data-testid="import-facts">
      <Fact term={t('documents.import.importId')}>
        <span className="font-monospace text-break">{report.importId}</span>
      </Fact>
      <Fact term={t('documents.import.fileName')}>
        <span className="text-break">{report.fileName}</span>
      </Fact>
      <Fact term={t('documents.import.size')}>
        {formatSize(report.size, language)}
        <div className="text-body-secondary">{formatBytes(report.size, language)}</div>
      </Fact>
      <Fact term={t('documents.import.startedAt')}>
        <time dateTime={report.startedAt}>{formatDateTime(report.startedAt, language)}</time>
      </Fact>
      <Fact term={t('documents.import.startedBy')}>
        <span className="text-break">{report.startedBy}</span>
      </Fact>
      <Fact term={t('documents.import.completedAt')}>
        {report.completedAt === null ? (
          <span className="text-body-secondary">{t('documents.import.notFinished')}</span>
        ) : (
          <time dateTime={report.completedAt}>{formatDateTime(report.completedAt, language)}</time>
        )}
      </Fact>
    </dl>
  );
};

const BATCH_FIELDS = [
  'studyId',
  'transferSourceId',
  'transferId',
  'specificationId',
  'tmfRmVersion',
] as const;

export const BatchFacts = ({ batch }: { batch: ImportDetail['batch'] }) => {
  const { t } = useTranslation();
  if (batch === null) {
    return <p className="small text-body-secondary">{t('documents.import.noBatch')}</p>;
  }
  return (
    <dl className="row small" data-testid="import-batch">
      {BATCH_FIELDS.map((field) => (
        <Fact key={field} term={t(`documents.import.batch.${field}`)}>
          <span className="text-break">{batch[field]}</span>
        </Fact>
      ))}
    </dl>
  );
};

const COUNTS = ['objects', 'files', 'filed', 'alreadyFiled', 'notFiled', 'conflicts'] as const;

export const Counts = ({ report }: { report: ImportDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <dl className="row small" data-testid="import-counts">
      {COUNTS.map((count) => (
        <Fact key={count} term={t(`documents.import.counts.${count}`)}>
          <span
            className={
              count === 'notFiled' && report.notFiled > 0
                ? 'text-danger fw-semibold'
                : count === 'conflicts' && report.conflicts > 0
                  ? 'text-warning-emphasis fw-semibold'
                  : ''
            }
            data-testid={`count-${count}`}
          >
            {formatCount(report[count], language)}
          </span>
        </Fact>
      ))}
    </dl>
  );
};

export const Problems = ({ problems }: { problems: ImportDetail['problems'] }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <ScrollRegion label={t('documents.import.problemsCaption')}>
      <table className="table table-sm" data-testid="import-problems">
        <caption className="visually-hidden">{t('documents.import.problemsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-end">
              {t('documents.import.line')}
            </th>
            <th scope="col">{t('documents.import.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={`${String(p.line)}-${String(i)}`}>
              <td className="text-end font-monospace">{formatCount(p.line, language)}</td>
              <td className="text-break">{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
};

type NotFiledRow = ImportDetail['notFiledList'][number];

/** What became of each file of an object not filed (a verified one is kept back with the rest). */
const FileOutcomes = ({ row }: { row: NotFiledRow }) => {
  const { t } = useTranslation();
  if (row.files.length === 0) return null;
  return (
    <ul className="list-unstyled mb-0 mt-1" aria-label={t('documents.import.fileOutcomes')}>
      {row.files.map((f, i) => (
        <li key={`${f.fileName}-${String(i)}`} className="text-break" data-testid="file-outcome">
          <span className="fw-semibold">{f.fileName}</span>{' '}
          <span className={f.outcome === 'verified' ? 'text-success' : 'text-danger'}>
            {f.outcome === 'verified' || f.outcome === 'not-checked'
              ? t(`documents.import.outcomes.${f.outcome}`)
              : t(`documents.import.reasons.${f.outcome}`)}
          </span>
          {f.detail !== null && f.outcome !== 'verified' && f.detail !== row.detail && (
            <div className="text-body-secondary">{f.detail}</div>
          )}
          {f.integrityNote !== null && <WeakerNote note={f.integrityNote} />}
        </li>
      ))}
    </ul>
  );
};

/** A file verified with a weaker hash than SHA-256 (MD5, SHA-1): what that means. */
export const WeakerNote = ({ note }: { note: string }) => {
  const { t } = useTranslation();
  return (
    <div className="small text-warning-emphasis" data-testid="weaker-note">
      <span className="badge text-bg-warning me-1">{t('documents.import.weaker')}</span>
      {note}
    </div>
  );
};

/** The objects not filed (an object is filed whole or not at all), each file's outcome under it. */
export const NotFiled = ({ report }: { report: ImportDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const rows = report.notFiledList;
  if (rows.length === 0) {
    return <p className="small text-body-secondary">{t('documents.import.notFiledObjectsNone')}</p>;
  }
  return (
    <>
      {rows.length >= NOT_FILED_LISTED && (
        <p className="small text-body-secondary">
          {t('documents.import.notFiledObjectsFirst', {
            shown: formatCount(rows.length, language),
            n: formatCount(report.notFiled, language),
          })}
        </p>
      )}
      <ScrollRegion label={t('documents.import.notFiledObjectsCaption')}>
        <table className="table table-sm align-middle" data-testid="import-not-filed">
          <caption className="visually-hidden">
            {t('documents.import.notFiledObjectsCaption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('documents.import.objectId')}</th>
              <th scope="col">{t('documents.import.artifactNumber')}</th>
              <th scope="col">{t('documents.import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={`${row.objectId}-${row.fileName}-${String(i)}`}>
                <th scope="row" className="fw-normal font-monospace small text-break">
                  {row.objectId}
                  {row.files.length === 0 && (
                    <div className="font-sans-serif text-body-secondary">{row.fileName}</div>
                  )}
                </th>
                <td className="font-monospace small">{row.artifactNumber}</td>
                <td className="small">
                  <div data-testid="not-filed-reason">
                    {t(`documents.import.reasons.${row.reason}`)}
                  </div>
                  {row.detail !== '' && (
                    <div className="text-body-secondary text-break">{row.detail}</div>
                  )}
                  <FileOutcomes row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
};

/** The files the import filed, in the inventory's order; each row's **Download**. */
export const FiledTable = ({
  importId,
  objects,
  loading,
}: {
  importId: string;
  objects: readonly FiledObject[];
  loading: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** Where a filed file belongs: the trial, a country, or a site of the study. */
  const levelText = (o: FiledObject): string => {
    if (o.level === 'site' && o.siteNumber !== null)
      return t('documents.import.atSite', { site: o.siteNumber });
    if (o.level === 'country' && o.countryId !== null)
      return t('documents.import.inCountry', { country: o.countryId });
    return t(`documents.level.${o.level}`);
  };

  const download = async (seq: number) => {
    if (busy !== null) return;
    setBusy(seq);
    setNotice(null);
    try {
      const { url, fileName } = await callApi('s3documents/import-download', { importId, seq });
      downloadFile(url, fileName);
      setNotice({ kind: 'success', text: t('documents.import.downloaded', { fileName }) });
    } catch (err) {
      setNotice({
        kind: 'danger',
        text: messageOfError(err, t('documents.import.downloadFailed')),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <NoticeArea notice={notice} testId="download-notice" />
      <ListTable
        label={t('documents.import.filedCaption')}
        loading={loading}
        columns={[
          t('documents.import.artifact'),
          t('documents.import.level'),
          t('documents.import.title'),
          t('documents.import.version'),
          t('documents.import.file'),
          { label: t('documents.import.size'), className: 'text-end' },
          t('documents.import.sha256'),
        ]}
        head={
          <th scope="col">
            <span className="visually-hidden">{t('documents.import.actions')}</span>
          </th>
        }
      >
        {objects.map((o) => {
          return (
            <tr key={o.seq} data-testid={`filed-${String(o.seq)}`}>
              <td className="small">
                <span className="font-monospace">{o.artifactNumber}</span>{' '}
                <TmfName>{o.artifactName}</TmfName>
                {o.subArtifact !== null && (
                  <div className="text-body-secondary">{o.subArtifact}</div>
                )}
              </td>
              <td className="small text-nowrap">{levelText(o)}</td>
              <th scope="row" className="fw-normal">
                {o.title}
                {o.artifactDate !== null && (
                  <div className="small text-body-secondary">
                    {formatDisplayDate(o.artifactDate, language)}
                  </div>
                )}
              </th>
              <td className="small text-nowrap">
                {o.version}
                <div className="text-body-secondary">
                  {t(`documents.import.versionState.${o.versionState}`)}
                </div>
              </td>
              <td className="small text-break">
                {o.fileName}
                <FiledSignatures signatures={o.signatures} />
              </td>
              <td className="small text-end text-nowrap">{formatSize(o.size, language)}</td>
              <td className="small">
                <div className="d-flex align-items-center gap-2">
                  <code className="text-body" title={o.sha256} data-testid="sha256">
                    {shortHash(o.sha256)}
                  </code>
                  <CopyButton
                    text={o.sha256}
                    label={t('documents.import.copySha', { fileName: o.fileName })}
                  />
                </div>
                {o.integrityNote !== null && <WeakerNote note={o.integrityNote} />}
              </td>
              <td>
                {/* Named with its file ("Download content/visit-log-1.pdf"), the word first as
                    it shows; aria-disabled while a download is asked for, not disabled: the
                    focus stays on the button. */}
                <button
                  type="button"
                  className={`btn btn-sm btn-outline-primary text-nowrap${busy === null ? '' : ' disabled'}`}
                  aria-disabled={busy !== null}
                  onClick={() => void download(o.seq)}
                >
                  {busy === o.seq && (
                    <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                  )}
                  {t('documents.import.download')}{' '}
                  <span className="visually-hidden">{o.fileName}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </ListTable>
    </>
  );
};
