import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './test/chromium.ts';

// One fresh embedded database per run; workers inherit the variable, so only the first load creates it.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'dispatch-e2e-'));
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
const port = Number(process.env.E2E_PORT ?? 8787);
export const baseURL = `http://localhost:${port}`;

/** End-to-end tests against the production build served by the real server (DESIGN §8). */
export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
  },
});
