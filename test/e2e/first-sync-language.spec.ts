import type { Order } from '../../core/contract/orders.ts';
import { weekContaining } from '../../core/domain/weeks.ts';
import { test, expect } from './fixtures.ts';
import { DispatchApi } from './pages/loads.ts';

/**
 * Issue 18 item 11: a first visit after sign-in, with the language switched to French while the
 * first sync runs, shows skeletons and then the week's true rows and count on /loads and /drafts,
 * never an empty week or a count over no rows.
 */

/** Each state the table body commits that says something untrue while the week has loads. */
const RECORD_UNTRUE_STATES = () => {
  const seen: string[] = [];
  (window as unknown as { untrueTableStates: string[] }).untrueTableStates = seen;
  const check = () => {
    const rows = document.querySelectorAll('[data-testid=load-row]').length;
    const count = document.querySelector('[data-testid=rows-count]')?.textContent ?? '';
    if (document.querySelector('[data-testid=no-records]')) seen.push(`empty week (count "${count}")`);
    else if (count !== '' && rows === 0) seen.push(`"${count}" over no rows`);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
};

const LAYOUTS = [
  { table: 'loads', size: '1280', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { table: 'drafts', size: '768 with touch', viewport: { width: 768, height: 1024 }, hasTouch: true },
] as const;

for (const { table, size, viewport, hasTouch } of LAYOUTS) {
  test.describe(`at ${size}`, () => {
    test.use({ viewport, hasTouch });

    test(`switching to French during the first sync of /${table} shows skeletons, then the week's true rows and count`, async ({
      page,
      playwright,
    }) => {
      // Two pages, a language switch and a reload on a fresh browser's first sync: more than the default minute on a busy machine.
      test.slow();
      const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
      const { contact } = await api.self();
      await page.context().addCookies((await api.storageState()).cookies);
      try {
        const week = weekContaining(new Date(), contact.timezone);
        const range = new URLSearchParams({ startDate: week.start.toISOString(), endDate: week.end.toISOString() });
        const path = table === 'loads' ? `/api/self/orders?${range}` : '/api/self/drafts';
        const answer = await api.context.get(path);
        expect(answer.ok()).toBe(true);
        const expected = ((await answer.json()) as Order[])
          .filter((load) => load.date >= week.start.toISOString() && load.date <= week.end.toISOString())
          .map((load) => load.id)
          .sort((a, b) => a - b);
        expect(expected.length, `the dispatcher's week has ${table}`).toBeGreaterThan(0);

        await page.addInitScript(RECORD_UNTRUE_STATES);
        // A fresh browser has an empty mirror: hold the change feed so the language changes mid-sync.
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route('**/api/sync/changes**', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`/${table}`);
        const skeletons = page.getByTestId('skeleton-row');
        await expect(skeletons).toHaveCount(5);

        await page.getByTestId('settings-button').click();
        await page.getByTestId('settings-language').click();
        await page.getByRole('option', { name: 'Français (Canada)' }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
        await page.getByTestId('settings-button').click();
        await expect(page.getByTestId('settings-popover')).toBeHidden();
        await expect(skeletons).toHaveCount(5);

        release();
        const count = `1–${expected.length} sur ${expected.length}`;
        const rowIds = () =>
          page
            .getByTestId('load-row')
            .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-load-id'))).sort((a, b) => a - b));
        await expect.poll(rowIds, { message: 'the week rows in French', timeout: 20_000 }).toEqual(expected);
        await expect(page.getByTestId('rows-count')).toHaveText(count);
        await expect(skeletons).toHaveCount(0);
        const untrueStates = () => page.evaluate(() => (window as unknown as { untrueTableStates: string[] }).untrueTableStates);
        expect(await untrueStates(), 'states shown during the first sync').toEqual([]);

        // Reloaded, the app starts in French on the mirror the first sync filled.
        await page.unroute('**/api/sync/changes**');
        await page.reload();
        await expect.poll(rowIds, { message: 'the week rows after a reload', timeout: 20_000 }).toEqual(expected);
        await expect(page.getByTestId('rows-count')).toHaveText(count);
        expect(await untrueStates(), 'states shown after the reload').toEqual([]);
      } finally {
        // Put the language back for the other tests.
        const restored = await api.context.put('/api/self/contact', {
          data: {
            language: contact.language,
            timezone: contact.timezone,
            units: contact.units,
            unitsWeight: contact.unitsWeight,
          },
        });
        expect(restored.ok()).toBe(true);
        await api.dispose();
      }
    });
  });
}
