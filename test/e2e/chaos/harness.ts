import { type APIRequestContext, type Browser, type BrowserContext, type Page, request } from 'playwright-core';
import type { AutomationLoad, AutomationRefusal, DispatchAutomation } from '#src/app/automation/automation-contract.ts';
import { newLoadBody } from '../../fixtures/loads.ts';
import { type FaultCounts, FaultProxy, type RequestFault } from './fault-proxy.ts';

/** Small seeded generator (mulberry32): one seed replays the same choices. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    below: (count: number) => Math.floor(next() * count),
    pick<T>(items: readonly T[]): T | undefined {
      return items[Math.floor(next() * items.length)];
    },
  };
}

/** Actions per run in the e2e spec and the bench: 20 runs take about three minutes here. */
export const CHAOS_STEPS = 10;

export const replayCommand = (seed: number) => `CHAOS_SEEDS=${seed} npx playwright test test/e2e/chaos.spec.ts`;

/** The seeds to run: those listed in `CHAOS_SEEDS` (e.g. "1234" or "7,19"), else `CHAOS_RUNS` (or `runs`) seeds from 1. */
export function chaosSeeds(runs: number, environment = process.env): number[] {
  if (environment.CHAOS_SEEDS) return environment.CHAOS_SEEDS.split(',').map((seed) => Number(seed.trim()));
  const count = environment.CHAOS_RUNS ? Number(environment.CHAOS_RUNS) : runs;
  return Array.from({ length: count }, (_, index) => index + 1);
}

export type QueryDatabase = (sql: string, parameters: unknown[]) => Promise<Record<string, unknown>[]>;

export interface ChaosSessionOptions {
  browser: Browser;
  /** The server itself (the session puts its proxy in front of it). */
  serverURL: string;
  /** E.g. the e2e suite's Content-Security-Policy watch. */
  prepareContext?: (context: BrowserContext) => Promise<void>;
}

export interface ChaosOptions {
  seed: number;
  /** Actions per run (changes, faults and their undoing). */
  steps: number;
  query: QueryDatabase;
  log?: (line: string) => void;
}

export interface ChaosFigures {
  changesMade: number;
  appliedOnce: number;
  lost: number;
  duplicated: number;
  refused: number;
  refusalsShown: number;
}

export interface ChaosResult extends ChaosFigures {
  seed: number;
  secondClientEdits: number;
  faults: FaultCounts & { offline: number; reloads: number; closedTabs: number };
  /** Every broken promise found, each naming the change or load. */
  problems: string[];
  /** What the run did, step by step with its time, to read beside a failure. */
  steps: string[];
}

type ChangeKind = 'note' | 'assignDriver' | 'merge' | 'delete';

interface MadeChange {
  key: string;
  kind: ChangeKind;
  /** The loads it changes: its own, or a merge's sources. */
  loadIds: number[];
  token?: string;
  /** A merge's merged draft, under the provisional id later changes of it name. */
  mergedId?: number;
  label: string;
}

const PASSWORD = 'Demo-pass1';

/** The page's globals the harness uses (written this way because the bench type-checks without the DOM library). */
interface InPage {
  dispatchAutomation?: DispatchAutomation;
  localStorage: { setItem: (key: string, value: string) => void };
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };
}
const DRAIN_TIMEOUT_MS = 90_000;

async function signedInApi(baseURL: string, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/api/session', { data: { username, password: PASSWORD } });
  if (!answer.ok()) throw new Error(`signing in ${username} answered ${answer.status()}`);
  return api;
}

interface ApiLoad {
  id: number;
  version: number;
  status: string;
  isDraft: boolean;
  stops: { sequence: number; notes: string | null }[];
}

/** Three Open loads and three drafts of the current week, numbered after the seed. */
async function createLoads(api: APIRequestContext, seed: number): Promise<ApiLoad[]> {
  const locations = (await (await api.get('/api/locations')).json()) as { id: number }[];
  const [origin, destination] = locations;
  if (!origin || !destination) throw new Error('the company has fewer than two locations');
  const loads: ApiLoad[] = [];
  for (let index = 0; index < 6; index++) {
    const body = {
      ...newLoadBody({
        originId: origin.id,
        destinationId: destination.id,
        orderNumber: `CH${seed}-${index + 1}`,
        hoursAhead: 0.2 + index * 0.05,
      }),
      isDraft: index >= 3,
    };
    const answer = await api.post('/api/orders', { data: body });
    if (answer.status() !== 201) throw new Error(`creating a load answered ${answer.status()}: ${await answer.text()}`);
    loads.push((await answer.json()) as ApiLoad);
  }
  return loads;
}

/**
 * The second client: the administrator saves the same load through the API, appending its own
 * token, from the version the server holds now (read again if another write won the race).
 */
async function editAsSecondClient(api: APIRequestContext, load: ApiLoad, token: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const list = load.isDraft ? '/api/self/drafts' : `/api/self/orders?startDate=${weekStart()}&endDate=${weekEnd()}`;
    const current = ((await (await api.get(list)).json()) as ApiLoad[]).find((candidate) => candidate.id === load.id);
    if (!current || current.status === 'Merged') return false;
    const { id, version, status: _status, ...rest } = current;
    const firstSequence = Math.min(...rest.stops.map((stop) => stop.sequence));
    const stops = rest.stops.map((stop) =>
      stop.sequence === firstSequence ? { ...stop, notes: stop.notes ? `${stop.notes} ${token}` : token } : stop,
    );
    const answer = await api.put(`/api/orders/${id}`, { data: { ...rest, stops, version } });
    if (answer.ok()) return true;
    if (answer.status() !== 409) return false;
  }
  return false;
}

const weekStart = () => new Date(Date.now() - 14 * 86_400_000).toISOString();
const weekEnd = () => new Date(Date.now() + 14 * 86_400_000).toISOString();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Opens the loads page and waits for the bridge. */
async function openApp(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/loads');
  await page.waitForFunction(() => (globalThis as unknown as InPage).dispatchAutomation !== undefined, undefined, {
    timeout: 30_000,
  });
  return page;
}

/**
 * A signed-in app behind the fault proxy, shared by consecutive runs: signing in, installing the
 * service worker and the first sync cost seconds, which 500 runs should not pay each time. A run
 * leaves nothing queued (it fails otherwise, and its caller then opens a new session).
 */
export class ChaosSession {
  private faults: { random: ReturnType<typeof seededRandom>; on: boolean } | null = null;
  private offline = false;

  private constructor(
    readonly serverURL: string,
    readonly proxy: FaultProxy,
    readonly context: BrowserContext,
    public page: Page,
    readonly dispatcher: APIRequestContext,
    readonly admin: APIRequestContext,
  ) {}

  static async open({ browser, serverURL, prepareContext }: ChaosSessionOptions): Promise<ChaosSession> {
    let session: ChaosSession | null = null;
    const proxy = new FaultProxy(new URL(serverURL), () => session?.chooseFault() ?? 'pass');
    const proxyURL = await proxy.listen();
    const context = await browser.newContext({ baseURL: proxyURL, viewport: { width: 1280, height: 800 } });
    await prepareContext?.(context);
    await context.addInitScript(() => (globalThis as unknown as InPage).localStorage.setItem('dispatch.automation', 'on'));
    const signIn = await context.request.post('/api/session', { data: { username: 'dispatcher', password: PASSWORD } });
    if (!signIn.ok()) throw new Error(`signing in answered ${signIn.status()}`);
    const page = await openApp(context);
    await page.evaluate(async () => (globalThis as unknown as InPage).navigator.serviceWorker.ready);
    await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller !== null);
    session = new ChaosSession(
      serverURL,
      proxy,
      context,
      page,
      await signedInApi(serverURL, 'dispatcher'),
      await signedInApi(serverURL, 'admin'),
    );
    return session;
  }

  /** Faults for state-changing requests while a run has them on: 503, deliveries twice, lost answers. */
  private chooseFault(): RequestFault {
    if (!this.faults?.on) return 'pass';
    const roll = this.faults.random.next();
    if (roll < 0.2) return 'serverError';
    if (roll < 0.3) return 'duplicate';
    if (roll < 0.38) return 'duplicateTogether';
    if (roll < 0.5) return 'dropAnswer';
    return 'pass';
  }

  startFaults(seed: number) {
    this.faults = { random: seededRandom(seed ^ 0x5bd1e995), on: false };
  }

  toggleFaults() {
    if (this.faults) this.faults.on = !this.faults.on;
    return this.faults?.on ?? false;
  }

  stopFaults() {
    this.faults = null;
  }

  get isOffline() {
    return this.offline;
  }

  /** The proxy refuses connections and the browser reports offline (either alone leaks, OFFLINE-NOTES). */
  async setOffline(offline: boolean) {
    this.offline = offline;
    this.proxy.setOffline(offline);
    await this.context.setOffline(offline);
  }

  async close() {
    await this.context.close().catch(() => {});
    await this.proxy.close();
    await this.dispatcher.dispose();
    await this.admin.dispose();
  }
}

/** One seeded run in a session: random changes under random faults, then the server's database is checked. */
export async function runChaosSeed(session: ChaosSession, options: ChaosOptions): Promise<ChaosResult> {
  const { seed, query } = options;
  const started = Date.now();
  const steps: string[] = [];
  const log = (line: string) => {
    steps.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    options.log?.(steps[steps.length - 1] ?? line);
  };
  const random = seededRandom(seed);
  const counts = { ...session.proxy.counts };
  const initial = await createLoads(session.dispatcher, seed);
  const ids = initial.map((load) => load.id);
  const counters = { offline: 0, reloads: 0, closedTabs: 0 };
  const made: MadeChange[] = [];
  const secondClient: { loadId: number; token: string }[] = [];
  session.startFaults(seed);
  try {
    await waitFor(
      'the mirror to hold the run’s loads',
      async () =>
        (await session.page.evaluate((loadIds) => (globalThis as unknown as InPage).dispatchAutomation?.loads(loadIds), ids))
          ?.length === ids.length,
      30_000,
    );
    log('ready');
    const driverIds = await session.page.evaluate(() => (globalThis as unknown as InPage).dispatchAutomation?.driverIds() ?? []);
    let sinceKept: string[] = [];
    const mergedIds: number[] = [];
    const bridgeLoads = () =>
      session.page.evaluate(
        (loadIds) => (globalThis as unknown as InPage).dispatchAutomation?.loads(loadIds) ?? [],
        [...ids, ...mergedIds],
      );
    const keepQueued = async () => {
      const keys = sinceKept;
      await waitFor(
        'queued changes to be stored',
        () => session.page.evaluate((k) => (globalThis as unknown as InPage).dispatchAutomation?.kept(k) ?? false, keys),
        5_000,
      );
      sinceKept = [];
    };

    // Mostly a load with edits still queued here: those must come back as conflicts (commands carry no version).
    const secondClientEdit = async (step: number, share = 0.7) => {
      const queued = new Set(
        await session.page.evaluate(() => (globalThis as unknown as InPage).dispatchAutomation?.queuedKeys() ?? []),
      );
      const waiting = made
        .filter((change) => change.kind === 'note' && queued.has(change.key))
        .flatMap((change) => change.loadIds);
      const loadId = random.next() < share && waiting.length ? random.pick(waiting) : random.pick(ids);
      const load = initial.find((candidate) => candidate.id === loadId);
      const token = `c${step}`;
      if (load && (await editAsSecondClient(session.admin, load, token))) {
        secondClient.push({ loadId: load.id, token });
        log(`${step}: second client edits ${load.id} ${token}`);
      }
    };

    for (let step = 0; step < options.steps; step++) {
      const roll = random.next();
      if (roll < 0.5) {
        const shown: AutomationLoad[] = await bridgeLoads();
        const load = random.pick(shown);
        const kindRoll = random.next();
        if (!load) continue;
        let change: MadeChange | null = null;
        if (kindRoll < 0.55) {
          const token = `a${step}`;
          const key = await session.page.evaluate(
            ([id, t]) => (globalThis as unknown as InPage).dispatchAutomation?.appendNote(id, t) ?? null,
            [load.id, token] as const,
          );
          if (key) change = { key, kind: 'note', loadIds: [load.id], token, label: load.label };
        } else if (kindRoll < 0.8) {
          const driverId = random.pick(driverIds);
          if (driverId === undefined) continue;
          const key = await session.page.evaluate(
            ([id, d]) => (globalThis as unknown as InPage).dispatchAutomation?.assignDriver(id, d) ?? null,
            [load.id, driverId] as const,
          );
          if (key) change = { key, kind: 'assignDriver', loadIds: [load.id], label: load.label };
        } else if (kindRoll < 0.92) {
          // The run's own drafts (merging a merged draft again would name sources the check cannot follow).
          const drafts = shown.filter(
            (candidate) => candidate.id > 0 && candidate.isDraft && ['Open', 'Assigned'].includes(candidate.status),
          );
          const first = random.pick(drafts);
          const second = random.pick(drafts.filter((candidate) => candidate !== first));
          if (!first || !second) continue;
          const sources = [first.id, second.id];
          const queued = await session.page.evaluate(
            (loadIds) => (globalThis as unknown as InPage).dispatchAutomation?.merge(loadIds) ?? null,
            sources,
          );
          if (queued) {
            mergedIds.push(queued.mergedId);
            change = { key: queued.key, kind: 'merge', loadIds: sources, mergedId: queued.mergedId, label: first.label };
          }
        } else {
          const key = await session.page.evaluate(
            (id) => (globalThis as unknown as InPage).dispatchAutomation?.remove(id) ?? null,
            load.id,
          );
          if (key) change = { key, kind: 'delete', loadIds: [load.id], label: load.label };
        }
        if (change) {
          made.push(change);
          sinceKept.push(change.key);
          log(`${step}: ${change.kind} ${change.loadIds.join('+')} ${change.token ?? ''} ${change.key}`);
        }
      } else if (roll < 0.62) {
        await session.setOffline(!session.isOffline);
        if (session.isOffline) counters.offline += 1;
        log(`${step}: ${session.isOffline ? 'offline' : 'online'}`);
      } else if (roll < 0.7) {
        log(`${step}: faults ${session.toggleFaults() ? 'on' : 'off'}`);
      } else if (roll < 0.76) {
        await keepQueued();
        counters.reloads += 1;
        log(`${step}: reload`);
        await session.page.reload();
        await session.page.waitForFunction(() => (globalThis as unknown as InPage).dispatchAutomation !== undefined, undefined, {
          timeout: 30_000,
        });
      } else if (roll < 0.81) {
        // Usually while a change is being sent: the tab goes, and the app is opened again in the same browser.
        await keepQueued();
        counters.closedTabs += 1;
        log(`${step}: close the tab`);
        await session.page.close();
        session.page = await openApp(session.context);
      } else if (roll < 0.94) {
        await secondClientEdit(step);
      } else {
        await sleep(random.below(400));
      }
    }

    // The other client edits once more, a load with changes waiting here (offline, or being retried) if there is one.
    await secondClientEdit(options.steps, 1);
    // Faults off, online: everything the app accepted must leave the queue.
    session.stopFaults();
    await session.setOffline(false);
    await waitFor(
      'the queue to drain',
      async () =>
        (await session.page.evaluate(() => (globalThis as unknown as InPage).dispatchAutomation?.queuedKeys().length ?? -1)) ===
        0,
      DRAIN_TIMEOUT_MS,
    ).catch((error: Error) => log(error.message));
    log('drained');
    // A reload first: refusals must survive it.
    await session.page.reload();
    await session.page.waitForFunction(() => (globalThis as unknown as InPage).dispatchAutomation !== undefined, undefined, {
      timeout: 30_000,
    });
    const stillQueued = new Set<string>(
      await session.page.evaluate(() => (globalThis as unknown as InPage).dispatchAutomation?.queuedKeys() ?? []),
    );
    const refusals = await session.page.evaluate(() => (globalThis as unknown as InPage).dispatchAutomation?.refusals() ?? []);
    const shown = await shownInHeader(session.page);
    const result = await verify({ seed, query, initial, made, secondClient, refusals, stillQueued, shown });
    const faults = Object.fromEntries(
      Object.entries(session.proxy.counts).map(([name, count]) => [name, count - counts[name as keyof FaultCounts]]),
    ) as unknown as FaultCounts;
    log('checked');
    return { ...result, seed, secondClientEdits: secondClient.length, faults: { ...faults, ...counters }, steps };
  } finally {
    session.stopFaults();
  }
}

/** What the header's list shows: refusals by idempotency key, and the conflicts' lines. */
async function shownInHeader(page: Page) {
  await page.getByTestId('queue-button').click();
  await page.getByTestId('queue-list').waitFor();
  const refusalKeys = await page
    .getByTestId('refusal')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-idempotency-key') ?? ''));
  const conflictLines = await page.getByTestId('conflict').allTextContents();
  await page.keyboard.press('Escape');
  return { refusalKeys: new Set(refusalKeys), conflictLines };
}

interface Verification {
  seed: number;
  query: QueryDatabase;
  initial: ApiLoad[];
  made: MadeChange[];
  secondClient: { loadId: number; token: string }[];
  refusals: AutomationRefusal[];
  stillQueued: Set<string>;
  shown: { refusalKeys: Set<string>; conflictLines: string[] };
}

/**
 * Checks the server's database: each change the app accepted has one final answer; 2xx ones are
 * applied exactly once and in order (tokens in the first stop's notes, the load's version, one
 * merged draft per merge), 4xx ones changed nothing and show in the header after a reload.
 */
async function verify({
  query,
  initial,
  made,
  secondClient,
  refusals,
  stillQueued,
  shown,
}: Verification): Promise<ChaosFigures & { problems: string[] }> {
  const problems: string[] = [];
  const figures: ChaosFigures = {
    changesMade: made.length,
    appliedOnce: 0,
    lost: 0,
    duplicated: 0,
    refused: 0,
    refusalsShown: 0,
  };
  const ids = initial.map((load) => load.id);
  const answers = new Map(
    (await query('select key, status_code from idempotency_keys where key = any($1)', [made.map((change) => change.key)])).map(
      (row) => [row.key as string, row.status_code as number | null],
    ),
  );
  const mergedDrafts = await query('select id, merged_from_order_ids from orders where merged_from_order_ids && $1::int[]', [
    ids,
  ]);
  const allIds = [...ids, ...mergedDrafts.map((row) => row.id as number)];
  const rows = new Map(
    (await query('select id, version, status from orders where id = any($1)', [allIds])).map((row) => [row.id as number, row]),
  );
  const notes = new Map<number, string | null>();
  for (const row of await query('select order_id, notes from stops where order_id = any($1) order by sequence desc', [allIds])) {
    notes.set(row.order_id as number, row.notes as string | null);
  }
  const refusalByKey = new Map(refusals.map((refusal) => [refusal.idempotencyKey, refusal]));

  const applied: MadeChange[] = [];
  const refusedKeys = new Set<string>();
  for (const change of made) {
    const status = answers.get(change.key);
    const refusal = refusalByKey.get(change.key);
    const name = `${change.kind} of ${change.label} (${change.key})`;
    if (status === undefined || status === null) {
      if (refusal) refusedKeys.add(change.key);
      else {
        figures.lost += 1;
        problems.push(`${name}: ${stillQueued.has(change.key) ? 'still queued' : 'never reached the server'}`);
      }
    } else if (status >= 200 && status < 300) {
      if (refusal) problems.push(`${name}: applied (${status}) but shown as refused`);
      applied.push(change);
    } else {
      refusedKeys.add(change.key);
    }
    if (!refusedKeys.has(change.key)) continue;
    figures.refused += 1;
    const visible = refusal?.conflict
      ? shown.conflictLines.some((line) => line.includes(change.label))
      : shown.refusalKeys.has(change.key);
    if (visible) figures.refusalsShown += 1;
    else problems.push(`${name}: refused (${status ?? 'on the device'}) but not shown`);
  }

  const broken = new Set<string>();
  // Deleting a merged draft deletes the Merged sources it kept for unmerge with it (load-actions.service.ts).
  const deletedIds = new Set(applied.filter((change) => change.kind === 'delete').flatMap((change) => change.loadIds));
  const goneWithMergedDraft = new Set<number>();
  for (const merge of applied) {
    if (merge.kind === 'merge' && merge.mergedId !== undefined && deletedIds.has(merge.mergedId)) {
      for (const id of merge.loadIds) goneWithMergedDraft.add(id);
    }
  }
  const mergedDraftOf = (merge: MadeChange) => {
    const sources = [...merge.loadIds].sort((a, b) => a - b).join(',');
    return mergedDrafts.filter((row) => (row.merged_from_order_ids as number[]).join(',') === sources);
  };
  // The run's loads, and each merged draft (its changes name its provisional id, its notes join the sources').
  const checked = initial.map((load) => ({ id: load.id, changedAs: load.id, version: load.version, seesSecondClient: true }));
  for (const merge of applied.filter((change) => change.kind === 'merge')) {
    const drafts = mergedDraftOf(merge);
    const deletedSince = drafts.length === 0 && merge.mergedId !== undefined && deletedIds.has(merge.mergedId);
    if (drafts.length !== 1 && !deletedSince) {
      broken.add(merge.key);
      if (drafts.length > 1) figures.duplicated += drafts.length - 1;
      else figures.lost += 1;
      problems.push(`merge of ${merge.loadIds.join('+')}: ${drafts.length} merged drafts`);
    }
    const [draft] = drafts;
    if (draft && merge.mergedId !== undefined) {
      checked.push({ id: draft.id as number, changedAs: merge.mergedId, version: 1, seesSecondClient: false });
    }
  }
  for (const load of checked) {
    const row = rows.get(load.id);
    const changesHere = made.filter((change) => change.loadIds.includes(load.changedAs));
    const appliedHere = changesHere.filter((change) => applied.includes(change));
    const deletes = appliedHere.filter((change) => change.kind === 'delete');
    if (!row) {
      if (deletes.length === 0 && !goneWithMergedDraft.has(load.id)) {
        problems.push(`load ${load.id} is gone though no delete of it was applied`);
      }
      continue;
    }
    if (deletes.length) {
      for (const change of deletes) broken.add(change.key);
      figures.lost += deletes.length;
      problems.push(`load ${load.id}: its applied delete did not remove it`);
    }
    const tokens = (notes.get(load.id) ?? '').split(/\s+/).filter(Boolean);
    const notesHere = changesHere.filter((change) => change.kind === 'note');
    const ownTokens = new Set(notesHere.map((change) => change.token));
    const own = tokens.filter((token) => ownTokens.has(token));
    const expectedOwn = notesHere.flatMap((change) => (applied.includes(change) && change.token ? [change.token] : []));
    for (const change of notesHere) {
      const count = tokens.filter((token) => token === change.token).length;
      if (refusedKeys.has(change.key) && count > 0) problems.push(`load ${load.id}: refused ${change.token} was applied`);
      if (!applied.includes(change)) continue;
      if (count === 0) {
        figures.lost += 1;
        broken.add(change.key);
        problems.push(`load ${load.id}: applied ${change.token} is missing`);
      } else if (count > 1) {
        figures.duplicated += 1;
        broken.add(change.key);
        problems.push(`load ${load.id}: ${change.token} applied ${count} times`);
      }
    }
    if (new Set(own).size === own.length && own.join(' ') !== expectedOwn.join(' ')) {
      problems.push(`load ${load.id}: tokens ${own.join(' ')} instead of ${expectedOwn.join(' ')} (order)`);
    }
    const expectedTheirs = load.seesSecondClient
      ? secondClient.filter((edit) => edit.loadId === load.id).map((edit) => edit.token)
      : [];
    const theirs = tokens.filter((token) => token.startsWith('c'));
    if (load.seesSecondClient && theirs.join(' ') !== expectedTheirs.join(' ')) {
      problems.push(`load ${load.id}: second client's tokens ${theirs.join(' ')} instead of ${expectedTheirs.join(' ')}`);
    }
    const expectedVersion = load.version + appliedHere.length + expectedTheirs.length;
    const version = row.version as number;
    if (version !== expectedVersion) {
      if (version > expectedVersion) figures.duplicated += version - expectedVersion;
      else figures.lost += expectedVersion - version;
      for (const change of appliedHere) broken.add(change.key);
      problems.push(`load ${load.id}: version ${version}, expected ${expectedVersion} (${appliedHere.length} applied changes)`);
    }
  }
  figures.appliedOnce = applied.filter((change) => !broken.has(change.key)).length;
  return { ...figures, problems };
}
