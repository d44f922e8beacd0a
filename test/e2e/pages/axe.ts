import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
