import { REQUEST_STATES, type RequestState } from '@ccsc/contract/document-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { callApi } from '../../../lib/api';
import { formatDisplayDate } from '../../../lib/dates';
import { settledError } from '../../../lib/query-state';
import { messageOfError } from '../../../lib/refusals';
import { documentKeys } from '../api/keys';
import { catalogueArtifacts, type ExpectedList, STATE_BADGE } from '../utils/requests';
import { ScrollRegion } from '../../../components/scroll-region';
import { DateField } from '../../../components/date-field';
import { TmfName } from '../../../components/tmf-name';

interface Props {
  list: ExpectedList;
  manages: boolean;
}

interface Asked {
  artifactNumber: string;
  dueDate: string;
}

/**
 * Requesting documents from the study's sites (document-requests/create) — the expected list's
 * artifacts with their due dates, or one asked ad hoc, from every active site or the ones chosen
 * — and the requests with their states (document-requests/list; computed by the server when
 * read: open, fulfilled, overdue, cancelled), each open one cancellable by those who manage.
 */
export const DocumentRequestsPanel = ({ list, manages }: Props) => {
  return (
    <>
      {manages && <CreateRequests list={list} />}
      <RequestList studyId={list.study.studyId} manages={manages} />
    </>
  );
};

const CreateRequests = ({ list }: { list: ExpectedList }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const active = list.sites.filter((s) => s.status === 'active');
  const fromList: Asked[] = [
    ...new Map(
      list.rows.map((r) => [
        r.artifactNumber,
        { artifactNumber: r.artifactNumber, dueDate: r.dueDate },
      ]),
    ).values(),
  ];
  const artifacts = catalogueArtifacts();
  const names = new Map(artifacts.map((a) => [a.number, a.name]));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [allSites, setAllSites] = useState(true);
  const [sites, setSites] = useState<ReadonlySet<string>>(new Set());
  const [adHoc, setAdHoc] = useState<Asked>({ artifactNumber: '', dueDate: '' });
  const [made, setMade] = useState<number | null>(null);
  const asked: Asked[] = [
    ...fromList.filter((a) => chosen.has(a.artifactNumber)),
    ...(adHoc.artifactNumber !== '' && adHoc.dueDate !== '' && !chosen.has(adHoc.artifactNumber)
      ? [adHoc]
      : []),
  ];
  const create = useMutation({
    mutationFn: () =>
      callApi('document-requests/create', {
        studyId: list.study.studyId,
        sites: allSites ? { kind: 'all' } : { kind: 'some', connectionIds: [...sites] },
        artifacts: asked,
      }),
    onSuccess: async (answer) => {
      setMade(answer.requests.length);
      setChosen(new Set());
      setAdHoc({ artifactNumber: '', dueDate: '' });
      await queryClient.invalidateQueries({ queryKey: documentKeys.requests(list.study.studyId) });
      await queryClient.invalidateQueries({
        queryKey: documentKeys.completeness(list.study.studyId),
      });
    },
  });
  const toggle = (set: ReadonlySet<string>, value: string) => {
    const next = new Set(set);
    if (!next.delete(value)) next.add(value);
    return next;
  };

  return (
    <form
      className="card card-body mb-4"
      aria-labelledby="requests-create"
      onSubmit={(e) => {
        e.preventDefault();
        setMade(null);
        create.mutate();
      }}
    >
      <h3 className="h6" id="requests-create">
        {t('requests.create.heading')}
      </h3>
      <fieldset className="mb-3">
        <legend className="fs-6">{t('requests.create.what')}</legend>
        <div style={{ maxHeight: '16rem', overflowY: 'auto' }} className="border rounded p-2 mb-2">
          {fromList.map((a) => (
            <div className="form-check" key={a.artifactNumber}>
              <input
                className="form-check-input"
                type="checkbox"
                id={`ask-${a.artifactNumber}`}
                checked={chosen.has(a.artifactNumber)}
                onChange={() => {
                  setChosen((now) => toggle(now, a.artifactNumber));
                }}
              />
              <label className="form-check-label" htmlFor={`ask-${a.artifactNumber}`}>
                <span className="font-monospace">{a.artifactNumber}</span>{' '}
                <TmfName>{names.get(a.artifactNumber) ?? ''}</TmfName>
                {' · '}
                {t('requests.create.dueOn', { date: formatDisplayDate(a.dueDate, language) })}
              </label>
            </div>
          ))}
        </div>
        <div className="row g-2">
          <div className="col-12 col-md-8">
            <label className="form-label small" htmlFor="ask-ad-hoc">
              {t('requests.create.adHoc')}
            </label>
            <select
              id="ask-ad-hoc"
              className="form-select"
              value={adHoc.artifactNumber}
              onChange={(e) => {
                setAdHoc((now) => ({ ...now, artifactNumber: e.target.value }));
              }}
            >
              <option value="">{t('requests.create.none')}</option>
              {artifacts.map((a) => (
                <option key={a.number} value={a.number} lang="en">
                  {a.number} {a.name}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-4">
            <label className="form-label small" htmlFor="ask-ad-hoc-due">
              {t('requests.create.adHocDue')}
            </label>
            <DateField
              id="ask-ad-hoc-due"
              className="form-control"
              value={adHoc.dueDate}
              onChange={(day) => {
                setAdHoc((now) => ({ ...now, dueDate: day }));
              }}
            />
          </div>
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="fs-6">{t('requests.create.from')}</legend>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            name="request-sites"
            id="request-all-sites"
            checked={allSites}
            onChange={() => {
              setAllSites(true);
            }}
          />
          <label className="form-check-label" htmlFor="request-all-sites">
            {t('requests.create.allSites', { count: active.length })}
          </label>
        </div>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            name="request-sites"
            id="request-some-sites"
            checked={!allSites}
            onChange={() => {
              setAllSites(false);
            }}
          />
          <label className="form-check-label" htmlFor="request-some-sites">
            {t('requests.create.someSites')}
          </label>
        </div>
        {!allSites && (
          <div className="ms-4 mt-1">
            {active.map((s) => (
              <div className="form-check" key={s.connectionId}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`site-${s.connectionId}`}
                  checked={sites.has(s.connectionId)}
                  onChange={() => {
                    setSites((now) => toggle(now, s.connectionId));
                  }}
                />
                <label className="form-check-label" htmlFor={`site-${s.connectionId}`}>
                  {s.siteNumber} {s.siteName}
                </label>
              </div>
            ))}
          </div>
        )}
      </fieldset>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={create.isPending || asked.length === 0 || (!allSites && sites.size === 0)}
        >
          {t('requests.create.submit', { count: asked.length })}
        </button>
        <span role="status" className="text-success">
          {made === null ? '' : t('requests.create.made', { count: made })}
        </span>
      </div>
      {create.error !== null && (
        <p className="alert alert-danger mt-2 mb-0" role="alert">
          {messageOfError(create.error, t('requests.create.failed'), { namingFields: true })}
        </p>
      )}
    </form>
  );
};

const RequestList = ({ studyId, manages }: { studyId: string; manages: boolean }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [state, setState] = useState<RequestState | ''>('');
  const requests = useQuery({
    queryKey: [...documentKeys.requests(studyId), state],
    queryFn: () =>
      callApi('document-requests/list', {
        studyId,
        limit: 100,
        ...(state === '' ? {} : { state }),
      }),
  });
  const cancel = useMutation({
    mutationFn: (requestId: string) => callApi('document-requests/cancel', { studyId, requestId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: documentKeys.requests(studyId) });
      await queryClient.invalidateQueries({ queryKey: documentKeys.completeness(studyId) });
    },
  });
  const loadError = settledError(requests);

  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <div>
          <label className="form-label small mb-1" htmlFor="requests-state">
            {t('requests.list.state')}
          </label>
          <select
            id="requests-state"
            className="form-select form-select-sm"
            value={state}
            onChange={(e) => {
              const next = REQUEST_STATES.find((s) => s === e.target.value);
              setState(next ?? '');
            }}
          >
            <option value="">{t('requests.list.anyState')}</option>
            {REQUEST_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`requests.state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {requests.data !== undefined && (
          <p className="small text-body-secondary mb-1" role="status">
            {t('requests.list.total', { count: requests.data.total })}
          </p>
        )}
      </div>
      {cancel.error !== null && (
        <p className="alert alert-danger" role="alert">
          {messageOfError(cancel.error, t('requests.list.cancelFailed'))}
        </p>
      )}
      {requests.data === undefined ? (
        loadError === null ? (
          <LoadingIndicator className="my-3" />
        ) : (
          <RetryAlert
            message={messageOfError(loadError, t('requests.list.loadFailed'))}
            retryLabel={t('documents.retry')}
            onRetry={() => {
              void requests.refetch();
            }}
          />
        )
      ) : requests.data.requests.length === 0 ? (
        <p className="text-body-secondary" role="status">
          {t('requests.list.none')}
        </p>
      ) : (
        <ScrollRegion label={t('requests.list.caption')}>
          <table className="table align-middle">
            <caption className="visually-hidden">{t('requests.list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('requests.list.site')}</th>
                <th scope="col">{t('requests.list.artifact')}</th>
                <th scope="col">{t('requests.list.due')}</th>
                <th scope="col">{t('requests.list.stateHeading')}</th>
                <th scope="col">{t('requests.list.requested')}</th>
                {manages && (
                  <th scope="col">
                    <span className="visually-hidden">{t('requests.expected.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {requests.data.requests.map((r) => (
                <tr key={r.requestId} data-testid={`request-${r.requestId}`}>
                  <th scope="row" className="fw-normal">
                    <span className="fw-semibold">{r.siteNumber}</span> {r.siteName}
                  </th>
                  <td>
                    <span className="font-monospace">{r.artifactNumber}</span>{' '}
                    <TmfName>{r.artifactName}</TmfName>
                    {r.note !== null && <div className="small text-body-secondary">{r.note}</div>}
                  </td>
                  <td className="text-nowrap">{formatDisplayDate(r.dueDate, language)}</td>
                  <td>
                    <span className={`badge ${STATE_BADGE[r.state]}`}>
                      {t(`requests.state.${r.state}`)}
                    </span>
                    {r.fulfilledBy !== null && (
                      <div className="small text-body-secondary">
                        {t('requests.list.deliveredOn', {
                          date: formatDisplayDate(r.fulfilledBy.deliveredAt, language),
                        })}
                      </div>
                    )}
                  </td>
                  <td>
                    {formatDisplayDate(r.createdAt, language)}
                    <div className="small text-body-secondary text-break">{r.createdBy}</div>
                  </td>
                  {manages && (
                    <td>
                      {(r.state === 'open' || r.state === 'overdue') && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          disabled={cancel.isPending}
                          onClick={() => {
                            cancel.mutate(r.requestId);
                          }}
                        >
                          {t('requests.list.cancel')}{' '}
                          <span className="visually-hidden">
                            {t('requests.list.cancelWhat', {
                              artifact: r.artifactNumber,
                              site: r.siteNumber,
                            })}
                          </span>
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
};
