import axe from 'axe-core';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the app draws above its screen: Mantine portals dialogs, drawers, menus and popovers into
 * <body> beside the app's root, as it does the elements they add there (a textarea's measuring copy).
 */
const ABOVE_THE_SCREEN = 'body > :not(#root)';

/**
 * Soft-fails on every serious or critical axe violation of the page as it is now, naming each node.
 */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  await expectNone(page, null, screen);
}

/**
 * The same for an open dialog or drawer over a screen already checked as it is behind it: only what
 * was added above the screen is checked (about half the time of a whole-page check on /loads). The
 * rules about the whole page (title, language, landmarks, skip links) stay with the screen's check.
 */
export async function expectNoSeriousViolationsAbove(page: Page, dialog: Locator, screen: string) {
  await expect(dialog).toBeVisible();
  expect(
    await dialog.evaluate((element, layers) => element.closest(layers) !== null, ABOVE_THE_SCREEN),
    `${screen} is drawn above the screen, outside #root`,
  ).toBe(true);
  await expectNone(page, ABOVE_THE_SCREEN, screen);
}

interface WithAxe {
  axe?: typeof axe;
}

/**
 * axe runs in the page itself, put there once per document (screens opened from the navigation
 * keep it): @axe-core/playwright put it there twice per check and, by default, ran it per frame and
 * merged the results in a blank page opened for each check, for iframes the app does not have; on
 * an administration table that cost about twice a check. Only violations are detailed: axe's passes
 * and incomplete results, unread here, cost about a third of each run.
 */
async function expectNone(page: Page, include: string | null, screen: string) {
  if (!(await page.evaluate(() => (window as WithAxe).axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (selector) => {
    const inPage = (window as WithAxe).axe;
    if (!inPage) throw new Error('axe is not in the page');
    const results = await inPage.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return results.violations;
  }, include);
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      ),
    );
  expect.soft(grave, `serious or critical axe violations on ${screen}`).toEqual([]);
}
