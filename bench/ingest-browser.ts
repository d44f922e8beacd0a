import { type Browser, chromium, type Page } from 'playwright-core';
import type { Order } from '#core/contract/orders';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '#test/chromium';
import { newLoadBody } from '#test/fixtures/loads';
import { percentile, roundMs } from './stats.ts';

/** Issue 21: a position's arrival to the marker moving, and to the stop's new status, p95 within a second. */
const GOAL_MS = 1_000;
/** A connected browser shows a change within this, or the sample counts as this (it never came). */
const GIVE_UP_MS = 10_000;
/** The marker device reports this often while the fleet reports every second. */
const MARKER_EVERY_MS = 1_000;
/** Live tracking re-reads which load each device is on when the change log shows a new load, within a second. */
const LOAD_LINK_POLL_MS = 250;
/** A new probe load reaches the table through the change feed; not timed, only waited for. */
const NEW_LOAD_WAIT_MS = 30_000;
const METERS_PER_DEGREE = 111_195;
const ADMIN = { username: 'admin', password: 'Demo-pass1' };

export interface BrowserLatency {
  samples: number;
  p50Ms: number;
  p95Ms: { value: number; goal: number; met: boolean };
  maxMs: number;
  /** Samples not shown within GIVE_UP_MS (counted at it). */
  notShown: number;
}

export interface BrowserLatencyFigures {
  /** A fix posted for a device to its card on /live-map (filtered to it) showing the fix, drawn with its marker in the same batch. */
  markerMoved: BrowserLatency;
  /** The first moving fix of a load's driver to the loads table showing the load In transit (its first stop Enroute). */
  stopStatusShown: BrowserLatency & { newLoadsNotShown: number };
}

interface Site {
  latitude: number;
  longitude: number;
}

/**
 * A signed-in Chromium on one node: /live-map searched down to a marker device, and /loads. Fixes
 * are posted (through a gateway's JSON route) to any node while the bench's fleet reports; the pages
 * note, in a MutationObserver, when each change shows, against the wall clock the bench posts by.
 */
export class BrowserProbe {
  private loadsMade = 0;
  /** Probe loads the table did not show within NEW_LOAD_WAIT_MS of their creation (then not timed). */
  private newLoadsNotShown = 0;
  private markerFixes = 0;

  private constructor(
    private readonly browser: Browser,
    private readonly mapPage: Page,
    private readonly loadsPage: Page,
    private readonly api: (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>,
    private readonly secret: string,
    private readonly probe: {
      origin: Site;
      originId: number;
      destinationId: number;
      driverId: number;
      driverDeviceId: number;
      suffix: string;
    },
  ) {}

  static async open(baseUrl: string, cookie: string, suffix: string): Promise<BrowserProbe> {
    const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${baseUrl}/api${path}`, {
        method: init.method ?? 'GET',
        headers: { cookie, origin: baseUrl, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    const json = async <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
      const answer = await api(path, init);
      if (!answer.ok) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as T;
    };
    const self = await json<{ activeOrganizationId: number }>('/self');
    const organization = `/organizations/${self.activeOrganizationId}`;
    const [origin, destination] = await json<{ id: number; customGeofence: Site }[]>('/locations');
    if (!origin || !destination) throw new Error('the company has fewer than two locations');
    const hour = 3_600_000;
    const range = new URLSearchParams({
      startDate: new Date(Date.now() - 24 * hour).toISOString(),
      endDate: new Date(Date.now() + 24 * hour).toISOString(),
    });
    const busy = new Set(
      (await json<Order[]>(`/self/orders?${range}`))
        .filter((load) => load.status === 'In Transit' || load.status === 'Assigned')
        .map((load) => load.transportedByUserId),
    );
    const drivers = await json<{ id: number; organizationId: number; enabled: boolean }[]>('/drivers');
    const driver = drivers.find(
      (candidate) => candidate.organizationId === self.activeOrganizationId && candidate.enabled && !busy.has(candidate.id),
    );
    if (!driver) throw new Error('every driver has a load today');
    await json(`${organization}/devices`, {
      method: 'POST',
      body: { clientId: `probe-marker-${suffix}`, name: `Probe marker ${suffix}`, kind: 'phone' },
    });
    const driverDevice = await json<{ id: number }>(`${organization}/devices`, {
      method: 'POST',
      body: { clientId: `probe-driver-${suffix}`, name: `Probe driver ${suffix}`, kind: 'phone', driverUserId: driver.id },
    });
    const { secret } = await json<{ secret: string }>(`${organization}/service-users`, {
      method: 'POST',
      body: { name: `Browser probe ${suffix}`, scopes: ['positions:write'] },
    });

    const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const session = await context.request.post('/api/session', { data: ADMIN });
    if (!session.ok()) throw new Error(`signing in answered ${session.status()}`);
    const probe = new BrowserProbe(browser, await context.newPage(), await context.newPage(), api, secret, {
      origin: origin.customGeofence,
      originId: origin.id,
      destinationId: destination.id,
      driverId: driver.id,
      driverDeviceId: driverDevice.id,
      suffix,
    });
    await probe.post(baseUrl, [probe.markerFix(0)]);
    await probe.openPages();
    return probe;
  }

  async close() {
    await this.browser.close();
  }

  /** While the fleet reports, the marker device every second and, one after another, new loads' first moving fixes. */
  async measure(postBaseUrl: string, durationMs: number): Promise<BrowserLatencyFigures> {
    const deadline = Date.now() + durationMs;
    const [markerMoved, stopStatusShown] = await Promise.all([
      this.markerSamples(postBaseUrl, deadline),
      this.stopSamples(postBaseUrl, deadline),
    ]);
    const newLoadsNotShown = this.newLoadsNotShown;
    this.newLoadsNotShown = 0;
    return { markerMoved: latency(markerMoved), stopStatusShown: { ...latency(stopStatusShown), newLoadsNotShown } };
  }

  private async openPages() {
    await this.mapPage.goto('/live-map');
    await this.mapPage.getByTestId('live-map-search').fill(`Probe marker ${this.probe.suffix}`);
    await this.mapPage.getByTestId('live-map-card-coordinates').first().waitFor({ state: 'visible', timeout: 60_000 });
    await this.mapPage.evaluate(`(() => {
      const shown = new Map();
      window.__probeShown = shown;
      const note = () => {
        const text = document.querySelector('[data-testid=live-map-card-coordinates]')?.textContent;
        if (text && !shown.has(text)) shown.set(text, Date.now());
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
      note();
    })()`);
    await this.loadsPage.goto('/loads');
    await this.loadsPage.locator('[data-testid=loads-table][aria-busy=false]').waitFor({ timeout: 60_000 });
    await this.loadsPage.evaluate(`(() => {
      const shown = new Map();
      window.__probeShown = shown;
      const note = () => {
        for (const row of document.querySelectorAll('[data-testid=load-row]')) {
          const status = row.querySelector('[data-testid=load-status]')?.textContent;
          const key = row.getAttribute('data-load-id') + ' ' + status;
          if (!shown.has(key)) shown.set(key, Date.now());
        }
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
      note();
    })()`);
  }

  /** When the page first showed `key` (epoch ms), within `waitMs` of `since`. */
  private async shownAt(page: Page, key: string, since: number, waitMs = GIVE_UP_MS): Promise<number | null> {
    while (Date.now() - since < waitMs) {
      const at = await page.evaluate(`window.__probeShown.get(${JSON.stringify(key)}) ?? null`);
      if (typeof at === 'number') return at;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }

  private markerFix(index: number) {
    const { origin } = this.probe;
    return {
      clientId: `probe-marker-${this.probe.suffix}`,
      latitude: Number((origin.latitude + 0.2 + index / 10_000).toFixed(5)),
      longitude: Number((origin.longitude + 0.2).toFixed(5)),
      heading: 0,
      speed: 20,
      accuracy: 5,
      timestamp: new Date().toISOString(),
    };
  }

  private async post(baseUrl: string, fixes: object[]) {
    const answer = await fetch(`${baseUrl}/api/devices/positions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(fixes),
    });
    if (!answer.ok) throw new Error(`posting probe fixes answered ${answer.status}: ${await answer.text()}`);
  }

  /** Posts a standing fix until the phone's latest position names the load (its link is re-read at most each second). */
  private async untilLinked(postBaseUrl: string, loadId: number, standing: () => object): Promise<boolean> {
    const since = Date.now();
    while (Date.now() - since < GIVE_UP_MS) {
      await this.post(postBaseUrl, [standing()]);
      const answer = await this.api('/devices/locations/latest?staleTimeMinutes=10');
      const latest = (await answer.json()) as { deviceId: number; orderId: number | null }[];
      if (latest.some((position) => position.deviceId === this.probe.driverDeviceId && position.orderId === loadId)) return true;
      await new Promise((resolve) => setTimeout(resolve, LOAD_LINK_POLL_MS));
    }
    return false;
  }

  private async markerSamples(postBaseUrl: string, deadline: number): Promise<number[]> {
    const samples: number[] = [];
    while (Date.now() < deadline) {
      const fix = this.markerFix(++this.markerFixes);
      const sentAt = Date.now();
      await this.post(postBaseUrl, [fix]);
      const shownAt = await this.shownAt(this.mapPage, `${fix.latitude.toFixed(5)}, ${fix.longitude.toFixed(5)}`, sentAt);
      samples.push(shownAt === null ? GIVE_UP_MS : shownAt - sentAt);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, sentAt + MARKER_EVERY_MS - Date.now())));
    }
    return samples;
  }

  private async stopSamples(postBaseUrl: string, deadline: number): Promise<number[]> {
    const samples: number[] = [];
    const { origin, originId, destinationId, driverId, suffix } = this.probe;
    while (Date.now() < deadline) {
      const index = this.loadsMade++;
      const created = await this.api('/orders', {
        method: 'POST',
        body: {
          ...newLoadBody({ originId, destinationId, orderNumber: `PROBE-${suffix}-${index}`, hoursAhead: 0.2 }),
          transportedByUserId: driverId,
        },
      });
      if (created.status !== 201) throw new Error(`creating a probe load answered ${created.status}: ${await created.text()}`);
      const load = (await created.json()) as Order;
      const shownAssigned = await this.shownAt(this.loadsPage, `${load.id} Assigned`, Date.now(), NEW_LOAD_WAIT_MS);
      if (shownAssigned === null) this.newLoadsNotShown += 1;
      else {
        // 3 km from the origin: standing until live tracking has linked the phone to the new load, then
        // driving toward it: the trip starts, the first stop goes Enroute, the load In transit.
        const driverFix = (speed: number) => ({
          clientId: `probe-driver-${suffix}`,
          latitude: origin.latitude,
          longitude: origin.longitude - 3_000 / (METERS_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180)),
          heading: 90,
          speed,
          accuracy: 8,
          timestamp: new Date().toISOString(),
        });
        if (!(await this.untilLinked(postBaseUrl, load.id, () => driverFix(0))))
          throw new Error(`live tracking never linked the probe phone to load ${load.id}`);
        const sentAt = Date.now();
        await this.post(postBaseUrl, [driverFix(20)]);
        const shownAt = await this.shownAt(this.loadsPage, `${load.id} In transit`, sentAt);
        samples.push(shownAt === null ? GIVE_UP_MS : shownAt - sentAt);
      }
      // Delivered by hand, so the driver is free for the next probe load.
      const completed = await this.api('/orders/complete', { method: 'PUT', body: [{ id: load.id, stops: [] }] });
      if (completed.status !== 200) throw new Error(`completing probe load ${load.id} answered ${completed.status}`);
    }
    return samples;
  }
}

function latency(samples: number[]): BrowserLatency {
  const p95 = roundMs(percentile(samples, 0.95));
  return {
    samples: samples.length,
    p50Ms: roundMs(percentile(samples, 0.5)),
    p95Ms: { value: p95, goal: GOAL_MS, met: samples.length > 0 && p95 <= GOAL_MS },
    maxMs: roundMs(samples.reduce((longest, sample) => Math.max(longest, sample), 0)),
    notShown: samples.filter((sample) => sample >= GIVE_UP_MS).length,
  };
}
