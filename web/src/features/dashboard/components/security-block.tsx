import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@ccsc/contract';
import type { Security } from '@ccsc/contract/dashboard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { callApi } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { messageOfError } from '../../../lib/refusals';
import { dashboardKeys } from '../api/keys';
import { useDashboardBlock } from '../hooks/use-dashboard-block';
import { dayOf, formatCount, formatTimeOfDay } from '../utils/dashboard-format';
import { DashboardCard } from './dashboard-card';
import { FigureLink } from './figure-link';

const ROWS = ['failedSignIns', 'lockouts', 'mfaResets', 'credentialRevocations'] as const;

/** "since 09:00 yesterday", or with the date when the window began earlier. */
const useSince = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (iso: string) => {
    const day = dayOf(iso, new Date());
    if (day === 'other') return t('dashboard.sinceDate', { when: formatDateTime(iso, language) });
    return t(day === 'today' ? 'dashboard.sinceToday' : 'dashboard.sinceYesterday', {
      time: formatTimeOfDay(iso, language),
    });
  };
};

/** The windowed figures: a row per event, the last 24 hours and the last 7 days. */
const SecurityTable = ({ value }: { value: Security }) => {
  const { t } = useTranslation();
  const since = useSince();
  const columns = [
    { key: 'day', label: t('dashboard.security.day'), since: since(value.since.day) },
    { key: 'week', label: t('dashboard.security.week'), since: since(value.since.week) },
  ] as const;
  return (
    <table className="table table-sm align-middle mb-3">
      <caption className="visually-hidden">{t('dashboard.security.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('dashboard.security.event')}</th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className="text-end">
              {column.label}
              <div className="small fw-normal text-body-secondary">{column.since}</div>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row}>
            <th scope="row" className="fw-normal">
              {t(`dashboard.security.${row}`)}
            </th>
            {columns.map((column) => (
              <td key={column.key} className="text-end">
                <FigureLink
                  figure={value[row][column.key]}
                  label={`${t(`dashboard.security.${row}`)}, ${column.label}`}
                  hiddenLabel
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
};

type Verdict = ResponseOf<'verify-audit-chain'>;

/** The audit chain's last verification and Verify now (shown only when `chain` is not null). */
const ChainStatus = ({ chain }: { chain: NonNullable<Security['chain']> }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const client = useQueryClient();
  const verification = useMutation({
    mutationFn: (): Promise<Verdict> => callApi('verify-audit-chain', {}),
    // The block loads again with the new verification; the verdict is said meanwhile.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: dashboardKeys.block('dashboard/security') });
    },
  });
  const [verifying, setVerifying] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { last } = chain;

  const verify = async () => {
    setVerifying(true);
    setNotice(null);
    try {
      const verdict = await verification.mutateAsync();
      setNotice(
        verdict.intact
          ? {
              kind: 'success',
              text: t('dashboard.chain.verifiedIntact', {
                records: formatCount(verdict.records, language),
              }),
            }
          : {
              kind: 'danger',
              text: t('dashboard.chain.verifiedBroken', {
                seq: verdict.brokenAt ?? '?',
                reason: verdict.reason ?? '',
              }),
            },
      );
    } catch (err) {
      setNotice({ kind: 'warning', text: messageOfError(err, t('dashboard.chain.verifyFailed')) });
    } finally {
      setVerifying(false);
    }
  };

  let by: string | null = null;
  if (last !== null) {
    if (last.source === 'console') {
      by = t('dashboard.chain.byPerson', {
        who: last.by?.email ?? last.by?.sub ?? t('dashboard.chain.someone'),
      });
    } else {
      by = t(last.source === 'job' ? 'dashboard.chain.byJob' : 'dashboard.chain.byCli');
    }
  }

  return (
    <div data-testid="audit-chain">
      <h3 className="h6">{t('dashboard.chain.heading')}</h3>
      {last === null ? (
        <p className="mb-2">{t('dashboard.chain.never')}</p>
      ) : (
        <p className="mb-2">
          <span className={`badge me-2 ${last.intact ? 'text-bg-success' : 'text-bg-danger'}`}>
            {last.intact ? t('dashboard.chain.intact') : t('dashboard.chain.broken')}
          </span>
          {last.intact
            ? t('dashboard.chain.lastIntact', {
                when: formatDateTime(last.checkedAt, language),
                records: formatCount(last.records, language),
              })
            : t('dashboard.chain.lastBroken', {
                when: formatDateTime(last.checkedAt, language),
                seq: last.brokenAt ?? '?',
                records: formatCount(last.records, language),
              })}
          {!last.intact && last.reason !== null && <> {last.reason}</>}{' '}
          <span className="text-body-secondary">{by}</span>
        </p>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        // aria-disabled rather than disabled: the focus stays on the button while it verifies.
        aria-disabled={verifying}
        onClick={() => {
          if (!verifying) void verify();
        }}
      >
        {verifying && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
        {verifying ? t('dashboard.chain.verifying') : t('dashboard.chain.verify')}
      </button>
      <div className="mt-2">
        <NoticeArea notice={notice} />
      </div>
    </div>
  );
};

/**
 * Security (issue 18): failed sign-ins, lockouts, MFA resets and credential revocations in the
 * last 24 hours and 7 days, each a link to the audit trail that lists them; and, for whoever may
 * verify the whole chain, its last verification with Verify now.
 */
export const SecurityBlock = () => {
  const { t } = useTranslation();
  const block = useDashboardBlock('dashboard/security');
  return (
    <DashboardCard
      id="dashboard-security"
      title={t('dashboard.security.heading')}
      block={block}
      minHeight={320}
      failed={t('dashboard.security.loadFailed')}
    >
      {(value) => (
        <>
          <SecurityTable value={value} />
          {value.chain !== null && <ChainStatus chain={value.chain} />}
        </>
      )}
    </DashboardCard>
  );
};
