import { OVERDUE_DAYS_MAX } from '@ccsc/contract/distributions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form-dialog';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { formatDisplayDate } from '../../../lib/dates';
import { messageOfError } from '../../../lib/refusals';
import { distributionKeys } from '../api/keys';

/**
 * A new distribution (distributions/create): one document the sponsor sent and that was
 * delivered (its study is the distribution's), every active site of that study or the ones
 * chosen, and the days until a site that has not acknowledged is overdue. The server decides
 * what may go where; this offers only what it would accept.
 */
export const CreateDistributionDialog = ({ onClose }: { onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { document: useId(), days: useId(), sites: useId() };
  const [documentId, setDocumentId] = useState('');
  const [allSites, setAllSites] = useState(true);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [days, setDays] = useState('14');

  const sources = useQuery({
    queryKey: distributionKeys.sources(),
    queryFn: () =>
      callApi('s3documents/list', { direction: 'sponsor-to-site', delivered: 'true', limit: 100 }),
  });
  const source = sources.data?.documents.find((d) => d.documentId === documentId);
  const studyId = source?.studyId ?? '';
  const sites = useQuery({
    queryKey: distributionKeys.sites(studyId),
    queryFn: () => callApi('list-connections', { studyId, status: 'active', limit: 100 }),
    enabled: studyId !== '',
  });
  const daysValue = Number(days);
  const daysValid = Number.isInteger(daysValue) && daysValue >= 1 && daysValue <= OVERDUE_DAYS_MAX;

  const create = useMutation({
    mutationFn: () =>
      callApi('distributions/create', {
        sourceDocumentId: documentId,
        overdueDays: daysValue,
        ...(allSites ? {} : { connectionIds: [...chosen] }),
      }),
    onSuccess: async ({ distribution }) => {
      await queryClient.invalidateQueries({ queryKey: distributionKeys.lists() });
      await navigate(
        `${paths.admin.distribution}?distributionId=${encodeURIComponent(distribution.distributionId)}`,
      );
    },
  });

  const toggle = (connectionId: string) => {
    const next = new Set(chosen);
    if (next.has(connectionId)) next.delete(connectionId);
    else next.add(connectionId);
    setChosen(next);
  };

  return (
    <FormDialog
      title={t('distributions.create.title')}
      message={
        create.isError ? messageOfError(create.error, t('distributions.create.failed')) : null
      }
      submitLabel={t('distributions.create.submit')}
      busyLabel={t('distributions.create.busy')}
      saving={create.isPending}
      submitDisabled={documentId === '' || !daysValid || (!allSites && chosen.size === 0)}
      onSubmit={() => {
        create.mutate();
      }}
      onCancel={onClose}
      size="lg"
      testId="create-distribution"
    >
      <p className="text-body-secondary">{t('distributions.create.description')}</p>
      <div className="mb-3">
        <label htmlFor={ids.document} className="form-label">
          {t('distributions.create.document')}
        </label>
        {sources.isPending ? (
          <LoadingIndicator />
        ) : (
          <select
            id={ids.document}
            className="form-select"
            value={documentId}
            onChange={(e) => {
              setDocumentId(e.target.value);
              setChosen(new Set());
            }}
          >
            <option value="">{t('distributions.create.chooseDocument')}</option>
            {(sources.data?.documents ?? []).map((d) => (
              <option key={d.documentId} value={d.documentId}>
                {`${d.protocolNumber} · ${d.title} (${d.fileName}, ${formatDisplayDate(d.sentAt, i18n.language)})`}
              </option>
            ))}
          </select>
        )}
        {sources.data?.documents.length === 0 && (
          <p className="form-text">{t('distributions.create.noDocuments')}</p>
        )}
      </div>
      <fieldset className="mb-3" disabled={studyId === ''}>
        <legend className="form-label fs-6">{t('distributions.create.sites')}</legend>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            id={`${ids.sites}-all`}
            checked={allSites}
            onChange={() => {
              setAllSites(true);
            }}
          />
          <label className="form-check-label" htmlFor={`${ids.sites}-all`}>
            {t('distributions.create.allSites', { count: sites.data?.connections.length ?? 0 })}
          </label>
        </div>
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            id={`${ids.sites}-chosen`}
            checked={!allSites}
            onChange={() => {
              setAllSites(false);
            }}
          />
          <label className="form-check-label" htmlFor={`${ids.sites}-chosen`}>
            {t('distributions.create.chosenSites')}
          </label>
        </div>
        {!allSites && (
          <ul className="list-unstyled ms-4 mt-2 mb-0">
            {(sites.data?.connections ?? [])
              .filter((c) => c.siteSystemId !== null)
              .map((c) => (
                <li key={c.connectionId} className="form-check">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`${ids.sites}-${c.connectionId}`}
                    checked={chosen.has(c.connectionId)}
                    onChange={() => {
                      toggle(c.connectionId);
                    }}
                  />
                  <label className="form-check-label" htmlFor={`${ids.sites}-${c.connectionId}`}>
                    {t('distributions.create.siteOption', {
                      siteNumber: c.siteNumber,
                      siteName: c.siteName,
                    })}
                  </label>
                </li>
              ))}
          </ul>
        )}
      </fieldset>
      <div className="mb-1">
        <label htmlFor={ids.days} className="form-label">
          {t('distributions.create.overdueDays')}
        </label>
        <input
          id={ids.days}
          className={`form-control w-auto ${daysValid ? '' : 'is-invalid'}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={OVERDUE_DAYS_MAX}
          value={days}
          aria-describedby={`${ids.days}-help`}
          onChange={(e) => {
            setDays(e.target.value);
          }}
        />
        <div id={`${ids.days}-help`} className={daysValid ? 'form-text' : 'invalid-feedback'}>
          {t('distributions.create.overdueDaysHelp', { max: OVERDUE_DAYS_MAX })}
        </div>
      </div>
    </FormDialog>
  );
};
