import { defineConfig } from 'vitest/config';
import { BalancedShards } from './support/integration-shards';

// Integration tests run against ONE offline console started by the global setup on free ports
// with a temporary data folder; test files talk to it over HTTP and with real AWS SDK clients.
export default defineConfig({
  test: {
    include: ['integration/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // `--shard=i/n` splits the files by their measured times (support/integration-shards.ts).
    sequence: { sequencer: BalancedShards },
  },
});
