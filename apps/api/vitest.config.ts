import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    // The scale-out suite starts real server processes on PostgreSQL + Redis: `npm run test:scale-out`.
    exclude: [...configDefaults.exclude, 'test/scale-out/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
