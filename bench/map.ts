import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Order } from '#core/contract/orders';
import { weekContaining } from '#core/domain/weeks';
import { tinyPmtilesArchive } from '#test/fixtures/tiny-pmtiles';
import { AssetRecorder } from '#test/sign-in-scripts';
import { roundMs } from './stats.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const ARCHIVE_NAME = 'bench-region.pmtiles';
/** The embedded base map's data files (src/map/embedded): places, towns, countries, states, county borders. */
const EMBEDDED_DATA = /\/(places|towns|countries-110m|states-10m|county-borders)-[\w-]+\.js$/;
/** Time for lazy chunks a screen would fetch after it shows (the socket keeps the network from going idle). */
const SETTLE_MS = 3000;

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

/** Sources that make a chunk map code: OpenLayers and the map packages, and src/map itself. */
const MAP_SOURCES =
  /(^|\/)(node_modules\/(ol|ol-mapbox-style|ol-pmtiles|ol-ext|pmtiles|@protomaps\/basemaps|topojson-client|world-atlas|us-atlas|rbush|quickselect|earcut)\/|src\/map\/)/;

/** Every built chunk holding map code (read from its source map), with its gzip size (level 9). */
async function mapChunks(distDir: string): Promise<Map<string, number>> {
  const assets = path.join(distDir, 'assets');
  const chunks = new Map<string, number>();
  for (const name of (await readdir(assets)).filter((file) => file.endsWith('.js'))) {
    const sourceMap = JSON.parse(await readFile(path.join(assets, `${name}.map`), 'utf8').catch(() => '{}')) as {
      sources?: string[];
    };
    // The embedded data chunks (JSON modules) carry no sources in their maps: known by name.
    const isMap = EMBEDDED_DATA.test(`/${name}`) || sourceMap.sources?.some((source) => MAP_SOURCES.test(source));
    if (!isMap) continue;
    chunks.set(`/assets/${name}`, gzipSync(await readFile(path.join(assets, name)), { level: 9 }).length);
  }
  return chunks;
}

/**
 * The map code (issue 20 figures): every built chunk of map code (OpenLayers, the map packages and
 * src/map, by their source maps; gzip level 9 as the sign-in budget counts), what opening the load
 * form's map with the embedded base map downloads of it (code and the embedded data apart), and the
 * map chunks a fresh visit to the sign-in screen, the home screen and the loads table loads without
 * opening a map (goal: none).
 */
async function measureMapCode(browser: Browser, baseUrl: string, state: StorageState, distDir: string) {
  const chunks = await mapChunks(distDir);
  const sum = (paths: string[]) => paths.reduce((total, chunk) => total + (chunks.get(chunk) ?? 0), 0);
  // Service workers blocked: every chunk comes over the network, where the recorder sees it.
  const withMap = await browser.newContext({ baseURL: baseUrl, storageState: state, serviceWorkers: 'block' });
  let loaded: string[];
  try {
    const page = await withMap.newPage();
    const recorder = new AssetRecorder(page);
    await openLoads(page);
    await openMap(page, await loadWithMap(withMap), 'embedded');
    const mapPaths = async () =>
      (await recorder.snapshot()).scripts.sizes.map((size) => size.path).filter((chunk) => chunks.has(chunk));
    loaded = await mapPaths();
    // The embedded layers fetch their data when they first draw.
    for (let waited = 0; loaded.filter((chunk) => EMBEDDED_DATA.test(chunk)).length < 5 && waited < 30_000; waited += 250) {
      await page.waitForTimeout(250);
      loaded = await mapPaths();
    }
  } finally {
    await withMap.close();
  }
  const data = loaded.filter((chunk) => EMBEDDED_DATA.test(chunk));
  const code = loaded.filter((chunk) => !EMBEDDED_DATA.test(chunk));

  const loadedWithoutMap: Record<string, string[]> = {};
  for (const [screen, open] of [
    ['signIn', (page: Page) => page.goto('/login', { waitUntil: 'networkidle' })],
    [
      'home',
      async (page: Page) => {
        await page.goto('/');
        await page.locator('[data-testid=welcome]').waitFor();
        await page.waitForTimeout(SETTLE_MS);
      },
    ],
    [
      'loadsTable',
      async (page: Page) => {
        await openLoads(page);
        await page.waitForTimeout(SETTLE_MS);
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
      loadedWithoutMap[screen] = (await recorder.snapshot()).scripts.sizes.map((size) => size.path).filter((p) => chunks.has(p));
    } finally {
      await context.close();
    }
  }
  return {
    allMapChunks: { files: chunks.size, gzipBytes: sum([...chunks.keys()]) },
    loadFormMapGzipBytes: { code: sum(code), embeddedData: sum(data), total: sum(loaded), files: loaded.length },
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
  distDir: string,
  log: (message: string) => void,
) {
  log('map code size and the screens without a map');
  const mapCode = await measureMapCode(browser, baseUrl, state, distDir);
  log('base map offline from a kept region');
  const mapOffline = await measureOfflineBaseMap(browser, baseUrl, state, dataDir);
  return { mapCode, mapOffline };
}
