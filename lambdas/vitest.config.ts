import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const INCLUDE = 'src/**/*.test.ts';

/**
 * The test files that replace or reload a module (vi.mock, vi.doMock, vi.resetModules): each runs
 * with a module registry of its own. Every other file shares one per worker (vitest's
 * `isolate: false`, as infra/ runs): importing the Lambda code once rather than once per file
 * took the suite from 220 to 45 CPU-seconds. A file that mocks a module in a shared registry
 * would see the module another file already loaded (or leave its mock to the next file), so the
 * split is read from the files themselves and a new mock never needs a config change.
 */
const OWN_REGISTRY = globSync(INCLUDE).filter((file) =>
  /\bvi\.(?:mock|doMock|unmock|resetModules)\(/u.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: [INCLUDE], exclude: OWN_REGISTRY, isolate: false },
      },
      { extends: true, test: { name: 'own-registry', include: OWN_REGISTRY } },
    ],
  },
});
