import { expect, test } from '@playwright/test';
import { signIn } from './pages/app.ts';

test('an edit in one browser appears in another within 2 seconds', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const editor = await first.newPage();
    const watcher = await second.newPage();
    await signIn(editor, 'dispatcher');
    await signIn(watcher, 'admin');
    await editor.goto('/loads');
    await watcher.goto('/loads');
    const editable = editor
      .getByTestId('load-row')
      .filter({ hasText: 'Open' })
      .filter({ has: editor.locator('[data-testid=driver-select]:not([disabled])') })
      .first();
    const id = (await editable.getAttribute('data-load-id')) ?? '';
    const watched = watcher.locator(`[data-load-id="${id}"]`).getByTestId('load-status');
    await expect(watched).toHaveText('Open');

    await editable.getByTestId('driver-select').click();
    await editor.getByRole('option').first().click();
    await expect(editor.locator(`[data-load-id="${id}"]`).getByTestId('load-status')).toHaveText('Assigned');
    await expect(watched).toHaveText('Assigned', { timeout: 2000 });
  } finally {
    await first.close();
    await second.close();
  }
});
