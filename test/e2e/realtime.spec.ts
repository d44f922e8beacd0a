import { expect, test, watchCspViolations } from './fixtures.ts';
import { createOpenLoads } from './pages/loads.ts';
import { signIn } from './pages/app.ts';

test('an edit in one browser appears in another within 2 seconds', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const violations = [await watchCspViolations(first), await watchCspViolations(second)];
  try {
    const editor = await first.newPage();
    const watcher = await second.newPage();
    await signIn(editor, 'dispatcher');
    await signIn(watcher, 'admin');
    const [open] = await createOpenLoads(editor.request, 1, 'PF-LIVE');
    await editor.goto('/loads');
    await watcher.goto('/loads');
    const id = String(open?.id);
    const row = editor.locator(`[data-testid=load-row][data-load-id="${id}"]`);
    const watched = watcher.locator(`[data-testid=load-row][data-load-id="${id}"]`).getByTestId('load-status');
    // Both browsers start from an empty device: their first sync comes before the 2 seconds being measured.
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(watched).toHaveText('Open', { timeout: 20_000 });

    await row.getByTestId('load-select').check();
    await editor.getByRole('button', { name: 'Assign driver' }).click();
    await editor.getByTestId('assign-driver-button').first().click();
    await editor.getByTestId('assign-driver-button-yes').first().click();
    await expect(row.getByTestId('load-status')).toHaveText('Assigned');
    await expect(watched).toHaveText('Assigned', { timeout: 2000 });
    expect(violations.flat(), 'Content-Security-Policy violations').toEqual([]);
  } finally {
    await first.close();
    await second.close();
  }
});
