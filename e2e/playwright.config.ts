import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian Chromium against the built server (apps/server/dist) serving the
 * built web app (apps/web/dist), started by global-setup.ts on a free port with a temporary DATA_DIR.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
