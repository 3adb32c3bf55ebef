import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's suite; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/analysis', 'apps/api', 'apps/web'],
    // Vitest's default in run mode is one worker fewer than the cores: one on a 2-core CI machine.
    // The API files wait on PGlite/PostgreSQL and the web files on jsdom timers often enough that
    // two workers finish the suite in about half the time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
