import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { InvalidParameterError } from 'cognito-local/lib/errors.js';
import * as z from 'zod';

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Parses a request as Cognito's front door does: a failed constraint is an
 * InvalidParameterException worded like AWS's ("1 validation error detected: ...").
 */
export const parseRequest = <S extends z.ZodType>(schema: S, body: unknown): z.infer<S> => {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = lowerFirst(issue.path.map(String).join('.'));
    const key = issue.path[0];
    const value: unknown =
      typeof body === 'object' && body !== null && key !== undefined
        ? Reflect.get(body, key)
        : undefined;
    const shown =
      value === undefined || value === null
        ? 'null'
        : `'${typeof value === 'string' ? value : JSON.stringify(value)}'`;
    let constraint = 'Member must satisfy its constraints';
    if (value === undefined || value === null) constraint = 'Member must not be null';
    else if (issue.code === 'too_big') {
      constraint = `Member must have ${issue.origin === 'string' ? 'length' : 'value'} less than or equal to ${String(issue.maximum)}`;
    } else if (issue.code === 'too_small') {
      constraint = `Member must have ${issue.origin === 'string' ? 'length' : 'value'} greater than or equal to ${String(issue.minimum)}`;
    }
    return `Value ${shown} at '${field}' failed to satisfy constraint: ${constraint}`;
  });
  const count = `${String(problems.length)} validation error${problems.length === 1 ? '' : 's'}`;
  throw new InvalidParameterError(`${count} detected: ${problems.join('; ')}`);
};

/** Field shapes shared by the targets, with the AWS model's limits. */
export const fields = {
  userPoolId: z.string().min(1).max(55),
  clientId: z.string().min(1).max(128),
  username: z.string().min(1).max(128),
  password: z.string().min(1).max(256),
  session: z.string().min(20).max(2048),
  accessToken: z.string().min(1),
  stringMap: z.record(z.string(), z.string()),
} as const;

/** Where a Cognito call came from, as Cognito records it in auth events. */
export interface RequestOrigin {
  ipAddress: string;
  userAgent: string;
}

const origins = new AsyncLocalStorage<RequestOrigin>();

/** Runs the handling of one HTTP request with its origin available to the targets. */
export const withRequestOrigin = <T>(req: IncomingMessage, run: () => T): T => {
  // The peer's address: X-Forwarded-For would let any caller write what it likes into the
  // auth events, and no proxy of ours sits in front of this server.
  const origin: RequestOrigin = {
    ipAddress: req.socket.remoteAddress ?? 'unknown',
    userAgent: req.headers['user-agent'] ?? 'unknown',
  };
  return origins.run(origin, run);
};

export const requestOrigin = (): RequestOrigin =>
  origins.getStore() ?? { ipAddress: 'unknown', userAgent: 'unknown' };
