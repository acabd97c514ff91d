import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const INCLUDE = 'src/**/*.test.ts';

/**
 * The test files that replace or reload a module (vi.mock, vi.doMock, vi.resetModules): each runs
 * with a module registry of its own. Every other file shares one per worker (vitest's
 * `isolate: false`, as lambdas/ and infra/ run): the suite took 61 s instead of 138. Read from
 * the files themselves, as lambdas/vitest.config.ts explains.
 */
const OWN_REGISTRY = globSync(INCLUDE).filter((file) =>
  /\bvi\.(?:mock|doMock|unmock|resetModules)\(/u.test(readFileSync(file, 'utf8')),
);

// Unit tests sit next to the code; the stack tests start real emulators on free ports in temporary
// folders, which takes seconds on a busy machine: hence the generous timeouts.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: [INCLUDE], exclude: OWN_REGISTRY, isolate: false },
      },
      { extends: true, test: { name: 'own-registry', include: OWN_REGISTRY } },
    ],
  },
});
