import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { APIGatewayProxyResult } from 'aws-lambda';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  API_PREFIX,
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  partnerRouteList,
  routeList,
  type ErrorCode,
  type Operation,
  type RuntimeConfig,
} from '@ccsc/contract';
import {
  cognitoRegionalEndpoint,
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
} from '@ccsc/contract/security-headers';
import {
  PARTNER_DOCS_PATH,
  PARTNER_RATE_LIMIT,
  partnerRateLimitMessage,
} from '@ccsc/contract/scopes';
import type { LambdaHandler } from '@ccsc/lambdas/handlers';
import { toApiGatewayEvent } from './api-gateway-event';
import type { IdTokenAuthorizer } from './authorizer';
import { createPartnerRateLimiter } from './partner-rate-limit';

/** The handler of the partner API's public OpenAPI document (GET /ccsc/api/v1/openapi.json). */
export const PARTNER_OPENAPI_OPERATION = 'partner-openapi';

export interface AppOptions {
  /** The built web app (web/dist). */
  webRoot: string;
  runtimeConfig: RuntimeConfig;
  /** Where the browser PUTs files through presigned links (the S3 stand-in's origin). */
  uploadOrigins?: readonly string[];
  authorizer: IdTokenAuthorizer;
  /**
   * Every function's handler by its operation, console and partner alike (and the partner API's
   * OpenAPI document, `partner-openapi`): `@ccsc/lambdas/handlers`' `handlers`. A partner call
   * without one answers 501.
   */
  handlers: Record<Operation, LambdaHandler> & Partial<Record<string, LambdaHandler>>;
  /**
   * The partner API's calls per access token in any 5 minutes (PARTNER_RATE_LIMIT's window);
   * default PARTNER_RATE_LIMIT.requests, as AWS's web ACL.
   */
  partnerRequestsPerFiveMinutes?: number;
  logger?: boolean;
}

/** Everything under it is the partner API's: unknown calls answer in the error envelope. */
const PARTNER_API_ROOT = '/ccsc/api/';

/** API Gateway writes a path parameter `{name}`, Fastify `:name`. */
const fastifyUrlOf = (url: string): string => url.replace(/\{([A-Za-z]+)\}/g, ':$1');

/** The methods a partner route answers 405 to (its own method aside). */
const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** API Gateway's own limit on a request payload. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/**
 * How much of a body refused for its size the server still reads (and for how long) after its
 * 413, before it closes: a client that sends its whole body before it reads (Node's http client,
 * curl) would otherwise meet a reset instead of the answer, as the kernel answers data still
 * unread on a closed socket with RST. What servers call a lingering close (Apache's
 * lingering_close, nginx's lingering_time).
 */
const LINGER_BYTES = 2 * MAX_PAYLOAD_BYTES;
const LINGER_MS = 10_000;

const errorBody = (code: ErrorCode, message: string) =>
  JSON.stringify({ status: 'error', error: { code, message } });

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

/**
 * What a request refused before any Lambda ran is told: a fixed message per status, never the
 * words of Fastify or Node (their codes, their messages, the URL they could not decode). Codes
 * outside the contract's ERROR_CODES answer BAD_REQUEST with their own status, as API Gateway's
 * DEFAULT_4XX response does (infra/lib/constructs/api.ts).
 */
const clientFailure = (status: number): { code: ErrorCode; message: string } => {
  switch (status) {
    case 404:
      return { code: 'NOT_FOUND', message: 'Not found' };
    case 405:
      return { code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed here.' };
    case 408:
      return { code: 'BAD_REQUEST', message: 'The request took too long to arrive.' };
    case 413:
      return { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 414:
      return { code: 'BAD_REQUEST', message: 'The request URL is too long.' };
    case 415:
      return {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The request body must be application/json.',
      };
    case 429:
      return { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };
    case 431:
      return { code: 'BAD_REQUEST', message: 'The request headers or URL are too large.' };
    default:
      return { code: 'BAD_REQUEST', message: 'The request is malformed.' };
  }
};

/** The API's origin when /config.json points the console at another one, else none. */
const apiOriginOf = (apiBaseUrl: string): string | undefined =>
  URL.canParse(apiBaseUrl) ? new URL(apiBaseUrl).origin : undefined;

const securityHeaders = (
  config: RuntimeConfig,
  uploadOrigins: readonly string[] = [],
): Record<string, string> => ({
  // The policy CloudFront sends in AWS (infra/lib/constructs/site.ts), for the local endpoints.
  'content-security-policy': contentSecurityPolicy({
    cognitoEndpoint: config.cognitoEndpoint ?? cognitoRegionalEndpoint(config.region),
    apiOrigin: apiOriginOf(config.apiBaseUrl),
    uploadOrigins,
  }),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
});

/** Vite puts a content hash in the name of every file under assets/: it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A request for a file (under /assets/, or a last segment with an extension: /favicon.ico,
 * /robots.txt) that the build does not have: answered 404, never with the app's HTML, which a
 * browser would take for a broken script or icon. The app's own paths have no extension.
 */
const isFilePath = (url: string): boolean => {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);
};

/**
 * The console offline: the web build (deep links fall back to index.html), /config.json, and every
 * contract route, each turned into an API Gateway event for the SAME Lambda handler AWS runs.
 *
 * Every error answers in the contract's error envelope with `cache-control: no-store` and the
 * security headers. Fastify hands each route the error and not-found handlers set when the route
 * is registered, so both are set before any route; what fails before routing (a URL that does not
 * decode) goes through `frameworkErrors`, and what Node's HTTP parser refuses (a header or URL
 * over its 16 KiB limit, a malformed request) through `clientErrorHandler`, answered on the raw
 * socket since no route runs.
 */
export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const headers = securityHeaders(options.runtimeConfig, options.uploadOrigins);
  const assetsDir = join(options.webRoot, 'assets', '');

  const sendError = (reply: FastifyReply, status: number, code: ErrorCode, message: string) =>
    reply
      .status(status)
      .headers(headers)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(errorBody(code, message));

  /** A refusal of ours (4xx) says what was wrong; anything else is our fault and says nothing. */
  const sendFailure = (reply: FastifyReply, status: number | undefined) => {
    if (status === undefined || status < 400 || status >= 500) {
      return sendError(reply, 500, 'INTERNAL', INTERNAL_MESSAGE);
    }
    const { code, message } = clientFailure(status);
    return sendError(reply, status, code, message);
  };

  const answerClientError = (err: Error & { code?: string }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
    // As Node does: answer only while no response of this connection has begun, then close it.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && inFlight?.headersSent !== true) {
      const { code, message } = clientFailure(status);
      const body = errorBody(code, message);
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'cache-control: no-store',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'connection: close',
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(err);
  };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: MAX_PAYLOAD_BYTES,
    clientErrorHandler: answerClientError,
    frameworkErrors: (err, req, reply) => {
      if ((err.statusCode ?? 500) >= 500) req.log.error(err);
      void sendFailure(reply, err.statusCode);
    },
  });

  // A body declared over the limit is refused before anything reads it (API Gateway's 413); the
  // connection is kept while the rest of the body arrives, up to the linger bounds, then closed.
  app.addHook('onRequest', (req, reply, done) => {
    const declared = Number(req.headers['content-length']);
    if (!(declared > MAX_PAYLOAD_BYTES)) {
      done();
      return;
    }
    const socket = req.raw.socket;
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    req.raw.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) close();
    });
    // The answer first, then the end of the connection: nothing is left unread to reset it.
    // (Fastify's inject, the tests' way in, has a socket that cannot end.)
    const end = () => (socket as Partial<Socket>).end?.();
    req.raw.on('end', () => {
      clearTimeout(timer);
      if (reply.raw.writableFinished) end();
      else reply.raw.once('finish', end);
    });
    const { code, message } = clientFailure(413);
    void sendError(reply, 413, code, message);
  });

  // The partner API's limit per access token (AWS: the web ACL's rate-based rule, which runs
  // before API Gateway and so before the function checks the token): 429 with the seconds to wait.
  const partnerLimit = options.partnerRequestsPerFiveMinutes ?? PARTNER_RATE_LIMIT.requests;
  const limiter = createPartnerRateLimiter(partnerLimit);
  app.addHook('onRequest', (req, reply, done) => {
    const key = req.headers.authorization;
    if (!req.url.startsWith(PARTNER_API_ROOT) || key === undefined || key === '') {
      done();
      return;
    }
    const wait = limiter.admit(key, Date.now());
    if (wait === null) {
      done();
      return;
    }
    reply.header('retry-after', String(wait));
    void sendError(reply, 429, 'TOO_MANY_REQUESTS', partnerRateLimitMessage(partnerLimit));
  });

  // First, before any route: each route keeps the error handler current when it is registered.
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    if ((err.statusCode ?? 500) >= 500) req.log.error(err);
    return sendFailure(reply, err.statusCode);
  });

  // The single-page app for every deep link (index.html), and for `/` the same page with the login
  // screen prerendered into it (login.html, web/vite.config.ts), as CloudFront's default root
  // object; its router shows the screen. Read per request so that a rebuilt web app is served
  // without a restart.
  const sendApp = async (reply: FastifyReply, page: 'index.html' | 'login.html') => {
    const read = (name: string) => readFile(join(options.webRoot, name), 'utf8').catch(() => null);
    const html = (page === 'login.html' ? await read(page) : null) ?? (await read('index.html'));
    if (html === null) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build -w web`, then reload.');
    }
    // Compressed as the assets are, with the same Vary; per request (the pages are read per
    // request) at a quality that takes a millisecond rather than Brotli's slow best.
    const encoding = reply.request.headers['accept-encoding'] ?? '';
    const [name, body] = /\bbr\b/.test(encoding)
      ? ['br', brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })]
      : /\bgzip\b/.test(encoding)
        ? ['gzip', gzipSync(html)]
        : [undefined, html];
    if (name !== undefined) reply.header('content-encoding', name);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(body);
  };

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith(API_PREFIX) || req.url.startsWith(PARTNER_API_ROOT)) {
      // The path only: the query string is the caller's text, not ours to echo.
      const path = req.url.split('?', 1)[0] ?? '';
      return sendError(reply, 404, 'NOT_FOUND', `No such call: ${req.method} ${path}`);
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isFilePath(req.url)) {
      return sendError(reply, 404, 'NOT_FOUND', 'Not found');
    }
    return sendApp(reply, 'index.html');
  });

  // Lambda handlers read the raw body, as API Gateway passes it; parse nothing here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    done(null, body);
  });

  app.addHook('onSend', async (_req, reply) => {
    reply.headers(headers);
  });

  app.get('/config.json', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(options.runtimeConfig),
  );

  for (const route of routeList) {
    const url = `${API_PREFIX}${route.path}`;
    const handler = options.handlers[route.operation];
    app.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url,
      handler: async (req, reply) => {
        let claims: Record<string, string> | null = null;
        if (route.auth === 'authenticated') {
          claims = await options.authorizer.authorize(req.headers.authorization);
          if (!claims) {
            return sendError(reply, 401, 'UNAUTHORIZED', 'Unauthorized');
          }
        }
        const result = await handler(toApiGatewayEvent(req, url, claims));
        reply.status(result.statusCode);
        for (const [key, value] of Object.entries(result.headers ?? {})) {
          reply.header(key, String(value));
        }
        return reply.send(
          result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body,
        );
      },
    });
  }

  // The partner API (issue 15): as API Gateway's partner methods, no authorizer in front: each
  // route's function checks the access token itself (lambdas http/access-tokens.ts, issue 36), so
  // its 401 says RFC 6750's error; a route whose handler does not exist yet answers 501. Each
  // route answers its own method only; others get 405 without a token being asked for, as the
  // path is public (the OpenAPI document).
  const sendLambdaResult = (reply: FastifyReply, result: APIGatewayProxyResult) => {
    reply.status(result.statusCode);
    for (const [key, value] of Object.entries(result.headers ?? {})) {
      reply.header(key, String(value));
    }
    return reply.send(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  };

  const mountPartnerRoute = (method: 'GET' | 'POST', path: string, operation: string) => {
    const url = `${PARTNER_API_PREFIX}${path}`;
    app.route({
      method,
      url: fastifyUrlOf(url),
      exposeHeadRoute: false,
      handler: async (req, reply) => {
        const handler = options.handlers[operation];
        if (handler === undefined) {
          return sendError(reply, 501, 'NOT_IMPLEMENTED', `${method} ${url} is not available yet.`);
        }
        return sendLambdaResult(reply, await handler(toApiGatewayEvent(req, url, null)));
      },
    });
  };

  /** Each partner path answers 405 to the methods none of its routes takes. */
  const mountOtherMethods = (path: string, methods: readonly string[]) => {
    const url = `${PARTNER_API_PREFIX}${path}`;
    const allowed = methods.join(', ');
    app.route({
      method: OTHER_METHODS.filter((m) => !methods.includes(m)),
      url: fastifyUrlOf(url),
      handler: async (req, reply) => {
        reply.header('allow', allowed);
        return sendError(
          reply,
          405,
          'METHOD_NOT_ALLOWED',
          `${url} accepts ${methods.join(' or ')}, not ${req.method}.`,
        );
      },
    });
  };

  const methodsByPath = new Map<string, string[]>();
  for (const route of partnerRouteList) {
    mountPartnerRoute(route.method, route.path, route.operation);
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  }
  mountPartnerRoute('GET', PARTNER_OPENAPI_PATH, PARTNER_OPENAPI_OPERATION);
  methodsByPath.set(PARTNER_OPENAPI_PATH, ['GET']);
  for (const [path, methods] of methodsByPath) mountOtherMethods(path, methods);

  await app.register(fastifyStatic, {
    root: options.webRoot,
    // Files are looked up per request (a rebuilt web app needs no restart); a miss falls through
    // to the not-found handler above, which serves the app for deep links. /config.json is ours,
    // never a file that happens to sit in the build.
    wildcard: true,
    index: false,
    allowedPath: (pathName) => pathName !== '/config.json',
    // Nothing hidden (.vite/manifest.json and the like); the deployment leaves them out too.
    dotfiles: 'ignore',
    // The build's .br and .gz copies (web/vite.config.ts), chosen by Accept-Encoding, with
    // `Vary: Accept-Encoding`; the file itself for a client that takes neither.
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });

  app.get('/', async (_req, reply) => sendApp(reply, 'login.html'));
  // The partner API's reference is a screen of the web app (CloudFront serves it as any deep
  // link), though its path is under the API's.
  app.get(`${PARTNER_API_PREFIX}${PARTNER_DOCS_PATH}`, async (_req, reply) =>
    sendApp(reply, 'index.html'),
  );

  return app;
};
