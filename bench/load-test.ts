import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { inputFromOrder, type Order, type OrderInput } from '#core/contract/orders';
import { ROLE_IDS } from '#core/domain/access';
import { weekContaining } from '#core/domain/weeks';
import { embeddedConnectionString } from '#server/db/embedded-postgres';
import { DEMO_USER } from './browser.ts';
import { type BenchServer, createDataDir, freePort, startServer, stopServer } from './server-process.ts';
import { percentile, roundMs } from './stats.ts';
import { insertLoads, withClient } from './sync-database.ts';

const DURATION_S = 60;
/** 50 connections in all, split by kind so that each kind gets figures of its own. */
const CONNECTIONS = { weekReads: 15, edits: 15, assignments: 10, feedPolls: 10 } as const;
/** The loads of the company's current week, so a week read answers a realistic week. */
const WEEK_LOADS = 2_000;
/** Loads each writing connection owns (none shared, so no write is stale) and writes in turn. */
const LOADS_PER_WRITER = 20;
/** One accepted write in this many is delivered a second time with its key, as browsers and retries do. */
const REPEAT_EVERY = 20;
/** The page size the app's pull asks for (src/data/sync/pull-changes.ts). */
const FEED_PAGE = 1000;
/** A write whose answer the run cut off is sent again with its key until it has a final answer. */
const RESOLVE_ATTEMPTS = 600;
const RESOLVE_PAUSE_MS = 100;
/**
 * What Chromium asks for, on week reads: the server compresses the week as it does for the app. The
 * other kinds' answers are read by the harness, which autocannon hands over undecoded, so they ask for JSON.
 */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

type Kind = keyof typeof CONNECTIONS;
type Headers = Record<string, string | string[] | undefined>;
type Log = (message: string) => void;

interface CountGoal {
  count: number;
  goal: number;
  met: boolean;
}

const countGoal = (count: number, goal = 0): CountGoal => ({ count, goal, met: count <= goal });

export interface KindFigures {
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers, timeouts, socket errors, and for writes the wrong answers of `WriteTally`. */
  errors: number;
}

export interface WriteFigures extends KindFigures {
  loads: number;
  /** 2xx answers to first deliveries (or to the resending of one whose answer was lost). */
  acceptedWrites: number;
  /** Second deliveries answered with the stored first answer (`Idempotent-Replay: true`). */
  replays: number;
}

export interface ServerLoadFigures {
  durationS: number;
  weekLoads: number;
  kinds: {
    weekReads: KindFigures;
    edits: WriteFigures;
    assignments: WriteFigures;
    feedPolls: KindFigures & { changesReceived: number };
  };
  total: Omit<KindFigures, 'errors'>;
  errors: CountGoal;
  /** Per load: accepted writes the version increase lacks. */
  lostWrites: CountGoal;
  /** Per load: version increases beyond the accepted writes. */
  duplicatedWrites: CountGoal;
  /** Loads written whose stored token is not that of their last accepted write. */
  wrongFinalState: CountGoal;
  /** Writes whose answer the end of the run cut off, settled afterwards by sending them again. */
  settledAfterRun: number;
}

/**
 * Issue 13's load test: one node on its embedded database (no DATABASE_URL) under 60 s of week reads,
 * single-load edits, driver assignments and change-feed polls over 50 connections, one autocannon
 * instance per kind. Afterwards every written load's version and token are checked in the database
 * against the writes the harness saw accepted.
 */
export async function measureServerLoad(repoRoot: string, log: Log): Promise<ServerLoadFigures> {
  const dataDir = await createDataDir();
  let server: BenchServer | null = null;
  try {
    log('server load: a server on its own embedded database');
    server = await startServer(repoRoot, dataDir, await freePort());
    const databaseUrl = await embeddedDatabaseUrl(dataDir);
    log(`server load: inserting ${WEEK_LOADS} loads of this week`);
    const ids = await insertLoads(databaseUrl, WEEK_LOADS);
    const api = await signIn(server.baseUrl);
    const target = await prepare(api, databaseUrl, ids);
    log(`server load: ${DURATION_S} s at ${Object.values(CONNECTIONS).reduce((sum, n) => sum + n, 0)} connections`);
    return await run(api, databaseUrl, target);
  } finally {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The server's embedded PostgreSQL, found by the port its postmaster.pid names (4th line). */
async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const pid = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return embeddedConnectionString(Number(pid.split('\n')[3]));
}

interface Api {
  baseUrl: string;
  port: number;
  /** Sent on every request: the session cookie, and the same-origin Origin the origin check wants. */
  headers: Record<string, string>;
}

async function signIn(baseUrl: string): Promise<Api> {
  const response = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_USER),
  });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]);
  if (response.status !== 200 || !cookie.length) throw new Error(`POST /api/session answered ${response.status}`);
  const url = new URL(baseUrl);
  return { baseUrl, port: Number(url.port), headers: { cookie: cookie.join('; '), origin: url.origin } };
}

interface Target {
  weekPath: string;
  /** The generated loads as the API answers them, by id. */
  loads: Map<number, Order>;
  editLoads: number[][];
  assignmentLoads: number[][];
  drivers: { id: number; tractorId: number | null; trailerId: number | null }[];
  /** The head of the change feed, where each polling client starts as one that has synced. */
  feedCursor: string;
}

async function prepare(api: Api, databaseUrl: string, ids: number[]): Promise<Target> {
  const { timezone, drivers } = await withClient(databaseUrl, async (client) => {
    const company = await client.query<{ id: number; timezone: string }>(
      'select o.id, o.timezone from organizations o join users u on u.organization_id = o.id where u.username = $1',
      [DEMO_USER.username],
    );
    const { id, timezone } = company.rows[0]!;
    const found = await client.query<{ id: number; tractorId: number | null; trailerId: number | null }>(
      `select u.id, (u.driver_info->>'defaultTractorId')::int as "tractorId", (u.driver_info->>'defaultTrailerId')::int as "trailerId"
         from users u join user_roles r on r.user_id = u.id and r.role_id = $2
        where u.organization_id = $1 and u.enabled order by u.id limit 2`,
      [id, ROLE_IDS.Driver],
    );
    return { timezone, drivers: found.rows };
  });
  if (drivers.length < 2) throw new Error('the demo company needs two drivers to alternate');
  const week = weekContaining(new Date(), timezone);
  const weekPath = `/api/self/orders?startDate=${week.start.toISOString()}&endDate=${week.end.toISOString()}`;
  const weekLoads = (await getJson(api, weekPath)) as Order[];
  const generated = new Set(ids);
  const loads = new Map(weekLoads.filter((load) => generated.has(load.id)).map((load) => [load.id, load]));
  if (loads.size !== ids.length) throw new Error(`the week read answered ${loads.size} of ${ids.length} generated loads`);
  // Loads spread over the week: each writing connection owns LOADS_PER_WRITER of them.
  const written = (CONNECTIONS.edits + CONNECTIONS.assignments) * LOADS_PER_WRITER;
  const step = Math.floor(ids.length / written);
  const spread = ids.filter((_, index) => index % step === 0);
  const owned = (count: number, from: number) =>
    Array.from({ length: count }, (_, lane) =>
      spread.slice(from + lane * LOADS_PER_WRITER, from + (lane + 1) * LOADS_PER_WRITER),
    );
  const editLoads = owned(CONNECTIONS.edits, 0);
  const assignmentLoads = owned(CONNECTIONS.assignments, CONNECTIONS.edits * LOADS_PER_WRITER);
  if (assignmentLoads.at(-1)?.length !== LOADS_PER_WRITER) throw new Error('too few generated loads for the writers');
  return { weekPath, loads, editLoads, assignmentLoads, drivers, feedCursor: await feedHead(api) };
}

async function getJson(api: Api, requestPath: string): Promise<unknown> {
  const response = await fetch(`${api.baseUrl}${requestPath}`, { headers: api.headers });
  if (response.status !== 200) throw new Error(`GET ${requestPath} answered ${response.status}`);
  return response.json();
}

/** Pulls the whole feed as a first sync does, to the cursor a synced client holds. */
async function feedHead(api: Api): Promise<string> {
  let cursor: string | undefined;
  for (;;) {
    const since = cursor === undefined ? '' : `&since=${cursor}`;
    const page = (await getJson(api, `/api/sync/changes?limit=${FEED_PAGE}${since}`)) as { cursor: string; hasMore: boolean };
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

/** A load one connection writes, with what the harness saw accepted. */
interface LoadTally {
  id: number;
  baseVersion: number;
  accepted: number;
  /** What the load holds after its last accepted write: a stop's notes, or the driver. */
  lastToken: string | number | null;
}

interface Delivery {
  load: LoadTally;
  key: string;
  path: string;
  body: string;
  token: string | number;
  /** A second delivery of an accepted write: its answer must be a replay. */
  repeat: boolean;
  /** Sent again because its answer was lost (timeout, dropped connection): a replay answers it then. */
  resent: boolean;
}

interface WriteLane {
  loads: LoadTally[];
  writes: number;
  /** Sent and not answered yet; sent again (same key) if its connection is lost. */
  pending: Delivery | null;
  repeat: Delivery | null;
}

interface WriteKind {
  method: 'PUT' | 'POST';
  /** Path, body and stored token of the next write of a load. */
  next(load: LoadTally, lane: number, write: number): { path: string; body: string; token: string | number };
  /** What the next write of the load builds on, from an answer (the accepted load, or the current one of a 409). */
  answered(load: LoadTally, status: number, body: string): void;
}

interface WriteTally {
  lanes: WriteLane[];
  replays: number;
  /**
   * Wrong answers autocannon does not count: a 2xx repeat without the replay header, a first delivery
   * answered as a replay, and any refusal of a write sent again after the run.
   */
  wrongAnswers: number;
}

/** `PUT /api/orders/{id}`: the whole load with its base version, a token in its last stop's notes. */
function editKind(target: Target): WriteKind {
  const current = new Map<number, { input: OrderInput; version: number }>();
  for (const id of target.editLoads.flat()) {
    const load = target.loads.get(id)!;
    current.set(id, { input: inputFromOrder(load), version: load.version });
  }
  const adopt = (order: Order) => current.set(order.id, { input: inputFromOrder(order), version: order.version });
  return {
    method: 'PUT',
    next(load, lane, write) {
      const { input, version } = current.get(load.id)!;
      const token = `load test ${lane}.${write}`;
      const last = Math.max(...input.stops.map((stop) => stop.sequence));
      const stops = input.stops.map((stop) => (stop.sequence === last ? { ...stop, notes: token } : stop));
      return { path: `/api/orders/${load.id}`, body: JSON.stringify({ ...input, stops, version }), token };
    },
    answered(_load, status, body) {
      if (status >= 200 && status < 300) adopt(JSON.parse(body) as Order);
      // A stale write (which owning the load should rule out) re-bases on the current load, as the app does.
      else if (status === 409) {
        const stale = JSON.parse(body) as { error: { current?: Order } };
        if (stale.error.current) adopt(stale.error.current);
      }
    },
  };
}

/** `POST /api/drivers/assign-orders` of one load, alternating two drivers with their default equipment. */
function assignmentKind(target: Target): WriteKind {
  const [first, second] = target.drivers as [Target['drivers'][number], Target['drivers'][number]];
  return {
    method: 'POST',
    next(load) {
      const driver = load.lastToken === first.id ? second : first;
      const body = [{ id: load.id, transportedByUserId: driver.id, tractorId: driver.tractorId, trailerId: driver.trailerId }];
      return { path: '/api/drivers/assign-orders', body: JSON.stringify(body), token: driver.id };
    },
    answered() {},
  };
}

function writeTally(target: Target, owned: number[][]): WriteTally {
  const lanes = owned.map((ids) => ({
    loads: ids.map((id) => ({ id, baseVersion: target.loads.get(id)!.version, accepted: 0, lastToken: null })),
    writes: 0,
    pending: null,
    repeat: null,
  }));
  return { lanes, replays: 0, wrongAnswers: 0 };
}

/** The request a writing connection sends next: the unanswered one again, a due repeat, or the next write. */
function nextDelivery(kind: WriteKind, lane: WriteLane, laneIndex: number): Delivery {
  if (lane.pending) {
    lane.pending.resent = true;
    return lane.pending;
  }
  if (lane.repeat) {
    lane.pending = lane.repeat;
    lane.repeat = null;
    return lane.pending;
  }
  const load = lane.loads[lane.writes % lane.loads.length]!;
  const write = kind.next(load, laneIndex, lane.writes);
  lane.writes++;
  lane.pending = { load, key: randomUUID(), ...write, repeat: false, resent: false };
  return lane.pending;
}

const headerValue = (headers: Headers, name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

const inProgress = (status: number, body: string) => status === 409 && body.includes('"requestInProgress"');

/** Books an answer to the lane's pending delivery. */
function recordAnswer(kind: WriteKind, tally: WriteTally, lane: WriteLane, status: number, body: string, headers: Headers) {
  const delivery = lane.pending;
  // Still being handled (its first delivery's answer was cut off): sent again later, with the same key.
  if (!delivery || inProgress(status, body)) return;
  lane.pending = null;
  const replay = headerValue(headers, 'idempotent-replay') === 'true';
  const ok = status >= 200 && status < 300;
  if (delivery.repeat) {
    if (ok && replay) tally.replays++;
    else if (ok) tally.wrongAnswers++;
    return;
  }
  if (replay && !delivery.resent) tally.wrongAnswers++;
  if (ok) {
    delivery.load.accepted++;
    delivery.load.lastToken = delivery.token;
    if (lane.writes % REPEAT_EVERY === 0) lane.repeat = { ...delivery, repeat: true, resent: false };
  }
  kind.answered(delivery.load, status, body);
}

type Request = autocannon.Request;

function writeRequests(kind: WriteKind, tally: WriteTally) {
  let lanesHanded = 0;
  return {
    method: kind.method,
    // Each connection takes a lane of its own: its loads, its unanswered write, its due repeat.
    setupClient(client: autocannon.Client) {
      const laneIndex = lanesHanded++;
      const lane = tally.lanes[laneIndex]!;
      client.setRequests([
        {
          setupRequest: (request: Request) => {
            const delivery = nextDelivery(kind, lane, laneIndex);
            return {
              ...request,
              method: kind.method,
              path: delivery.path,
              headers: { ...request.headers, 'content-type': 'application/json', 'idempotency-key': delivery.key },
              body: delivery.body,
            };
          },
          onResponse: (status: number, body: string, _context: object, headers: Headers | undefined) =>
            recordAnswer(kind, tally, lane, status, body, headers ?? {}),
        },
      ]);
    },
  };
}

/** Writes the run's end cut off are sent again with their keys, so each ends applied exactly once. */
async function settlePending(api: Api, kind: WriteKind, tally: WriteTally): Promise<number> {
  let settled = 0;
  for (const lane of tally.lanes) {
    if (!lane.pending) continue;
    settled++;
    for (let attempt = 0; lane.pending; attempt++) {
      if (attempt === RESOLVE_ATTEMPTS) throw new Error(`the write ${lane.pending.key} never got a final answer`);
      if (attempt > 0) await sleep(RESOLVE_PAUSE_MS);
      const delivery = lane.pending;
      delivery.resent = true;
      const response = await fetch(`${api.baseUrl}${delivery.path}`, {
        method: kind.method,
        headers: { ...api.headers, 'content-type': 'application/json', 'idempotency-key': delivery.key },
        body: delivery.body,
      });
      const body = await response.text();
      if (!response.ok && !inProgress(response.status, body)) tally.wrongAnswers++;
      recordAnswer(kind, tally, lane, response.status, body, Object.fromEntries(response.headers));
    }
  }
  return settled;
}

interface Measured {
  result: autocannon.Result;
  latenciesMs: number[];
}

function cannon(api: Api, connections: number, options: Partial<autocannon.Options>): Promise<Measured> {
  const latenciesMs: number[] = [];
  const instance = autocannon(
    {
      url: api.baseUrl,
      connections,
      duration: DURATION_S,
      headers: api.headers,
      ...options,
    },
    () => {},
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => latenciesMs.push(responseTime));
  return new Promise((resolve, reject) => {
    instance.on('done', (result) => resolve({ result, latenciesMs }));
    instance.on('error', reject);
  });
}

function kindFigures(kind: Kind, { result, latenciesMs }: Measured, wrongAnswers = 0): KindFigures {
  return {
    connections: CONNECTIONS[kind],
    requests: latenciesMs.length,
    requestsPerSecond: Math.round(latenciesMs.length / result.duration),
    p50Ms: roundMs(percentile(latenciesMs, 0.5)),
    p99Ms: roundMs(percentile(latenciesMs, 0.99)),
    errors: result.errors + result.non2xx + wrongAnswers,
  };
}

async function run(api: Api, databaseUrl: string, target: Target): Promise<ServerLoadFigures> {
  const edits = editKind(target);
  const assignments = assignmentKind(target);
  const editTally = writeTally(target, target.editLoads);
  const assignmentTally = writeTally(target, target.assignmentLoads);
  const feedCursors = Array.from({ length: CONNECTIONS.feedPolls }, () => target.feedCursor);
  let changesReceived = 0;
  let feedClients = 0;
  const [weekReads, edited, assigned, polled] = await Promise.all([
    cannon(api, CONNECTIONS.weekReads, {
      headers: { ...api.headers, 'accept-encoding': ACCEPT_ENCODING },
      requests: [{ method: 'GET', path: target.weekPath }],
    }),
    cannon(api, CONNECTIONS.edits, writeRequests(edits, editTally)),
    cannon(api, CONNECTIONS.assignments, writeRequests(assignments, assignmentTally)),
    cannon(api, CONNECTIONS.feedPolls, {
      // Each connection follows its own cursor, as a client does.
      setupClient(client) {
        const lane = feedClients++;
        client.setRequests([
          {
            setupRequest: (request) => ({
              ...request,
              method: 'GET',
              path: `/api/sync/changes?since=${feedCursors[lane]}&limit=${FEED_PAGE}`,
            }),
            onResponse: (status, body) => {
              if (status !== 200) return;
              const page = JSON.parse(body) as { cursor: string; changes: unknown[] };
              feedCursors[lane] = page.cursor;
              changesReceived += page.changes.length;
            },
          },
        ]);
      },
    }),
  ]);
  const settledAfterRun = (await settlePending(api, edits, editTally)) + (await settlePending(api, assignments, assignmentTally));
  const check = await checkWrites(databaseUrl, editTally, assignmentTally);
  const kinds = {
    weekReads: kindFigures('weekReads', weekReads),
    edits: writeFigures('edits', edited, editTally),
    assignments: writeFigures('assignments', assigned, assignmentTally),
    feedPolls: { ...kindFigures('feedPolls', polled), changesReceived },
  };
  const all = [weekReads, edited, assigned, polled];
  const latenciesMs = all.flatMap((measured) => measured.latenciesMs);
  const duration = Math.max(...all.map((measured) => measured.result.duration));
  return {
    durationS: DURATION_S,
    weekLoads: target.loads.size,
    kinds,
    total: {
      connections: Object.values(CONNECTIONS).reduce((sum, n) => sum + n, 0),
      requests: latenciesMs.length,
      requestsPerSecond: Math.round(latenciesMs.length / duration),
      p50Ms: roundMs(percentile(latenciesMs, 0.5)),
      p99Ms: roundMs(percentile(latenciesMs, 0.99)),
    },
    errors: countGoal(Object.values(kinds).reduce((sum, kind) => sum + kind.errors, 0)),
    ...check,
    settledAfterRun,
  };
}

function writeFigures(kind: Kind, measured: Measured, tally: WriteTally): WriteFigures {
  const loads = tally.lanes.flatMap((lane) => lane.loads);
  return {
    ...kindFigures(kind, measured, tally.wrongAnswers),
    loads: loads.length,
    acceptedWrites: loads.reduce((sum, load) => sum + load.accepted, 0),
    replays: tally.replays,
  };
}

/** Each written load's version increase against its accepted writes, and its token against the last one. */
async function checkWrites(databaseUrl: string, edits: WriteTally, assignments: WriteTally) {
  const stored = await withClient(databaseUrl, async (client) => {
    const rows = await client.query<{ id: number; version: number; notes: string | null; driver: number | null }>(
      `select o.id, o.version, o.transported_by_user_id as driver,
              (select s.notes from stops s where s.order_id = o.id order by s.sequence desc limit 1) as notes
         from orders o where o.id = any($1::int[])`,
      [[...edits.lanes, ...assignments.lanes].flatMap((lane) => lane.loads.map((load) => load.id))],
    );
    return new Map(rows.rows.map((row) => [row.id, row]));
  });
  let lost = 0;
  let duplicated = 0;
  let wrongFinalState = 0;
  const compare = (
    tally: WriteTally,
    token: (row: { notes: string | null; driver: number | null }) => string | number | null,
  ) => {
    for (const load of tally.lanes.flatMap((lane) => lane.loads)) {
      const row = stored.get(load.id);
      const increase = row ? row.version - load.baseVersion : 0;
      lost += Math.max(0, load.accepted - increase);
      duplicated += Math.max(0, increase - load.accepted);
      if (load.accepted > 0 && (!row || token(row) !== load.lastToken)) wrongFinalState++;
    }
  };
  compare(edits, (row) => row.notes);
  compare(assignments, (row) => row.driver);
  return {
    lostWrites: countGoal(lost),
    duplicatedWrites: countGoal(duplicated),
    wrongFinalState: countGoal(wrongFinalState),
  };
}
