import { randomUUID } from 'node:crypto';
import type { Order } from '../../core/contract/orders.ts';
import { newLoadBody } from '../fixtures/loads.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './pages/app.ts';
import { LoadsTablePage } from './pages/loads.ts';

const HOUR = 3_600_000;
const METERS_PER_DEGREE = 111_195;

test('a device entering a site’s geofence turns the stop Arrived and highlights the load’s row', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  await signIn(page, 'admin');
  const self = (await (await page.request.get('/api/self')).json()) as { activeOrganizationId: number };
  const organization = `/api/organizations/${self.activeOrganizationId}`;
  const locations = (await (await page.request.get('/api/locations')).json()) as {
    id: number;
    customGeofence: { latitude: number; longitude: number };
  }[];
  const [origin, destination] = locations;
  if (!origin || !destination) throw new Error('the company has fewer than two locations');

  // A driver with no load of today yet: the phone is then on this test's load.
  const drivers = (await (await page.request.get('/api/drivers')).json()) as {
    id: number;
    organizationId: number;
    enabled: boolean;
  }[];
  const range = new URLSearchParams({
    startDate: new Date(Date.now() - 24 * HOUR).toISOString(),
    endDate: new Date(Date.now() + 24 * HOUR).toISOString(),
  });
  const loads = (await (await page.request.get(`/api/self/orders?${range}`)).json()) as Order[];
  const busy = new Set(
    loads.filter((load) => load.status === 'In Transit' || load.status === 'Assigned').map((load) => load.transportedByUserId),
  );
  const driver = drivers.find(
    (candidate) => candidate.organizationId === self.activeOrganizationId && candidate.enabled && !busy.has(candidate.id),
  );
  if (!driver) throw new Error('every driver has a load today');

  const created = await page.request.post('/api/orders', {
    data: {
      ...newLoadBody({ originId: origin.id, destinationId: destination.id, orderNumber: `TRK-${suffix}`, hoursAhead: 0.2 }),
      transportedByUserId: driver.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const load = (await created.json()) as Order;
  const device = await page.request.post(`${organization}/devices`, {
    data: { clientId: `phone-${suffix}`, name: `E2E phone ${suffix}`, kind: 'phone', driverUserId: driver.id },
  });
  expect(device.status(), await device.text()).toBe(201);
  const gateway = await page.request.post(`${organization}/service-users`, {
    data: { name: `E2E tracking ${suffix}`, scopes: ['positions:write'] },
  });
  expect(gateway.status(), await gateway.text()).toBe(201);
  const { secret } = (await gateway.json()) as { secret: string };

  const table = new LoadsTablePage(page);
  await page.goto('/loads');
  await expect(table.status(load.id)).toHaveText('Assigned', { timeout: 20_000 });
  await expect(table.row(load.id)).not.toHaveAttribute('data-touched', 'true');

  // Driving in from 3 km west of the origin, then standing in its yard for five minutes.
  const site = origin.customGeofence;
  const fix = (metersEast: number, minutesAgo: number, speed: number) => ({
    clientId: `phone-${suffix}`,
    latitude: site.latitude,
    longitude: site.longitude + metersEast / (METERS_PER_DEGREE * Math.cos((site.latitude * Math.PI) / 180)),
    speed,
    heading: 90,
    accuracy: 8,
    timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  });
  const posted = await page.request.post('/api/devices/positions', {
    headers: { authorization: `Bearer ${secret}` },
    data: [fix(-3000, 12, 20), fix(5, 9, 0), fix(10, 4, 0)],
  });
  expect(posted.status(), await posted.text()).toBe(200);

  await expect(table.row(load.id)).toHaveAttribute('data-touched', 'true');
  await expect(table.status(load.id)).toHaveText('In transit');
  const after = (await (await page.request.get(`/api/self/orders?${range}`)).json()) as Order[];
  const stops = after.find((item) => item.id === load.id)?.stops.toSorted((a, b) => a.sequence - b.sequence);
  expect(stops?.map((stop) => stop.status)).toEqual(['Arrived', 'Not Started']);
});
