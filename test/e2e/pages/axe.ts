import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Soft-fails on every serious or critical axe violation of the page as it is now, naming each node. */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      ),
    );
  expect.soft(grave, `serious or critical axe violations on ${screen}`).toEqual([]);
}
