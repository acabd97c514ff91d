import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths } from '../config/paths';
import { useOptionalRuntimeConfig } from '../config/runtime-config';
import { hasAgentSession } from '../lib/session';

/** The /admin area: without a stored agent session, back to the login screen (SPEC §2, §6). */
export const RequireAgentSession = () =>
  hasAgentSession() ? <Outlet /> : <Navigate to={paths.login} replace />;

/** Login and recovery screens: a signed-in administrator goes to the dashboard instead (SPEC §2). */
export const RedirectIfSignedIn = () =>
  hasAgentSession() ? <Navigate to={paths.admin.dashboard} replace /> : <Outlet />;

/**
 * Every screen but the login screen needs /config.json (the product name, Cognito's client, the
 * API): they wait for it here, while the login screen paints without it (app/app.tsx).
 */
export const RequireRuntimeConfig = () =>
  useOptionalRuntimeConfig() ? <Outlet /> : <FullPageLoader />;
