import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Order } from '#core/contract/orders';
import { weekContaining } from '#core/domain/weeks';
import { tinyPmtilesArchive } from '#test/fixtures/tiny-pmtiles';
import { AssetRecorder } from '#test/sign-in-scripts';
import { roundMs } from './stats.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const ARCHIVE_NAME = 'bench-region.pmtiles';

/** An editable load of this week with two stops or more, whose form shows the stops' map. */
async function loadWithMap(context: BrowserContext): Promise<number> {
  const self = (await (await context.request.get('/api/self')).json()) as { contact: { timezone: string } };
  const week = weekContaining(new Date(), self.contact.timezone);
  const query = new URLSearchParams({ startDate: week.start.toISOString(), endDate: week.end.toISOString() });
  const loads = (await (await context.request.get(`/api/self/orders?${query}`)).json()) as Order[];
  const load = loads.find(
    (candidate) =>
      candidate.transportingOrganizationId === candidate.owningOrganizationId &&
      candidate.status !== 'Delivered' &&
      candidate.stops.length > 1,
  );
  if (!load) throw new Error('no editable load with two stops in the demo week');
  return load.id;
}

async function openLoads(page: Page) {
  await page.goto('/loads');
  await page.locator('[data-testid="loads-table"][aria-busy="false"]').waitFor({ timeout: 60_000 });
}

/** Expands the load's row and waits until its map has drawn a base map; answers which one. */
async function openMap(page: Page, loadId: number, wanted?: string): Promise<string | null> {
  await page.locator(`[data-testid="load-row"][data-load-id="${loadId}"] [data-testid="load-expand"]`).click();
  const map = page.locator(`[data-expanded-load-id="${loadId}"] [data-testid="stops-map"]`);
  const selector = wanted ? `[data-base-map="${wanted}"]` : '[data-base-map]';
  await page.locator(`[data-expanded-load-id="${loadId}"] [data-testid="stops-map"]${selector}`).waitFor({ timeout: 30_000 });
  return map.getAttribute('data-base-map');
}

/**
 * The map code (issue 20 figures): what opening the load form's map downloads (gzip level 9, as the
 * sign-in budget counts), split into code and the embedded base map's data; and that a fresh visit
 * to the sign-in screen, the home screen and the loads table without opening a map loads none of it.
 */
async function measureMapCode(browser: Browser, baseUrl: string, state: StorageState) {
  // Service workers blocked: every chunk comes over the network, where the recorder sees it.
  const withMap = await browser.newContext({ baseURL: baseUrl, storageState: state, serviceWorkers: 'block' });
  let mapPaths: Set<string>;
  let code = 0;
  let data = 0;
  const files: { path: string; gzipBytes: number }[] = [];
  try {
    const page = await withMap.newPage();
    const recorder = new AssetRecorder(page);
    await openLoads(page);
    const before = new Set((await recorder.snapshot()).scripts.sizes.map((size) => size.path));
    await openMap(page, await loadWithMap(withMap), 'embedded');
    // The embedded layers fetch their data when they first draw.
    await page.waitForLoadState('networkidle');
    for (const size of (await recorder.snapshot()).scripts.sizes) {
      if (before.has(size.path)) continue;
      files.push(size);
      if (/\/(places|countries-110m|states-10m|counties-10m)-[\w-]+\.js$/.test(size.path)) data += size.gzipBytes;
      else code += size.gzipBytes;
    }
    mapPaths = new Set(files.map((file) => file.path));
  } finally {
    await withMap.close();
  }

  const loadedWithoutMap: Record<string, string[]> = {};
  for (const [screen, open] of [
    ['signIn', (page: Page) => page.goto('/login', { waitUntil: 'networkidle' })],
    ['home', (page: Page) => page.goto('/', { waitUntil: 'networkidle' })],
    [
      'loadsTable',
      async (page: Page) => {
        await openLoads(page);
        await page.waitForLoadState('networkidle');
      },
    ],
  ] as const) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      storageState: screen === 'signIn' ? undefined : state,
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      const recorder = new AssetRecorder(page);
      await open(page);
      loadedWithoutMap[screen] = (await recorder.snapshot()).scripts.sizes
        .map((size) => size.path)
        .filter((p) => mapPaths.has(p));
    } finally {
      await context.close();
    }
  }
  return {
    gzipBytes: { code, embeddedData: data, total: code + data },
    files,
    mapChunksLoadedWithoutMap: loadedWithoutMap,
    noScreenWithoutMapLoadsIt: Object.values(loadedWithoutMap).every((paths) => paths.length === 0),
  };
}

/**
 * Offline (issue 20 figures): a regional archive in DATA_DIR/maps, kept on the device from the load
 * form's map; then the page reloaded with the network off draws the base map from the device. Counts
 * the requests for archive bytes or tiles (the archive's URL or any other origin) after the reload.
 */
async function measureOfflineBaseMap(browser: Browser, baseUrl: string, state: StorageState, dataDir: string) {
  const archive = path.join(dataDir, 'maps', ARCHIVE_NAME);
  await mkdir(path.dirname(archive), { recursive: true });
  await writeFile(archive, tinyPmtilesArchive());
  const context = await browser.newContext({ baseURL: baseUrl, storageState: state, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const loadId = await loadWithMap(context);
    await openLoads(page);
    await openMap(page, loadId, 'archive-network');
    await page.locator('[data-testid="map-keep-offline"]').click();
    await openMapDrawn(page, loadId, 'archive-device');
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.waitForFunction('navigator.serviceWorker.controller !== null');

    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    const tileRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/map/archives/') || url.origin !== new URL(baseUrl).origin)
        tileRequests.push(request.url());
    });
    const started = performance.now();
    await page.reload();
    await page.locator('[data-testid="loads-table"][aria-busy="false"]').waitFor({ timeout: 60_000 });
    const baseMap = await openMap(page, loadId, 'archive-device');
    const drawnMs = performance.now() - started;
    return {
      baseMap,
      tileRequests: tileRequests.length,
      goalTileRequests: 0,
      met: tileRequests.length === 0 && baseMap === 'archive-device',
      reloadToBaseMapMs: roundMs(drawnMs),
    };
  } finally {
    await context.close();
    await rm(archive, { force: true });
  }
}

/** Waits for the already open map of a load to draw the wanted base map. */
async function openMapDrawn(page: Page, loadId: number, wanted: string) {
  await page
    .locator(`[data-expanded-load-id="${loadId}"] [data-testid="stops-map"][data-base-map="${wanted}"]`)
    .waitFor({ timeout: 30_000 });
}

export async function measureMap(
  browser: Browser,
  baseUrl: string,
  state: StorageState,
  dataDir: string,
  log: (message: string) => void,
) {
  log('map code size and the screens without a map');
  const mapCode = await measureMapCode(browser, baseUrl, state);
  log('base map offline from a kept region');
  const mapOffline = await measureOfflineBaseMap(browser, baseUrl, state, dataDir);
  return { mapCode, mapOffline };
}
