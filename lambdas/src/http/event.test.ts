import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { routeList, routes } from '@ccsc/contract/routes';
import { type RouteDefinition } from '@ccsc/contract/route';
import { apiGatewayEvent } from '../testing/api-gateway-event';
import { AppError, ValidationError } from '../core/errors';
import { parseInput, readRawInput, requestMeta } from './event';
import { PROTOTYPE_KEYS } from '../core/testing/hostile-input';

/** A map with these keys as ordinary own properties, as API Gateway's JSON event gives them. */
const jsonMap = <T>(entries: [string, T][]): Record<string, T> =>
  JSON.parse(JSON.stringify(Object.fromEntries(entries))) as Record<string, T>;

/** An event whose query string and headers are exactly the given JSON maps. */
const eventWith = (
  o: {
    path?: string;
    method?: string;
    query?: [string, string[]][];
    headers?: [string, string][];
    rawBody?: string;
  } = {},
): APIGatewayProxyEvent => {
  const event = apiGatewayEvent({
    path: o.path ?? 'x',
    method: o.method ?? 'POST',
    ...(o.rawBody === undefined ? {} : { rawBody: o.rawBody }),
  });
  if (o.query !== undefined) {
    event.multiValueQueryStringParameters = jsonMap(o.query);
    event.queryStringParameters = jsonMap(o.query.map(([k, v]) => [k, v[v.length - 1] ?? '']));
  }
  if (o.headers !== undefined) {
    event.headers = jsonMap(o.headers);
    event.multiValueHeaders = jsonMap(o.headers.map(([k, v]) => [k, [v]]));
  }
  return event;
};

/** The field errors `fn` fails with; anything but a ValidationError fails the test. */
const fieldsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.fields ?? [];
    throw err;
  }
  throw new Error('expected a ValidationError');
};

const queryRoute = routes['list-all-groups'];

describe('readRawInput', () => {
  it.each(PROTOTYPE_KEYS)('keeps the query key %s as an own key of the input', (key) => {
    const input = readRawInput(eventWith({ query: [[key, ['1']]] }), queryRoute);
    expect(Object.entries(input as object)).toEqual([[key, '1']]);
    expect(Object.hasOwn(input as object, key)).toBe(true);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(Object.prototype).not.toHaveProperty('1');
  });

  it.each(PROTOTYPE_KEYS)('refuses the query key %s given more than once', (key) => {
    expect(
      fieldsOf(() => readRawInput(eventWith({ query: [[key, ['1', '2']]] }), queryRoute)),
    ).toEqual([{ path: key, message: 'Given more than once' }]);
  });

  it('finds Content-Type among headers named like prototype members', () => {
    const route = routes.logout;
    const body = '{"accessToken":"a.b.c"}';
    const json = eventWith({
      rawBody: body,
      headers: [
        ['__proto__', 'x'],
        ['constructor', 'y'],
        ['Content-Type', 'application/json'],
      ],
    });
    expect(readRawInput(json, route)).toEqual({ accessToken: 'a.b.c' });
    const none = eventWith({
      rawBody: body,
      headers: PROTOTYPE_KEYS.map((k) => [k, 'application/json']),
    });
    expect(() => readRawInput(none, route)).toThrow(AppError);
    expect(requestMeta(none)).toMatchObject({ userAgent: null, origin: null, host: null });
  });
});

describe('the contract refuses prototype-named keys as unknown fields', () => {
  /** The input of `route` carrying `key`, from where the route reads it. */
  const hostile = (route: RouteDefinition, key: string) =>
    route.input === 'query'
      ? eventWith({ path: route.path, method: route.method, query: [[key, ['1']]] })
      : eventWith({
          path: route.path,
          rawBody: `{${JSON.stringify(key)}:{"polluted":true,"__proto__":{"polluted":true}}}`,
        });

  it.each(routeList.map((r) => [r.operation, r] as const))('%s', (_op, route) => {
    for (const key of PROTOTYPE_KEYS) {
      const raw = readRawInput(hostile(route, key), route);
      const fields = fieldsOf(() => parseInput(route.request, raw));
      expect(fields, `${route.operation} ${key}`).toContainEqual({
        path: key,
        message: 'Unknown field',
      });
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('names a nested prototype-named key by its path', () => {
    const route = routes['update-user'];
    for (const key of PROTOTYPE_KEYS) {
      const body = `{"userName":"f0e1d2c3-0000-4000-8000-000000000001","userAttributes":{${JSON.stringify(key)}:{"polluted":true}}}`;
      const fields = fieldsOf(() =>
        parseInput(route.request, readRawInput(eventWith({ rawBody: body }), route)),
      );
      expect(fields).toEqual([{ path: `userAttributes.${key}`, message: 'Unknown field' }]);
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
