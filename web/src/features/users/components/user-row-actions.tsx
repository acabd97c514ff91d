import type { UserListItem } from '@ccsc/lambdas/contract';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../utils/user-permissions';

interface UserRowActionsProps {
  user: UserListItem;
  actions: RowAction[];
  busy: boolean;
  onAction: (action: RowAction, user: UserListItem) => void;
}

/** The actions menu of one row, named after the user it acts on. */
export const UserRowActions = ({ user, actions, busy, onAction }: UserRowActionsProps) => {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        disabled={busy}
        aria-label={t('users.actionsFor', { email: user.email })}
      >
        {t('users.columns.actions')}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {actions.map((action) => (
          <Dropdown.Item
            key={action}
            as="button"
            className={action === 'delete' ? 'text-danger' : undefined}
            onClick={() => {
              onAction(action, user);
            }}
          >
            {t(`users.actions.${action}`)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
};
