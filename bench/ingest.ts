import http from 'node:http';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { io } from 'socket.io-client';
import { type DeviceLocationEvent, REALTIME_EVENTS, REALTIME_PATH } from '#core/contract/realtime';
import { embeddedConnectionString } from '#server/db/embedded-postgres';
import { HttpConnection } from './http-connection.ts';
import { BrowserProbe, type BrowserLatencyFigures } from './ingest-browser.ts';
import { type BenchServer, createDataDir, freePort, startServer, stopServer } from './server-process.ts';
import { percentile, roundMs } from './stats.ts';
import { withClient } from './sync-database.ts';

const DURATION_S = Number(process.env.INGEST_DURATION_S ?? 60);
/**
 * Each phase first runs this long at its offered rate, measured apart: the 60 s are sustained load on a
 * server that has met every device once (its caches filled, its code compiled). The warm-up's own
 * figures show what a fleet meets right after a restart.
 */
const WARM_UP_S = Number(process.env.INGEST_WARM_UP_S ?? 10);
/** Simulated phones, registered to Prairie Feed; each reports about twice a second at the goal rate. */
const DEVICES = 4_000;
const GOALS = { positionsPerSecond: 8_000, p99Ms: 50, lost: 0 };
/** Positions a second offered in both phases (the goal, unless INGEST_RATE asks for another load). */
const OFFERED_PER_SECOND = Number(process.env.INGEST_RATE ?? GOALS.positionsPerSecond);
/** Answered at the offered rate within timer and rounding jitter (1 %): below it, the server fell behind. */
const OPEN_LOOP_RATE_TOLERANCE = 0.99;
/** INGEST_PHASES=phones (or gateway, socket; comma-separated) measures only those phases, e.g. while profiling one. */
const PHASES = new Set((process.env.INGEST_PHASES ?? 'phones,gateway,socket').split(',').map((phase) => phase.trim()));

type Log = (message: string) => void;

export interface IngestPhaseFigures {
  durationS: number;
  devices: number;
  /** Connections the generator had opened by the end (open loop: as many as were busy at once, the warm-up's included). */
  connections: number;
  load: string;
  protocol: string;
  fixesPerRequest: number;
  sent: number;
  answered2xx: number;
  errors: number;
  stored: number;
  /** Positions answered 2xx per second, over the whole run (met when the offered goal rate was kept up with). */
  positionsPerSecond: { value: number; goal: number; met: boolean };
  p50Ms: number;
  p99Ms: { value: number; goal: number; met: boolean };
  maxMs: number;
  /** Answered 2xx but not in device_positions. */
  lost: { value: number; goal: number; met: boolean };
  /**
   * CPU milliseconds per 1,000 positions answered 2xx: the server's process, its PostgreSQL (every
   * process of the cluster) and this generator (the load it makes shares the same 2 cores). Null off Linux.
   */
  cpuMsPer1000Positions: { server: number; postgres: number; generator: number } | null;
  /**
   * Write-ahead log PostgreSQL wrote per 1,000 positions answered 2xx (KB): what each fix costs the
   * database to make durable, the same whatever else runs on the machine (CPU times are not).
   */
  walKbPer1000Positions: number;
}

/** What the first seconds of a phase looked like, on a server that had just started. */
export interface WarmUpFigures {
  durationS: number;
  positionsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface IngestFigures {
  /** What a fleet of Traccar Client phones sends: one position per request. */
  phones?: IngestPhaseFigures;
  /** The phones' first `WARM_UP_S` seconds on the freshly started server, before `phones` is measured. */
  phonesWarmUp?: WarmUpFigures;
  /** A gateway (service account) relaying its devices' fixes in batches: the group commit's capacity without per-request HTTP cost. */
  gatewayBatches?: IngestPhaseFigures;
  /** Arrival of a phone's position to its push seen by a connected socket.io client, on one node and on two. */
  socketPush?: { oneNode: SocketPushFigures; twoNodes: SocketPushFigures };
  note: string;
}

export interface SocketPushFigures {
  durationS: number;
  devices: number;
  /** Positions answered 2xx per second (the goal is every device once a second). */
  positionsPerSecond: number;
  answered2xx: number;
  /** Answered positions whose push the client saw (a newer fix of the same device in the same push interval replaces it). */
  pushedSeen: number;
  p50Ms: number;
  p95Ms: { value: number; goal: number; met: boolean };
  maxMs: number;
  topology: string;
  /** In a Chromium signed in on the first node, while the devices report: the marker and a stop's status. */
  browser: BrowserLatencyFigures;
}

/** Fixes per gateway request: a gateway forwards what its devices sent since its last post. */
const GATEWAY_BATCH = 50;

/**
 * Issue 21's ingest figure: one server node on its embedded database, offered the goal rate for
 * `DURATION_S` seconds, first as phones posting one position per request in the Traccar Client form
 * (`POST /api/osmand?id=…`), then as a gateway posting batches; each phone's fixes a fifth of a second
 * apart. Afterwards the stored fixes are counted: every fix answered 2xx must be in device_positions.
 */
export async function measureIngest(repoRoot: string, log: Log): Promise<IngestFigures> {
  const dataDir = await createDataDir();
  let server: BenchServer | null = null;
  let browser: BrowserProbe | null = null;
  try {
    log('ingest: a server on its own embedded database');
    server = await startServer(repoRoot, dataDir, await freePort());
    const pid = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    const databaseUrl = embeddedConnectionString(Number(pid.split('\n')[3]));
    const clientIds = await registerDevices(databaseUrl);
    const base = new URL(server.baseUrl);
    const processes = { server: server.child.pid ?? 0, postmaster: Number(pid.split('\n')[0]) };
    const figures: IngestFigures = {
      note: 'The load generator runs on the same 2 cores as the server and PostgreSQL (and, on this shared machine, beside other work); the live-tracking listeners are whatever this build registers.',
    };
    if (PHASES.has('phones')) {
      log(
        `ingest: phones, ${WARM_UP_S} s of warm-up then ${DURATION_S} s, ${OFFERED_PER_SECOND} positions a second offered, ${DEVICES} devices`,
      );
      const connections: OpenConnections = { opened: [], idle: [] };
      const shape = { requestsPerSecond: OFFERED_PER_SECOND, batch: 1, processes, connections };
      try {
        figures.phonesWarmUp = warmUpFigures(await run(base, databaseUrl, clientIds, { ...shape, durationS: WARM_UP_S }));
        figures.phones = await run(base, databaseUrl, clientIds, shape);
      } finally {
        closeConnections(connections);
      }
    }
    if (PHASES.has('gateway')) {
      const secret = await gatewaySecret(server.baseUrl);
      log(
        `ingest: gateway batches of ${GATEWAY_BATCH}, ${WARM_UP_S} s of warm-up then ${DURATION_S} s, ${OFFERED_PER_SECOND} positions a second offered`,
      );
      const connections: OpenConnections = { opened: [], idle: [] };
      const shape = {
        requestsPerSecond: OFFERED_PER_SECOND / GATEWAY_BATCH,
        batch: GATEWAY_BATCH,
        secret,
        processes,
        connections,
      };
      try {
        await run(base, databaseUrl, clientIds, { ...shape, durationS: WARM_UP_S });
        figures.gatewayBatches = await run(base, databaseUrl, clientIds, shape);
      } finally {
        closeConnections(connections);
      }
    }
    if (PHASES.has('socket')) {
      const cookie = await signIn(server.baseUrl);
      browser = await BrowserProbe.open(server.baseUrl, cookie, 'bench');
      log(`ingest: socket push, one node, ${SOCKET_DEVICES} devices reporting every second, ${SOCKET_DURATION_S} s`);
      const oneNode = await measureSocketPush(
        server.baseUrl,
        [server.baseUrl],
        cookie,
        await liveDevices(databaseUrl, 'live-a'),
        'one node',
        { browser, postUrl: server.baseUrl },
      );
      log('ingest: socket push, two nodes behind one PostgreSQL (positions to both, the client on the first)');
      const otherDir = await createDataDir();
      let other: BenchServer | null = null;
      try {
        other = await startServer(repoRoot, otherDir, await freePort(), databaseUrl);
        const devices = await liveDevices(databaseUrl, 'live-b');
        const twoNodes = await measureSocketPush(server.baseUrl, [server.baseUrl, other.baseUrl], cookie, devices, 'two nodes', {
          browser,
          postUrl: other.baseUrl,
        });
        figures.socketPush = { oneNode, twoNodes };
      } finally {
        if (other) await stopServer(other);
        await rm(otherDir, { recursive: true, force: true });
      }
    }
    return figures;
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function signIn(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo-pass1' }),
  });
  return answer.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

async function gatewaySecret(baseUrl: string): Promise<string> {
  const cookie = await signIn(baseUrl);
  const self = (await (await fetch(`${baseUrl}/api/self`, { headers: { cookie } })).json()) as { activeOrganizationId: number };
  const created = await fetch(`${baseUrl}/api/organizations/${self.activeOrganizationId}/service-users`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Bench gateway', scopes: ['positions:write'] }),
  });
  if (created.status !== 201) throw new Error(`creating the bench gateway answered ${created.status}`);
  return ((await created.json()) as { secret: string }).secret;
}

async function registerDevices(databaseUrl: string, prefix = 'bench', count = DEVICES): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const organization = await client.query<{ id: number }>("select id from organizations where name = 'Prairie Feed Co.'");
    const organizationId = organization.rows[0]?.id;
    if (!organizationId) throw new Error('the demo seed has no Prairie Feed Co.');
    const clientIds = Array.from({ length: count }, (_, index) => `${prefix}-${String(index).padStart(5, '0')}`);
    await client.query(
      `insert into devices (organization_id, client_id, name, kind)
       select $1, client_id, client_id, 'phone' from unnest($2::text[]) as client_id`,
      [organizationId, clientIds],
    );
    return clientIds;
  });
}

/** Fix times of each device step 200 ms from two hours back: never in the future, never repeated across phases. */
const sentPerDevice = new Uint32Array(DEVICES);
const firstFixMs = Date.now() - 2 * 3600_000;

interface PhaseShape {
  batch: number;
  secret?: string;
  processes: { server: number; postmaster: number };
  /**
   * Requests are due at this many a second whatever the answers do (a fleet's phones post on their
   * own clocks: an open loop), each on an idle connection or a new one; a request's time runs from
   * when it was due, so a server falling behind shows as time, not as fewer requests sent (a closed
   * loop of N connections measured N divided by the answer time, and hid the wait for a connection).
   */
  requestsPerSecond: number;
  /** How long requests fall due (default `DURATION_S`). */
  durationS?: number;
  /** Connections kept open across runs (the warm-up's carry on into the measured minute, as phones keep theirs). */
  connections?: OpenConnections;
}

interface OpenConnections {
  opened: HttpConnection[];
  idle: HttpConnection[];
}

function closeConnections({ opened }: OpenConnections) {
  for (const http of opened) http.close();
}

function warmUpFigures(figures: IngestPhaseFigures): WarmUpFigures {
  return {
    durationS: figures.durationS,
    positionsPerSecond: figures.positionsPerSecond.value,
    p50Ms: figures.p50Ms,
    p99Ms: figures.p99Ms.value,
    maxMs: figures.maxMs,
  };
}

/** The most connections open at once (phones each have their own; past this, due requests wait). */
const OPEN_LOOP_MAX_CONNECTIONS = 2_000;
/** Due requests are sent every this many ms. */
const OPEN_LOOP_TICK_MS = 2;

async function run(base: URL, databaseUrl: string, clientIds: string[], shape: PhaseShape): Promise<IngestPhaseFigures> {
  const storedBefore = await countStored(databaseUrl);
  const walBefore = await walPosition(databaseUrl);
  const cpuBefore = await cpuTimes(shape.processes);
  const gatewayHeaders: Record<string, string> = shape.secret
    ? { authorization: `Bearer ${shape.secret}`, 'content-type': 'application/json' }
    : {};
  const startedAt = Date.now();
  const latencies: number[] = [];
  let sent = 0;
  let answered = 0;
  let errors = 0;
  let next = 0;
  const startedMs = performance.now();
  const deadline = startedMs + (shape.durationS ?? DURATION_S) * 1000;
  const { opened, idle } = shape.connections ?? { opened: [], idle: [] };
  const trace: [number, number][] = [];
  // The epoch lines the per-second trace up with the server's own logs.
  if (process.env.INGEST_TRACE) console.error('trace-start', Date.now());

  const nextFix = () => {
    const device = next++ % clientIds.length;
    const index = sentPerDevice[device] ?? 0;
    sentPerDevice[device] = index + 1;
    return {
      clientId: clientIds[device] as string,
      timestamp: firstFixMs + index * 200,
      latitude: Number((41 + (device % 100) / 100 + index / 100_000).toFixed(6)),
      longitude: Number((-93 - Math.floor(device / 100) / 100).toFixed(6)),
      bearing: index % 360,
    };
  };

  /** Posts the next request on `http`; its time runs from `dueAt`. */
  async function post(http: HttpConnection, dueAt: number) {
    let status: number;
    if (shape.batch === 1) {
      const fix = nextFix();
      const query = `id=${fix.clientId}&lat=${fix.latitude}&lon=${fix.longitude}&timestamp=${fix.timestamp}&speed=30.5&bearing=${fix.bearing}&accuracy=8&batt=80`;
      sent += 1;
      status = await http.request('POST', `/api/osmand?${query}`, gatewayHeaders);
    } else {
      const fixes = Array.from({ length: shape.batch }, () => {
        const fix = nextFix();
        return {
          clientId: fix.clientId,
          latitude: fix.latitude,
          longitude: fix.longitude,
          heading: fix.bearing,
          speed: 15.7,
          accuracy: 8,
          timestamp: new Date(fix.timestamp).toISOString(),
        };
      });
      sent += shape.batch;
      status = await http.request('POST', '/api/devices/positions', gatewayHeaders, JSON.stringify(fixes));
    }
    latencies.push(performance.now() - dueAt);
    if (process.env.INGEST_TRACE) trace.push([dueAt - startedMs, performance.now() - dueAt]);
    if (status >= 200 && status < 300) answered += shape.batch;
    else errors += 1;
  }

  const connect = () => {
    const http = new HttpConnection(base.hostname, Number(base.port));
    opened.push(http);
    return http;
  };

  const interval = 1000 / shape.requestsPerSecond;
  const inFlight = new Set<Promise<void>>();
  let due = 0;
  while (performance.now() < deadline) {
    const now = performance.now();
    while (startedMs + due * interval <= now) {
      const http = idle.pop() ?? (opened.length < OPEN_LOOP_MAX_CONNECTIONS ? connect() : null);
      if (!http) break;
      const request = post(http, startedMs + due * interval).then(() => {
        idle.push(http);
        inFlight.delete(request);
      });
      inFlight.add(request);
      due += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, OPEN_LOOP_TICK_MS));
  }
  await Promise.all(inFlight);
  const elapsedS = (Date.now() - startedAt) / 1000;
  if (process.env.INGEST_TRACE) {
    const bySecond = new Map<number, number[]>();
    for (const [at, ms] of trace) bySecond.set(Math.floor(at / 1000), [...(bySecond.get(Math.floor(at / 1000)) ?? []), ms]);
    for (const [second, values] of bySecond)
      console.error('trace', second, values.length, roundMs(percentile(values, 0.5)), roundMs(percentile(values, 0.99)));
  }
  const cpuAfter = await cpuTimes(shape.processes);
  if (!shape.connections) closeConnections({ opened, idle });
  const perThousand = (before: number, after: number) => Math.round(((after - before) / Math.max(answered, 1)) * 1000);

  const walBytes = await walBytesSince(databaseUrl, walBefore);
  const stored = (await countStored(databaseUrl)) - storedBefore;
  const positionsPerSecond = Math.round(answered / elapsedS);
  const p99 = roundMs(percentile(latencies, 0.99));
  return {
    durationS: Math.round(elapsedS),
    devices: clientIds.length,
    connections: opened.length,
    load: `open loop: ${shape.requestsPerSecond * shape.batch} positions a second due, on as many connections as were busy at once (at most ${OPEN_LOOP_MAX_CONNECTIONS}); times run from when each request was due`,
    protocol:
      shape.batch === 1
        ? 'OsmAnd query form, POST /api/osmand'
        : 'JSON batches of a service account, POST /api/devices/positions',
    fixesPerRequest: shape.batch,
    sent,
    answered2xx: answered,
    errors,
    stored,
    positionsPerSecond: {
      value: positionsPerSecond,
      goal: GOALS.positionsPerSecond,
      met: positionsPerSecond >= GOALS.positionsPerSecond * OPEN_LOOP_RATE_TOLERANCE,
    },
    p50Ms: roundMs(percentile(latencies, 0.5)),
    p99Ms: { value: p99, goal: GOALS.p99Ms, met: p99 <= GOALS.p99Ms },
    maxMs: roundMs(latencies.reduce((longest, ms) => Math.max(longest, ms), 0)),
    lost: { value: answered - stored, goal: GOALS.lost, met: answered - stored <= GOALS.lost },
    cpuMsPer1000Positions:
      cpuBefore && cpuAfter
        ? {
            server: perThousand(cpuBefore.server, cpuAfter.server),
            postgres: perThousand(cpuBefore.postgres, cpuAfter.postgres),
            generator: perThousand(cpuBefore.generator, cpuAfter.generator),
          }
        : null,
    walKbPer1000Positions: Math.round(walBytes / Math.max(answered, 1)),
  };
}

async function walPosition(databaseUrl: string): Promise<string> {
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return result.rows[0]?.lsn ?? '0/0';
  });
}

async function walBytesSince(databaseUrl: string, lsn: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<{ bytes: string }>(
      'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text as bytes',
      [lsn],
    );
    return Number(result.rows[0]?.bytes ?? 0);
  });
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds used so far by the server, by the PostgreSQL cluster (postmaster and its children), and by this process. */
async function cpuTimes(processes: { server: number; postmaster: number }) {
  const read = async (pid: string) => {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command (which may hold spaces), from field 3: ppid is the 2nd, utime/stime the
      // 12th/13th, and cutime/cstime (the children it has reaped) the 14th/15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = (...indexes: number[]) => indexes.reduce((sum, index) => sum + Number(fields[index]), 0);
      return {
        ppid: Number(fields[1]),
        ms: (ticks(11, 12) * 1000) / TICKS_PER_SECOND,
        reapedMs: (ticks(13, 14) * 1000) / TICKS_PER_SECOND,
      };
    } catch {
      return null;
    }
  };
  try {
    const server = await read(String(processes.server));
    if (!server) return null;
    // A backend that exited moves its time to the postmaster's reaped children: counted there, or the
    // cluster's total would drop when connections close.
    const postmaster = await read(String(processes.postmaster));
    let postgres = (postmaster?.ms ?? 0) + (postmaster?.reapedMs ?? 0);
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const child = await read(pid);
      if (child?.ppid === processes.postmaster) postgres += child.ms;
    }
    const own = process.cpuUsage();
    return { server: server.ms, postgres, generator: (own.user + own.system) / 1000 };
  } catch {
    return null;
  }
}

async function countStored(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<{ count: string }>(
      "select count(*) from device_positions p join devices d on d.id = p.device_id where d.client_id like 'bench-%'",
    );
    return Number(result.rows[0]?.count ?? 0);
  });
}

const SOCKET_DEVICES = 5_000;
const SOCKET_DURATION_S = Number(process.env.INGEST_SOCKET_DURATION_S ?? 30);
/** Requests in flight at most: past it a tick's reports wait for the next, so an overloaded server shows as a lower rate. */
const SOCKET_MAX_IN_FLIGHT = 256;
const SOCKET_GOAL_P95_MS = 1_000;
const TICK_MS = 20;
/** Reports run this long before the browser measures (ms). */
const SOCKET_WARM_UP_MS = 3_000;

/**
 * Every device reports once a second (spread over the second in 20 ms ticks) through the OsmAnd
 * query form, to the nodes in turn, while a socket.io client signed in to the organization listens
 * on the first node. A position's delay runs from its request being sent to the push naming that
 * device with that fix time reaching the client.
 */
async function measureSocketPush(
  listenUrl: string,
  postUrls: string[],
  cookie: string,
  idOf: Map<string, number>,
  topology: string,
  probe: { browser: BrowserProbe; postUrl: string },
): Promise<SocketPushFigures> {
  const clientIds = [...idOf.keys()];
  const socket = io(listenUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  socket.on(REALTIME_EVENTS.deviceLocation, (locations: DeviceLocationEvent[]) => {
    const now = performance.now();
    for (const location of locations) {
      const key = `${location.deviceId}@${Date.parse(location.timestamp)}`;
      const sent = sentAt.get(key);
      if (sent === undefined) continue;
      sentAt.delete(key);
      delays.push(now - sent);
    }
  });
  const agents = postUrls.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const bases = postUrls.map((url) => new URL(url));
  let inFlight = 0;
  let answered = 0;
  let device = 0;
  const firstMs = Date.now() - 60_000;
  const started = performance.now();
  const perTick = Math.ceil((clientIds.length * TICK_MS) / 1000);
  let tick = 0;
  // The browser measures once the fleet's reports have reached their pace.
  const browser = new Promise<void>((resolve) => setTimeout(resolve, SOCKET_WARM_UP_MS)).then(() =>
    probe.browser.measure(probe.postUrl, SOCKET_DURATION_S * 1000 - SOCKET_WARM_UP_MS),
  );
  while (performance.now() - started < SOCKET_DURATION_S * 1000) {
    for (let sent = 0; sent < perTick && inFlight < SOCKET_MAX_IN_FLIGHT; sent += 1) {
      const index = device++ % clientIds.length;
      const clientId = clientIds[index] as string;
      // One fix a second per device, each a new second from a minute ago: never in the future.
      const timestamp = firstMs + Math.floor((device - 1) / clientIds.length) * 1000;
      const target = index % bases.length;
      const base = bases[target] as URL;
      const query = `id=${clientId}&lat=${(41 + index / 10_000).toFixed(6)}&lon=-93.5&timestamp=${timestamp}&speed=20&bearing=90&accuracy=8`;
      const deviceId = idOf.get(clientId);
      if (deviceId !== undefined) sentAt.set(`${deviceId}@${timestamp}`, performance.now());
      inFlight += 1;
      const request = http.request(
        { host: base.hostname, port: base.port, method: 'POST', path: `/api/osmand?${query}`, agent: agents[target] },
        (response) => {
          response.resume();
          response.on('end', () => {
            inFlight -= 1;
            if ((response.statusCode ?? 0) < 300) answered += 1;
          });
        },
      );
      request.on('error', () => {
        inFlight -= 1;
      });
      request.end();
    }
    tick += 1;
    const wait = started + tick * TICK_MS - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
  const elapsedS = (performance.now() - started) / 1000;
  const browserFigures = await browser;
  // The last pushes: one push interval and the last answers.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  socket.close();
  for (const agent of agents) agent.destroy();
  const p95 = roundMs(percentile(delays, 0.95));
  return {
    durationS: Math.round(elapsedS),
    devices: clientIds.length,
    positionsPerSecond: Math.round(answered / elapsedS),
    answered2xx: answered,
    pushedSeen: delays.length,
    p50Ms: roundMs(percentile(delays, 0.5)),
    p95Ms: { value: p95, goal: SOCKET_GOAL_P95_MS, met: delays.length > 0 && p95 <= SOCKET_GOAL_P95_MS },
    // A loop, not Math.max(...delays): a spread of 100,000 numbers overflows the call stack.
    maxMs: roundMs(delays.reduce((longest, delay) => Math.max(longest, delay), 0)),
    topology: `${topology}: OsmAnd query form, ${postUrls.length === 1 ? 'positions and the client on one node' : 'positions to both nodes in turn, the client on the first'}`,
    browser: browserFigures,
  };
}

/** Registers the socket bench's devices (fresh ones per topology: their fixes must move each latest position) and answers their ids. */
async function liveDevices(databaseUrl: string, prefix: string): Promise<Map<string, number>> {
  const clientIds = await registerDevices(databaseUrl, prefix, SOCKET_DEVICES);
  return withClient(databaseUrl, async (client) => {
    const rows = await client.query<{ id: number; client_id: string }>(
      'select id, client_id from devices where client_id = any($1::text[])',
      [clientIds],
    );
    return new Map(rows.rows.map((row) => [row.client_id, row.id]));
  });
}
