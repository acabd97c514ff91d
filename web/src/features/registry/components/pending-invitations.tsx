import type { Connection } from '@ccsc/contract';
import type { ConnectionAction } from '@ccsc/contract/registry-access';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../lib/dates';

interface PendingInvitationsProps {
  invitations: readonly Connection[];
  onAnswer: (connection: Connection, action: ConnectionAction) => void;
}

/**
 * A site OrgAdmin's invitations waiting for an answer, at the top of the connections: each with
 * Accept (choosing the site's system) and Decline.
 */
export const PendingInvitations = ({ invitations, onAnswer }: PendingInvitationsProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  if (invitations.length === 0) return null;
  return (
    <section
      className="card border-info mb-4"
      aria-labelledby="pending-invitations-title"
      data-testid="pending-invitations"
    >
      <div className="card-body">
        <h2 id="pending-invitations-title" className="h5 card-title">
          {t('registry.pending.heading', { count: invitations.length })}
        </h2>
        <ul className="list-group list-group-flush">
          {invitations.map((c) => {
            const invited = c.history.find((e) => e.status === 'invited');
            return (
              <li
                key={c.connectionId}
                className="list-group-item d-flex flex-wrap align-items-center gap-2 px-0"
                data-testid={`pending-invitation-${c.protocolNumber}-${c.siteNumber}`}
              >
                <div className="me-auto">
                  <div className="fw-semibold">{`${c.protocolNumber} — ${c.studyTitle}`}</div>
                  <div className="small text-body-secondary">
                    {t('registry.pending.details', {
                      sponsor: c.sponsorName,
                      number: c.siteNumber,
                      investigator: c.principalInvestigator,
                    })}
                    {invited &&
                      ` · ${t('registry.pending.invitedBy', {
                        by: invited.by,
                        when: formatDisplayDate(invited.at, language),
                      })}`}
                  </div>
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  aria-label={t('registry.pending.acceptNamed', { protocol: c.protocolNumber })}
                  onClick={() => {
                    onAnswer(c, 'accept');
                  }}
                >
                  {t('registry.connections.steps.accept')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('registry.pending.declineNamed', { protocol: c.protocolNumber })}
                  onClick={() => {
                    onAnswer(c, 'decline');
                  }}
                >
                  {t('registry.connections.steps.decline')}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
};
