/** The webhook screen, loaded as one chunk (app/webhook-routes.tsx). */
export { WebhookEndpointsPage } from './components/webhook-endpoints-page';
