import type { ExpectedRow } from '@ccsc/contract/document-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { formatDisplayDate } from '../../../lib/dates';
import { messageOfError } from '../../../lib/refusals';
import { documentKeys } from '../api/keys';
import {
  catalogueArtifacts,
  type ExpectedList,
  newRow,
  scopeOfValue,
  scopeValue,
} from '../utils/requests';
import { ScrollRegion } from '../../../components/scroll-region';
import { DateField } from '../../../components/date-field';
import { TmfName } from '../../../components/tmf-name';

interface Props {
  list: ExpectedList;
  manages: boolean;
}

/**
 * A study's expected-documents list (expected-documents/get, /save): rows of scope, TMF artifact,
 * due date and note. Until the sponsor saves one it shows the template (the Reference Model's
 * core site-level artifacts). The sponsor's OrgAdmin (or a PlatformAdmin) adds, changes and
 * removes rows and saves the whole list from the revision shown; everyone else reads it.
 */
export const ExpectedDocumentsEditor = ({ list, manages }: Props) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<ExpectedRow[]>(list.rows);
  const [saved, setSaved] = useState(false);
  const artifacts = catalogueArtifacts();
  const names = new Map(artifacts.map((a) => [a.number, a.name]));
  const countries = [...new Set(list.sites.map((s) => s.country))].sort();
  const save = useMutation({
    mutationFn: () =>
      callApi('expected-documents/save', {
        studyId: list.study.studyId,
        revision: list.revision,
        rows: rows.map((r) => ({ ...r, note: r.note === '' ? null : r.note })),
      }),
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: documentKeys.expected(list.study.studyId) });
    },
  });
  const change = (i: number, next: Partial<ExpectedRow>) => {
    setSaved(false);
    setRows((now) => now.map((r, at) => (at === i ? { ...r, ...next } : r)));
  };
  const scopeText = (row: ExpectedRow): string => {
    const { scope } = row;
    if (scope.kind === 'all') return t('requests.expected.scopeAll');
    if (scope.kind === 'country')
      return t('requests.expected.scopeCountry', { country: scope.country });
    const site = list.sites.find((s) => s.connectionId === scope.connectionId);
    return t('requests.expected.scopeSite', {
      site: site?.siteNumber ?? '',
      name: site?.siteName ?? '',
    });
  };

  return (
    <>
      {!list.saved && (
        <p className="alert alert-info" role="status" data-testid="expected-template">
          {manages ? t('requests.expected.templateManage') : t('requests.expected.templateRead')}
        </p>
      )}
      {list.saved && list.updatedAt !== null && (
        <p className="small text-body-secondary">
          {t('requests.expected.updated', {
            when: formatDisplayDate(list.updatedAt, language),
            who: list.updatedBy ?? '',
          })}
        </p>
      )}
      {manages && (
        <datalist id="tmf-artifacts">
          {artifacts.map((a) => (
            <option key={a.number} value={a.number} lang="en">
              {a.name}
            </option>
          ))}
        </datalist>
      )}
      <ScrollRegion label={t('requests.expected.caption')}>
        <table className="table align-middle">
          <caption className="visually-hidden">{t('requests.expected.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('requests.expected.scope')}</th>
              <th scope="col">{t('requests.expected.artifact')}</th>
              <th scope="col">{t('requests.expected.due')}</th>
              <th scope="col">{t('requests.expected.note')}</th>
              {manages && (
                <th scope="col">
                  <span className="visually-hidden">{t('requests.expected.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) =>
              manages ? (
                <tr key={i} data-testid={`expected-row-${String(i)}`}>
                  <td style={{ minWidth: '10rem' }}>
                    <select
                      className="form-select form-select-sm"
                      aria-label={t('requests.expected.scopeOf', { n: i + 1 })}
                      value={scopeValue(row.scope)}
                      onChange={(e) => {
                        change(i, { scope: scopeOfValue(e.target.value) });
                      }}
                    >
                      <option value="all">{t('requests.expected.scopeAll')}</option>
                      {countries.map((c) => (
                        <option key={c} value={`country:${c}`}>
                          {t('requests.expected.scopeCountry', { country: c })}
                        </option>
                      ))}
                      {list.sites.map((s) => (
                        <option key={s.connectionId} value={`site:${s.connectionId}`}>
                          {t('requests.expected.scopeSite', {
                            site: s.siteNumber,
                            name: s.siteName,
                          })}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td style={{ minWidth: '14rem' }}>
                    {/* One shared list of the model's artifacts (a select per row would put
                        every artifact in the page once per row: thousands of options). */}
                    <input
                      type="text"
                      list="tmf-artifacts"
                      className="form-control form-control-sm font-monospace"
                      aria-label={t('requests.expected.artifactOf', { n: i + 1 })}
                      aria-describedby={`artifact-name-${String(i)}`}
                      value={row.artifactNumber}
                      required
                      onChange={(e) => {
                        change(i, { artifactNumber: e.target.value.trim().split(' ')[0] ?? '' });
                      }}
                    />
                    <div className="small text-body-secondary" id={`artifact-name-${String(i)}`}>
                      {names.has(row.artifactNumber) ? (
                        <TmfName>{names.get(row.artifactNumber)}</TmfName>
                      ) : (
                        t('requests.expected.unknownArtifact')
                      )}
                    </div>
                  </td>
                  <td>
                    <DateField
                      className="form-control form-control-sm"
                      aria-label={t('requests.expected.dueOf', { n: i + 1 })}
                      value={row.dueDate}
                      required
                      onChange={(day) => {
                        change(i, { dueDate: day });
                      }}
                    />
                  </td>
                  <td style={{ minWidth: '10rem' }}>
                    <input
                      type="text"
                      className="form-control form-control-sm"
                      maxLength={500}
                      aria-label={t('requests.expected.noteOf', { n: i + 1 })}
                      value={row.note ?? ''}
                      onChange={(e) => {
                        change(i, { note: e.target.value });
                      }}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      onClick={() => {
                        setSaved(false);
                        setRows((now) => now.filter((_, at) => at !== i));
                      }}
                    >
                      {t('requests.expected.remove')}{' '}
                      <span className="visually-hidden">
                        {t('requests.expected.rowN', { n: i + 1 })}
                      </span>
                    </button>
                  </td>
                </tr>
              ) : (
                <tr key={i} data-testid={`expected-row-${String(i)}`}>
                  <td>{scopeText(row)}</td>
                  <td>
                    <span className="font-monospace">{row.artifactNumber}</span>{' '}
                    <TmfName>{names.get(row.artifactNumber) ?? ''}</TmfName>
                  </td>
                  <td className="text-nowrap">{formatDisplayDate(row.dueDate, language)}</td>
                  <td>{row.note ?? ''}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {rows.length === 0 && (
        <p className="text-body-secondary" role="status">
          {t('requests.expected.empty')}
        </p>
      )}
      {manages && (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => {
              setSaved(false);
              setRows((now) => [...now, newRow(new Date())]);
            }}
          >
            {t('requests.expected.add')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending}
            onClick={() => {
              save.mutate();
            }}
          >
            {t('requests.expected.save')}
          </button>
          <span role="status" className="text-success">
            {saved ? t('requests.expected.saved') : ''}
          </span>
        </div>
      )}
      {save.error !== null && (
        <p className="alert alert-danger mt-2" role="alert">
          {messageOfError(save.error, t('requests.expected.saveFailed'), { namingFields: true })}
        </p>
      )}
    </>
  );
};
