import type { Browser, BrowserContext, Page } from 'playwright-core';
import { percentile, roundMs } from './stats.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Issue 21: 500, 2,000 and 5,000 devices, each reporting every second. */
const FLEETS = [500, 2000, 5000];
const MEASURE_MS = 6000;
/** Time for the map to draw and the feed to reach its pace before a window is measured. */
const WARM_UP_MS = 3000;
const VIEWPORT = { width: 1280, height: 800 };

interface BenchPosition {
  deviceId: number;
  deviceType: 'mobile' | 'trailer';
  userId: null;
  orderId: number | null;
  tractorId: null;
  trailerId: null;
  latitude: number;
  longitude: number;
  heading: number;
  speed: number;
  accuracy: number;
  timestamp: string;
}

/** A fleet spread over Iowa and its neighbours (about 600 × 450 km), as the live map opens on it at zoom 8. */
export function benchFleet(size: number): BenchPosition[] {
  let seed = 21;
  const random = () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const timestamp = new Date(Date.now() - 60_000).toISOString();
  return Array.from({ length: size }, (_, index) => ({
    deviceId: 1_000_000 + index,
    deviceType: index % 5 === 0 ? 'trailer' : 'mobile',
    userId: null,
    orderId: index % 3 === 0 ? null : 10_000 + index,
    tractorId: null,
    trailerId: null,
    latitude: 40.5 + random() * 4,
    longitude: -96.5 + random() * 7,
    heading: Math.floor(random() * 360),
    speed: 25,
    accuracy: 5,
    timestamp,
  }));
}

/**
 * Runs in the page before the app: a stand-in for the socket.io server behind the WebSocket the
 * app opens (engine.io handshake, then `device:locations:latest:update` messages), so the real
 * client, its parsing and the app's batching receive the positions — without one DevTools message
 * per position, which would measure Playwright. The feed spreads each second's positions over
 * 16 ms slices, as fixes from thousands of phones arrive. (Strings: the bench's tsconfig has no DOM.)
 */
export const BENCH_FAKE_SOCKET = `(() => {
  const RealWebSocket = window.WebSocket;
  const sockets = [];
  class FakeSocket extends EventTarget {
    constructor(url) {
      super();
      this.url = url; this.readyState = 0; this.binaryType = 'blob'; this.protocol = ''; this.extensions = ''; this.bufferedAmount = 0;
      this.onopen = null; this.onmessage = null; this.onclose = null; this.onerror = null;
      sockets.push(this);
      setTimeout(() => {
        this.readyState = 1;
        this.fire(new Event('open'));
        this.receive('0' + JSON.stringify({ sid: 'bench', upgrades: [], pingInterval: 25000, pingTimeout: 600000, maxPayload: 1e7 }));
      }, 0);
    }
    fire(event) { this.dispatchEvent(event); const handler = this['on' + event.type]; if (handler) handler.call(this, event); }
    receive(data) { this.fire(new MessageEvent('message', { data })); }
    send(data) { if (typeof data === 'string' && data.startsWith('40')) setTimeout(() => this.receive('40{"sid":"bench-socket"}'), 0); }
    close() { this.readyState = 3; this.fire(new Event('close')); }
  }
  const patched = function (url, protocols) {
    return String(url).includes('/socket.io/') ? new FakeSocket(String(url)) : new RealWebSocket(url, protocols);
  };
  Object.assign(patched, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = patched;
  let timer = null;
  window.benchFeed = {
    start(positions) {
      const held = positions.map((position) => ({ ...position }));
      let next = 0;
      // As the server pushes: each organization's moved positions as one array every 200 ms.
      const perSlice = Math.ceil(held.length / (1000 / 200));
      timer = setInterval(() => {
        const socket = sockets.find((candidate) => candidate.readyState === 1);
        if (!socket) return;
        const now = new Date().toISOString();
        const batch = [];
        for (let sent = 0; sent < perSlice; sent++) {
          const position = held[next];
          next = (next + 1) % held.length;
          position.heading = (position.heading + 40 + Math.floor(Math.random() * 20)) % 360;
          position.latitude += Math.cos((position.heading * Math.PI) / 180) * 0.0003;
          position.longitude += Math.sin((position.heading * Math.PI) / 180) * 0.0003;
          position.timestamp = now;
          batch.push(position);
        }
        socket.receive('42' + JSON.stringify(['device:locations:latest:update', batch]));
      }, 200);
    },
  };
})();`;

interface MeasuredWindow {
  frames: number[];
  batches: number[];
  longTasks: number[];
}

/** Frame intervals, update batches (the app's own performance measure) and long tasks over `ms`. */
const measureWindow = (ms: number) => `new Promise((resolve) => {
  const frames = [], batches = [], longTasks = [];
  const tasks = new PerformanceObserver((list) => { for (const entry of list.getEntries()) longTasks.push(entry.duration); });
  tasks.observe({ type: 'longtask' });
  const measures = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'live-map:positions-batch') batches.push(entry.duration);
  });
  measures.observe({ type: 'measure' });
  let last = performance.now();
  const end = last + ${ms};
  const tick = (now) => {
    frames.push(now - last);
    last = now;
    if (now < end) requestAnimationFrame(tick);
    else { tasks.disconnect(); measures.disconnect(); resolve({ frames, batches, longTasks }); }
  };
  requestAnimationFrame(tick);
})`;

/** Drags the map back and forth for `ms`, as a dispatcher pans across the fleet. */
async function pan(page: Page, ms: number) {
  const box = await page.getByTestId('live-map').boundingBox();
  if (!box) throw new Error('no live map on screen');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  const started = Date.now();
  let step = 0;
  while (Date.now() - started < ms) {
    const angle = (step++ / 40) * Math.PI * 2;
    await page.mouse.move(centre.x + Math.cos(angle) * 150, centre.y + Math.sin(angle) * 100);
  }
  await page.mouse.up();
}

function summary(window: MeasuredWindow) {
  // The first interval runs from the call, not from a frame.
  const frames = window.frames.slice(1);
  return {
    frames: frames.length,
    frameMedianMs: roundMs(percentile(frames, 0.5)),
    frameP95Ms: roundMs(percentile(frames, 0.95)),
    batches: window.batches.length,
    batchMedianMs: window.batches.length ? roundMs(percentile(window.batches, 0.5)) : null,
    batchMaxMs: window.batches.length ? roundMs(Math.max(...window.batches)) : null,
    longTasks: window.longTasks.length,
    longestTaskMs: window.longTasks.length ? roundMs(Math.max(...window.longTasks)) : 0,
  };
}

async function measureFleet(browser: Browser, baseUrl: string, state: StorageState, size: number) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: state,
    serviceWorkers: 'block',
    viewport: VIEWPORT,
  });
  try {
    const positions = benchFleet(size);
    await context.route('**/api/devices/locations/latest*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(positions) }),
    );
    const page = await context.newPage();
    await page.addInitScript({ content: BENCH_FAKE_SOCKET });
    await page.goto('/live-map');
    await page
      .getByTestId('live-map-count')
      .filter({ hasText: `${size} tracked` })
      .waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="live-map"][data-base-map]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(WARM_UP_MS);
    const measure = async () => (await page.evaluate(measureWindow(MEASURE_MS))) as MeasuredWindow;
    const idle = summary(await measure());
    await page.evaluate(`window.benchFeed.start(${JSON.stringify(positions)})`);
    await page.waitForTimeout(WARM_UP_MS);
    const updating = summary(await measure());
    const [panning] = await Promise.all([measure(), pan(page, MEASURE_MS)]);
    return { devices: size, idle, updating, panningWhileUpdating: summary(panning) };
  } finally {
    await context.close();
  }
}

/**
 * The live map (issue 21 figures) in Chromium at 1280×800, with the real page and socket client:
 * the fleet's latest positions from the read, then every device moved and re-headed once a second
 * through the socket. Per fleet: frame intervals (median, p95) idle, while updating, and while
 * panning as updates keep coming; the main-thread time of one update batch (the map moving its
 * features: the app's own `live-map:positions-batch` measure); long tasks (≥ 50 ms) and the longest.
 * This machine has no GPU (--disable-gpu): the canvas is rasterised in software.
 */
export async function measureLiveMap(browser: Browser, baseUrl: string, state: StorageState, log: (message: string) => void) {
  const fleets = [];
  for (const size of FLEETS) {
    log(`live map with ${size} devices`);
    fleets.push(await measureFleet(browser, baseUrl, state, size));
  }
  return { liveMap: { viewport: VIEWPORT, measureMs: MEASURE_MS, fleets } };
}
