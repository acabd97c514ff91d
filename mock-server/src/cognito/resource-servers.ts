import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { cognitoError, invalidParameter } from './errors';
import type { FidelityTarget } from './fidelity-target';
import { compareStrings, M2M_MESSAGES, requirePool, userPoolId } from './m2m';
import { parseRequest } from './request';
import type { PoolState, StoredResourceServer } from './state';
import { setOwn } from './pool-store';

/**
 * Resource servers and their custom scopes (missing in cognito-local): Create, Describe, List
 * (paged), Update and Delete, kept in the fidelity layer's store.
 */

const identifier = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/);
const resourceServerName = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[\w\s+=,.@-]+$/);
const scopeList = z
  .array(
    z.object({
      ScopeName: z
        .string()
        .min(1)
        .max(256)
        .regex(/^[\x21\x23-\x2E\x30-\x5B\x5D-\x7E]+$/),
      ScopeDescription: z.string().min(1).max(256),
    }),
  )
  .max(100);

const resourceServerResponse = (poolId: string, server: StoredResourceServer) => ({
  UserPoolId: poolId,
  Identifier: server.Identifier,
  Name: server.Name,
  Scopes: server.Scopes.map((s) => ({
    ScopeName: s.ScopeName,
    ScopeDescription: s.ScopeDescription,
  })),
});

const serverNotFound = (identifier: string) =>
  cognitoError('ResourceNotFoundException', M2M_MESSAGES.resourceServerNotFound(identifier));

const findServer = (state: Readonly<PoolState>, id: string) =>
  Object.hasOwn(state.resourceServers, id) ? state.resourceServers[id] : undefined;

const resourceServerSchema = z.object({
  UserPoolId: userPoolId,
  Identifier: identifier,
  Name: resourceServerName,
  Scopes: scopeList.optional(),
});

const resourceServerKeySchema = z.object({ UserPoolId: userPoolId, Identifier: identifier });

const CreateResourceServer: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(resourceServerSchema, body);
  await requirePool(services, ctx, req.UserPoolId);
  const server: StoredResourceServer = {
    Identifier: req.Identifier,
    Name: req.Name,
    Scopes: req.Scopes ?? [],
  };
  await fidelity.store.update(req.UserPoolId, (state) => {
    if (findServer(state, req.Identifier)) {
      throw invalidParameter(M2M_MESSAGES.resourceServerExists(req.Identifier, req.UserPoolId));
    }
    setOwn(state.resourceServers, req.Identifier, server);
  });
  return { ResourceServer: resourceServerResponse(req.UserPoolId, server) };
};

const DescribeResourceServer: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(resourceServerKeySchema, body);
    await requirePool(services, ctx, req.UserPoolId);
    const server = findServer(await fidelity.store.read(req.UserPoolId), req.Identifier);
    if (!server) throw serverNotFound(req.Identifier);
    return { ResourceServer: resourceServerResponse(req.UserPoolId, server) };
  };

/** The AWS model's ListResourceServersLimitType is 1..50; absent means the most, 50. */
export const LIST_RESOURCE_SERVERS_MAX = 50;

const listTokenSchema = z.object({ pool: z.string(), after: z.string() });

/**
 * ListResourceServers in identifier order. A NextToken names the pool and the last identifier
 * served (so servers created or deleted between pages neither repeat nor shift the rest); any
 * other token is refused as Cognito refuses a foreign paging marker.
 */
const ListResourceServers: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(
    z.object({
      UserPoolId: userPoolId,
      MaxResults: z.number().int().min(1).max(LIST_RESOURCE_SERVERS_MAX).optional(),
      NextToken: z.string().min(1).regex(/^\S+$/).optional(),
    }),
    body,
  );
  await requirePool(services, ctx, req.UserPoolId);
  let after: string | undefined;
  if (req.NextToken !== undefined) {
    const token = req.NextToken;
    try {
      const decoded = listTokenSchema.parse(
        JSON.parse(Buffer.from(token, 'base64url').toString('utf8')),
      );
      if (decoded.pool === req.UserPoolId) after = decoded.after;
    } catch {
      // answered below, as any foreign token
    }
    if (after === undefined) {
      throw invalidParameter(`Paging marker ${token} is invalid for request ${randomUUID()}`);
    }
  }
  const state = await fidelity.store.read(req.UserPoolId);
  const sorted = Object.values(state.resourceServers).sort((a, b) =>
    compareStrings(a.Identifier, b.Identifier),
  );
  const from = after;
  const start = from === undefined ? 0 : sorted.findIndex((s) => s.Identifier > from);
  const rest = start < 0 ? [] : sorted.slice(start);
  const page = rest.slice(0, req.MaxResults ?? LIST_RESOURCE_SERVERS_MAX);
  const last = page.at(-1);
  return {
    ResourceServers: page.map((s) => resourceServerResponse(req.UserPoolId, s)),
    ...(rest.length > page.length && last !== undefined
      ? {
          NextToken: Buffer.from(
            JSON.stringify({ pool: req.UserPoolId, after: last.Identifier }),
          ).toString('base64url'),
        }
      : {}),
  };
};

/** Name and scopes are replaced; Scopes left out means none (the API reference: defaults). */
const UpdateResourceServer: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(resourceServerSchema, body);
  await requirePool(services, ctx, req.UserPoolId);
  const server: StoredResourceServer = {
    Identifier: req.Identifier,
    Name: req.Name,
    Scopes: req.Scopes ?? [],
  };
  await fidelity.store.update(req.UserPoolId, (state) => {
    if (!findServer(state, req.Identifier)) throw serverNotFound(req.Identifier);
    setOwn(state.resourceServers, req.Identifier, server);
  });
  return { ResourceServer: resourceServerResponse(req.UserPoolId, server) };
};

const DeleteResourceServer: FidelityTarget = (services, fidelity) => async (ctx, body: unknown) => {
  const req = parseRequest(resourceServerKeySchema, body);
  await requirePool(services, ctx, req.UserPoolId);
  await fidelity.store.update(req.UserPoolId, (state) => {
    if (!findServer(state, req.Identifier)) throw serverNotFound(req.Identifier);
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a record keyed by identifier
    delete state.resourceServers[req.Identifier];
  });
  return {};
};

export const resourceServerTargets: Readonly<Record<string, FidelityTarget>> = {
  CreateResourceServer,
  DescribeResourceServer,
  ListResourceServers,
  UpdateResourceServer,
  DeleteResourceServer,
};
