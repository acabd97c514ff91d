import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code; the stack tests start real emulators on free ports in temporary
// folders, which takes seconds on a busy machine: hence the generous timeouts.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
