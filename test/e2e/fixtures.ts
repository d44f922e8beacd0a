import { test as base, type BrowserContext, expect } from '@playwright/test';
import { serverURL, startWorkerServer } from './worker-server.ts';

const REPORT_BINDING = '__reportCspViolation';

/**
 * Collects every Content-Security-Policy violation the pages of `context` report (blocked scripts,
 * eval, styles, connections, workers started from them), from its next navigation on. Chromium's
 * "Refused to …" messages do not reach Playwright's console events, so the pages' own
 * `securitypolicyviolation` events are forwarded instead.
 */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding(REPORT_BINDING, ({ page }, violation: string) => {
    violations.push(`${page.url()}: ${violation}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: string) => void>)[binding];
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, REPORT_BINDING);
  return violations;
}

/**
 * Playwright's `test` against this worker's own server (`worker-server.ts`), whose default context
 * fails the test when the app breaks its Content-Security-Policy.
 */
export const test = base.extend<{ contentSecurityPolicyGuard: undefined }, { workerServer: string }>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stop = await startWorkerServer();
      await use(serverURL);
      await stop();
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer),
  contentSecurityPolicyGuard: [
    async ({ context }, use) => {
      const violations = await watchCspViolations(context);
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
