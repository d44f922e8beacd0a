import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { goOffline, signIn, signInBeforeOpening } from './pages/app.ts';
import { DispatchApi } from './pages/loads.ts';

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Avoidance zones (spec 2 §4–5): a zone is placed by a click on the map, a site, an address or its
 * coordinates, dragged and resized on the map or by its width, saved,
 * deactivated and activated again; a global zone is editable only with the modify-global permission;
 * bad input says what is wrong and stores nothing; a zone created offline shows at once and reaches
 * the server once.
 */

interface ZoneRow {
  id: number;
  name: string;
  organizationId: number | null;
  deactivatedAt: string | null;
  geoLocation: { latitude: number; longitude: number; radius: number | null; bbox: object | null };
}

const zonesNow = async (api: DispatchApi) => (await (await api.context.get('/api/self/avoidance-zones')).json()) as ZoneRow[];

async function mapBox(map: Locator) {
  await expect(map.locator('canvas').first()).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('The map has no box');
  return box;
}

/** The zone's row in the list, within a group. */
const zoneItem = (page: Page, group: string, name: string) =>
  page.getByTestId(`zone-group-${group}`).locator(`[data-zone-name="${name}"]`);

/** Opens the form of a new zone and places it by a click at the map's centre (the Point tab). */
async function placeByPoint(page: Page) {
  await page.getByTestId('zone-create').click();
  const form = page.getByTestId('zone-form');
  await expect(form.getByTestId('zone-form-save')).toHaveAttribute('aria-disabled', 'true');
  await form.getByTestId('zone-tab-point').click();
  const box = await mapBox(form.getByTestId('zone-map'));
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(form.getByTestId('zone-summary')).toBeVisible();
  return form;
}

for (const size of [
  { name: 'at 1280 px', viewport: { width: 1280, height: 900 }, hasTouch: false },
  { name: 'at 768 px with touch', viewport: { width: 768, height: 1024 }, hasTouch: true },
]) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('a zone placed on the map, dragged and resized, is saved, deactivated and activated again', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(120_000);
      const name = `E2E zone ${size.viewport.width}-${Date.now() % 1_000_000}`;
      const api = await DispatchApi.signIn(playwright.request, 'admin');
      await signInBeforeOpening(page, 'admin');
      await page.goto('/manage-company/avoidance-zones');
      // The list and the map are both there; the demo's zones are listed in their groups.
      await expect(page.getByTestId('zones-map')).toBeVisible();
      await expect(zoneItem(page, 'company', 'Ames downtown')).toBeVisible();
      await expect(zoneItem(page, 'global', 'Des Moines airport')).toBeVisible();
      await expectNoSeriousViolations(page, 'the avoidance zones page');
      // The groups fold and unfold from the keyboard.
      await page.getByRole('button', { name: /^Global \(/ }).focus();
      await page.keyboard.press('Enter');
      await expect(zoneItem(page, 'global', 'Des Moines airport')).toBeHidden();
      await page.keyboard.press('Enter');
      await expect(zoneItem(page, 'global', 'Des Moines airport')).toBeVisible();

      const form = await placeByPoint(page);
      await expect(form.getByTestId('zone-form-save')).toHaveText('Create zone');
      // The dialog fits the window.
      const dialog = (await page.getByRole('dialog').boundingBox()) as { x: number; width: number };
      expect(dialog.x).toBeGreaterThanOrEqual(0);
      expect(dialog.x + dialog.width).toBeLessThanOrEqual(size.viewport.width);
      await form.getByTestId('zone-name').fill(name);
      const placed = (await form.getByTestId('zone-summary').textContent()) as string;

      // Dragged by its inside, the rectangle moves (ol-ext's Transform).
      if (!size.hasTouch) {
        const box = await mapBox(form.getByTestId('zone-map'));
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 5 });
        await page.mouse.up();
        await expect(form.getByTestId('zone-summary')).not.toHaveText(placed);

        // Dragged by a corner handle (found where the map shows a diagonal resize cursor), it grows.
        const map = form.getByTestId('zone-map');
        const centre = { x: box.x + box.width / 2 + 30, y: box.y + box.height / 2 + 20 };
        let corner: { x: number; y: number } | null = null;
        for (let step = 4; step < Math.min(box.width, box.height) / 2 && !corner; step += 2) {
          await page.mouse.move(centre.x + step, centre.y - step);
          if (/^n(e|w)s(w|e)-resize$/.test(await map.evaluate((element) => element.style.cursor)))
            corner = { x: centre.x + step, y: centre.y - step };
        }
        if (!corner) throw new Error('no resize handle at the zone’s corner');
        const widthBefore = Number(await form.getByTestId('zone-width').inputValue());
        await page.mouse.down();
        await page.mouse.move(corner.x + 30, corner.y - 30, { steps: 5 });
        await page.mouse.up();
        await expect.poll(async () => Number(await form.getByTestId('zone-width').inputValue())).toBeGreaterThan(widthBefore);
      }
      // Resized by its width (the user's unit: miles for the demo admin), its height kept (0.31 mi, 500 m, unless dragged).
      const height = await form.getByTestId('zone-height').inputValue();
      if (size.hasTouch) expect(height).toBe('0.31');
      await form.getByTestId('zone-width').fill('1');
      await expect(form.getByTestId('zone-height')).toHaveValue(height);
      await expectNoSeriousViolations(page, 'the avoidance zone form');
      await form.getByTestId('zone-form-save').click();
      await expect(form).toBeHidden();
      await expect(zoneItem(page, 'company', name)).toBeVisible();

      const stored = (await zonesNow(api)).find((zone) => zone.name === name);
      expect(stored?.geoLocation.bbox).not.toBeNull();
      expect(stored?.deactivatedAt).toBeNull();

      // Deactivated, it moves to Deactivated; activated, it comes back.
      await zoneItem(page, 'company', name).getByTestId('zone-edit').click();
      await expect(form.getByTestId('zone-width')).toBeDisabled();
      await form.getByTestId('zone-toggle-active').click();
      await expect(form).toBeHidden();
      await expect(zoneItem(page, 'deactivated', name)).toBeVisible();
      await expect(zoneItem(page, 'company', name)).toBeHidden();
      expect((await zonesNow(api)).find((zone) => zone.name === name)?.deactivatedAt).not.toBeNull();

      await zoneItem(page, 'deactivated', name).getByTestId('zone-edit').click();
      await expect(form.getByTestId('zone-toggle-active')).toHaveText('Activate');
      await form.getByTestId('zone-toggle-active').click();
      await expect(form).toBeHidden();
      await expect(zoneItem(page, 'company', name)).toBeVisible();
      expect((await zonesNow(api)).find((zone) => zone.name === name)?.deactivatedAt).toBeNull();

      // Deleted after its yes/no question.
      await zoneItem(page, 'company', name).getByTestId('zone-edit').click();
      await form.getByTestId('zone-delete').click();
      await page.getByTestId('zone-delete-yes').click();
      await expect(zoneItem(page, 'company', name)).toBeHidden();
      expect((await zonesNow(api)).some((zone) => zone.name === name)).toBe(false);
      await api.dispose();
    });
  });
}

test('a global zone is edited only by the platform administrator', async ({ page }) => {
  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/avoidance-zones');
  await expect(zoneItem(page, 'global', 'Des Moines airport')).toBeVisible();
  await expect(zoneItem(page, 'global', 'Des Moines airport').getByTestId('zone-edit')).toHaveCount(0);
  await expect(zoneItem(page, 'company', 'Ames downtown').getByTestId('zone-edit')).toHaveCount(1);
  // The global checkbox is not offered without the permission.
  await page.getByTestId('zone-create').click();
  await expect(page.getByTestId('zone-name')).toBeVisible();
  await expect(page.getByTestId('zone-global')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('zone-name')).toBeHidden();

  await signIn(page, 'platform');
  await page.goto('/manage-company/avoidance-zones');
  await expect(zoneItem(page, 'global', 'Des Moines airport').getByTestId('zone-edit')).toHaveCount(1);
  await page.getByTestId('zone-create').click();
  await expect(page.getByTestId('zone-global')).toBeVisible();
});

test('a zone is placed by a site, by an address the geocoder finds or by latitude and longitude; bad input says what is wrong and stores nothing', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const before = (await zonesNow(api)).length;
  const { activeOrganizationId } = await api.self();
  const sites = (await (await api.context.get('/api/locations')).json()) as {
    name: string;
    organizationId: number;
    customGeofence: { latitude: number; longitude: number };
  }[];
  const site = sites.find((row) => row.organizationId === activeOrganizationId && row.customGeofence.latitude !== 1);
  if (!site) throw new Error('the company has no placed site');
  const centre = (position: { latitude: number; longitude: number }) =>
    `Centre ${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}`;
  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/avoidance-zones');
  await page.getByTestId('zone-create').click();
  const form = page.getByTestId('zone-form');

  // Without a location, Create zone stays inert and says why.
  await form.getByTestId('zone-tab-address').click();
  await expect(form.getByTestId('zone-no-location')).toBeVisible();
  await expect(form.getByTestId('zone-form-save')).toHaveAttribute('aria-disabled', 'true');
  await form.getByTestId('zone-latitude').fill('95');
  await form.getByTestId('zone-longitude').fill('-93.6');
  await expect(form.getByText('Invalid latitude (−90 to 90, not 0)')).toBeVisible();
  await expect(form.getByTestId('zone-place')).toBeDisabled();

  // The site locator centres the zone on the chosen site.
  await form.getByTestId('zone-tab-site').click();
  await form.getByTestId('zone-site').click();
  await form.getByTestId('zone-site').fill(site.name);
  await page.getByRole('option', { name: site.name, exact: true }).click();
  await expect(form.getByTestId('zone-summary')).toHaveText(centre(site.customGeofence));

  // The address search needs line 1, city, state and postal code; then the geocoder's answer places the zone.
  await form.getByTestId('zone-tab-address').click();
  await form.getByTestId('zone-address1').fill('1200 Locust Street');
  await expect(form.getByTestId('zone-search')).toHaveAttribute('aria-disabled', 'true');
  await form.getByTestId('zone-city').fill('Des Moines');
  await form.getByTestId('zone-state').fill('IA');
  await form.getByTestId('zone-postal-code').fill('50309');
  const geocoded = page.waitForResponse((response) => response.url().includes('/api/locations/geocode'));
  await form.getByTestId('zone-search').click();
  const found = (await (await geocoded).json()) as { lat: number; lng: number } | null;
  if (!found) throw new Error('the geocoder found no place for a Des Moines ZIP code');
  await expect(form.getByTestId('zone-summary')).toHaveText(centre({ latitude: found.lat, longitude: found.lng }));

  // Latitude and longitude typed by hand.
  await form.getByTestId('zone-latitude').fill('41.9');
  await form.getByTestId('zone-longitude').fill('-93.6');
  await form.getByTestId('zone-place').click();
  await expect(form.getByTestId('zone-summary')).toHaveText(centre({ latitude: 41.9, longitude: -93.6 }));
  // A name is required: typed and cleared, it says so, and Save is disabled.
  await form.getByTestId('zone-name').fill('x');
  await form.getByTestId('zone-name').fill('');
  await expect(form.getByText('Required')).toBeVisible();
  await expect(form.getByTestId('zone-form-save')).toBeDisabled();
  expect((await zonesNow(api)).length).toBe(before);

  // The server refuses the same bad input on its own.
  const refused = await api.context.post(`/api/organizations/${activeOrganizationId}/avoidance-zones`, {
    data: { name: '', geoLocation: { latitude: 95, longitude: -93.6, radius: 400, bbox: null } },
  });
  expect(refused.status()).toBe(400);
  expect((await zonesNow(api)).length).toBe(before);
  await api.dispose();
});

test('a zone created offline shows at once and reaches the server once after reconnecting', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const name = `Offline zone ${Date.now() % 1_000_000}`;
  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/avoidance-zones');
  await expect(zoneItem(page, 'company', 'Ames downtown')).toBeVisible();
  const goOnline = await goOffline(page);

  const form = await placeByPoint(page);
  await form.getByTestId('zone-name').fill(name);
  await form.getByTestId('zone-form-save').click();
  await expect(form).toBeHidden();
  await expect(zoneItem(page, 'company', name)).toBeVisible();
  await expect(zoneItem(page, 'company', name).getByTestId('zone-pending')).toBeVisible();
  expect((await zonesNow(api)).filter((zone) => zone.name === name)).toEqual([]);

  await goOnline();
  await expect(page.getByTestId('queue-button')).toHaveAccessibleName('Changes waiting to be sent: 0', { timeout: 30_000 });
  await expect(zoneItem(page, 'company', name).getByTestId('zone-pending')).toBeHidden();
  expect((await zonesNow(api)).filter((zone) => zone.name === name)).toHaveLength(1);
  await api.dispose();
});
