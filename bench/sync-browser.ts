import type { BrowserContext, Page, Request } from 'playwright-core';
import { orderInputSchema, stopInputSchema } from '#core/contract/orders';
import { roundMs } from './stats.ts';

const POLL_MS = 10;
const QUIET_MS = 500;
const FEED_PATH = '/api/sync/changes';
const SAVE_PATH = /^\/api\/orders\/\d+$/;

/** What the mirror must hold before a pull counts as applied. */
export type MirrorCheck = { kind: 'count'; atLeast: number } | { kind: 'versions'; ids: number[]; atLeast: number };

/**
 * Page script that polls the app's IndexedDB ('dispatch', store 'orders') from a worker, so a busy main
 * thread (React rendering the table) cannot delay the observation, and sets `window.benchMirrorReady`
 * to a promise of Date.now() at the first poll that finds `check` met. It opens the database only once
 * the app has created it, and closes it on any version change, so it never blocks Dexie.
 */
export function mirrorWatcherScript(check: MirrorCheck): string {
  const worker = `
    const check = ${JSON.stringify(check)};
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const result = (request) =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    async function openMirror() {
      for (;;) {
        if ((await indexedDB.databases()).some((database) => database.name === 'dispatch')) {
          const db = await result(indexedDB.open('dispatch'));
          db.onversionchange = () => db.close();
          if (db.objectStoreNames.contains('orders')) return db;
          db.close();
        }
        await sleep(${POLL_MS});
      }
    }
    async function met(db) {
      const orders = db.transaction('orders', 'readonly').objectStore('orders');
      if (check.kind === 'count') return (await result(orders.count())) >= check.atLeast;
      const rows = await Promise.all(check.ids.map((id) => result(orders.get(id))));
      return rows.every((row) => row && row.version >= check.atLeast);
    }
    (async () => {
      const db = await openMirror();
      while (!(await met(db))) await sleep(${POLL_MS});
      postMessage(Date.now());
      db.close();
    })();
  `;
  // Wrapped so that page.evaluate answers at once instead of awaiting the promise.
  return `(() => {
    window.benchMirrorReady = new Promise((resolve) => {
      const source = URL.createObjectURL(new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' }));
      const worker = new Worker(source);
      worker.onmessage = (event) => {
        resolve(event.data);
        worker.terminate();
      };
    });
  })()`;
}

/** The epoch ms a page promise (`expression`, set up by one of the watcher scripts) resolves with. */
async function pageTime(page: Page, expression: string, timeoutMs: number): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const at = await Promise.race([
    page.evaluate(expression),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${expression} not settled after ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (typeof at !== 'number') throw new Error(`${expression} answered no time`);
  return at;
}

/** Date.now() at which the watcher installed by mirrorWatcherScript saw its check met. */
const mirrorReadyAt = (page: Page, timeoutMs: number) => pageTime(page, 'window.benchMirrorReady', timeoutMs);

interface TimedRequest {
  /** Epoch ms the request started. */
  startedAt: number;
  /** From sending the request to the first byte of the answer: the server's work. */
  waitMs: number;
  /** From the first to the last byte of the answer. */
  downloadMs: number;
  /** From start to the last byte, including queueing and connection set-up. */
  totalMs: number;
  bytes: number;
  status: number;
}

/** The finished requests of a page that `matches` selects, with Chromium's resource timing. */
export class RequestLog {
  readonly finished: TimedRequest[] = [];
  private inFlight = 0;
  private lastActivity = Date.now();

  constructor(
    page: Page,
    private readonly matches: (request: Request) => boolean,
  ) {
    page.on('request', (request) => this.matches(request) && this.started());
    page.on('requestfailed', (request) => this.matches(request) && this.ended());
    page.on('requestfinished', (request) => void (this.matches(request) && this.record(request)));
  }

  private started() {
    this.inFlight += 1;
    this.lastActivity = Date.now();
  }

  private ended() {
    this.inFlight -= 1;
    this.lastActivity = Date.now();
  }

  private async record(request: Request) {
    const timing = request.timing();
    const [sizes, response] = await Promise.all([
      request.sizes().catch(() => ({ responseBodySize: 0 })),
      request.response().catch(() => null),
    ]);
    this.finished.push({
      startedAt: timing.startTime,
      waitMs: timing.responseStart - timing.requestStart,
      downloadMs: timing.responseEnd - timing.responseStart,
      totalMs: timing.responseEnd,
      bytes: sizes.responseBodySize,
      status: response?.status() ?? 0,
    });
    this.ended();
  }

  /** Requests started in [from, to) (epoch ms), oldest first. */
  between(from: number, to: number): TimedRequest[] {
    return this.finished
      .filter((request) => request.startedAt >= from && request.startedAt < to)
      .sort((a, b) => a.startedAt - b.startedAt);
  }

  /** Until none is running and none has started or ended for QUIET_MS. */
  async quiet(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight > 0 || Date.now() - this.lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`requests still running after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const feedLog = (page: Page) => new RequestLog(page, (request) => new URL(request.url()).pathname === FEED_PATH);
const saveLog = (page: Page) =>
  new RequestLog(page, (request) => request.method() === 'PUT' && SAVE_PATH.test(new URL(request.url()).pathname));

export interface Goal {
  ms: number;
  goalMs: number;
  met: boolean;
}

function goal(ms: number, goalMs: number): Goal {
  return { ms: roundMs(ms), goalMs, met: ms <= goalMs };
}

const sum = (requests: TimedRequest[], pick: (request: TimedRequest) => number) =>
  requests.reduce((total, request) => total + pick(request), 0);

export interface PullFigure extends Goal {
  /** Where the time went: feed pages, the server's wait, the download, and the rest in the browser. */
  breakdown: { pages: number; bytes: number; serverWaitMs: number; downloadMs: number; browserMs: number };
}

/**
 * From the first feed request started at or after `since` until `appliedAt`. The pages are fetched one
 * after another, so the time not spent on the network is the browser's: parsing, validating, IndexedDB writes.
 */
function pullFigure(log: RequestLog, since: number, appliedAt: number, goalMs: number): PullFigure {
  const requests = log.between(since, appliedAt);
  const first = requests[0];
  if (!first) throw new Error('no change-feed request before the mirror was ready');
  const ms = appliedAt - first.startedAt;
  return {
    ...goal(ms, goalMs),
    breakdown: {
      pages: requests.length,
      bytes: sum(requests, (request) => request.bytes),
      serverWaitMs: roundMs(sum(requests, (request) => request.waitMs)),
      downloadMs: roundMs(sum(requests, (request) => request.downloadMs)),
      browserMs: roundMs(ms - sum(requests, (request) => request.totalMs)),
    },
  };
}

const PULL_TIMEOUT_MS = 300_000;

/**
 * A first pull into an empty mirror: a fresh context (empty IndexedDB) holding the session opens `path`,
 * timed from the first feed request (so page boot is not counted) until the mirror holds `loads` orders.
 */
export async function measureFirstPull(
  context: BrowserContext,
  path: string,
  loads: number,
  goalMs: number,
): Promise<{ page: Page; feed: RequestLog; figure: PullFigure }> {
  await context.addInitScript({ content: mirrorWatcherScript({ kind: 'count', atLeast: loads }) });
  const page = await context.newPage();
  const feed = feedLog(page);
  const navigated = Date.now();
  await page.goto(path, { waitUntil: 'commit' });
  const appliedAt = await mirrorReadyAt(page, PULL_TIMEOUT_MS);
  return { page, feed, figure: pullFigure(feed, navigated, appliedAt, goalMs) };
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.getByTestId('connection-state').getByText('Offline').waitFor({ timeout: 30_000 });
}

/**
 * A pull of changes written while the page was offline (`write`), triggered by the connection coming
 * back, timed from the first feed request after that until the mirror shows every load at `version`.
 */
export async function measureDeltaPull(
  context: BrowserContext,
  page: Page,
  feed: RequestLog,
  change: { ids: number[]; version: number; write: () => Promise<void> },
  goalMs: number,
): Promise<PullFigure> {
  await feed.quiet();
  // Written while offline so no timer or poke pulls it before the measured pull.
  await goOffline(context, page);
  await change.write();
  await page.evaluate(mirrorWatcherScript({ kind: 'versions', ids: change.ids, atLeast: change.version }));
  const online = Date.now();
  await context.setOffline(false);
  const appliedAt = await mirrorReadyAt(page, PULL_TIMEOUT_MS);
  return pullFigure(feed, online, appliedAt, goalMs);
}

/** Fields of a load a save sends, as `inputFromOrder` (src/data/sync/load-overlay.ts) copies them. */
const INPUT_FIELDS = { order: Object.keys(orderInputSchema.shape), stop: Object.keys(stopInputSchema.shape) };

/**
 * Queues in the page, for each load, the save `useSaveLoad` (src/data/loads.ts) queues when the loads
 * table's driver select picks a driver: the mirror row as input with the driver and the driver's default
 * tractor and trailer, built and executed on the app's own mutation cache (found through React's fiber
 * tree, so the app exposes nothing for the bench). Drivers are the enabled ones, by name, in turn.
 * Answers each load's driver and base version.
 */
function queueDriverSavesScript(ids: number[]): string {
  return `(async () => {
    const ids = ${JSON.stringify(ids)};
    const fields = ${JSON.stringify(INPUT_FIELDS)};
    const container = document.getElementById('root');
    const rootKey = Object.keys(container).find((key) => key.startsWith('__reactContainer$'));
    const fibers = [container[rootKey].stateNode.current];
    let client = null;
    while (fibers.length && !client) {
      const fiber = fibers.pop();
      if (fiber.memoizedProps?.client?.getMutationCache) client = fiber.memoizedProps.client;
      if (fiber.sibling) fibers.push(fiber.sibling);
      if (fiber.child) fibers.push(fiber.child);
    }
    if (!client) throw new Error('no QueryClientProvider in the React tree');
    const result = (request) =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const db = await result(indexedDB.open('dispatch'));
    const read = db.transaction(['orders', 'drivers'], 'readonly');
    const orders = await Promise.all(ids.map((id) => result(read.objectStore('orders').get(id))));
    const drivers = (await result(read.objectStore('drivers').getAll()))
      .filter((driver) => driver.enabled)
      .sort((a, b) => a.name.localeCompare(b.name));
    db.close();
    const pick = (row, names) => Object.fromEntries(names.map((name) => [name, row[name]]));
    return orders.map((order, index) => {
      if (!order) throw new Error('load ' + ids[index] + ' is not in the mirror');
      const driver = drivers[index % drivers.length];
      const input = {
        ...pick(order, fields.order),
        stops: order.stops.map((stop) => ({ ...pick(stop, fields.stop), id: stop.id > 0 ? stop.id : undefined })),
        transportedByUserId: driver.id,
        tractorId: driver.driverInfo?.defaultTractorId ?? null,
        trailerId: driver.driverInfo?.defaultTrailerId ?? null,
      };
      const variables = {
        kind: 'update',
        loadId: order.id,
        baseVersion: order.version || 1,
        input,
        idempotencyKey: crypto.randomUUID(),
        label: order.stops.find((stop) => stop.orderNumber)?.orderNumber ?? order.date,
        queuedAt: new Date().toISOString(),
      };
      const mutation = client.getMutationCache().build(client, { mutationKey: ['loads', 'save'], scope: { id: 'load:' + order.id } });
      void mutation.execute(variables).catch(() => {});
      return { id: order.id, driverId: driver.id, version: order.version };
    });
  })()`;
}

/**
 * Page script setting `window.benchQueueReads` to a promise of Date.now() at the first DOM mutation after
 * which the header's queue list reads `text` (a MutationObserver, so the time is the render's, not a poll's).
 */
function queueWatcherScript(text: string): string {
  return `(() => {
    window.benchQueueReads = new Promise((resolve) => {
      const check = () => {
        const count = document.querySelector('[data-testid=queued-count]');
        if (count === null || count.textContent !== ${JSON.stringify(text)}) return;
        observer.disconnect();
        resolve(Date.now());
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    });
  })()`;
}

/** Date.now() in the page when the header's queue list first read `text`. */
async function queueReadsAt(page: Page, text: string, timeoutMs: number): Promise<number> {
  await page.evaluate(queueWatcherScript(text));
  return pageTime(page, 'window.benchQueueReads', timeoutMs);
}

export interface ReplayFigure extends Goal {
  breakdown: {
    saves: number;
    /** From going online to the first save's request (connectivity probe, resuming the queue). */
    firstRequestAfterMs: number;
    /** From going online to the last save's answer. */
    lastAnswerAfterMs: number;
    /** Mean time the server took per save. */
    serverWaitMeanMs: number;
    /** Most saves on the wire at once. */
    concurrent: number;
  };
}

interface QueuedSave {
  id: number;
  driverId: number;
  version: number;
}

/**
 * Queues `ids.length` driver assignments while offline, then times from going online until the header's
 * queue reads 'Waiting to be sent: 0'. Answers the figure and what each save set, for checking.
 */
export async function measureReplay(
  context: BrowserContext,
  page: Page,
  feed: RequestLog,
  ids: number[],
  goalMs: number,
): Promise<{ figure: ReplayFigure; saves: QueuedSave[] }> {
  const saves = saveLog(page);
  await feed.quiet();
  await goOffline(context, page);
  const queued = (await page.evaluate(queueDriverSavesScript(ids))) as QueuedSave[];
  await page.getByTestId('queue-button').click();
  await queueReadsAt(page, `Waiting to be sent: ${ids.length}`, 60_000);
  await page.evaluate(queueWatcherScript('Waiting to be sent: 0'));
  const online = Date.now();
  await context.setOffline(false);
  const emptyAt = await pageTime(page, 'window.benchQueueReads', PULL_TIMEOUT_MS);
  await saves.quiet();
  const requests = saves.between(online, Number.POSITIVE_INFINITY);
  const figure: ReplayFigure = {
    ...goal(emptyAt - online, goalMs),
    breakdown: {
      saves: requests.length,
      firstRequestAfterMs: roundMs((requests[0]?.startedAt ?? online) - online),
      lastAnswerAfterMs: roundMs(Math.max(...requests.map((request) => request.startedAt + request.totalMs)) - online),
      serverWaitMeanMs: roundMs(sum(requests, (request) => request.waitMs) / Math.max(1, requests.length)),
      concurrent: mostConcurrent(requests),
    },
  };
  if (requests.some((request) => request.status !== 200)) throw new Error('a replayed save was not answered 200');
  return { figure, saves: queued };
}

function mostConcurrent(requests: TimedRequest[]): number {
  const edges = requests.flatMap((request) => [
    { at: request.startedAt, step: 1 },
    { at: request.startedAt + request.totalMs, step: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let open = 0;
  let most = 0;
  for (const edge of edges) {
    open += edge.step;
    most = Math.max(most, open);
  }
  return most;
}
