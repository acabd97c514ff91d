import type { APIGatewayProxyEvent } from 'aws-lambda';
import type * as z from 'zod';
import type { FieldError } from '@ccsc/contract/envelope';
import type { RouteDefinition } from '@ccsc/contract/route';
import { AppError, ValidationError } from '../core/errors';

/** Turns zod issues into the `fields` of a 400: one entry per failing field, unknown keys included. */
export const toFieldErrors = (error: z.ZodError): FieldError[] =>
  error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: base ? `${base}.${key}` : key,
        message: 'Unknown field',
      }));
    }
    return [{ path: base || '(request)', message: issue.message }];
  });

/**
 * A header by name, in any case. Only the event's own keys are looked at: a header named like an
 * Object.prototype member (`constructor`, `__proto__`, which arrive as own keys of the JSON event)
 * is just another header.
 */
const header = (event: APIGatewayProxyEvent, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers)) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
};

export const requestMeta = (event: APIGatewayProxyEvent) => ({
  requestId: event.requestContext.requestId,
  sourceIp: event.requestContext.identity.sourceIp,
  userAgent: header(event, 'user-agent') ?? null,
  origin: header(event, 'origin') ?? null,
  host: header(event, 'host') ?? null,
});

const rawBody = (event: APIGatewayProxyEvent): string => {
  if (event.body === null) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
};

const queryParams = (event: APIGatewayProxyEvent): Record<string, string> => {
  const multi = event.multiValueQueryStringParameters ?? {};
  const repeated = Object.entries(multi).filter(([, v]) => (v?.length ?? 0) > 1);
  if (repeated.length > 0) {
    throw new ValidationError(
      'A query parameter was given more than once.',
      repeated.map(([path]) => ({ path, message: 'Given more than once' })),
    );
  }
  const single = event.queryStringParameters ?? {};
  // Object.fromEntries defines every key as an own property, as JSON.parse does: `?__proto__=1`
  // stays a key that the strict schema refuses as unknown, where `out[key] = value` on a plain
  // object would hit the prototype's accessor and drop it silently (or, for an object value,
  // change the object's prototype).
  return Object.fromEntries(
    Object.entries(single).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
};

/** Reads the raw, unvalidated input of a call from where its route says it lives. */
export const readRawInput = (event: APIGatewayProxyEvent, route: RouteDefinition): unknown => {
  const body = rawBody(event);
  if (Buffer.byteLength(body, 'utf8') > route.maxBodyBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than ${route.maxBodyBytes} bytes.`,
    );
  }
  if (route.input === 'query') {
    const trimmed = body.trim();
    if (trimmed !== '' && trimmed !== '{}') {
      throw new ValidationError('This call takes its input from the query string and no body.', [
        { path: '(body)', message: 'Must be empty' },
      ]);
    }
    return queryParams(event);
  }
  if (body.trim() === '') return {};
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json.');
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ValidationError('The request body is not valid JSON.', [
      { path: '(body)', message: 'Not valid JSON' },
    ]);
  }
};

export const parseInput = <S extends z.ZodType>(schema: S, raw: unknown): z.output<S> => {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new ValidationError('The request is not valid.', toFieldErrors(parsed.error));
  }
  return parsed.data;
};
