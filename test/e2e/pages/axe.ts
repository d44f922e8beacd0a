import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the app draws above its screen: Mantine portals dialogs, drawers, menus and popovers into
 * <body> beside the app's root, as it does the elements they add there (a textarea's measuring copy).
 */
const ABOVE_THE_SCREEN = 'body > :not(#root)';

/**
 * Soft-fails on every serious or critical axe violation of the page as it is now, naming each node.
 * Only violations are detailed: axe's passes and incomplete results, unread here, cost about a third
 * of each run. axe runs in the page itself (legacy mode): the default runs it per frame and merges
 * the results in a blank page opened for each check, about three times the cost here, for iframes
 * the app does not have.
 */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  await expectNone(new AxeBuilder({ page }), screen);
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
  await expectNone(new AxeBuilder({ page }).include(ABOVE_THE_SCREEN), screen);
}

async function expectNone(axe: AxeBuilder, screen: string) {
  const { violations } = await axe
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      ),
    );
  expect.soft(grave, `serious or critical axe violations on ${screen}`).toEqual([]);
}
