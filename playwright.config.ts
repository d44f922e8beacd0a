import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_EXECUTABLE } from './test/chromium.ts';

// One directory per run for the workers' embedded databases; workers inherit the variable, so only
// the first load creates it (and the global teardown removes only one it created).
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'dispatch-e2e-'));
  process.env.E2E_DATA_DIR_MADE_BY_CONFIG = process.env.E2E_DATA_DIR;
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}

/**
 * End-to-end tests against the production build served by the real server (DESIGN §8). Each worker
 * starts its own server on its own fresh embedded database (`test/e2e/worker-server.ts`, port
 * E2E_PORT + the worker's index), so two spec files running at once share no rows.
 */
export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Two browsers on two cores (and a shared machine): a screen may take longer than the default 5 s
  // to render after its answer came back; this is a wait, never a timing assertion.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalTeardown: './test/e2e/global-teardown.ts',
  use: {
    viewport: { width: 1280, height: 800 },
    // Dialogs and popovers open at once, as for users who ask for less motion (the theme honours it):
    // a transition is not behaviour, and waiting out each one across the suite costs minutes.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: { executablePath: E2E_CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    // Recording a trace snapshots the page at every action; only a retry (CI retries once) records one.
    trace: 'on-first-retry',
    // Precaching the whole app (about 240 files) cost each new context about a fifth of its CPU; only
    // specs that reload offline allow the service worker (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
});
