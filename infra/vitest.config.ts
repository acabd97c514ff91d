import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    // One process, one module registry for every test file: each stack (and each Lambda bundle)
    // is synthesized once per run and shared (test/support/stacks.ts).
    pool: 'forks',
    isolate: false,
    fileParallelism: false,
    // Synthesis with bundling and cdk-nag takes seconds, more on a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
