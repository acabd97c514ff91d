import { defineConfig } from 'vitest/config';

// The crash test (crash/): the offline console started as `npm start` starts it, in a child
// process, killed with SIGKILL mid-write and started again. Its own console: no global setup.
export default defineConfig({
  test: {
    include: ['crash/**/*.crash.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
