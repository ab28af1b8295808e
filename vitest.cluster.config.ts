import { defineConfig } from 'vitest/config';

// npm run test:cluster: nginx, two API processes, PostgreSQL, Redis and an S3 server (see
// apps/api/test/cluster/). Kept out of npm test: it starts real processes and takes a minute or two.
export default defineConfig({
  test: {
    include: ['apps/api/test/cluster/**/*.cluster.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
  },
});
