/**
 * The webhook screen's query keys (TanStack Query). Everything under `all`, so that a write
 * (subscribe, change, rotate, delete, redeliver) loads the endpoints and the delivery log again.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: (systemId: string) => [...webhookKeys.all, 'endpoints', systemId] as const,
  deliveries: (endpointId: string, cursor: string | undefined) =>
    [...webhookKeys.all, 'deliveries', endpointId, cursor ?? null] as const,
};
