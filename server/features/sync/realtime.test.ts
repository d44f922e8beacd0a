import { rm } from 'node:fs/promises';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '#core/contract/company';
import { inputFromOrder, type Order } from '#core/contract/orders';
import {
  type CompanyChangedEvent,
  type DeviceLocationEvent,
  type MirrorChangedEvent,
  type OrderChangedEvent,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type StopChangedEvent,
} from '#core/contract/realtime';
import { type RunningPostgres, startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { type RunningServer, startServerProcess, stopServerProcess, tempDir } from '#test/server/server-process';

/**
 * Two real server processes on one PostgreSQL: a load saved through node A pokes the browsers
 * connected to node B (the Postgres adapter relays the emit through LISTEN/NOTIFY), and only
 * those of the organizations that see the load.
 */

const PASSWORD = 'Demo-pass1';

let postgres: RunningPostgres;
let postgresDir: string;
let dataDir: string;
let nodeA: RunningServer;
let nodeB: RunningServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  postgresDir = await tempDir('dispatch-realtime-pg-');
  dataDir = await tempDir('dispatch-realtime-unused-');
  postgres = await startEmbeddedPostgres({ dataDir: postgresDir });
  const admin = new pg.Client(postgres.connectionString());
  await admin.connect();
  await admin.query('create database dispatch_realtime');
  await admin.end();
  const env = { DATABASE_URL: postgres.connectionString('dispatch_realtime'), DATA_DIR: dataDir, DEMO: 'true' };
  // A migrates and seeds; B starts once that is done.
  nodeA = await startServerProcess(env);
  nodeB = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  // Sockets stay open: SIGTERM must still stop each node cleanly (socket.io closes before the HTTP server).
  const codes = await Promise.all([nodeA, nodeB].filter(Boolean).map((node) => stopServerProcess(node)));
  for (const socket of sockets) socket.disconnect();
  await postgres?.stop();
  await rm(postgresDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
  expect(codes, `${nodeA.output()}\n---\n${nodeB.output()}`).toEqual([0, 0]);
}, 60_000);

async function signIn(url: string, username: string) {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A socket.io client as a browser on that node would open it; resolves once connected, rejects with the refusal. */
function connect(url: string, cookie?: string, headers: Record<string, string> = {}): Promise<Socket> {
  const socket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { ...headers, ...(cookie ? { cookie } : {}) },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Every `orders:update` the socket receives from now on. */
function recordOrderChanges(socket: Socket) {
  const received: OrderChangedEvent[] = [];
  socket.on(REALTIME_EVENTS.orderChanged, (event: OrderChangedEvent) => received.push(event));
  return received;
}

async function waitFor<T>(find: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The load's editable fields and its version: what the edit form sends back unchanged. */
function editBody(load: Order) {
  return { ...inputFromOrder(load), version: load.version };
}

async function saveUnchanged(url: string, cookie: string, load: Order): Promise<Order> {
  const response = await fetch(`${url}/api/orders/${load.id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(editBody(load)),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

describe('realtime across two server nodes', () => {
  it('refuses a socket without a valid session cookie', async () => {
    await expect(connect(nodeB.url)).rejects.toThrow('unauthenticated');
    await expect(connect(nodeB.url, 'dispatch_session=not-a-session')).rejects.toThrow('unauthenticated');
  });

  it('refuses a handshake from another site’s page, even with a valid cookie', async () => {
    const cookie = await signIn(nodeB.url, 'dispatcher');
    await expect(connect(nodeB.url, cookie, { origin: 'https://evil.example' })).rejects.toThrow();
    const sameOrigin = await connect(nodeB.url, cookie, { origin: nodeB.url });
    expect(sameOrigin.connected).toBe(true);
  });

  it('pokes the owner’s sockets on the other node with the saved version, and not the carrier’s', async () => {
    const dispatcherSocket = await connect(nodeB.url, await signIn(nodeB.url, 'dispatcher'));
    const carrierSocket = await connect(nodeB.url, await signIn(nodeB.url, 'carrier'));
    const dispatcherReceived = recordOrderChanges(dispatcherSocket);
    const carrierReceived = recordOrderChanges(carrierSocket);

    const cookieA = await signIn(nodeA.url, 'dispatcher');
    const drafts = await getJson<Order[]>(`${nodeA.url}/api/self/drafts`, cookieA);
    const draft = drafts.find((load) => load.transportingOrganizationId === load.owningOrganizationId);
    if (!draft) throw new Error('the demo seed has no Prairie Feed draft');
    const saved = await saveUnchanged(nodeA.url, cookieA, draft);
    expect(saved.version).toBe(draft.version + 1);

    const poke = await waitFor(() => dispatcherReceived.find((event) => event.id === draft.id), 2000);
    expect(poke).toEqual({ id: draft.id, version: saved.version });

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(carrierReceived.filter((event) => event.id === draft.id)).toEqual([]);
  });

  it('pokes the carrier’s sockets for a load Swift Haul transports', async () => {
    const carrierSocket = await connect(nodeB.url, await signIn(nodeB.url, 'carrier'));
    const carrierReceived = recordOrderChanges(carrierSocket);

    const cookieA = await signIn(nodeA.url, 'dispatcher');
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const range = `startDate=${new Date(now - 30 * day).toISOString()}&endDate=${new Date(now + 30 * day).toISOString()}`;
    const loads = await getJson<Order[]>(`${nodeA.url}/api/self/orders?${range}`, cookieA);
    const carried = loads.find(
      (load) => load.transportingOrganizationId !== load.owningOrganizationId && load.transportedByUserId === null,
    );
    if (!carried) throw new Error('the demo seed has no load given to Swift Haul without a driver');
    const saved = await saveUnchanged(nodeA.url, cookieA, carried);

    const poke = await waitFor(() => carrierReceived.find((event) => event.id === carried.id), 2000);
    expect(poke).toEqual({ id: carried.id, version: saved.version });
  });

  it('pokes the organization’s sockets on the other node when master data changes, and not another organization’s', async () => {
    const dispatcherSocket = await connect(nodeB.url, await signIn(nodeB.url, 'dispatcher'));
    const carrierSocket = await connect(nodeB.url, await signIn(nodeB.url, 'carrier'));
    const dispatcherReceived: MirrorChangedEvent[] = [];
    const carrierReceived: MirrorChangedEvent[] = [];
    dispatcherSocket.on(REALTIME_EVENTS.mirrorChanged, (event: MirrorChangedEvent) => dispatcherReceived.push(event));
    carrierSocket.on(REALTIME_EVENTS.mirrorChanged, (event: MirrorChangedEvent) => carrierReceived.push(event));

    const cookieA = await signIn(nodeA.url, 'admin');
    const { activeOrganizationId } = await getJson<{ activeOrganizationId: number }>(`${nodeA.url}/api/self`, cookieA);
    const response = await fetch(`${nodeA.url}/api/organizations/${activeOrganizationId}/customers`, {
      method: 'POST',
      headers: { cookie: cookieA, 'content-type': 'application/json' },
      body: JSON.stringify({ customerName: 'Realtime Farms' }),
    });
    expect(response.status).toBe(201);

    const poke = await waitFor(() => dispatcherReceived[0], 2000);
    expect(poke).toEqual({ entities: ['customer'] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(carrierReceived).toEqual([]);
  });

  it('pokes the organization’s sockets on the other node when its company settings are saved, and not another organization’s', async () => {
    const dispatcherSocket = await connect(nodeB.url, await signIn(nodeB.url, 'dispatcher'));
    const carrierSocket = await connect(nodeB.url, await signIn(nodeB.url, 'carrier'));
    const dispatcherReceived: CompanyChangedEvent[] = [];
    const carrierReceived: CompanyChangedEvent[] = [];
    dispatcherSocket.on(REALTIME_EVENTS.companyChanged, (event: CompanyChangedEvent) => dispatcherReceived.push(event));
    carrierSocket.on(REALTIME_EVENTS.companyChanged, (event: CompanyChangedEvent) => carrierReceived.push(event));

    const cookieA = await signIn(nodeA.url, 'admin');
    const { activeOrganizationId } = await getJson<{ activeOrganizationId: number }>(`${nodeA.url}/api/self`, cookieA);
    const {
      id: _id,
      tier: _tier,
      isCarrier: _isCarrier,
      ...company
    } = await getJson<Company>(`${nodeA.url}/api/organizations/${activeOrganizationId}`, cookieA);
    const response = await fetch(`${nodeA.url}/api/organizations/${activeOrganizationId}`, {
      method: 'PUT',
      headers: { cookie: cookieA, 'content-type': 'application/json' },
      body: JSON.stringify({ ...company, etaThresholdMinutes: 40 }),
    });
    expect(response.status).toBe(200);

    const poke = await waitFor(() => dispatcherReceived[0], 2000);
    expect(poke).toEqual({ id: activeOrganizationId, version: company.version + 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(carrierReceived).toEqual([]);
  });

  it('announces each stop a manual completion on one node completes to the owner’s sockets on the other', async () => {
    const socket = await connect(nodeB.url, await signIn(nodeB.url, 'dispatcher'));
    const stopEvents: StopChangedEvent[] = [];
    socket.on(REALTIME_EVENTS.stopChanged, (event: StopChangedEvent) => stopEvents.push(event));

    const cookieA = await signIn(nodeA.url, 'dispatcher');
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const range = `startDate=${new Date(now - 30 * day).toISOString()}&endDate=${new Date(now + 30 * day).toISOString()}`;
    const loads = await getJson<Order[]>(`${nodeA.url}/api/self/orders?${range}`, cookieA);
    const open = loads.find(
      (load) => load.status === 'Open' && load.transportingOrganizationId === load.owningOrganizationId && load.stops.length > 0,
    );
    if (!open) throw new Error('the demo seed has no Open Prairie Feed load');
    const response = await fetch(`${nodeA.url}/api/orders/complete`, {
      method: 'PUT',
      headers: { cookie: cookieA, 'content-type': 'application/json' },
      body: JSON.stringify([{ id: open.id, stops: [] }]),
    });
    expect(response.status).toBe(200);

    // Each event names who completed it, so that user's own tables do not mark it as someone else's change.
    const expected = open.stops.map((stop) =>
      expect.objectContaining({ orderId: open.id, stopId: stop.id, changedByUserId: expect.any(Number) }),
    );
    await waitFor(() => (stopEvents.length >= expected.length ? true : undefined), 2000);
    expect(stopEvents.filter((event) => event.orderId === open.id)).toEqual(expect.arrayContaining(expected));
  });
  it('pushes a device position posted to one node to the organization’s sockets on the other, and not another organization’s', async () => {
    const dispatcherSocket = await connect(nodeB.url, await signIn(nodeB.url, 'dispatcher'));
    const carrierSocket = await connect(nodeB.url, await signIn(nodeB.url, 'carrier'));
    const dispatcherReceived: DeviceLocationEvent[] = [];
    const carrierReceived: DeviceLocationEvent[] = [];
    // One array per organization and push interval: the ingest coalesces the positions that moved.
    dispatcherSocket.on(REALTIME_EVENTS.deviceLocation, (events: DeviceLocationEvent[]) => dispatcherReceived.push(...events));
    carrierSocket.on(REALTIME_EVENTS.deviceLocation, (events: DeviceLocationEvent[]) => carrierReceived.push(...events));

    const cookieA = await signIn(nodeA.url, 'admin');
    const { activeOrganizationId } = await getJson<{ activeOrganizationId: number }>(`${nodeA.url}/api/self`, cookieA);
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${nodeA.url}/api${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const device = await post(
      `/organizations/${activeOrganizationId}/devices`,
      { clientId: 'realtime-trailer', name: 'Realtime hopper', kind: 'trailer' },
      { cookie: cookieA },
    );
    expect(device.status).toBe(201);
    const { id: deviceId } = (await device.json()) as { id: number };
    const account = await post(
      `/organizations/${activeOrganizationId}/service-users`,
      { name: 'Realtime gateway', scopes: ['positions:write'] },
      { cookie: cookieA },
    );
    const { secret } = (await account.json()) as { secret: string };
    const timestamp = new Date().toISOString();
    const posted = await post(
      '/devices/positions',
      [{ clientId: 'realtime-trailer', latitude: 41.6, longitude: -93.6, heading: 45, speed: 10, accuracy: 4, timestamp }],
      { authorization: `Bearer ${secret}` },
    );
    expect(posted.status).toBe(200);

    const pushed = await waitFor(() => dispatcherReceived.find((event) => event.deviceId === deviceId), 2000);
    expect(pushed).toMatchObject({ deviceId, deviceType: 'trailer', latitude: 41.6, longitude: -93.6, heading: 45 });
    expect(Date.parse(pushed?.timestamp ?? '')).toBe(Date.parse(timestamp));

    // The phone app's own protocol, which names the device by its identifier alone, reaches node B the same way.
    const later = Math.floor(Date.now() / 1000) + 1;
    const osmand = await fetch(`${nodeA.url}/api/osmand?id=realtime-trailer&lat=41.7&lon=-93.5&timestamp=${later}&bearing=90`, {
      method: 'POST',
    });
    expect(osmand.status).toBe(200);
    const moved = await waitFor(() => dispatcherReceived.find((event) => event.latitude === 41.7), 2000);
    expect(moved).toMatchObject({ deviceId, longitude: -93.5, heading: 90 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(carrierReceived).toEqual([]);
  });
});
