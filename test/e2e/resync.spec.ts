import type { Page } from '@playwright/test';
import { compactChangeLog } from '#server/features/sync/compaction';
import { expect, test } from './fixtures.ts';
import { goOffline, signIn } from './pages/app.ts';
import { createOpenLoads, DispatchApi } from './pages/loads.ts';
import { connectServerDatabase } from './pages/onboarding.ts';

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const row = (page: Page, id: number) => page.locator(`[data-testid=load-row][data-load-id="${id}"]`);

/**
 * Compaction (issue 13): a device offline while the server dropped the deletions its cursor had not
 * reached yet cannot follow the feed any more. It re-syncs from a snapshot when it comes back, so the
 * load deleted meanwhile leaves its table, and the change it queued offline still reaches the server once.
 */
test('a device whose cursor predates compaction re-syncs and still sends its queued change once', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const [kept, deleted] = await createOpenLoads(api.context, 2, `RESYNC-${Date.now() % 100_000}`);
  if (!kept || !deleted) throw new Error('two loads were not created');

  await signIn(page, 'dispatcher');
  await page.goto('/loads');
  await expect(row(page, deleted.id)).toBeVisible();

  const goOnline = await goOffline(page);

  // Offline: assign a driver to one load (queued on the device).
  await row(page, kept.id).getByTestId('load-select').check();
  await page.getByRole('button', { name: 'Assign driver' }).click();
  const panel = page.getByTestId('assign-driver-panel');
  await panel.getByTestId('assign-driver-button').first().click();
  await panel.getByTestId('assign-driver-button-yes').first().click();
  await expect(panel).toBeHidden();
  await expect(row(page, kept.id).getByTestId('load-status')).toHaveText('Assigned');

  // Meanwhile another client deletes the other load, and the server compacts its log past the
  // deletion: the feed can no longer tell this device about it.
  const removal = await api.context.delete('/api/orders', { data: [deleted.id] });
  expect(removal.status()).toBe(200);
  const database = await connectServerDatabase();
  try {
    const compaction = await compactChangeLog(database.db, { now: new Date(Date.now() + 1000), retentionDays: 0 });
    expect(compaction?.tombstones).toBeGreaterThan(0);
  } finally {
    await database.close();
  }
  await expect(row(page, deleted.id)).toBeVisible();

  await goOnline();
  // The snapshot replaced the mirror: the deleted load is gone, the queued assignment was sent once.
  await expect(row(page, deleted.id)).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await api.load(kept.id))?.status, { timeout: 20_000 }).toBe('Assigned');
  await expect(row(page, kept.id).getByTestId('load-status')).toHaveText('Assigned');
  await page.waitForTimeout(1_000);
  expect((await api.load(kept.id))?.version).toBe(kept.version + 1);
});
