import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_EXECUTABLE } from '../chromium.ts';
import { expect, test, watchCspViolations } from './fixtures.ts';
import { signIn } from './pages/app.ts';
import { serverURL } from './worker-server.ts';

// Installability and the offline shell are the service worker's (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('Chromium reports the app installable', async () => {
  // Installability is never reported in incognito, which a default Playwright context is.
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-install-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: E2E_CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
    baseURL: serverURL,
  });
  const violations = await watchCspViolations(context);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // No service worker yet: it is registered once someone signs in, and Chromium does not need one to install.
    await page.goto('/login');
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', short_name: 'Dispatch' });
    const favicon = await page.request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toMatch(/^image\//);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('a reload while offline shows the shell and the signed-in user from the saved cache', async ({ page, context }) => {
  await signIn(page, 'dispatcher');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Wait until the precache holds the shell and the query cache has been saved.
  await expect
    .poll(() =>
      page.evaluate(
        async () => (await Promise.all((await caches.keys()).map(async (key) => (await caches.open(key)).keys()))).flat().length,
      ),
    )
    .toBeGreaterThan(5);
  await page.waitForTimeout(500);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('header-user-name')).toHaveText('Mike Schroeder');
  await expect(page.getByTestId('connection-state')).toHaveText('Offline');
  await expect(page.getByTestId('side-navigation')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('connection-state')).toHaveText('Online', { timeout: 15_000 });
});
