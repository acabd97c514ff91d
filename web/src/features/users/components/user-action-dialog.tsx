import type { UserListItem } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/app-modal';
import type { RowAction } from '../utils/user-actions';
import { nameOf } from '../utils/user-display';

/** The row actions that ask first, naming the user, and the texts they ask with. */
const CONFIRMED: Partial<Record<RowAction, 'disable' | 'delete' | 'resetMfa'>> = {
  disable: 'disable',
  delete: 'delete',
  resetMfa: 'resetMfa',
};

/** Whether the action asks before it is done. */
export const asksFirst = (action: RowAction): boolean => CONFIRMED[action] !== undefined;

export interface PendingAction {
  action: RowAction;
  user: UserListItem;
}

interface UserActionDialogProps {
  pending: PendingAction | null;
  onCancel: () => void;
  onConfirm: (pending: PendingAction) => void;
}

/** "Disable / delete / reset the authenticator of {name} ({email})?" before it is done. */
export const UserActionDialog = ({ pending, onCancel, onConfirm }: UserActionDialogProps) => {
  const { t } = useTranslation();
  const kind = pending === null ? undefined : CONFIRMED[pending.action];
  return (
    <AppModal
      show={pending !== null}
      title={kind ? t(`users.confirm.${kind}Title`) : ''}
      onCancel={onCancel}
      onConfirm={() => {
        if (pending) onConfirm(pending);
      }}
      confirmLabel={pending ? t(`users.actions.${pending.action}`) : ''}
    >
      {pending && kind
        ? t(`users.confirm.${kind}`, { name: nameOf(pending.user), email: pending.user.email })
        : null}
    </AppModal>
  );
};
