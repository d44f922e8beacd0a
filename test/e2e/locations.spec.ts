import type { Locator, Page } from '@playwright/test';
import { type GeofenceShape, isGeofencePlaced } from '../../core/domain/master-data/locations.ts';
import { expect, test } from './fixtures.ts';
import { AdminTable } from './pages/admin-table.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { goOffline, signIn, signInBeforeOpening } from './pages/app.ts';
import { DispatchApi, LoadsTablePage } from './pages/loads.ts';

/**
 * Locations (spec 2 §2–5): a site is created by locating its address and drawing its geofence on the
 * map, with a sub-location and two JPEG images, and comes back whole after a reload; bad input says
 * what is wrong and stores nothing; a site created offline is at once offered by the load form.
 */

interface LocationRow {
  id: number;
  name: string;
  customGeofence: { latitude: number; longitude: number; radius: number | null; bbox: object | null };
  orgSubLocations: { name: string; customGeofence: { latitude: number; longitude: number } }[];
}

const GEOCODED = { lat: 41.5868, lng: -93.625 };

/** JPEG files drawn by the browser itself (a canvas), so the bytes are a real JPEG. */
async function jpegFiles(page: Page, count: number) {
  const urls = await page.evaluate((total) => {
    return Array.from({ length: total }, (_, index) => {
      const canvas = document.createElement('canvas');
      canvas.width = 24;
      canvas.height = 16;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.fillStyle = index % 2 ? '#c92a2a' : '#2b8a3e';
      context.fillRect(0, 0, 24, 16);
      return canvas.toDataURL('image/jpeg', 0.8);
    });
  }, count);
  return urls.map((url, index) => ({
    name: `site-${index + 1}.jpg`,
    mimeType: 'image/jpeg',
    buffer: Buffer.from(url.split(',')[1] as string, 'base64'),
  }));
}

/** Clicks two points of the map, a fraction of its box apart: the corners of a rectangle. */
async function drawRectangle(page: Page, map: Locator) {
  await expect(map.locator('canvas').first()).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('The map has no box');
  await page.mouse.click(box.x + box.width * 0.35, box.y + box.height * 0.35);
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await page.mouse.click(box.x + box.width * 0.65, box.y + box.height * 0.65);
}

async function fillAddress(form: Locator, name: string) {
  await form.getByTestId('location-name').fill(name);
  await form.getByTestId('location-address1').fill('1200 Locust Street');
  await form.getByTestId('location-city').fill('Des Moines');
  await form.getByTestId('location-state').fill('IA');
  await form.getByTestId('location-postal-code').fill('50309');
}

for (const size of [
  { name: 'at 1280 px', viewport: { width: 1280, height: 900 }, hasTouch: false },
  { name: 'at 768 px with touch', viewport: { width: 768, height: 1024 }, hasTouch: true },
]) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('a location is placed by its address, its geofence drawn, with a sub-location and two JPEG images, and is whole after a reload', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(120_000);
      const name = `E2E site ${size.viewport.width}-${Date.now() % 1_000_000}`;
      const api = await DispatchApi.signIn(playwright.request, 'admin');
      // The geocoder is the providers' part: answered here as its contract says ({lat, lng} or null).
      await page.route('**/api/locations/geocode?*', (route) => route.fulfill({ json: GEOCODED }));
      await signIn(page, 'admin');
      const mapCode: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/(ol|geofence-editor)-[^/]*\.js$/.test(request.url())) mapCode.push(request.url());
      });
      const locations = new AdminTable(page, 'locations', 'location-form');
      await locations.open();
      // The table does not load OpenLayers; the form's map does.
      expect(mapCode).toEqual([]);
      await locations.startCreate();
      const form = locations.form;
      await expect(form.getByTestId('location-map')).toBeVisible();
      expect(mapCode.length).toBeGreaterThan(0);
      // The company's placed sites are drawn beneath, so the new one is placed beside them.
      const organizationId = (await api.self()).activeOrganizationId;
      const sites = (await (await api.context.get('/api/locations')).json()) as (LocationRow & {
        organizationId: number;
        customGeofence: GeofenceShape;
      })[];
      const placedSites = sites.filter((row) => row.organizationId === organizationId && isGeofencePlaced(row.customGeofence));
      expect(placedSites.length).toBeGreaterThan(0);
      await expect(form.getByTestId('location-map')).toHaveAttribute('data-backdrop-drawn', String(placedSites.length));
      await fillAddress(form, name);

      // Saving waits for the geofence, and says so.
      await expect(form.getByTestId('geofence-warning')).toHaveText("Place the location's geofence on the map before saving.");
      await expect(locations.saveButton).toHaveAttribute('aria-disabled', 'true');

      await form.getByTestId('location-locate').click();
      await form.getByTestId('draw-rectangle').click();
      await drawRectangle(page, form.getByTestId('location-map'));
      await expect(form.getByTestId('geofence-warning')).toBeHidden();
      await expect(locations.saveButton).not.toHaveAttribute('aria-disabled', 'true');
      const drawn = await form.getByTestId('geofence-summary').textContent();
      expect(drawn).toMatch(/^Rectangle centred at /);

      // Dragged by its inside, the rectangle moves (ol-ext's Transform, keeping it a rectangle).
      const box = (await form.getByTestId('location-map').boundingBox()) as {
        x: number;
        y: number;
        width: number;
        height: number;
      };
      await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.45);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.55, { steps: 5 });
      await page.mouse.up();
      await expect(form.getByTestId('geofence-summary')).not.toHaveText(drawn as string);
      await expect(form.getByTestId('geofence-summary')).toHaveText(/^Rectangle centred at /);
      const moved = (await form.getByTestId('geofence-summary').textContent()) as string;
      const [movedLatitude] = (moved.match(/-?\d+\.\d+/g) ?? []).map(Number);

      await form.getByTestId('add-sub-location').click();
      await form.getByTestId('sub-location-name-0').fill('Bin A');
      // The bin starts at the geofence's centre (0.55, 0.60 of the map since the move) and is dragged
      // on its own; the form's new row moved the map, so its box is read again.
      const mapBox = (await form.getByTestId('location-map').boundingBox()) as typeof box;
      await page.mouse.move(mapBox.x + mapBox.width * 0.55, mapBox.y + mapBox.height * 0.6);
      await page.mouse.down();
      await page.mouse.move(mapBox.x + mapBox.width * 0.6, mapBox.y + mapBox.height * 0.64, { steps: 6 });
      await page.mouse.up();
      await form
        .getByTestId('location-images')
        .locator('input[type="file"]')
        .setInputFiles(await jpegFiles(page, 2));
      await expect(form.getByTestId('location-image')).toHaveCount(2);
      await expectNoSeriousViolations(page, 'the location form');

      await locations.save(`${name} created`);
      await expect(form).toBeHidden();

      const stored = ((await (await api.context.get('/api/locations')).json()) as LocationRow[]).find((row) => row.name === name);
      expect(stored?.customGeofence.bbox).not.toBeNull();
      // The rectangle was drawn around the address found (zoom 14: a few hundred metres).
      expect(Math.abs((stored?.customGeofence.latitude ?? 0) - GEOCODED.lat)).toBeLessThan(0.05);
      // What is stored is where it was moved to.
      expect(stored?.customGeofence.latitude).toBeCloseTo(movedLatitude as number, 4);
      expect(stored?.orgSubLocations.map((sub) => sub.name)).toEqual(['Bin A']);
      // South-east of the centre it started from, the geofence left where it was.
      const bin = stored?.orgSubLocations[0]?.customGeofence;
      expect(bin?.latitude).toBeLessThan(movedLatitude as number);
      expect(bin?.longitude).toBeGreaterThan(stored?.customGeofence.longitude as number);

      await page.reload();
      await locations.edit(name);
      await expect(form.getByTestId('sub-location-name-0')).toHaveValue('Bin A');
      await expect(form.getByTestId('location-image')).toHaveCount(2);
      await expect(form.getByTestId('geofence-warning')).toBeHidden();
      // The name of a stored location stays locked until clicked seven times.
      await expect(form.getByTestId('location-name')).toHaveAttribute('readonly');
      for (let click = 0; click < 7; click++) await form.getByTestId('location-name').click();
      await expect(form.getByTestId('location-name')).not.toHaveAttribute('readonly');

      // An image goes after a yes/no question; a throughput rule is added; both are sent after the location.
      await form.getByTestId('location-image-delete').first().click();
      await form.getByTestId('location-image-delete-no').click();
      await expect(form.getByTestId('location-image')).toHaveCount(2);
      await form.getByTestId('location-image-delete').first().click();
      await form.getByTestId('location-image-delete-yes').click();
      await expect(form.getByTestId('location-image')).toHaveCount(1);
      await form.getByTestId('throughput-add').click();
      await form.getByTestId('throughput-baseline-0').fill('25');
      await locations.save(`${name} updated`);
      await expect(form).toBeHidden();
      const { activeOrganizationId } = await api.self();
      const site = `/api/organizations/${activeOrganizationId}/locations/${stored?.id}`;
      expect(((await (await api.context.get(`${site}/images`)).json()) as unknown[]).length).toBe(1);
      expect(await (await api.context.get(`${site}/throughput`)).json()).toMatchObject([
        { stopType: 'Origin', cargoTypeId: null, baselineLoadingMinutes: 25, loadingEntityType: 'Location' },
      ]);
    });
  });
}

test('bad input says what is wrong and changes nothing', async ({ page, playwright }) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const before = ((await (await api.context.get('/api/locations')).json()) as LocationRow[]).length;
  await signInBeforeOpening(page, 'admin');
  const locations = new AdminTable(page, 'locations', 'location-form');
  await locations.open();
  await locations.startCreate();
  const form = locations.form;
  await fillAddress(form, 'Never saved');

  await form.getByTestId('geofence-latitude').fill('95');
  await form.getByTestId('geofence-longitude').fill('-93.6');
  await expect(form.getByText('Invalid latitude (−90 to 90)')).toBeVisible();
  await expect(form.getByTestId('geofence-place')).toBeDisabled();

  const images = form.getByTestId('location-images');
  await images.locator('input[type="file"]').setInputFiles({
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  });
  await expect(form.getByTestId('location-image-problem')).toHaveText('photo.jpg is not a JPEG image.');
  await expect(form.getByTestId('location-image')).toHaveCount(0);
  await images.locator('input[type="file"]').setInputFiles(await jpegFiles(page, 6));
  await expect(form.getByTestId('location-image-problem')).toHaveText('A location holds at most 5 images.');

  await form.getByTestId('location-name').fill('x'.repeat(201));
  await expect(form.getByText('At most 200 characters')).toBeVisible();
  // Save stays inert while the geofence is not placed, and says why (its tooltip and description).
  await expect(locations.saveButton).toHaveAttribute('aria-disabled', 'true');
  await expect(locations.saveButton).toHaveAccessibleDescription("Place the location's geofence on the map before saving.");
  expect(((await (await api.context.get('/api/locations')).json()) as LocationRow[]).length).toBe(before);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('a location created offline is offered by the load form at once, and reaches the server once', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const name = `Offline site ${Date.now() % 1_000_000}`;
    const api = await DispatchApi.signIn(playwright.request, 'admin');
    await signInBeforeOpening(page, 'admin');
    const locations = new AdminTable(page, 'locations', 'location-form');
    await locations.open();
    const goOnline = await goOffline(page);

    await locations.startCreate();
    const form = locations.form;
    await fillAddress(form, name);
    // The keyboard's way to place a geofence: its centre and radius typed.
    await form.getByTestId('geofence-latitude').fill('41.6');
    await form.getByTestId('geofence-longitude').fill('-93.6');
    await form.getByTestId('geofence-place').click();
    await form.getByTestId('location-form-save').click();
    await expect(form).toBeHidden();
    await expect(await locations.search(name)).toHaveAttribute('data-pending', 'true');

    const loads = new LoadsTablePage(page);
    await page.goto('/loads');
    const editor = await loads.openCreate();
    await editor.stops.nth(0).getByTestId('stop-location').click();
    await editor.stops.nth(0).getByTestId('stop-location').fill(name);
    await expect(page.getByRole('option', { name })).toBeVisible();
    await page.keyboard.press('Escape');

    await goOnline();
    await expect(page.getByTestId('queue-button')).toHaveAccessibleName(/Changes waiting to be sent: 0/, { timeout: 30_000 });
    await expect
      .poll(async () =>
        ((await (await api.context.get('/api/locations')).json()) as LocationRow[]).filter((row) => row.name === name),
      )
      .toHaveLength(1);
  });
});
