import http from 'node:http';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { embeddedConnectionString } from '#server/db/embedded-postgres';
import { type BenchServer, createDataDir, freePort, startServer, stopServer } from './server-process.ts';
import { percentile, roundMs } from './stats.ts';
import { withClient } from './sync-database.ts';

const DURATION_S = Number(process.env.INGEST_DURATION_S ?? 60);
/** Simulated phones, registered to Prairie Feed; each reports about twice a second at the goal rate. */
const DEVICES = 4_000;
/** Requests in flight at once, each on its own keep-alive connection (a fleet's phones post concurrently). */
const CONNECTIONS = Number(process.env.INGEST_CONNECTIONS ?? 96);
const GOALS = { positionsPerSecond: 8_000, p99Ms: 50, lost: 0 };

type Log = (message: string) => void;

export interface IngestFigures {
  durationS: number;
  devices: number;
  connections: number;
  protocol: string;
  sent: number;
  answered2xx: number;
  errors: number;
  stored: number;
  /** Positions answered 2xx per second, over the whole run. */
  positionsPerSecond: { value: number; goal: number; met: boolean };
  p50Ms: number;
  p99Ms: { value: number; goal: number; met: boolean };
  /** Answered 2xx but not in device_positions. */
  lost: { value: number; goal: number; met: boolean };
  note: string;
}

/**
 * Issue 21's ingest figure: one server node on its embedded database, `CONNECTIONS` keep-alive
 * connections posting one position per request in the Traccar Client form (`POST /api/osmand?id=…`)
 * for `DURATION_S` seconds, each phone's fixes a fifth of a second apart. Afterwards the stored
 * fixes are counted: every fix answered 2xx must be in device_positions.
 */
export async function measureIngest(repoRoot: string, log: Log): Promise<IngestFigures> {
  const dataDir = await createDataDir();
  let server: BenchServer | null = null;
  try {
    log('ingest: a server on its own embedded database');
    server = await startServer(repoRoot, dataDir, await freePort());
    const pid = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    const databaseUrl = embeddedConnectionString(Number(pid.split('\n')[3]));
    const clientIds = await registerDevices(databaseUrl);
    log(`ingest: ${DURATION_S} s, ${CONNECTIONS} connections, ${DEVICES} devices`);
    return await run(new URL(server.baseUrl), databaseUrl, clientIds);
  } finally {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function registerDevices(databaseUrl: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const organization = await client.query<{ id: number }>("select id from organizations where name = 'Prairie Feed Co.'");
    const organizationId = organization.rows[0]?.id;
    if (!organizationId) throw new Error('the demo seed has no Prairie Feed Co.');
    const clientIds = Array.from({ length: DEVICES }, (_, index) => `bench-${String(index).padStart(5, '0')}`);
    await client.query(
      `insert into devices (organization_id, client_id, name, kind)
       select $1, client_id, client_id, 'phone' from unnest($2::text[]) as client_id`,
      [organizationId, clientIds],
    );
    return clientIds;
  });
}

async function run(base: URL, databaseUrl: string, clientIds: string[]): Promise<IngestFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const startedAt = Date.now();
  // Fix times start an hour back and step 200 ms per fix of the device: never in the future, never repeated.
  const firstFixMs = startedAt - 3600_000;
  const sentPerDevice = new Uint32Array(clientIds.length);
  const latencies: number[] = [];
  let sent = 0;
  let answered = 0;
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + DURATION_S * 1000;

  const post = (pathAndQuery: string) =>
    new Promise<number>((resolve) => {
      const request = http.request(
        { host: base.hostname, port: base.port, method: 'POST', path: pathAndQuery, agent, headers: { 'content-length': 0 } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', () => resolve(0));
      request.end();
    });

  async function connection(offset: number) {
    while (performance.now() < deadline) {
      const device = (next++ + offset) % clientIds.length;
      const index = sentPerDevice[device] ?? 0;
      sentPerDevice[device] = index + 1;
      const timestamp = firstFixMs + index * 200;
      const latitude = (41 + (device % 100) / 100 + index / 100_000).toFixed(6);
      const longitude = (-93 - Math.floor(device / 100) / 100).toFixed(6);
      const query = `id=${clientIds[device]}&lat=${latitude}&lon=${longitude}&timestamp=${timestamp}&speed=30.5&bearing=${index % 360}&accuracy=8&batt=80`;
      const started = performance.now();
      sent += 1;
      const status = await post(`/api/osmand?${query}`);
      latencies.push(performance.now() - started);
      if (status >= 200 && status < 300) answered += 1;
      else errors += 1;
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, offset) => connection(offset)));
  const elapsedS = (Date.now() - startedAt) / 1000;
  agent.destroy();

  const stored = await withClient(databaseUrl, async (client) => {
    const result = await client.query<{ count: string }>(
      "select count(*) from device_positions p join devices d on d.id = p.device_id where d.client_id like 'bench-%'",
    );
    return Number(result.rows[0]?.count ?? 0);
  });
  const positionsPerSecond = Math.round(answered / elapsedS);
  const p99 = roundMs(percentile(latencies, 0.99));
  return {
    durationS: Math.round(elapsedS),
    devices: clientIds.length,
    connections: CONNECTIONS,
    protocol: 'OsmAnd query form, POST /api/osmand, one position per request',
    sent,
    answered2xx: answered,
    errors,
    stored,
    positionsPerSecond: {
      value: positionsPerSecond,
      goal: GOALS.positionsPerSecond,
      met: positionsPerSecond >= GOALS.positionsPerSecond,
    },
    p50Ms: roundMs(percentile(latencies, 0.5)),
    p99Ms: { value: p99, goal: GOALS.p99Ms, met: p99 <= GOALS.p99Ms },
    lost: { value: answered - stored, goal: GOALS.lost, met: answered - stored <= GOALS.lost },
    note: 'The load generator runs on the same 2 cores as the server and PostgreSQL; live-tracking derivation listeners are whatever this build registers.',
  };
}
