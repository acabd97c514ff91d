import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toApiGatewayEvent } from './api-gateway-event';
import { PROTOTYPE_KEYS } from '@ccsc/lambdas/testing';

/** What the builder reads of a Fastify request; the rest of FastifyRequest is not needed. */
const request = (o: { url: string; headers?: Record<string, string | string[] | undefined> }) =>
  ({
    url: o.url,
    method: 'POST',
    headers: o.headers ?? {},
    body: '',
    ip: '127.0.0.1',
    raw: { httpVersion: '1.1' },
  }) as unknown as FastifyRequest;

/** An object with `key` as an ordinary own property, as JSON.parse (and API Gateway) gives it. */
const ownKey = <T>(key: string, value: T): Record<string, T> =>
  JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`) as Record<string, T>;

describe('toApiGatewayEvent', () => {
  it.each(PROTOTYPE_KEYS)('hands the query key %s to the Lambda as an ordinary own key', (key) => {
    const event = toApiGatewayEvent(
      request({ url: `/ccsc/ui/logout?${key}=1&${key}=2&a=x` }),
      '/ccsc/ui/logout',
      null,
    );
    // API Gateway keeps the last value in the single-value map and every value in the other.
    expect(event.queryStringParameters).toEqual({ ...ownKey(key, '2'), a: 'x' });
    expect(event.multiValueQueryStringParameters).toEqual({ ...ownKey(key, ['1', '2']), a: ['x'] });
    for (const map of [event.queryStringParameters, event.multiValueQueryStringParameters]) {
      expect(Object.keys(map ?? {}).sort()).toEqual([key, 'a'].sort());
      expect(Object.hasOwn(map ?? {}, key)).toBe(true);
      // Exactly what the Lambda gets in AWS, where the event arrives as JSON.
      expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(map))).toEqual(map);
    }
    expect(Object.prototype).not.toHaveProperty('a');
  });

  it('hands request headers named like prototype members to the Lambda as own keys', () => {
    const headers = {
      ...ownKey('__proto__', 'p'),
      constructor: 'c',
      tostring: 't',
      'set-cookie': ['a=1', 'b=2'],
      'user-agent': 'vitest',
    };
    const event = toApiGatewayEvent(request({ url: '/ccsc/ui/logout', headers }), 'x', null);
    expect(Object.keys(event.headers).sort()).toEqual(
      ['__proto__', 'constructor', 'set-cookie', 'tostring', 'user-agent'].sort(),
    );
    expect(event.headers).toEqual({
      ...ownKey('__proto__', 'p'),
      constructor: 'c',
      tostring: 't',
      'set-cookie': 'a=1,b=2',
      'user-agent': 'vitest',
    });
    expect(event.multiValueHeaders).toEqual({
      ...ownKey('__proto__', ['p']),
      constructor: ['c'],
      tostring: ['t'],
      'set-cookie': ['a=1', 'b=2'],
      'user-agent': ['vitest'],
    });
    expect(Object.getPrototypeOf(event.headers)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(event.multiValueHeaders)).toBe(Object.prototype);
    expect(event.requestContext.identity.userAgent).toBe('vitest');
  });

  it('names no user agent when the request has none, whatever else it sends', () => {
    const event = toApiGatewayEvent(
      request({ url: '/ccsc/ui/logout', headers: { constructor: 'c' } }),
      'x',
      null,
    );
    expect(event.requestContext.identity.userAgent).toBeNull();
  });

  it('gives null query maps for a URL without a query, as API Gateway does', () => {
    const event = toApiGatewayEvent(request({ url: '/ccsc/ui/logout' }), 'x', null);
    expect(event.queryStringParameters).toBeNull();
    expect(event.multiValueQueryStringParameters).toBeNull();
  });
});
