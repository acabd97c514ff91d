import { defineConfig } from 'vitest/config';

// The crash tests (crash/): the offline console started as `npm start` starts it, in a child
// process, killed with SIGKILL mid-write and started again. Its own console: no global setup.
// Each file has a console of its own (its own ports, from its worker's slice of the range:
// support/ports.ts, and its own data folder), so two files run side by side: most of a crash
// test is a console starting again, which keeps one core busy, not two.
export default defineConfig({
  test: {
    include: ['crash/**/*.crash.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
