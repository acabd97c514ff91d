import { vi } from 'vitest';
import * as z from 'zod';
import { defineRoute } from '@ccsc/contract/route';
import { claimsFor } from '../testing/api-gateway-event';
import { fakeUser, FakeUserDirectory, type FakeUser } from '../core/testing/fake-user-directory';
import { type Logger } from '../core/logger';
import { createHandler, type HandlerOptions } from './router';

/** The router's test handlers: an echo route, a silent logger, a directory where the caller has TOTP. */

type LogFn = (message: string, detail?: Record<string, unknown>) => void;
export const silentLogger = () =>
  ({
    info: vi.fn<LogFn>(),
    warn: vi.fn<LogFn>(),
    error: vi.fn<LogFn>(),
  }) satisfies Logger;

export const echoRoute = defineRoute({
  operation: 'echo',
  method: 'POST',
  path: 'echo',
  input: 'body',
  auth: 'authenticated',
  roles: ['PlatformAdmin'],
  summary: 'test',
  request: () => z.object({ name: z.string().min(2) }).strict(),
  response: () => z.object({ greeting: z.string() }),
  maxBodyBytes: 100,
});

/** The caller of claimsFor(), enrolled with TOTP unless a test says otherwise. */
const CALLER = claimsFor('PlatformAdmin').sub ?? '';
export const directoryWith = (overrides: Partial<FakeUser> = {}) =>
  new FakeUserDirectory([
    fakeUser(1, { userName: CALLER, role: 'PlatformAdmin', organisationId: null, ...overrides }),
  ]);
export const enrolled = directoryWith();
/** Options every test handler gets: a directory where the caller has TOTP. */
export const opts = (o: Partial<HandlerOptions> = {}): HandlerOptions => ({
  logger: silentLogger(),
  accounts: () => enrolled,
  credentials: () => {
    throw new Error('a console call reads no credential');
  },
  ...o,
});

export const echo = (logger = silentLogger()) =>
  createHandler(
    echoRoute,
    (input, ctx) => Promise.resolve({ greeting: `hello ${input.name} from ${ctx.caller.email}` }),
    () => ({}),
    opts({ logger }),
  );

export const parse = (body: string): unknown => JSON.parse(body);
