import type { UserListItem } from '@ccsc/contract';
import type { NeedsAction } from '@ccsc/contract/dashboard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { callApi } from '../../../lib/api';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { dashboardKeys } from '../api/keys';
import { useDashboardBlock } from '../hooks/use-dashboard-block';
import { type DashboardUserAction, mayAct } from '../utils/dashboard-actions';
import { DashboardCard } from './dashboard-card';
import { FigureLink, FigureRow } from './figure-link';

const OPERATION = {
  unlock: 'enable-user',
  'resend-invitation': 'resend-invitation',
} as const;

const ACTION_TEXT = {
  unlock: { button: 'unlock', named: 'unlockNamed', done: 'unlocked' },
  'resend-invitation': { button: 'resend', named: 'resendNamed', done: 'resent' },
} as const;

interface UserActionsProps {
  users: readonly UserListItem[];
  action: DashboardUserAction;
  /** The user whose call is on its way (every button waits meanwhile), or null. */
  busy: string | null;
  onAct: (action: DashboardUserAction, user: UserListItem) => void;
}

/** The first users a figure counts, each with its button when the caller may press it. */
const UserActions = ({ users, action, busy, onAct }: UserActionsProps) => {
  const { t } = useTranslation();
  const profile = getProfile();
  if (users.length === 0) return null;
  const text = ACTION_TEXT[action];
  return (
    <ul className="list-unstyled ms-4 mb-1 small">
      {users.map((user) => (
        <li key={user.userName} className="d-flex flex-wrap align-items-center gap-2 py-1">
          <span className="text-break me-auto">{user.email}</span>
          {mayAct(action, user, profile) && (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary py-0"
              disabled={busy !== null}
              aria-label={t(`dashboard.needsAction.${text.named}`, { email: user.email })}
              onClick={() => {
                onAct(action, user);
              }}
            >
              {busy === user.userName && (
                <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
              )}
              {t(`dashboard.needsAction.${text.button}`)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
};

const NeedsActionFigures = ({
  value,
  busy,
  onAct,
}: {
  value: NeedsAction;
  busy: string | null;
  onAct: UserActionsProps['onAct'];
}) => {
  const { t } = useTranslation();
  // Each figure, with the action its first users get (Unlock, Resend), if any.
  const withUsers = (figure: { users: readonly UserListItem[] }, action: DashboardUserAction) => ({
    users: figure.users,
    action,
  });
  const figures = [
    ['lockedAccounts', value.lockedAccounts, withUsers(value.lockedAccounts, 'unlock')],
    ['invitationsPending', value.invitations.pending, null],
    [
      'invitationsExpiring',
      value.invitations.expiring,
      withUsers(value.invitations.expiring, 'resend-invitation'),
    ],
    [
      'invitationsExpired',
      value.invitations.expired,
      withUsers(value.invitations.expired, 'resend-invitation'),
    ],
    ['withoutAuthenticator', value.withoutAuthenticator, null],
    [
      `connectionInvitations.${value.connectionInvitations.perspective}`,
      value.connectionInvitations,
      null,
    ],
    ['credentialsExpiring', value.credentials.expiring, null],
    ['credentialsNeverUsed', value.credentials.neverUsed, null],
    ['heldForMapping', value.heldForMapping, null],
    ['staleDrafts', value.staleDrafts, null],
  ] as const;

  if (figures.every(([, figure]) => figure.value === 0)) {
    return (
      <>
        <p className="mb-2" data-testid="nothing-needs-attention">
          {t('dashboard.needsAction.nothing')}
        </p>
        <ul className="list-inline small mb-0">
          {figures.map(([key, figure]) => (
            <li key={key} className="list-inline-item me-3">
              <FigureLink
                figure={figure}
                label={t(`dashboard.needsAction.${key}`)}
                className="link-secondary"
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <ul className="list-unstyled mb-0">
      {figures.map(([key, figure, acting]) => (
        <FigureRow key={key} figure={figure} label={t(`dashboard.needsAction.${key}`)}>
          {acting !== null && (
            <UserActions users={acting.users} action={acting.action} busy={busy} onAct={onAct} />
          )}
        </FigureRow>
      ))}
    </ul>
  );
};

/**
 * What needs an administrator (issue 18): every figure a link to the list behind it; locked
 * accounts with Unlock, expiring and expired invitations with Resend, for whoever may do it.
 * After an action the block loads again.
 */
export const NeedsActionBlock = () => {
  const { t } = useTranslation();
  const block = useDashboardBlock('dashboard/needs-action');
  const client = useQueryClient();
  const userAction = useMutation({
    mutationFn: (change: {
      action: DashboardUserAction;
      userName: string;
      userRole: NonNullable<UserListItem['role']>;
    }) =>
      callApi(OPERATION[change.action], { userName: change.userName, userRole: change.userRole }),
    // The block loads again; the outcome is said meanwhile, as soon as the call answered.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: dashboardKeys.block('dashboard/needs-action') });
    },
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const act = async (action: DashboardUserAction, user: UserListItem) => {
    if (user.role === null) return; // not offered (dashboard-actions.ts)
    setBusy(user.userName);
    setNotice(null);
    try {
      await userAction.mutateAsync({ action, userName: user.userName, userRole: user.role });
      setNotice({
        kind: 'success',
        text: t(`dashboard.needsAction.${ACTION_TEXT[action].done}`, { email: user.email }),
      });
    } catch (err) {
      setNotice({ kind: 'danger', text: messageOfError(err, t('dashboard.needsAction.failed')) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <DashboardCard
      id="dashboard-needs-action"
      title={t('dashboard.needsAction.heading')}
      block={block}
      minHeight={320}
      failed={t('dashboard.needsAction.loadFailed')}
    >
      {(value) => (
        <>
          <NoticeArea notice={notice} />
          <NeedsActionFigures
            value={value}
            busy={busy}
            onAct={(action, user) => void act(action, user)}
          />
        </>
      )}
    </DashboardCard>
  );
};
