import { Navigate, Outlet } from 'react-router';
import { paths } from '../config/paths';
import { hasAgentSession } from '../lib/session';

/** The /admin area: without a stored agent session, back to the login screen (SPEC §2, §6). */
export const RequireAgentSession = () =>
  hasAgentSession() ? <Outlet /> : <Navigate to={paths.login} replace />;

/** Login and recovery screens: a signed-in administrator goes to the dashboard instead (SPEC §2). */
export const RedirectIfSignedIn = () =>
  hasAgentSession() ? <Navigate to={paths.admin.dashboard} replace /> : <Outlet />;
