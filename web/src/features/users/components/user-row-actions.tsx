import type { UserListItem } from '@ccsc/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../utils/user-actions';

interface UserRowActionsProps {
  user: UserListItem;
  actions: RowAction[];
  busy: boolean;
  onAction: (action: RowAction, user: UserListItem) => void;
}

/**
 * The actions menu of one row, named after the user it acts on. A plain disclosure (button plus
 * list) anchored in its cell: it closes on a choice, on Escape and on a click elsewhere.
 */
export const UserRowActions = ({ user, actions, busy, onAction }: UserRowActionsProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (actions.length === 0) return null;
  return (
    <div className="position-relative d-inline-block" ref={root}>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary dropdown-toggle"
        disabled={busy}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        {/* The visible word first in the name (WCAG 2.5.3), whose actions after it. */}
        {t('users.columns.actions')}
        <span className="visually-hidden"> {t('users.actionsFor', { email: user.email })}</span>
      </button>
      {open && (
        <ul id={menuId} className="dropdown-menu show end-0" style={{ top: '100%' }}>
          {actions.map((action) => (
            <li key={action}>
              <button
                type="button"
                className={`dropdown-item${action === 'delete' ? ' text-danger' : ''}`}
                onClick={() => {
                  setOpen(false);
                  onAction(action, user);
                }}
              >
                {t(`users.actions.${action}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
