import { lazy, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { webhookPaths } from '../config/webhook-paths';

/**
 * A system's webhook endpoints (issue 36), chosen by path in the private layout's chunk as the
 * registry's screens are (app/registry-routes.tsx says why). One chunk, loaded on first use.
 */
const WebhookEndpointsPage = lazy(async () => ({
  default: (await import('../features/webhooks/webhook-screens')).WebhookEndpointsPage,
}));

/** Whether a path is the webhook screen's (a trailing slash allowed). */
export const isWebhookPath = (pathname: string): boolean =>
  (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) === webhookPaths.endpoints;

/** The webhook screen for its path, or `otherwise`. */
export const WebhookRoutes = ({ otherwise }: { otherwise: ReactNode }) => {
  const { pathname, search } = useLocation();
  if (!isWebhookPath(pathname)) return otherwise;
  // A page per system: another system's starts afresh.
  const systemId = new URLSearchParams(search).get('systemId') ?? '';
  return <WebhookEndpointsPage key={systemId} systemId={systemId} />;
};
