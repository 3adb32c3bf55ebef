import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// Per port, so two runs on one machine (E2E_PORT=3101 …) do not share a database or an outbox.
const E2E_TMP = path.join(root, 'e2e/.tmp', String(E2E_PORT));
export const E2E_DATA_DIR = path.join(E2E_TMP, 'data');
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-pw', name: 'E2E Admin' };

// Journeys run against the real product: the built web app served by the API on a fresh
// embedded database, with mail going to the outbox the tests read.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never', outputFolder: path.join(root, 'playwright-report') }]],
  outputDir: path.join(root, 'test-results', String(E2E_PORT)),
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf "${E2E_TMP}" && node scripts/start.mjs`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      SEED_DEMO_DATA: 'true',
      // Seven journeys sign in some twenty times within a minute from one address and mostly as the
      // admin; the per-address and per-account limits themselves are tested in the API suite.
      AUTH_RATE_LIMIT_PER_MINUTE: '100',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100',
      LOG_LEVEL: 'warn',
      // Journeys never reach USAspending: awards come from the files they upload.
      AWARD_LOOKUPS: 'false',
    },
  },
});
