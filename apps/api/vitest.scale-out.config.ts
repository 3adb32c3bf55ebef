import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale-out`: two real API processes on one PostgreSQL, Redis and S3 server
 * (test/scale-out/). Not part of `npm test` (the api project excludes these files): it needs both
 * servers, which CI provides when they answer on 127.0.0.1:5432 and :6379.
 */
if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  throw new Error(
    'The scale-out suite needs PostgreSQL and Redis: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) ' +
      'and TEST_REDIS_URL (e.g. redis://127.0.0.1:6379). It creates and drops its own database on that server.',
  );
}

export default defineConfig({
  test: {
    name: 'scale-out',
    root: import.meta.dirname,
    include: ['test/scale-out/**/*.scale.test.ts'],
    environment: 'node',
    // One file, two child processes: nothing to share the machine with.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
