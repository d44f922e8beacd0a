import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { goOffline } from './pages/app.ts';
import { test as base, expect } from './fixtures.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';
import { ARCHIVE_EARTH_RGB, tinyPmtilesArchive } from '../fixtures/tiny-pmtiles.ts';
import { serverDataDir } from './worker-server.ts';

/**
 * The base map under every map (README "Base map"), seen on the load form's map: the embedded
 * boundaries with no configuration, a regional PMTiles archive served by range requests from
 * DATA_DIR/maps, that archive kept on the device and drawn offline without a single tile request,
 * and "map currently unavailable" when the map code cannot start.
 */

/** The embedded base map's land fill, #f7f5ef. */
const EMBEDDED_LAND_RGB = [0xf7, 0xf5, 0xef] as const;
const ARCHIVE_NAME = 'e2e-region.pmtiles';
const archivePath = () => path.join(serverDataDir(), 'maps', ARCHIVE_NAME);

const test = base.extend<{ api: DispatchApi; loads: LoadsTablePage }>({
  api: async ({ playwright }, use) => {
    const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
    await use(api);
    await api.dispose();
  },
  storageState: async ({ api }, use) => use(await api.storageState()),
  loads: async ({ page }, use) => use(new LoadsTablePage(page)),
});

/**
 * The colour drawn near the map's bottom-left corner (away from the stops, which the map frames
 * with padding, and from the controls): the topmost opaque pixel of the map's canvases there.
 */
async function cornerColour(map: Locator): Promise<number[]> {
  return map.evaluate((element) => {
    let colour = [0, 0, 0, 0];
    for (const canvas of element.querySelectorAll('canvas')) {
      const box = canvas.getBoundingClientRect();
      const context = canvas.getContext('2d');
      if (!context || box.width === 0) continue;
      const x = Math.round(0.04 * canvas.width);
      const y = Math.round(0.92 * canvas.height);
      const pixel = [...context.getImageData(x, y, 1, 1).data];
      if (pixel[3] === 255) colour = pixel;
    }
    return colour.slice(0, 3);
  });
}

/** An editable load with two stops or more: its form shows the stops' map. */
async function editableLoadId(api: DispatchApi): Promise<number> {
  const load = takeLoad(
    await api.weekLoads(),
    (candidate) => ownCarried(candidate) && candidate.status !== 'Delivered' && candidate.stops.length > 1,
    'an editable load with two stops or more',
  );
  return load.id;
}

async function openLoadMap(loads: LoadsTablePage, loadId: number): Promise<Locator> {
  await loads.open();
  const editor = await loads.expand(loadId);
  const map = editor.root.getByTestId('stops-map');
  await expect(map).toBeVisible();
  return map;
}

test.describe('with no map configuration', () => {
  test('the load form draws the land of the embedded base map under the stops', async ({ api, loads, page }) => {
    const map = await openLoadMap(loads, await editableLoadId(api));
    await expect(map).toHaveAttribute('data-base-map', 'embedded');
    await expect.poll(() => cornerColour(map), { message: 'the land drawn under the stops' }).toEqual([...EMBEDDED_LAND_RGB]);
    await expect(page.getByTestId('map-keep-offline')).toHaveCount(0);
  });
});

test.describe('when the map code cannot load', () => {
  // Without the service worker, whose precache would answer the chunk the route refuses.
  test.use({ serviceWorkers: 'block' });

  test('the load form says "map currently unavailable" where its map would be', async ({ api, loads, context }) => {
    await context.route('**/assets/stops-map-*.js', (route) => route.abort('internetdisconnected'));
    await loads.open();
    const editor = await loads.expand(await editableLoadId(api));
    await expect(editor.root.getByTestId('map-unavailable')).toHaveText('map currently unavailable');
    await expect(editor.root.getByTestId('stops-map')).toHaveCount(0);
  });
});

test.describe('with a regional archive in DATA_DIR/maps', () => {
  test.use({ serviceWorkers: 'allow' });
  test.beforeAll(async () => {
    await mkdir(path.dirname(archivePath()), { recursive: true });
    await writeFile(archivePath(), tinyPmtilesArchive());
  });
  test.afterAll(() => rm(archivePath(), { force: true }));

  test('the archive is read by range and drawn; kept on the device, it draws offline with no tile request', async ({
    api,
    loads,
    page,
  }) => {
    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`/api/map/archives/${ARCHIVE_NAME}`) && response.request().headers().range) {
        ranges.push(response.status());
      }
    });
    const loadId = await editableLoadId(api);
    const map = await openLoadMap(loads, loadId);
    await expect(map).toHaveAttribute('data-base-map', 'archive-network');
    await expect.poll(() => cornerColour(map), { message: "the archive's earth drawn" }).toEqual([...ARCHIVE_EARTH_RGB]);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((status) => status === 206)).toBe(true);

    // Keep this region offline: the whole archive goes to the device, and the map reads it from there.
    const keep = page.getByTestId('map-keep-offline');
    await expect(keep).toHaveText('Keep this region offline');
    await keep.click();
    await expect(keep).toHaveText('Region kept on this device');
    await expect(page.getByTestId('stops-map')).toHaveAttribute('data-base-map', 'archive-device');

    // Offline, reloaded: the base map draws from the device; not one request for the archive or a tile.
    await goOffline(page);
    const mapRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/map/archives/') || url.origin !== new URL(page.url()).origin) {
        mapRequests.push(request.url());
      }
    });
    await page.reload();
    await expect(loads.table).toHaveAttribute('aria-busy', 'false', { timeout: 40_000 });
    const offlineMap = (await loads.expand(loadId)).root.getByTestId('stops-map');
    await expect(offlineMap).toHaveAttribute('data-base-map', 'archive-device');
    await expect
      .poll(() => cornerColour(offlineMap), { message: 'the kept earth drawn offline' })
      .toEqual([...ARCHIVE_EARTH_RGB]);
    expect(mapRequests).toEqual([]);
  });
});
