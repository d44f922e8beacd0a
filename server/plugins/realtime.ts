import fastifyCookie from '@fastify/cookie';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Server } from 'socket.io';
import { ERROR_CODES } from '#core/contract/errors';
import {
  type CompanyChangedEvent,
  type DeviceLocationEvent,
  type MirrorChangedEvent,
  type OrderChangedEvent,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type RealtimeEvents,
  type StopChangedEvent,
} from '#core/contract/realtime';
import type { Database } from '#server/db/database';
import { loadAuthContext, SESSION_COOKIE } from './auth.ts';
import { isForeignOrigin, requestedHost } from './origin-check.ts';

/** How services announce committed changes to the browsers of the organizations that see them. */
export interface RealtimePublisher {
  publishOrderChange(organizationIds: number[], order: OrderChangedEvent): void;
  publishStopChange(organizationIds: number[], stop: StopChangedEvent): void;
  /** The organization's latest positions that moved, as one array (the ingest coalesces them every few hundred ms). */
  publishDeviceLocations(organizationId: number, locations: DeviceLocationEvent[]): void;
  publishMirrorChange(organizationIds: number[], change: MirrorChangedEvent): void;
  publishCompanyChange(company: CompanyChangedEvent): void;
  /** True only while this node knows that no other node shares its database (its adapter counted one). */
  isOnlyNode(): boolean;
}

/**
 * The publisher when realtime is not attached (API tests that inject into buildApp): publishing does
 * nothing. Frozen: an app uses its own copy (`silentRealtime()`), so a spy on one app's publisher never
 * sees another app's publishing in the same process.
 */
export const realtimeOff: RealtimePublisher = Object.freeze({
  publishOrderChange: () => {},
  publishStopChange: () => {},
  publishDeviceLocations: () => {},
  publishMirrorChange: () => {},
  publishCompanyChange: () => {},
  // Not attached, so not knowing: whatever must hold across nodes is done as if there were others.
  isOnlyNode: () => false,
});

/** A publisher of one app's own that does nothing. */
export function silentRealtime(): RealtimePublisher {
  return { ...realtimeOff };
}

interface SocketData {
  userId: number;
  organizationId: number;
}

const organizationRoom = (organizationId: number) => `org:${organizationId}`;

/** How often a node asks its adapter whether other nodes are listening (ms). */
const NODES_CHECK_MS = 1_000;

/**
 * Attaches socket.io to the app's HTTP server at /socket.io (same origin, no CORS). A socket is
 * accepted only with a valid `dispatch_session` cookie and joins its active organization's room
 * `org:<id>`; the Postgres adapter relays every emit through LISTEN/NOTIFY, so a change written on
 * one node reaches the sockets held by every other node. Closed by `app.close()`.
 *
 * A socket keeps the room it joined: after a company switch or a sign-out the browser reconnects.
 * Events carry ids and versions only, and reading the rows still needs a valid session.
 */
export function registerRealtime(
  app: FastifyInstance,
  options: {
    db: Database;
    pool: pg.Pool;
    publicUrl: string | undefined;
    /** Whether a peer is a proxy whose X-Forwarded-Host counts (`proxyTrust`). */
    trustsProxy: (peerAddress: string | undefined) => boolean;
  },
): RealtimePublisher {
  const io = new Server<Record<string, never>, RealtimeEvents, Record<string, never>, SocketData>(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    adapter: createAdapter(options.pool, {
      errorHandler: (error) => app.log.warn({ err: error }, 'realtime: PostgreSQL adapter error'),
    }),
    // Cross-site WebSocket hijacking: the handshake is a GET, so the HTTP origin check does not see it.
    allowRequest: (request, callback) =>
      callback(null, !isForeignOrigin(request.headers, requestedHost(request, options.trustsProxy), options.publicUrl)),
  });

  io.use(async (socket, next) => {
    try {
      const cookies = fastifyCookie.parse(socket.request.headers.cookie ?? '');
      const token = cookies[SESSION_COOKIE];
      const auth = token ? await loadAuthContext(options.db, token) : null;
      if (!auth) return next(new Error(ERROR_CODES.unauthenticated));
      socket.data = { userId: auth.userId, organizationId: auth.organizationId };
      next();
    } catch (error) {
      app.log.error({ err: error }, 'realtime: session lookup failed');
      next(new Error(ERROR_CODES.internal));
    }
  });

  io.on('connection', (socket) => {
    void socket.join(organizationRoom(socket.data.organizationId));
  });

  // preClose runs before the HTTP server stops: open sockets would otherwise keep it from closing.
  app.addHook('preClose', async () => {
    await io.close();
  });

  /**
   * Whether other nodes listen (the adapter hears their heartbeats), asked every NODES_CHECK_MS; until
   * the first answer, assumed. The positions stream reads it: a lone node would otherwise write
   * every push of a fleet (hundreds of KB, ten times a second) into PostgreSQL for no reader, and a
   * node that joins gets the next push, 100 ms later. Changes of rows are published always. Live
   * tracking reads it too (`isOnlyNode`): a lone node saves derived state at checkpoints.
   */
  let otherNodes = true;
  const nodesCheck = setInterval(() => {
    io.of('/')
      .adapter.serverCount()
      .then((count) => {
        otherNodes = count > 1;
      })
      .catch(() => {
        otherNodes = true;
      });
  }, NODES_CHECK_MS);
  nodesCheck.unref();
  app.addHook('onClose', async () => clearInterval(nodesCheck));

  /** An emit must never fail the committed write that caused it; with no room it would reach everyone. */
  function emitTo<E extends keyof RealtimeEvents>(
    organizationIds: number[],
    event: E,
    payload: Parameters<RealtimeEvents[E]>,
    reach: 'everyNode' | 'nodesListening' = 'everyNode',
  ) {
    const rooms = [...new Set(organizationIds)].map(organizationRoom);
    if (!rooms.length) return;
    try {
      (reach === 'nodesListening' && !otherNodes ? io.local : io).to(rooms).emit(event, ...payload);
    } catch (error) {
      app.log.warn({ err: error, event }, 'realtime: emit failed');
    }
  }

  return {
    publishOrderChange: (organizationIds, order) =>
      emitTo(organizationIds, REALTIME_EVENTS.orderChanged, [{ id: order.id, version: order.version }]),
    publishStopChange: (organizationIds, stop) =>
      emitTo(organizationIds, REALTIME_EVENTS.stopChanged, [
        { orderId: stop.orderId, stopId: stop.stopId, changedByUserId: stop.changedByUserId },
      ]),
    publishDeviceLocations: (organizationId, locations) =>
      locations.length ? emitTo([organizationId], REALTIME_EVENTS.deviceLocation, [locations], 'nodesListening') : undefined,
    publishMirrorChange: (organizationIds, change) => emitTo(organizationIds, REALTIME_EVENTS.mirrorChanged, [change]),
    publishCompanyChange: (company) => emitTo([company.id], REALTIME_EVENTS.companyChanged, [company]),
    isOnlyNode: () => !otherNodes,
  };
}
