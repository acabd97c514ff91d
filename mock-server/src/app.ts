import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { API_PREFIX, routeList, type Operation, type RuntimeConfig } from '@ccsc/lambdas/contract';
import type { LambdaHandler } from '@ccsc/lambdas/http/router';
import { toApiGatewayEvent } from './api-gateway-event';
import type { IdTokenAuthorizer } from './authorizer';

export interface AppOptions {
  /** The built web app (web/dist). */
  webRoot: string;
  runtimeConfig: RuntimeConfig;
  authorizer: IdTokenAuthorizer;
  handlers: Record<Operation, LambdaHandler>;
  logger?: boolean;
}

/** API Gateway's own limit on a request payload. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

const sendError = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ status: 'error', error: { code, message } });

const securityHeaders = (config: RuntimeConfig): Record<string, string> => {
  const connect = [
    "'self'",
    config.cognitoEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com`,
  ];
  return {
    'content-security-policy': [
      "default-src 'self'",
      `connect-src ${connect.join(' ')}`,
      "img-src 'self' data:",
      "style-src 'self' 'unsafe-inline'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
};

/**
 * The console offline: the web build (deep links fall back to index.html), /config.json, and every
 * contract route, each turned into an API Gateway event for the SAME Lambda handler AWS runs.
 */
export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: MAX_PAYLOAD_BYTES });
  const headers = securityHeaders(options.runtimeConfig);

  // Lambda handlers read the raw body, as API Gateway passes it; parse nothing here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    done(null, body);
  });

  app.addHook('onSend', async (_req, reply) => {
    reply.headers(headers);
  });

  app.get('/config.json', async (_req, reply) =>
    reply.header('cache-control', 'no-store').send(options.runtimeConfig),
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

  await app.register(fastifyStatic, {
    root: options.webRoot,
    // Files are looked up per request (a rebuilt web app needs no restart); a miss falls through
    // to the not-found handler below, which serves the app for deep links. /config.json is ours,
    // never a file that happens to sit in the build.
    wildcard: true,
    index: false,
    allowedPath: (pathName) => pathName !== '/config.json',
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.includes(join('assets', '')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  // The single-page app for `/` and every deep link; its router shows the screen. Read per request
  // so that a rebuilt web app is served without a restart.
  const sendApp = async (reply: FastifyReply) => {
    const indexHtml = await readFile(join(options.webRoot, 'index.html'), 'utf8').catch(() => null);
    if (indexHtml === null) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build -w web`, then reload.');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  };

  app.get('/', async (_req, reply) => sendApp(reply));

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith(API_PREFIX)) {
      return sendError(reply, 404, 'NOT_FOUND', `No such call: ${req.method} ${req.url}`);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(reply, 404, 'NOT_FOUND', 'Not found');
    }
    return sendApp(reply);
  });

  app.setErrorHandler(async (err: { statusCode?: number; message: string }, _req, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413)
      return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    if (status < 500) return sendError(reply, status, 'BAD_REQUEST', err.message);
    app.log.error(err);
    return sendError(reply, 500, 'INTERNAL', 'Something went wrong on our side.');
  });

  return app;
};
