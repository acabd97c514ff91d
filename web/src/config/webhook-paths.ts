/**
 * A system's webhook endpoints (issue 36), apart from paths.ts (the login route's entry chunk) as
 * the registry's are: only the private layout's chunk (app/webhook-routes.tsx), the registry's
 * systems table and the webhook screen use them.
 */
export const webhookPaths = {
  /** `?systemId=…`: the system's endpoints; `&endpointId=…`: with that one's delivery log open. */
  endpoints: '/admin/webhooks',
  of: (systemId: string, endpointId?: string): string => {
    const query = new URLSearchParams({ systemId });
    if (endpointId !== undefined) query.set('endpointId', endpointId);
    return `/admin/webhooks?${query.toString()}`;
  },
} as const;
