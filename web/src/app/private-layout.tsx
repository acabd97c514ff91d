import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { BlockingLoader } from '../components/blocking-loader';
import { LogoutIcon, MenuIcon, SearchIcon } from '../components/icons/layout-icons';
import { LanguageSwitcher } from '../components/language-switcher';
import { useRuntimeConfig } from '../config/runtime-config';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { logout } from '../lib/logout';
import { QueryProvider } from '../lib/query-client';
import { getProfile } from '../lib/session';
import { CommandPalette, isPaletteShortcut } from './command-palette';
import { IdleSession } from './idle-session';
import { LogoutModal } from './logout-modal';
import { NotificationRoutes } from './notification-routes';
import { RegistryRoutes } from './registry-routes';
import { SideMenu } from './side-menu';
import { WebhookRoutes } from './webhook-routes';

/**
 * The /admin screens: header, off-canvas menu and footer around the current screen (SPEC §2),
 * the logout confirmation, and the watch over the session (idle time-out, the end of the session
 * in this tab or another; app/idle-session.tsx), and the screens' query client.
 */
export const PrivateLayout = () => {
  const { t } = useTranslation();
  const { productName, supportEmail, accountName, idleTimeoutSeconds, malwareScanning } =
    useRuntimeConfig();
  const navigate = useNavigate();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [searching, setSearching] = useState(false);

  // Ctrl-K (⌘-K) opens the command palette from anywhere in the signed-in console.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setSearching(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  // SPEC §2: "Logged in as" the given and family name (or N/A), with the e-mail the user signs in
  // with beneath (the bootstrap administrator has no name, only this); then the account name: the
  // deployment's own, from /config.json (the name the authenticator enrolment's issuer carries, §3).
  const profile = getProfile();
  const displayName =
    [profile?.givenName, profile?.familyName].filter(Boolean).join(' ') || t('layout.notAvailable');

  // The server state of every signed-in screen (TanStack Query) lives here, in the layout's lazy
  // chunk, not at the root: the login route's first load stays without it (README, "Size budget").
  return (
    <QueryProvider>
      <div className="d-flex flex-column min-vh-100">
        <header className="navbar bg-primary" data-bs-theme="dark">
          <div className="container-fluid gap-2">
            <button
              type="button"
              className="btn btn-outline-light"
              aria-label={t('layout.openMenu')}
              aria-controls={menuId}
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </button>
            <span className="navbar-brand me-auto fw-semibold">{productName}</span>
            {/*
              On a phone (styles/console.css) the header is two rows: the menu, the product, the
              bell and the logout; then who is signed in, for which account, the search and the
              language.
            */}
            <div className="console-header-break" aria-hidden="true" />
            <div className="console-header-who d-flex align-items-center gap-2">
              {/* Name above the e-mail on every width; the e-mail may wrap on a narrow screen. */}
              <div className="navbar-text text-white d-flex flex-column lh-sm text-end">
                <span>
                  {t('layout.loggedInAs')} <strong>{displayName}</strong>
                </span>
                {profile?.email && (
                  <span className="small text-break">
                    <span className="visually-hidden">{t('layout.email')}: </span>
                    {profile.email}
                  </span>
                )}
              </div>
              <span className="navbar-text text-white border-start border-light ps-2">
                <span className="visually-hidden">{t('layout.account')}: </span>
                {accountName}
              </span>
            </div>
            <button
              type="button"
              className="btn btn-outline-light console-header-search"
              aria-label={t('palette.open')}
              aria-keyshortcuts="Control+K Meta+K"
              title={t('palette.openHint')}
              onClick={() => {
                setSearching(true);
              }}
            >
              <SearchIcon />
            </button>
            {/* The unread count (issue 35), polled: in this chunk, never the login route's. */}
            <NotificationBell />
            <div className="console-header-language">
              <LanguageSwitcher variant="outline-light" />
            </div>
            <button
              type="button"
              className="btn btn-outline-light"
              aria-label={t('layout.logout')}
              title={t('layout.logout')}
              onClick={() => {
                setConfirmingLogout(true);
              }}
            >
              <LogoutIcon />
            </button>
          </div>
        </header>

        <SideMenu
          id={menuId}
          show={menuOpen}
          onHide={() => {
            setMenuOpen(false);
          }}
        />

        <main className="flex-grow-1 container-fluid py-4">
          <RegistryRoutes
            otherwise={<NotificationRoutes otherwise={<WebhookRoutes otherwise={<Outlet />} />} />}
          />
        </main>

        <footer className="border-top bg-body-tertiary py-3">
          <div className="container-fluid d-flex flex-wrap justify-content-between gap-2 small">
            {/* The primary blue on the footer’s grey is below 4.5:1 for small text (WCAG AA). */}
            <a href={`mailto:${supportEmail}`} className="link-body-emphasis">
              {t('layout.emailHelpdesk')}
            </a>
            <span>© {t('layout.copyright', { product: productName })}</span>
          </div>
          {/* Offline without clamd (issue 34): say plainly that documents are not really scanned. */}
          {malwareScanning?.engine === 'stand-in' && (
            <p className="container-fluid small text-warning-emphasis mt-2 mb-0" role="note">
              {t('layout.malwareStandIn')}
            </p>
          )}
        </footer>

        <CommandPalette
          show={searching}
          onHide={() => {
            setSearching(false);
          }}
        />
        <IdleSession timeoutSeconds={idleTimeoutSeconds} />
        <LogoutModal
          show={confirmingLogout}
          productName={productName}
          onCancel={() => {
            setConfirmingLogout(false);
          }}
          onConfirm={() => {
            setConfirmingLogout(false);
            setLoggingOut(true); // until the navigation away from the layout
            void logout(navigate);
          }}
        />
        <BlockingLoader show={loggingOut} />
      </div>
    </QueryProvider>
  );
};
