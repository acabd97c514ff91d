import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { notificationPaths } from '../config/notification-paths';
import { paths } from '../config/paths';
import { registryPaths } from '../config/registry-paths';

/** The menu's entries (the command palette finds them too: app/command-palette.tsx). */
export const MENU_ENTRIES = [
  { to: paths.admin.dashboard, section: paths.admin.dashboard, label: 'nav.home' },
  { to: paths.admin.standards, section: paths.admin.artifact, label: 'nav.standards' },
  { to: paths.admin.documents, section: paths.admin.documents, label: 'nav.documents' },
  {
    to: paths.admin.distributions,
    section: paths.admin.distributions,
    label: 'nav.distributions',
  },
  {
    to: paths.admin.generateApiCredentials,
    section: paths.admin.generateApiCredentials,
    label: 'nav.credentials',
  },
  { to: paths.admin.users, section: paths.admin.users, label: 'nav.users' },
  { to: paths.admin.auditTrail, section: paths.admin.auditTrail, label: 'nav.audit' },
  // The registry (issue 14), after the entries of SPEC §2.
  {
    to: registryPaths.organisations,
    section: registryPaths.organisations,
    label: 'nav.organisations',
  },
  { to: registryPaths.connections, section: registryPaths.connections, label: 'nav.connections' },
  // The notification centre (issue 35); the header's bell leads there too.
  { to: notificationPaths.list, section: notificationPaths.list, label: 'nav.notifications' },
] as const;

const isWithin = (pathname: string, section: string) =>
  pathname === section || pathname.startsWith(`${section}/`);

interface SideMenuProps {
  id: string;
  show: boolean;
  onHide: () => void;
}

/** The off-canvas menu titled Menu; the entry of the current section is highlighted (SPEC §2). */
export const SideMenu = ({ id, show, onHide }: SideMenuProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Offcanvas
      id={id}
      show={show}
      onHide={onHide}
      placement="start"
      aria-labelledby={`${id}-title`}
    >
      <Offcanvas.Header closeButton closeLabel={t('common.close')}>
        <Offcanvas.Title id={`${id}-title`} as="h2" className="h5">
          {t('layout.menu')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <nav aria-labelledby={`${id}-title`}>
          <ul className="nav nav-pills flex-column gap-1">
            {MENU_ENTRIES.map((entry) => {
              const active = isWithin(pathname, entry.section);
              return (
                <li key={entry.to} className="nav-item">
                  <Link
                    to={entry.to}
                    className={`nav-link${active ? ' active' : ''}`}
                    aria-current={active ? (pathname === entry.to ? 'page' : 'true') : undefined}
                    onClick={onHide}
                  >
                    {t(entry.label)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
};
