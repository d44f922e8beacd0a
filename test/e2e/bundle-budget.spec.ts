import { expect, test } from './fixtures.ts';
import { AssetRecorder, describeAssets, openSignInScreen, SIGN_IN_SCRIPT_BUDGET_BYTES } from '../sign-in-scripts.ts';

// What a first visit downloads before the service worker precaches the rest: it must be allowed to register.
test.use({ serviceWorkers: 'allow' });

// /login itself, and / (the installed app's start page), which sends a first-time visitor there.
for (const path of ['/login', '/']) {
  test(`a first visit to ${path} downloads at most 200 KB of JavaScript (gzip) before the user can type`, async ({
    page,
  }, testInfo) => {
    const recorder = new AssetRecorder(page);
    await openSignInScreen(page, path);
    await expect(page).toHaveURL(/\/login/);
    const { scripts } = await recorder.snapshot();
    const report = describeAssets(scripts);
    await testInfo.attach('sign-in scripts', { body: report, contentType: 'text/plain' });

    // The figure must come from the real page: the entry script is among the files counted.
    expect(scripts.sizes.map((size) => size.path)).toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
    // The service worker and its precache (the whole app) start once someone has signed in, so none of it is left out of the sum.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined)).toBe(false);
    expect(scripts.gzipBytes, `JavaScript fetched for ${path} (gzip level 9):\n${report}`).toBeLessThanOrEqual(
      SIGN_IN_SCRIPT_BUDGET_BYTES,
    );
  });
}
