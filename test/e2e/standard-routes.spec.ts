import type { Locator, Page } from '@playwright/test';
import { encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { expect, test } from './fixtures.ts';
import { signIn } from './pages/app.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';

/**
 * Standard routes (spec 1 §2, §5) and the map helper (spec 3 §2): a route generated between the two
 * stops of a load, reshaped by dragging a point of it, saved, and then drawn by the load form's map;
 * the map helper encodes pasted points and warns about points more than 25 km apart.
 */

/** The pixels (every other one) of the map drawn in the highlighted route's colour (#f76707): the route edited or hovered. */
async function highlightedPixels(map: Locator): Promise<{ x: number; y: number }[]> {
  return map.evaluate((element) => {
    const hits: { x: number; y: number }[] = [];
    const frame = element.getBoundingClientRect();
    for (const canvas of element.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) continue;
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let y = 0; y < canvas.height; y += 2) {
        for (let x = 0; x < canvas.width; x += 2) {
          const at = (y * canvas.width + x) * 4;
          const [red = 0, green = 0, blue = 0, alpha = 0] = data.slice(at, at + 4);
          if (alpha > 200 && Math.abs(red - 247) < 20 && Math.abs(green - 103) < 30 && blue < 60) {
            const rect = canvas.getBoundingClientRect();
            hits.push({ x: rect.left - frame.left + x / scale, y: rect.top - frame.top + y / scale });
          }
        }
      }
    }
    return hits;
  });
}

/** A pixel in the middle of the drawn route, and the unit vector across the route there. */
async function routePixel(map: Locator): Promise<{ x: number; y: number; acrossX: number; acrossY: number }> {
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not shown');
  // The hit closest to the middle of the drawn route (away from its ends, which are fixed).
  const hits = (await highlightedPixels(map)).sort((a, b) => a.y - b.y || a.x - b.x);
  const middle = hits[Math.floor(hits.length / 2)];
  const [first, last] = [hits[0], hits.at(-1)];
  if (!middle || !first || !last) throw new Error('the route is not drawn on the map');
  // Across the line from its first to its last hit: a drag that way moves the point off the route.
  const length = Math.hypot(last.x - first.x, last.y - first.y) || 1;
  return {
    x: box.x + middle.x,
    y: box.y + middle.y,
    acrossX: -(last.y - first.y) / length,
    acrossY: (last.x - first.x) / length,
  };
}

async function choose(page: Page, select: Locator, name: string) {
  await select.click();
  await select.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test("a standard route is generated, reshaped by a drag and saved, and the load form's map follows it", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const locations = await api.locations();
  const named = new Map(locations.map((location) => [location.id, location.name]));
  const load = takeLoad(
    await api.weekLoads(),
    (candidate) =>
      ownCarried(candidate) &&
      candidate.status !== 'Delivered' &&
      candidate.stops.length === 2 &&
      new Set(candidate.stops.map((stop) => stop.organizationLocationId)).size === 2,
    'a load with two stops at two places',
  );
  await api.dispose();
  const [origin, destination] = [...load.stops]
    .sort((a, b) => a.sequence - b.sequence)
    .map((stop) => named.get(stop.organizationLocationId as number) as string);

  await signIn(page, 'admin');
  await page.goto('/manage-company/standard-routes');
  await page.getByTestId('standard-route-new').click();
  const editor = page.getByTestId('standard-route-editor');
  const generate = editor.getByTestId('standard-route-generate');
  const save = editor.getByTestId('standard-route-save');
  // Nothing to generate nor save yet.
  await expect(generate).toHaveAttribute('aria-disabled', 'true');
  await expect(save).toHaveAttribute('aria-disabled', 'true');

  await choose(page, editor.getByTestId('standard-route-origin'), origin as string);
  await choose(page, editor.getByTestId('standard-route-destination'), origin as string);
  await expect(editor.getByTestId('standard-route-same')).toBeVisible();
  await expect(generate).toHaveAttribute('aria-disabled', 'true');
  await choose(page, editor.getByTestId('standard-route-destination'), destination as string);
  await expect(editor.getByTestId('standard-route-same')).toBeHidden();

  const mapPanel = page.getByTestId('standard-route-map');
  const pathPoints = async () => Number(await mapPanel.getAttribute('data-route-points'));
  const generated = page.waitForResponse((response) => response.url().endsWith('/api/routing/routes'));
  await generate.click();
  expect((await generated).status()).toBe(200);
  await expect.poll(pathPoints).toBeGreaterThan(2);
  const straight = await pathPoints();
  await expect(editor.getByTestId('route-point-count')).toHaveText(`${straight} points`);

  // Drag a point of the route well off it: the route is asked again through that via point.
  const map = page.getByTestId('route-map');
  const start = await routePixel(map);
  const viaAsked = page.waitForRequest(
    (request) => request.url().endsWith('/api/routing/routes') && (request.postData() ?? '').includes('"via":true'),
  );
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + start.acrossX * 60, start.y + start.acrossY * 60, { steps: 8 });
  await page.mouse.move(start.x + start.acrossX * 120, start.y + start.acrossY * 120, { steps: 8 });
  await page.mouse.up();
  await viaAsked;
  await expect.poll(pathPoints).not.toBe(straight);
  const reshaped = await pathPoints();
  // The via point is listed, with a control that takes it out again (for keyboards too).
  await expect(editor.getByTestId('standard-route-vias').getByRole('button', { name: 'Remove this via point' })).toHaveCount(1);

  await save.click();
  await expect(page.getByText('The standard route was created or modified.')).toBeVisible();
  await expect(page.getByTestId('standard-route-list')).toContainText(`${origin} -> ${destination}`);
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoSeriousViolations(page, '/manage-company/standard-routes');

  // The route hovered in the list stands out on the map in the highlight colour; none does otherwise.
  const highlighted = async () => (await highlightedPixels(map)).length;
  const row = page.getByTestId('standard-route-row').filter({ hasText: `${origin} -> ${destination}` });
  await page.getByTestId('standard-routes-page').locator('h1').hover();
  await expect.poll(highlighted).toBe(0);
  await row.hover();
  await expect.poll(highlighted).toBeGreaterThan(0);
  await page.getByTestId('standard-routes-page').locator('h1').hover();
  await expect.poll(highlighted).toBe(0);

  // The load between the same two places now draws the saved route, not a routed one.
  const loads = new LoadsTablePage(page);
  await loads.open();
  const loadEditor = await loads.expand(load.id);
  const panel = loadEditor.root.getByTestId('stops-map-panel');
  await expect.poll(async () => Number(await panel.getAttribute('data-route-points'))).toBe(reshaped);
});

test.describe('at 768 px with touch', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('the map helper encodes pasted points, warns when two are more than 25 km apart and imports a matched route', async ({
    page,
  }) => {
    await signIn(page, 'platform');
    await page.goto('/map-helpers');
    const points = page.getByTestId('map-helper-points');
    // About 33 km apart.
    await points.fill('41.6,-93.6\n41.9,-93.6');
    await expect(page.getByTestId('route-gap-warning')).toBeVisible();
    await expect(page.getByTestId('route-largest-gap')).toHaveText(/Largest gap: 20\.\d mi/);
    await page.getByTestId('map-helper-encode').tap();
    await expect(page.getByTestId('map-helper-polyline')).toHaveValue(
      encodeFlexiblePolyline([
        { latitude: 41.6, longitude: -93.6 },
        { latitude: 41.9, longitude: -93.6 },
      ]),
    );
    await points.fill('41.6,-93.6\n41.7,-93.6\n41.8,-93.6');
    await expect(page.getByTestId('route-gap-warning')).toBeHidden();
    await expect(page.getByTestId('route-point-count')).toHaveText('3 points');

    // An import that fails is only logged: nothing is shown.
    await page.route('**/api/routing/match', (route) => route.fulfill({ status: 500, body: '' }));
    const failed = page.waitForEvent('console', (message) => message.text().includes('route import failed'));
    await page.getByTestId('map-helper-import').tap();
    await failed;
    await expect(page.getByTestId('map-helper-imported')).toBeHidden();
    await expect(page.getByTestId('route-notices')).toBeHidden();
    await page.unroute('**/api/routing/match');
    // Imported through the routing provider's map matching: the embedded provider's path (a point
    // at least every kilometre over about 22 km) with its notice that it is an estimate.
    const matched = page.waitForResponse((response) => response.url().endsWith('/api/routing/match'));
    await page.getByTestId('map-helper-import').tap();
    expect((await matched).status()).toBe(200);
    await expect(page.getByTestId('route-notices')).toHaveText('The path is an estimate along straight lines, not the roads.');
    await expect(page.getByTestId('map-helper-imported')).toHaveText(/^Imported route: \d{2,} points$/);
    await expect(page.locator('h1')).toHaveCount(1);
    await expectNoSeriousViolations(page, '/map-helpers');
  });
});
