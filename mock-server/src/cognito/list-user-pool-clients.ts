import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { invalidParameter } from './errors';
import type { FidelityTarget } from './fidelity-target';
import { requirePool, userPoolId } from './m2m';
import { parseRequest } from './request';
import { compareStrings } from './user-records';

/**
 * ListUserPoolClients as Cognito answers it (the API reference): `MaxResults` 1..60 (absent: 60),
 * pages with an opaque `NextToken`, and for each client only its description — `ClientId`,
 * `ClientName`, `UserPoolId` — never its settings or secret. cognito-local answers every client
 * whole in one page and ignores both parameters. The reconciler pages through it to find app
 * clients without a credential (issue 32).
 */

export const LIST_USER_POOL_CLIENTS_MAX = 60;

const tokenSchema = z.object({ pool: z.string(), after: z.string() });

const encode = (pool: string, after: string) =>
  Buffer.from(JSON.stringify({ pool, after })).toString('base64url');

/** The client id a token continues after, if it is one this listing of this pool gave. */
const decode = (token: string, pool: string): string => {
  try {
    const decoded = tokenSchema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    if (decoded.pool === pool) return decoded.after;
  } catch {
    // answered below, as any foreign token
  }
  throw invalidParameter(`Paging marker ${token} is invalid for request ${randomUUID()}`);
};

/** In client id order, so clients created or deleted between pages neither repeat nor shift. */
export const ListUserPoolClients: FidelityTarget = (services) => async (ctx, body: unknown) => {
  const req = parseRequest(
    z.object({
      UserPoolId: userPoolId,
      MaxResults: z.number().int().min(1).max(LIST_USER_POOL_CLIENTS_MAX).optional(),
      NextToken: z.string().min(1).max(131072).regex(/^\S+$/).optional(),
    }),
    body,
  );
  await requirePool(services, ctx, req.UserPoolId);
  const after = req.NextToken === undefined ? undefined : decode(req.NextToken, req.UserPoolId);
  const clients = (await services.cognito.listAppClients(ctx, req.UserPoolId))
    .filter((c) => after === undefined || c.ClientId > after)
    .sort((a, b) => compareStrings(a.ClientId, b.ClientId));
  const page = clients.slice(0, req.MaxResults ?? LIST_USER_POOL_CLIENTS_MAX);
  const last = page.at(-1);
  return {
    UserPoolClients: page.map((c) => ({
      ClientId: c.ClientId,
      ClientName: c.ClientName,
      UserPoolId: c.UserPoolId,
    })),
    ...(clients.length > page.length && last !== undefined
      ? { NextToken: encode(req.UserPoolId, last.ClientId) }
      : {}),
  };
};
