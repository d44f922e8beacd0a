import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Order, Stop } from '#core/contract/orders';
import type { TravelTimeEntry } from '#core/contract/planning';
import { type CompletenessResult, completenessOptions } from '#core/domain/planning/completeness';
import type { MergedDraft } from '#core/domain/planning/merge';
import type { ScheduleResult } from '#core/domain/planning/bulk-schedule';
import { isMonotone } from '#core/domain/planning/bulk-schedule';
import type { LoadingRule } from '#core/domain/planning/stop-times';
import { medianAndP90, roundMs } from './stats.ts';

/**
 * Issue 5's planning figures, timed inside the planner worker in Chromium: the built worker chunk
 * (dist/assets/planner.worker-*.js) runs in a module worker of a page of the bench server, and each
 * call is made through the Comlink listener the chunk registers, exactly as a message from the page
 * would arrive, with the clock read around the synchronous call inside the worker (so structured
 * cloning between page and worker is not counted). See bench/README.md.
 */

const DRAFTS = 1000;
const STOPS_PER_DRAFT = 6;
const MERGED_DRAFTS = 50;
const LOCATIONS = 40;
const MILL = 1;
const SCALE = 2;
const WARMUPS = 3;
const RUNS = 9;
const SEED = 20261124;
const GOALS_MS = { completeness: 10, cascade: 20, bulkSchedule: 50, merge: 5 };
const REFERENCE_TIME = '2026-11-23T05:00:00.000Z';
const CASCADE = { basisLocationId: MILL, start: '2026-11-23T06:00:00.000Z', intervalMinutes: 45, offsetMinutes: 360 };

const RULES: LoadingRule[] = [
  {
    stopType: 'Origin',
    cargoTypeId: null,
    loadingEntityType: 'Organization',
    locationId: null,
    baselineLoadingMinutes: 15,
    cargoUnitsPerMinute: 200,
    weightPerMinute: 907_184,
  },
  {
    stopType: 'Destination',
    cargoTypeId: 2,
    loadingEntityType: 'Organization',
    locationId: null,
    baselineLoadingMinutes: 10,
    cargoUnitsPerMinute: null,
    weightPerMinute: 1_360_777,
  },
];

interface Goal {
  ms: number;
  goalMs: number;
  met: boolean;
}

const goal = (ms: number, goalMs: number): Goal => ({ ms: roundMs(ms), goalMs, met: ms <= goalMs });

// ---------------------------------------------------------------------------
// Seeded drafts
// ---------------------------------------------------------------------------

/** mulberry32: a small, fast PRNG, so every run plans the same board. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function travelEntries(random: () => number): TravelTimeEntry[] {
  const entries: TravelTimeEntry[] = [];
  for (let origin = 1; origin <= LOCATIONS; origin++) {
    for (let destination = 1; destination <= LOCATIONS; destination++) {
      if (origin === destination) continue;
      entries.push({
        originOrganizationLocationId: origin,
        destinationOrganizationLocationId: destination,
        timeSeconds: 300 * (2 + Math.floor(random() * 22)),
        distanceMeters: 5_000 * (1 + Math.floor(random() * 30)),
      });
    }
  }
  return entries;
}

/**
 * A complete draft of 6 stops: load at the mill, weigh, three farm deliveries splitting the weight,
 * back to the mill; arrivals 20–110 minutes apart from a start within the week.
 */
function buildDraft(random: () => number, id: number): Order {
  const pick = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const farms = new Set<number>();
  while (farms.size < 3) farms.add(pick(3, LOCATIONS));
  const parts = [pick(4, 10), pick(4, 10), pick(4, 10)].map((tons) => tons * 907_185);
  const total = parts.reduce((sum, grams) => sum + grams, 0);
  let at = Date.parse(REFERENCE_TIME) + pick(0, 6 * 24 * 12) * 300_000;
  const plan: [Stop['type'], number, number | null][] = [
    ['Origin', MILL, total],
    ['Weigh', SCALE, null],
    ...[...farms].map((farm, index): [Stop['type'], number, number | null] => ['Destination', farm, parts[index]!]),
    ['Waypoint', MILL, null],
  ];
  const stops = plan.map(([type, location, weight], index): Stop => {
    if (index > 0) at += pick(4, 22) * 300_000;
    return {
      id: id * 10 + index,
      orderId: id,
      sequence: index + 1,
      type,
      status: 'Not Started',
      organizationLocationId: location,
      organizationSubLocationIds: [],
      cargoTypeId: type === 'Origin' || type === 'Destination' ? 2 : null,
      customerId: null,
      lotId: null,
      productionPlan: null,
      orderNumber: `PO-${id}`,
      customerOrderNumber: null,
      quantity: null,
      actualQuantity: null,
      weight,
      actualWeight: null,
      notes: null,
      arrivalTime: new Date(at).toISOString(),
      requiredBegin: null,
      requiredEnd: null,
      completedAt: null,
      estimatedArrivalAt: null,
      durationMinutes: null,
      distanceMeters: null,
      timeSeconds: null,
      originalStopId: null,
      metadata: {},
    };
  });
  return {
    id,
    date: stops[0]!.arrivalTime!,
    status: 'Open',
    isDraft: true,
    organizationId: 1,
    owningOrganizationId: 1,
    transportingOrganizationId: 1,
    transportedByUserId: null,
    acceptedByUserId: null,
    tractorId: null,
    trailerId: null,
    washOption: null,
    metadata: { cargo: { salmonellaResult: random() < 0.9 ? 'negative' : 'suspicious', averageWeight: pick(90, 130) * 1000 } },
    mergedFromOrderIds: null,
    timeSeconds: null,
    distanceMeters: null,
    version: 1,
    updatedAt: REFERENCE_TIME,
    stops,
  };
}

export function planningBoard(seed = SEED): { drafts: Order[]; travel: TravelTimeEntry[] } {
  const random = seededRandom(seed);
  const travel = travelEntries(random);
  const drafts = Array.from({ length: DRAFTS }, (_, index) => buildDraft(random, index + 1));
  return { drafts, travel };
}

// ---------------------------------------------------------------------------
// The harness
// ---------------------------------------------------------------------------

/** The built planner worker chunk, as the server serves it from dist/. */
function plannerChunkPath(): string {
  const assets = path.resolve(import.meta.dirname, '..', 'dist', 'assets');
  const chunks = readdirSync(assets).filter((name) => /^planner\.worker-[\w-]+\.js$/.test(name));
  if (chunks.length !== 1) throw new Error(`expected one planner worker chunk in dist/assets, found ${chunks.length}`);
  return `/assets/${chunks[0]}`;
}

/**
 * Module worker source: it captures the Comlink `message` listener the planner chunk registers, so
 * calls can be handed to it directly and timed around it. Comlink applies the function synchronously
 * inside that listener and posts the answer afterwards (intercepted here, never sent to the page).
 * Requests from the page: `set` a named input, `call` once to store a result (the travel index), and
 * `measure` a function (warm-ups, then timed runs; answers the samples and the last result).
 */
function workerSource(chunkUrl: string): string {
  return `
const nativeAdd = self.addEventListener;
let comlinkListener = null;
self.addEventListener = function (type, listener, options) {
  if (type === 'message' && !comlinkListener) { comlinkListener = listener; return; }
  return nativeAdd.call(this, type, listener, options);
};
const nativePost = self.postMessage;
let takeAnswer = null;
self.postMessage = function (message, transfer) {
  if (takeAnswer) { const take = takeAnswer; takeAnswer = null; take(message); return; }
  return nativePost.call(this, message, transfer);
};
await import(${JSON.stringify(chunkUrl)});
self.addEventListener = nativeAdd;
if (!comlinkListener) throw new Error('the planner chunk registered no Comlink listener');

const slots = new Map();
// Arguments name stored inputs as { $slot }, at the top or inside an options object.
function resolve(value) {
  if (Array.isArray(value)) return value.map(resolve);
  if (!value || typeof value !== 'object') return value;
  if ('$slot' in value) return slots.get(value.$slot);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item)]));
}
const resolveArgs = (args) => args.map(resolve);

function call(name, args) {
  return new Promise((resolve, reject) => {
    let ms = 0;
    takeAnswer = (message) => {
      if (message.type === 'HANDLER') reject(new Error(name + ' threw: ' + JSON.stringify(message.value)));
      else resolve({ value: message.value, ms });
    };
    const data = { id: 'bench', type: 'APPLY', path: [name], argumentList: args.map((value) => ({ type: 'RAW', value })) };
    const started = performance.now();
    comlinkListener({ data, origin: '' });
    ms = performance.now() - started;
  });
}

self.onmessage = async (event) => {
  const request = event.data;
  try {
    if (request.kind === 'set') {
      slots.set(request.slot, request.value);
      nativePost.call(self, { id: request.id, value: null });
    } else if (request.kind === 'call') {
      const { value } = await call(request.name, resolveArgs(request.args));
      slots.set(request.slot, value);
      nativePost.call(self, { id: request.id, value: null });
    } else if (request.kind === 'measure') {
      const args = resolveArgs(request.args);
      const samples = [];
      let last = null;
      for (let run = 0; run < request.warmups + request.runs; run++) {
        const { value, ms } = await call(request.name, args);
        if (run >= request.warmups) samples.push(ms);
        last = value;
      }
      nativePost.call(self, { id: request.id, value: { samples, last } });
    } else {
      nativePost.call(self, { id: request.id, value: 'ready' });
    }
  } catch (error) {
    nativePost.call(self, { id: request.id, error: String(error && error.stack || error) });
  }
};
nativePost.call(self, { id: 0, value: 'loaded' });
`;
}

/** Page script: starts the worker from a same-origin blob and installs `window.benchPlanner(request)`. */
function pageHarness(source: string): string {
  return `(() => {
  const url = URL.createObjectURL(new Blob([${JSON.stringify(source)}], { type: 'text/javascript' }));
  const worker = new Worker(url, { type: 'module', name: 'planner-bench' });
  const pending = new Map();
  let next = 0;
  let loaded;
  const ready = new Promise((resolve, reject) => { loaded = { resolve, reject }; });
  worker.addEventListener('message', (event) => {
    const { id, value, error } = event.data;
    if (id === 0) return loaded.resolve(value);
    const entry = pending.get(id);
    pending.delete(id);
    if (error) entry.reject(new Error(error)); else entry.resolve(value);
  });
  worker.addEventListener('error', (event) => {
    const failure = new Error('planner bench worker failed: ' + (event.message || 'unknown error'));
    loaded.reject(failure);
    for (const entry of pending.values()) entry.reject(failure);
    pending.clear();
  });
  window.benchPlanner = (request) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  return ready;
})()`;
}

interface BenchWindow {
  benchPlanner(request: unknown): Promise<unknown>;
}

async function ask<Answer>(page: Page, request: Record<string, unknown>): Promise<Answer> {
  return (await page.evaluate((message) => (globalThis as unknown as BenchWindow).benchPlanner(message), request)) as Answer;
}

async function measure<Result>(page: Page, name: string, args: unknown[]) {
  const { samples, last } = await ask<{ samples: number[]; last: Result }>(page, {
    kind: 'measure',
    name,
    args,
    warmups: WARMUPS,
    runs: RUNS,
  });
  return { ...medianAndP90(samples), last };
}

export interface PlanningWorkerFigures {
  drafts: number;
  stopsPerDraft: number;
  runs: number;
  /** Goals compare the p90 of the runs (with 9 runs, the second slowest). */
  completenessMs: Goal & { medianMs: number; completeDrafts: number };
  cascadeMs: Goal & { medianMs: number; intervalMinutes: number };
  bulkScheduleMs: Goal & { medianMs: number; monotoneDrafts: number; untimedStops: number };
  mergeMs: Goal & { medianMs: number; mergedDrafts: number; mergedStops: number };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The planning figures of issue 5 for 1,000 seeded drafts of 6 stops (merge: the first 50), timed in
 * the built planner worker in Chromium. Needs the bench server (serving dist/) at `baseUrl`.
 */
export async function measurePlanningInWorker(
  browser: Browser,
  baseUrl: string,
  state: StorageState,
): Promise<PlanningWorkerFigures> {
  const chunk = plannerChunkPath();
  const { drafts, travel } = planningBoard();
  // The Content-Security-Policy bypassed: the app never starts workers from blob: URLs, the harness does.
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: state,
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  try {
    const page = await context.newPage();
    // A same-origin document that does not start the app: only the worker competes for the CPU.
    await page.goto('/api/health');
    // Absolute: a blob worker's own URL cannot resolve a path.
    const loaded = await page.evaluate(pageHarness(workerSource(new URL(chunk, baseUrl).href)));
    if (loaded !== 'loaded') throw new Error(`planner bench worker answered ${String(loaded)}`);
    await ask(page, { kind: 'set', slot: 'drafts', value: drafts });
    await ask(page, { kind: 'set', slot: 'merged', value: drafts.slice(0, MERGED_DRAFTS) });
    await ask(page, { kind: 'call', slot: 'travel', name: 'travelTimeIndex', args: [travel] });
    const all = { $slot: 'drafts' };

    const completeness = await measure<CompletenessResult[]>(page, 'completenessOfDrafts', [
      all,
      completenessOptions('Pound', true),
    ]);
    const cascade = await measure<Order[]>(page, 'cascadeDrafts', [all, CASCADE]);
    const schedule = await measure<ScheduleResult<Order>>(page, 'scheduleDrafts', [
      all,
      { direction: 'forward', referenceTime: REFERENCE_TIME, travel: { $slot: 'travel' }, durations: RULES },
    ]);
    const merge = await measure<MergedDraft>(page, 'mergeDrafts', [{ $slot: 'merged' }]);

    // The answers are checked too, so a figure never times a call that did nothing.
    const completeDrafts = completeness.last.filter((result) => result.complete).length;
    if (completeDrafts !== DRAFTS) throw new Error(`expected every generated draft complete, got ${completeDrafts}`);
    const spaced = cascade.last.every(
      (draft, index) =>
        Date.parse(draft.stops[0]!.arrivalTime!) ===
        Date.parse(CASCADE.start) + (CASCADE.offsetMinutes + index * CASCADE.intervalMinutes) * 60_000,
    );
    if (cascade.last.length !== DRAFTS || !spaced) throw new Error('the cascade answer is not the cascade asked for');
    const monotoneDrafts = schedule.last.drafts.filter((draft) => isMonotone(draft)).length;
    if (merge.last.mergedFromOrderIds.length !== MERGED_DRAFTS) throw new Error('the merge answer lost sources');

    return {
      drafts: DRAFTS,
      stopsPerDraft: STOPS_PER_DRAFT,
      runs: RUNS,
      completenessMs: { ...goal(completeness.p90, GOALS_MS.completeness), medianMs: completeness.median, completeDrafts },
      cascadeMs: { ...goal(cascade.p90, GOALS_MS.cascade), medianMs: cascade.median, intervalMinutes: CASCADE.intervalMinutes },
      bulkScheduleMs: {
        ...goal(schedule.p90, GOALS_MS.bulkSchedule),
        medianMs: schedule.median,
        monotoneDrafts,
        untimedStops: schedule.last.unavailable.length,
      },
      mergeMs: {
        ...goal(merge.p90, GOALS_MS.merge),
        medianMs: merge.median,
        mergedDrafts: MERGED_DRAFTS,
        mergedStops: merge.last.stops.length,
      },
    };
  } finally {
    await context.close();
  }
}
