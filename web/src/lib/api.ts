import {
  errorBodySchema,
  routes,
  type FieldError,
  type Operation,
  type RequestOf,
  type ResponseOf,
} from '@ccsc/contract';
import { getRuntimeConfig } from '../config/runtime-config';
import { getIdToken } from './auth-token';

/**
 * The one client of the /ccsc/ui/ calls, generated from the contract's route table: the operation
 * names the method, the path, where the input goes (query or JSON body) and whether the ID token
 * is sent; the answer's envelope is unwrapped and its data checked against the route's schema.
 */

/** A call that did not succeed: the server's error envelope, or what went wrong on the way. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The envelope's code (VALIDATION_FAILED, UNAUTHORIZED...), or NETWORK_ERROR / BAD_RESPONSE. */
    readonly code: string,
    message: string,
    /** The HTTP status; 0 when no answer arrived. */
    readonly status: number,
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

/**
 * Whether the server refused the call and said why (4xx: its message is for the user), rather
 * than failed (no answer, 5xx: only a generic message is fair). The one place this is decided.
 */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export interface ApiClientOptions {
  /** "/ccsc/ui/" (same origin) or an absolute URL; a missing trailing slash is added. */
  baseUrl: string;
  fetch: typeof fetch;
  /** Yields the ID token for authenticated calls; none is sent when it yields null. */
  getIdToken?: () => Promise<string | null>;
  /**
   * Told when the server refuses an authenticated call's session: 401, or 403
   * MFA_ENROLMENT_REQUIRED (a caller without an authenticator app). The error is thrown anyway.
   */
  onSessionRefused?: (operation: Operation, error: ApiError) => void;
}

export type CallApi = <Op extends Operation>(
  operation: Op,
  input: RequestOf<Op>,
) => Promise<ResponseOf<Op>>;

type QueryValue = string | number | boolean | null | undefined;

const toQuery = (input: object): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input) as [string, QueryValue | QueryValue[]][]) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
};

export const createApiClient = (options: ApiClientOptions): CallApi => {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  return async (operation, input) => {
    const route = routes[operation];
    const inQuery = route.input === 'query';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (!inQuery) headers['content-type'] = 'application/json';
    if (route.auth === 'authenticated' && options.getIdToken) {
      let token: string | null;
      try {
        token = await options.getIdToken();
      } catch {
        // The session could not be refreshed for now (network): the call fails, the session stays.
        throw new ApiError('NETWORK_ERROR', 'Network Error', 0);
      }
      if (token) headers.authorization = `Bearer ${token}`;
    }

    let response: Response;
    try {
      response = await options.fetch(`${base}${route.path}${inQuery ? toQuery(input) : ''}`, {
        method: route.method,
        headers,
        ...(inQuery ? {} : { body: JSON.stringify(input) }),
      });
    } catch {
      throw new ApiError('NETWORK_ERROR', 'Network Error', 0);
    }

    const body = await readJson(response);
    const failed = errorBodySchema.safeParse(body);
    if (failed.success) {
      const { code, message, fields } = failed.data.error;
      const error = new ApiError(code, message, response.status, fields);
      if (
        route.auth === 'authenticated' &&
        (response.status === 401 || code === 'MFA_ENROLMENT_REQUIRED')
      ) {
        options.onSessionRefused?.(operation, error);
      }
      throw error;
    }
    if (
      response.ok &&
      typeof body === 'object' &&
      body !== null &&
      'status' in body &&
      body.status === 'success' &&
      'data' in body
    ) {
      const data = route.response.safeParse(body.data);
      // The schema of `routes[operation]` is the one ResponseOf<Op> is inferred from; TypeScript
      // cannot follow the generic index, hence the cast after the check.
      if (data.success) return data.data as ResponseOf<typeof operation>;
      throw new ApiError(
        'BAD_RESPONSE',
        `The answer to ${operation} does not match the contract`,
        response.status,
      );
    }
    throw new ApiError(
      'BAD_RESPONSE',
      `Unexpected answer (HTTP ${response.status})`,
      response.status,
    );
  };
};

let appClient: CallApi | undefined;

/**
 * The app's client: base URL from /config.json, ID token from lib/auth-token.ts. A refused
 * session is ended (SPEC §4: cleaned up, the user signed out with a message), except on the logout
 * call, whose failure the logout itself handles (lib/logout.ts).
 */
export const callApi: CallApi = (operation, input) => {
  try {
    return appCaller()(operation, input);
  } catch (err) {
    // Like any failed call: a rejected promise, never a throw in the caller's render or effect.
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
};

const appCaller = (): CallApi => {
  appClient ??= createApiClient({
    baseUrl: getRuntimeConfig().apiBaseUrl,
    fetch: (request, init) => fetch(request, init),
    getIdToken,
    onSessionRefused: (refused, error) => {
      if (refused === 'logout') return;
      const reason = error.code === 'MFA_ENROLMENT_REQUIRED' ? 'mfa-required' : 'invalid';
      void import('./session-end').then(({ endSession }) => endSession(reason));
    },
  });
  return appClient;
};

/** One page of a cursor-paged call, as `allPages` needs it. */
export interface ItemPage<T> {
  items: readonly T[];
  nextCursor: string | null;
}

/**
 * Every item of a cursor-paged list (list-organisations, getOrgSysList, list-studies...), the
 * pages fetched one after another until the server says there is no next one. For the choices of
 * a form (every organisation a caller may see), never for a list on screen, which pages itself.
 * `maxPages` keeps a misbehaving server from looping for ever.
 */
export const allPages = async <T>(
  load: (cursor: string | undefined) => Promise<ItemPage<T>>,
  maxPages = 500,
): Promise<T[]> => {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const loaded = await load(cursor);
    items.push(...loaded.items);
    if (loaded.nextCursor === null || loaded.nextCursor === cursor) return items;
    cursor = loaded.nextCursor;
  }
  return items;
};
