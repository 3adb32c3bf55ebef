import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'analysis', environment: 'node', testTimeout: 30_000 } });
