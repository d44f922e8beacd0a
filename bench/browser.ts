import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '#test/chromium';
import { AssetRecorder, type AssetTotal, openSignInScreen } from '#test/sign-in-scripts';
import { medianAndP90, roundMs } from './stats.ts';

export const DEMO_USER = { username: 'dispatcher', password: 'Demo-pass1' };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

export interface BundleFigures {
  signIn: AssetTotal & { css: AssetTotal };
  home: AssetTotal & { css: AssetTotal };
}

/**
 * What a first-time visitor downloads: the login page until the user could type (measured as the
 * bundle budget in test/e2e/bundle-budget.spec.ts measures it), then everything up to the signed-in
 * home page. Only the page's own fetches count: the service worker's precache (registered once
 * signed in) is the whole build, not what the home screen needs.
 */
export async function measureBundles(browser: Browser, baseUrl: string): Promise<BundleFigures> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const recorder = new AssetRecorder(page);
    await openSignInScreen(page);
    const signIn = await recorder.snapshot();
    await page.getByLabel('Username').fill(DEMO_USER.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('[data-testid=welcome]').waitFor({ state: 'visible' });
    const home = await recorder.snapshot();
    return { signIn: { ...signIn.scripts, css: signIn.css }, home: { ...home.scripts, css: home.css } };
  } finally {
    await context.close();
  }
}

/** Cookies of a fresh session, created through the API so every timed page starts signed in. */
export async function signedInState(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const response = await context.request.post('/api/session', { data: DEMO_USER });
    if (!response.ok()) throw new Error(`POST /api/session answered ${response.status()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

type StorageState = Awaited<ReturnType<typeof signedInState>>;

/** From the start of navigation until the greeting and the Loads tile are both on screen. */
async function timeHomeInteractive(page: Page): Promise<number> {
  const started = performance.now();
  await page.goto('/', { waitUntil: 'commit' });
  await Promise.all([
    page.locator('[data-testid=welcome]').waitFor({ state: 'visible' }),
    page.locator('[data-testid=tile-loads]').waitFor({ state: 'visible' }),
  ]);
  return performance.now() - started;
}

/**
 * Network path: each run gets a fresh context (empty HTTP cache) holding the session cookie,
 * with service workers blocked so nothing is served from the precache.
 */
export async function measureHomeInteractiveCold(browser: Browser, baseUrl: string, state: StorageState, runs: number) {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ baseURL: baseUrl, storageState: state, serviceWorkers: 'block' });
    try {
      samples.push(await timeHomeInteractive(await context.newPage()));
    } finally {
      await context.close();
    }
  }
  return { ...medianAndP90(samples), runs, samplesMs: samples.map(roundMs) };
}

/**
 * Returning visitor: one priming load installs the service worker (precache complete once it is ready),
 * then each run opens a new page in that same context, which the worker controls.
 */
export async function measureHomeInteractiveWarm(browser: Browser, baseUrl: string, state: StorageState, runs: number) {
  const context = await browser.newContext({ baseURL: baseUrl, storageState: state, serviceWorkers: 'allow' });
  try {
    const priming = await context.newPage();
    await timeHomeInteractive(priming);
    // String form because the server tsconfig has no DOM lib; `ready` resolves after install (precache) and activation.
    await priming.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await priming.close();
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await context.newPage();
      samples.push(await timeHomeInteractive(page));
      await assertServiceWorkerControls(page);
      await page.close();
    }
    return { ...medianAndP90(samples), runs, samplesMs: samples.map(roundMs) };
  } finally {
    await context.close();
  }
}

/** Without this, a worker that never took control would silently turn the warm figure into a cold one. */
async function assertServiceWorkerControls(page: Page) {
  const controlled = await page.evaluate('navigator.serviceWorker.controller !== null');
  if (controlled !== true) throw new Error('warm run was not controlled by the service worker');
}
