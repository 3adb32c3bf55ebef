import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    // The scale-out suite starts real server processes on PostgreSQL + Redis: `npm run test:scale-out`.
    exclude: [...configDefaults.exclude, 'test/scale-out/**'],
    globalSetup: ['./test/global-setup.ts'],
    // Files share one module graph per worker: each file otherwise re-imported the whole app
    // (Fastify, drizzle, pdf.js, the AWS SDK) and spent more time importing than testing (a sample
    // of 8 files took 345 s isolated, 141 s shared). Nothing here mocks modules, and every file
    // builds its own app and database (test/build-test-app.ts), so no state crosses files.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
