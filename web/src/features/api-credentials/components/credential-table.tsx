import type { ApiCredential } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { formatDateTime, formatDisplayDate } from '../../../lib/dates';
import { type CredentialAction, daysToExpiry } from '../utils/credential-rules';
import { CredentialStatusBadge, useScopeText } from './credential-badges';

interface CredentialTableProps {
  credentials: readonly ApiCredential[];
  loading: boolean;
  now: Date;
  actionsOf: (credential: ApiCredential) => CredentialAction[];
  onAction: (action: CredentialAction, credential: ApiCredential) => void;
  /** The credential whose scope document is being prepared. */
  busyApiId: string | null;
}

const BUTTON: Record<CredentialAction, string> = {
  resend: 'btn-outline-primary',
  rotate: 'btn-outline-primary',
  retire: 'btn-outline-warning',
  scope: 'btn-outline-secondary',
  revoke: 'btn-outline-danger',
};

/** The credentials: who, which system, what it may do, how it stands, and what may be done. */
export const CredentialTable = ({
  credentials,
  loading,
  now,
  actionsOf,
  onAction,
  busyApiId,
}: CredentialTableProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const describe = useScopeText();
  return (
    <ListTable
      label={t('credentials.list.tableCaption')}
      loading={loading}
      columns={[
        t('credentials.list.organisation'),
        t('credentials.list.system'),
        t('credentials.list.scopes'),
        t('credentials.list.status'),
        t('credentials.list.expires'),
        t('credentials.list.lastUsed'),
        t('credentials.list.actions'),
      ]}
    >
      {credentials.map((c) => {
        const days = daysToExpiry(c, now);
        const actions = actionsOf(c);
        return (
          <tr key={c.apiId} data-testid={`credential-row-${c.systemName}`}>
            <td>{c.organisationName}</td>
            <td>
              {c.systemName}
              <div className="small text-body-secondary">
                <code>{c.clientId}</code>
              </div>
              {c.description && <div className="small">{c.description}</div>}
            </td>
            <td className="small">
              {c.scopes.map((scope) => (
                <div key={scope} title={describe(scope)}>
                  <code>{scope}</code>
                </div>
              ))}
            </td>
            <td>
              <CredentialStatusBadge status={c.status} />
              {c.rotation !== null && c.status !== 'revoked' && (
                <div className="small text-body-secondary mt-1">
                  {c.rotation.retiresAt !== null
                    ? t('credentials.list.rotationGrace', {
                        when: formatDateTime(c.rotation.retiresAt, language),
                      })
                    : t('credentials.list.rotationLinkSent')}
                </div>
              )}
            </td>
            <td>
              {formatDisplayDate(c.expiresAt, language)}
              {days !== null && (
                <div className="small text-warning-emphasis fw-semibold" role="note">
                  {days === 0
                    ? t('credentials.list.expiresToday')
                    : t('credentials.list.expiresIn', { count: days })}
                </div>
              )}
            </td>
            <td className="small">
              {c.lastUsedAt === null
                ? t('credentials.list.never')
                : formatDateTime(c.lastUsedAt, language)}
            </td>
            <td>
              <div className="d-flex flex-wrap gap-1">
                {actions.map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`btn btn-sm ${BUTTON[action]}`}
                    disabled={action === 'scope' && busyApiId === c.apiId}
                    aria-label={t('credentials.actions.label', {
                      action: t(`credentials.actions.${action}`),
                      system: c.systemName,
                      organisation: c.organisationName,
                    })}
                    onClick={() => {
                      onAction(action, c);
                    }}
                  >
                    {t(`credentials.actions.${action}`)}
                  </button>
                ))}
              </div>
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
};
