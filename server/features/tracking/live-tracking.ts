import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { tierRank } from '#core/domain/access';
import { zoneApplies } from '#core/domain/avoidance-zones';
import { type CompanySettings, withDefaultSettings } from '#core/domain/company-settings';
import {
  type EtaBaseline,
  estimatedArrival,
  etaMoved,
  paceCorrectedSeconds,
  nextStop,
  type ProgressStop,
  progressStops,
  startTrip,
} from '#core/domain/tracking/stop-progress';
import {
  type ResumedTrip,
  type StandingState,
  trackStanding,
  type UnscheduledStop,
} from '#core/domain/tracking/unscheduled-stops';
import {
  advanceVisits,
  EXIT_MARGIN_METERS,
  emptyVisitState,
  type FencesNear,
  MOVING_SPEED,
  metersOutside,
  type TrackFix,
  type VisitEvent,
  type VisitState,
} from '#core/domain/tracking/visits';
import type { Database, Transaction } from '#server/db/database';
import { changeLog, devicePositions, locations, orders, organizations, stops, subLocations, tripEvents } from '#server/db/schema';
import { avoidanceZones } from '#server/features/avoidance-zones/avoidance-zones.schema';
import type { KnownDevice, LoadLinker, StoredFix } from '#server/features/device-positions/device-positions.service';
import type { StoredFixBatch } from '#server/features/device-positions/position-ingest';
import { organizationsSeeing } from '#server/features/orders/orders.service';
import { recordChanges } from '#server/features/sync/change-log';
import type { RealtimePublisher } from '#server/plugins/realtime';
import type { Position, RoutingProvider } from '#server/providers/routing';
import { GeofenceIndex, type IndexedFence } from './geofence-index.ts';
import {
  announceLoadWrites,
  type LoadWrite,
  progressOf,
  stopStartedEvents,
  tripResumedEvents,
  writeStopProgress,
} from './trip-events.ts';
import { deviceTrackingStates } from './tracking.schema.ts';
import { fixTimesToRead, parseTrackingState, trackingStateJson, unpackTrackingState } from './tracking-state-json.ts';

/** How often a node asks the change log whether the organization's sites, zones or loads changed (ms). */
export const CHANGE_CHECK_MS = 1_000;
/** Settings are re-read this often (ms): they change rarely and are not in the change log. */
const SETTINGS_TTL_MS = 30_000;
/** The expected arrival is asked of the routing provider at most this often per device (ms). */
export const ETA_REFRESH_MS = 60_000;
/** Loads of today: an Assigned load dated this close to now is the one a device is on (ms). */
const TODAY_WINDOW_MS = 18 * 3_600_000;

/** What one device's tracking keeps between batches: its visits and when its ETA was last asked. */
interface DeviceTracking {
  visits: VisitState;
  etaAskedAt: number;
  /** The first estimate to the stop the device is heading for, which its pace is measured against. */
  etaBaseline?: EtaBaseline | null;
  /** Where the truck has stood since when: an unscheduled stop once long enough away from the load's sites. */
  standing?: StandingState | null;
  /** Times of recent fixes that are no row of device_positions (rate-limited): stored in the state in full. */
  fixTimesNotInHistory?: number[];
}

/** The times not in the position history that a recent step still holds (undefined when none, as in most states). */
function keptFixTimes(times: number[], visits: VisitState): number[] | undefined {
  if (!times.length) return undefined;
  const first = visits.recent?.steps[0]?.fix.time;
  const kept = first === undefined ? [] : times.filter((time) => time >= first);
  return kept.length ? kept : undefined;
}

const everyFixInHistory = () => true;

/** What a device's state is held as once saved over `version`. */
const heldSaved = (
  { state, version }: { state: DeviceTracking; version: number },
  organizationId: number,
  savedAt: number,
): HeldState => ({ state, version: version + 1, organizationId, savedAt, unsaved: false });

/** A stored fix as detection reads it. */
const trackFixOf = (fix: {
  recordedAt: Date;
  latitude: number;
  longitude: number;
  accuracy?: number | null;
  speed?: number | null;
}): TrackFix => ({
  time: fix.recordedAt.getTime(),
  latitude: fix.latitude,
  longitude: fix.longitude,
  accuracy: fix.accuracy ?? null,
  speed: fix.speed ?? null,
});

interface LoadRef {
  orderId: number;
  tractorId: number | null;
}

interface OrganizationCache {
  fences: GeofenceIndex;
  siteCentres: Map<number, Position>;
  settings: CompanySettings;
  /**
   * Whether its devices' fixes make stop progress, trip events and expected arrivals: not on Freemium,
   * which gets no live load data (spec 1 §6), so no load moves on fixes its organization cannot see.
   * Read with the settings (an upgrade counts within SETTINGS_TTL_MS).
   */
  derives: boolean;
  settingsReadAt: number;
  loadsByDriver: Map<number, LoadRef> | null;
  loadsByTrailer: Map<number, LoadRef> | null;
  /** The status of each load a device is on, so a moving truck on a started load costs no load query. */
  loadStatuses: Map<number, string>;
  cursor: { txid: number; seq: number };
  checkedAt: number;
}

/**
 * A lone node keeps a device's derived state in memory between checkpoints, so a truck driving
 * between sites costs no state write per fix: the state is saved with its batch when the batch makes
 * events or changes a load, at least this often otherwise (wall clock), and at once for every device
 * when another node shares the database or the server closes. A crash loses at most this much
 * detection progress per device, which its next fix bridges as it bridges any gap between two fixes;
 * so does a node joining, for a device it moves before this one hears of it (within a few seconds).
 * With other nodes, every batch is saved, over the version this node read.
 */
export const STATE_CHECKPOINT_MS = 10_000;

/**
 * A device's own checkpoint interval: STATE_CHECKPOINT_MS shortened by up to half, by a share fixed
 * by its id (golden-ratio steps spread consecutive ids evenly). A fleet that started reporting
 * together (a server start) otherwise checkpoints every state in the same second, every 10 s: with
 * 5,000 devices that burst was most of the ingest's slowest answers (bench `ingest`).
 */
export function checkpointIntervalMs(deviceId: number): number {
  return STATE_CHECKPOINT_MS * (1 - ((deviceId * 0.618_033_988_75) % 1) / 2);
}

/** A device's state as this node holds it. */
interface HeldState {
  state: DeviceTracking;
  /** The version stored, which the next save must find. */
  version: number;
  organizationId: number;
  savedAt: number;
  /** Moved on since it was saved (a lone node's state between checkpoints). */
  unsaved: boolean;
}

export interface LiveTracking {
  linkLoads: LoadLinker;
  onStored: (batch: StoredFixBatch) => Promise<void>;
  /** Saves every state held unsaved (the server closing). */
  saveHeldStates: () => Promise<void>;
  /** The organization's fences, settings and whether its devices make stop progress, as the fixes see them. */
  organization: (organizationId: number) => Promise<Pick<OrganizationCache, 'fences' | 'settings' | 'derives'>>;
}

export function createLiveTracking(
  db: Database,
  realtime: RealtimePublisher,
  routing: RoutingProvider,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  now: () => number = Date.now,
): LiveTracking {
  const organizationsHeld = new Map<number, OrganizationCache>();
  const tracked = new Map<number, HeldState>();
  /** The devices whose state moved on since it was saved, so a batch finds them without a scan. */
  const unsavedIds = new Set<number>();
  /** Into the entry held, when there is one: a fleet's entries live for good, and a new one per batch was old-space garbage. */
  const hold = (deviceId: number, held: HeldState) => {
    const entry = tracked.get(deviceId);
    if (entry) {
      entry.state = held.state;
      entry.version = held.version;
      entry.organizationId = held.organizationId;
      entry.savedAt = held.savedAt;
      entry.unsaved = held.unsaved;
    } else tracked.set(deviceId, held);
    if (held.unsaved) unsavedIds.add(deviceId);
    else unsavedIds.delete(deviceId);
  };
  const forget = (deviceId: number) => {
    tracked.delete(deviceId);
    unsavedIds.delete(deviceId);
  };

  async function readFences(organizationId: number) {
    const sites = await db
      .select({ id: locations.id, geofence: locations.geofence })
      .from(locations)
      .where(and(eq(locations.organizationId, organizationId), eq(locations.enabled, true)));
    const subs = sites.length
      ? await db
          .select({ id: subLocations.id, locationId: subLocations.locationId, geofence: subLocations.geofence })
          .from(subLocations)
          .where(
            inArray(
              subLocations.locationId,
              sites.map((site) => site.id),
            ),
          )
      : [];
    const zones = await db
      .select()
      .from(avoidanceZones)
      .where(
        and(
          or(eq(avoidanceZones.organizationId, organizationId), isNull(avoidanceZones.organizationId)),
          isNull(avoidanceZones.deactivatedAt),
        ),
      );
    const fences: IndexedFence[] = [
      ...sites.map((site) => ({
        id: `location:${site.id}`,
        shape: site.geofence,
        owner: { kind: 'location', locationId: site.id } as const,
      })),
      ...subs.flatMap((sub) =>
        sub.geofence
          ? [
              {
                id: `subLocation:${sub.id}`,
                shape: sub.geofence,
                owner: { kind: 'subLocation', locationId: sub.locationId, subLocationId: sub.id } as const,
              },
            ]
          : [],
      ),
      ...zones.map((zone) => ({
        id: `zone:${zone.id}`,
        shape: zone.geoLocation,
        entryOnCrossing: true,
        owner: {
          kind: 'zone',
          zoneId: zone.id,
          name: zone.name,
          weightThreshold: zone.weightThresholdGrams,
          cargoTypeIds: zone.cargoTypeIds,
        } as const,
      })),
    ];
    return {
      fences: new GeofenceIndex(fences),
      siteCentres: new Map(
        sites.map((site) => [site.id, { latitude: site.geofence.latitude, longitude: site.geofence.longitude }]),
      ),
    };
  }

  async function readSettings(organizationId: number) {
    const [row] = await db
      .select({ settings: organizations.settings, tier: organizations.tier })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return { settings: withDefaultSettings(row?.settings ?? {}), derives: tierRank(row?.tier) > tierRank('Freemium') };
  }

  /** The organization's fences, settings and current loads, checked against the change log at most once a second. */
  async function organizationOf(organizationId: number, now = Date.now()): Promise<OrganizationCache> {
    let held = organizationsHeld.get(organizationId);
    if (!held) {
      const [latest] = await db
        .select({ txid: changeLog.txid, seq: changeLog.seq })
        .from(changeLog)
        .where(eq(changeLog.organizationId, organizationId))
        .orderBy(desc(changeLog.txid), desc(changeLog.seq))
        .limit(1);
      held = {
        ...(await readFences(organizationId)),
        ...(await readSettings(organizationId)),
        settingsReadAt: now,
        loadsByDriver: null,
        loadsByTrailer: null,
        loadStatuses: new Map(),
        cursor: latest ?? { txid: 0, seq: 0 },
        checkedAt: now,
      };
      organizationsHeld.set(organizationId, held);
      return held;
    }
    if (now - held.checkedAt >= CHANGE_CHECK_MS) {
      held.checkedAt = now;
      const changed = await db
        .select({ entity: changeLog.entity, txid: sql<number>`max(${changeLog.txid})`, seq: sql<number>`max(${changeLog.seq})` })
        .from(changeLog)
        .where(
          and(
            eq(changeLog.organizationId, organizationId),
            gte(changeLog.txid, held.cursor.txid),
            sql`${changeLog.seq} > ${held.cursor.seq}`,
          ),
        )
        .groupBy(changeLog.entity);
      for (const row of changed) {
        held.cursor = {
          txid: Math.max(held.cursor.txid, Number(row.txid)),
          seq: Math.max(held.cursor.seq, Number(row.seq)),
        };
      }
      const entities = new Set(changed.map((row) => row.entity));
      if (entities.has('location') || entities.has('avoidanceZone')) Object.assign(held, await readFences(organizationId));
      if (entities.has('order')) {
        held.loadsByDriver = null;
        held.loadsByTrailer = null;
      }
    }
    if (now - held.settingsReadAt >= SETTINGS_TTL_MS) {
      Object.assign(held, await readSettings(organizationId));
      held.settingsReadAt = now;
    }
    return held;
  }

  /** Each driver's and trailer's load now: In Transit first, else the Assigned load dated nearest now (today). */
  async function currentLoads(organizationId: number, held: OrganizationCache) {
    if (held.loadsByDriver && held.loadsByTrailer) return { byDriver: held.loadsByDriver, byTrailer: held.loadsByTrailer };
    const now = Date.now();
    const rows = await db
      .select({
        id: orders.id,
        status: orders.status,
        date: orders.date,
        driverId: orders.transportedByUserId,
        tractorId: orders.tractorId,
        trailerId: orders.trailerId,
      })
      .from(orders)
      .where(
        and(
          eq(orders.transportingOrganizationId, organizationId),
          eq(orders.isDraft, false),
          or(
            eq(orders.status, 'In Transit'),
            and(
              eq(orders.status, 'Assigned'),
              gte(orders.date, new Date(now - TODAY_WINDOW_MS)),
              lte(orders.date, new Date(now + TODAY_WINDOW_MS)),
            ),
          ),
        ),
      )
      .orderBy(asc(orders.id));
    const rank = (row: (typeof rows)[number]) =>
      (row.status === 'In Transit' ? 0 : 1) * 1e15 + Math.abs(row.date.getTime() - now);
    const byDriver = new Map<number, LoadRef & { rank: number }>();
    const byTrailer = new Map<number, LoadRef & { rank: number }>();
    held.loadStatuses = new Map(rows.map((row) => [row.id, row.status]));
    for (const row of rows) {
      const ref = { orderId: row.id, tractorId: row.tractorId, rank: rank(row) };
      for (const [map, key] of [
        [byDriver, row.driverId],
        [byTrailer, row.trailerId],
      ] as const) {
        if (key === null) continue;
        const held = map.get(key);
        if (!held || ref.rank < held.rank) map.set(key, ref);
      }
    }
    held.loadsByDriver = byDriver;
    held.loadsByTrailer = byTrailer;
    return { byDriver, byTrailer };
  }

  const linkLoads: LoadLinker = async (organizationId, known: readonly KnownDevice[]) => {
    const held = await organizationOf(organizationId);
    const { byDriver, byTrailer } = await currentLoads(organizationId, held);
    const links = new Map<number, LoadRef>();
    for (const device of known) {
      const ref =
        device.kind === 'phone'
          ? device.driverUserId === null
            ? undefined
            : byDriver.get(device.driverUserId)
          : device.trailerId === null
            ? undefined
            : byTrailer.get(device.trailerId);
      if (ref) links.set(device.id, { orderId: ref.orderId, tractorId: ref.tractorId });
    }
    return links;
  };

  async function statesOf(deviceIds: number[]) {
    const missing = deviceIds.filter((id) => !tracked.has(id));
    if (missing.length) {
      const rows = await db
        .select()
        .from(deviceTrackingStates)
        .where(sql`${deviceTrackingStates.deviceId} = any(${sql.param(missing)}::int[])`);
      const stored = rows.map((row) => ({ row, parsed: parseTrackingState<DeviceTracking>(row.state) }));
      const fixes = await historyFixes(
        stored.flatMap(({ row, parsed }) => fixTimesToRead(parsed).map((time) => ({ deviceId: row.deviceId, time }))),
      );
      for (const { row, parsed } of stored) {
        const state = unpackTrackingState(parsed, (time) => fixes.get(`${row.deviceId}@${time}`));
        hold(row.deviceId, {
          state,
          version: row.version,
          organizationId: row.organizationId,
          savedAt: now(),
          unsaved: false,
        });
      }
    }
    return new Map(
      deviceIds.map((id) => [
        id,
        tracked.get(id) ?? { state: { visits: emptyVisitState(), etaAskedAt: 0 }, version: 0, savedAt: 0, unsaved: false },
      ]),
    );
  }

  /** The recent fixes a stored state names by time alone, read from device_positions (keyed `deviceId@time`). */
  async function historyFixes(wanted: { deviceId: number; time: number }[]): Promise<Map<string, TrackFix>> {
    if (!wanted.length) return new Map();
    const rows = await db
      .select({
        deviceId: devicePositions.deviceId,
        recordedAt: devicePositions.recordedAt,
        latitude: devicePositions.latitude,
        longitude: devicePositions.longitude,
        accuracy: devicePositions.accuracy,
        speed: devicePositions.speed,
      })
      .from(devicePositions)
      .where(
        sql`(${devicePositions.deviceId}, ${devicePositions.recordedAt}) in (select * from unnest(${sql.param(
          wanted.map((fix) => fix.deviceId),
        )}::int[], ${sql.param(wanted.map((fix) => new Date(fix.time).toISOString()))}::timestamptz[]))`,
      );
    return new Map(rows.map((row) => [`${row.deviceId}@${row.recordedAt.getTime()}`, trackFixOf(row)]));
  }

  /** Every trip event, stop and load change a device's visits make on its load, in the writer's transaction. */
  async function applyToLoad(
    tx: Transaction,
    held: OrganizationCache,
    orderId: number,
    fixes: StoredFix[],
    visits: VisitEvent[],
    standingStops: UnscheduledStop[],
    resumedTrips: ResumedTrip[] = [],
  ): Promise<LoadWrite | null> {
    const [load] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!load || load.status === 'Delivered' || load.status === 'Merged') return null;
    const stopRows = await tx.select().from(stops).where(eq(stops.orderId, orderId)).orderBy(asc(stops.sequence));
    const before: ProgressStop[] = progressOf(stopRows);
    const cargoTypeIds = [...new Set(stopRows.flatMap((row) => (row.cargoTypeId === null ? [] : [row.cargoTypeId])))];
    const last = fixes.at(-1) as StoredFix;
    const events: (typeof tripEvents.$inferInsert)[] = [];
    const loadBase = { organizationId: load.transportingOrganizationId, orderId, userId: last.userId ?? null };
    // The trip starts with the first moving fix (or the first visit): its first stop's StopStarted is dated there.
    const moving = fixes.find((fix) => (fix.speed ?? 0) >= MOVING_SPEED);
    const startedBy = moving ? { fix: moving, time: moving.recordedAt.getTime() } : visits[0];
    let progress = before;
    if (startedBy) {
      progress = startTrip(before);
      events.push(
        ...stopStartedEvents(before, progress, {
          ...loadBase,
          timestamp: new Date(startedBy.time),
          latitude: startedBy.fix.latitude,
          longitude: startedBy.fix.longitude,
          accuracy: startedBy.fix.accuracy ?? null,
        }),
      );
    }
    for (const visit of visits) {
      const fence = held.fences.byId(visit.fenceId);
      if (!fence) continue;
      const owner = fence.owner;
      const time = new Date(visit.time);
      const base = {
        organizationId: load.transportingOrganizationId,
        orderId,
        timestamp: time,
        latitude: visit.fix.latitude,
        longitude: visit.fix.longitude,
        accuracy: visit.fix.accuracy,
        userId: last.userId ?? null,
      };
      if (owner.kind === 'location') {
        const afterVisit = progressStops(
          progress,
          { type: visit.type, locationId: owner.locationId, time: time.toISOString() },
          held.settings,
        );
        const stopId =
          afterVisit.find((stop, index) => stop.status !== progress[index]?.status)?.id ??
          progress.find((stop) => stop.locationId === owner.locationId)?.id ??
          null;
        const started = stopStartedEvents(progress, afterVisit, base);
        progress = afterVisit;
        if (visit.type !== 'dwelled') {
          events.push({
            ...base,
            type: visit.type === 'arrived' ? 'SiteArrived' : 'SiteLeft',
            stopId,
            locationId: owner.locationId,
          });
        }
        events.push(...started);
      } else if (owner.kind === 'subLocation' && visit.type !== 'dwelled') {
        events.push({
          ...base,
          type: visit.type === 'arrived' ? 'SubLocationArrived' : 'SubLocationLeft',
          locationId: owner.locationId,
          metadata: { subLocationId: owner.subLocationId },
        });
      } else if (
        owner.kind === 'zone' &&
        visit.type === 'arrived' &&
        zoneApplies(
          { deactivatedAt: null, weightThreshold: owner.weightThreshold, cargoTypeIds: owner.cargoTypeIds },
          { grossWeightGrams: null, cargoTypeIds },
        )
      ) {
        events.push({ ...base, type: 'AvoidanceZoneEntered', metadata: { avoidanceZoneId: owner.zoneId, name: owner.name } });
      }
    }
    // Standing long on a started load away from each of its sites (within the exit margin): not a visit.
    const loadSites = stopRows.flatMap((row) => {
      const fence = row.locationId === null ? undefined : held.fences.byId(`location:${row.locationId}`);
      return fence ? [fence.shape] : [];
    });
    for (const stop of load.status === 'In Transit' ? standingStops : []) {
      if (loadSites.some((shape) => metersOutside(shape, stop) <= EXIT_MARGIN_METERS)) continue;
      events.push({
        organizationId: load.transportingOrganizationId,
        orderId,
        type: 'UnscheduledStop',
        timestamp: new Date(stop.since),
        latitude: stop.latitude,
        longitude: stop.longitude,
        accuracy: stop.accuracy,
        userId: last.userId ?? null,
      });
    }
    events.push(...(await tripResumedEvents(tx, loadBase, resumedTrips, events)));
    if (events.length) await tx.insert(tripEvents).values(events);
    return writeStopProgress(tx, load, before, progress);
  }

  /**
   * Every device's state in one statement, each only over the version this node read: the other node
   * may have moved it since. Answers the devices whose state was written. The rows go as one JSON
   * parameter, each state a JSON value in it (`json` keeps its text as written), so nothing is
   * escaped twice and the client serializes one parameter, not one per device.
   */
  async function saveStates(
    tx: Database | Transaction,
    organizationId: number,
    outcomes: readonly { deviceId: number; version: number; state: DeviceTracking }[],
  ): Promise<Set<number>> {
    const rows = outcomes.map((outcome) => {
      const notInHistory = outcome.state.fixTimesNotInHistory;
      // Nearly always none: every recent step is then a row of device_positions, with no lookup per step.
      const inHistory = notInHistory?.length ? (fix: TrackFix) => !notInHistory.includes(fix.time) : everyFixInHistory;
      return `{"device_id":${outcome.deviceId},"version":${outcome.version + 1},"state":${trackingStateJson(outcome.state, inHistory)}}`;
    });
    const saved = await tx.execute<{ device_id: number }>(sql`
      insert into ${deviceTrackingStates} (device_id, organization_id, state, version)
      select device_id, ${organizationId}::int, state::text, version
      from json_to_recordset(${`[${rows.join(',')}]`}::json) as incoming(device_id int, state json, version bigint)
      on conflict (device_id) do update set state = excluded.state, version = excluded.version, updated_at = now()
      where device_tracking_states.version = excluded.version - 1
      returning device_id`);
    return new Set(saved.rows.map((row) => Number(row.device_id)));
  }

  const announce = (writes: LoadWrite[]) => announceLoadWrites(realtime, writes);

  /**
   * The next stop's expected arrival from the device's latest fix: the routing provider's travel time,
   * asked at most once a minute, corrected by the truck's pace since the first estimate to that stop.
   */
  async function refreshEta(held: OrganizationCache, orderId: number, fix: StoredFix, tracking: DeviceTracking) {
    const fixTime = fix.recordedAt.getTime();
    if (fixTime - tracking.etaAskedAt < ETA_REFRESH_MS) return;
    tracking.etaAskedAt = fixTime;
    const [load] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (load?.status !== 'In Transit') return;
    const stopRows = await db.select().from(stops).where(eq(stops.orderId, orderId)).orderBy(asc(stops.sequence));
    const next = nextStop(
      stopRows.map((row) => ({
        ...row,
        completedAt: null,
        estimatedArrivalAt: row.estimatedArrivalAt?.toISOString() ?? null,
      })),
    );
    if (next?.status !== 'Enroute' || next.locationId === null) return;
    const centre = held.siteCentres.get(next.locationId);
    if (!centre) return;
    // Whole seconds (route() rounds to 5 minutes): the pace is measured on differences of these.
    const route = await routing.routeGeometry({
      points: [{ latitude: fix.latitude, longitude: fix.longitude }, centre],
      avoid: [],
    });
    if (tracking.etaBaseline?.stopId !== next.id) {
      tracking.etaBaseline = { stopId: next.id, askedAt: fixTime, travelSeconds: route.timeSeconds };
    }
    const eta = estimatedArrival(fixTime, paceCorrectedSeconds(tracking.etaBaseline, fixTime, route.timeSeconds));
    if (!etaMoved(next.estimatedArrivalAt, eta)) return;
    const organizationIds = organizationsSeeing(load);
    const version = await db.transaction(async (tx) => {
      await tx
        .update(stops)
        .set({ estimatedArrivalAt: new Date(eta), version: sql`${stops.version} + 1`, updatedAt: new Date() })
        .where(and(eq(stops.id, next.id), ne(stops.status, 'Complete')));
      // The load's version moves with its stops, so clients holding the older one read it again.
      const [saved] = await tx
        .update(orders)
        .set({ version: sql`${orders.version} + 1`, updatedAt: new Date() })
        .where(eq(orders.id, orderId))
        .returning({ version: orders.version });
      await recordChanges(tx, [{ entity: 'order', id: orderId, op: 'upsert', organizationIds }]);
      return saved?.version ?? load.version + 1;
    });
    // A load update only: the red row mark (orders:stops:update) is for progress, not for each new estimate.
    announce([{ orderId, version, organizationIds, stopIds: [] }]);
  }

  async function onStored(batch: StoredFixBatch, retry = true): Promise<void> {
    if (!batch.fixes.length) return;
    const held = await organizationOf(batch.organizationId);
    if (!held.derives) return;
    try {
      await derive(held, batch, retry);
    } catch (error) {
      // The states held moved on with these fixes in place and were not saved: the retry starts
      // from the states last saved, as after a crash (the fixes between bridged like any gap).
      for (const fix of batch.fixes) forget(fix.deviceId);
      throw error;
    }
  }

  async function derive(held: OrganizationCache, batch: StoredFixBatch, retry: boolean): Promise<void> {
    const byDevice = new Map<number, StoredFix[]>();
    for (const fix of batch.fixes) {
      const ofDevice = byDevice.get(fix.deviceId);
      if (ofDevice) ofDevice.push(fix);
      else byDevice.set(fix.deviceId, [fix]);
    }
    const states = await statesOf([...byDevice.keys()]);
    const fencesNear: FencesNear = (from, to, reach) => held.fences.near(from, to, reach);
    const outcomes = [...byDevice].map(([deviceId, fixes]) => {
      const held0 = states.get(deviceId) as Omit<HeldState, 'organizationId'>;
      // Moved on in place: see `advanceVisits`.
      const state = held0.state;
      let standing = state.standing ?? null;
      const events: VisitEvent[] = [];
      const standingStops: UnscheduledStop[] = [];
      const resumedTrips: ResumedTrip[] = [];
      let notInHistory = state.fixTimesNotInHistory ?? [];
      for (const fix of fixes) {
        const trackFix = trackFixOf(fix);
        if (!fix.inHistory) notInHistory = [...notInHistory, trackFix.time];
        for (const event of advanceVisits(state.visits, trackFix, fencesNear, held.settings)) events.push(event);
        const stood = trackStanding(standing, trackFix, held.settings);
        standing = stood.standing;
        if (stood.stop) standingStops.push(stood.stop);
        if (stood.resumed) resumedTrips.push(stood.resumed);
      }
      state.standing = standing;
      state.fixTimesNotInHistory = keptFixTimes(notInHistory, state.visits);
      return { deviceId, fixes, events, standingStops, resumedTrips, version: held0.version, savedAt: held0.savedAt, state };
    });

    // Moving on a load not started yet starts its trip; otherwise only visits change it.
    const loadOf = (outcome: (typeof outcomes)[number]) => {
      const orderId = outcome.fixes.at(-1)?.orderId;
      if (orderId === null || orderId === undefined) return null;
      const starts =
        held.loadStatuses.get(orderId) !== 'In Transit' && outcome.fixes.some((fix) => (fix.speed ?? 0) >= MOVING_SPEED);
      return outcome.events.length || starts || outcome.standingStops.length || outcome.resumedTrips.length ? orderId : null;
    };
    const time = now();
    const alone = realtime.isOnlyNode();
    const toSave = outcomes.filter(
      (outcome) =>
        !alone ||
        outcome.events.length > 0 ||
        loadOf(outcome) !== null ||
        time - outcome.savedAt >= checkpointIntervalMs(outcome.deviceId),
    );
    // Another node shares the database now: what this node held unsaved is saved with this batch.
    const inBatch = new Set(byDevice.keys());
    const heldUnsaved = alone
      ? []
      : [...unsavedIds].flatMap((deviceId) => {
          const held = tracked.get(deviceId);
          return held && held.organizationId === batch.organizationId && !inBatch.has(deviceId) ? [{ deviceId, ...held }] : [];
        });
    const write = async (tx: Database | Transaction) => {
      const saved = await saveStates(tx, batch.organizationId, [...toSave, ...heldUnsaved]);
      const writes: LoadWrite[] = [];
      for (const outcome of outcomes) {
        const orderId = loadOf(outcome);
        if (orderId === null || !saved.has(outcome.deviceId)) continue;
        const write = await applyToLoad(
          tx as Transaction,
          held,
          orderId,
          outcome.fixes,
          outcome.events,
          outcome.standingStops,
          outcome.resumedTrips,
        );
        if (write) writes.push(write);
      }
      return { written: writes, saved, lost: toSave.filter((outcome) => !saved.has(outcome.deviceId)) };
    };
    // Most batches only move states (trucks driving between sites): one statement, its own transaction.
    const { written, saved, lost } = outcomes.some((outcome) => loadOf(outcome) !== null)
      ? await db.transaction(write)
      : await write(db);
    const lostDevices = new Set(lost.map((outcome) => outcome.deviceId));
    const savedNow = new Set(toSave.map((outcome) => outcome.deviceId));
    for (const outcome of outcomes) {
      if (lostDevices.has(outcome.deviceId)) forget(outcome.deviceId);
      else if (savedNow.has(outcome.deviceId)) hold(outcome.deviceId, heldSaved(outcome, batch.organizationId, time));
      else {
        const { state, version, savedAt } = outcome;
        hold(outcome.deviceId, { state, version, organizationId: batch.organizationId, savedAt, unsaved: true });
      }
    }
    for (const held of heldUnsaved) {
      // Moved by the other node meanwhile: read again with the device's next fix.
      if (saved.has(held.deviceId)) hold(held.deviceId, heldSaved(held, held.organizationId, time));
      else forget(held.deviceId);
    }
    if (written.length) {
      held.loadsByDriver = null;
      held.loadsByTrailer = null;
    }
    announce(written);

    for (const outcome of outcomes) {
      if (lostDevices.has(outcome.deviceId)) continue;
      const last = outcome.fixes.at(-1);
      if (!last?.orderId) continue;
      try {
        await refreshEta(held, last.orderId, last, outcome.state);
      } catch (error) {
        log.warn({ err: error }, 'live tracking: expected arrival not refreshed');
      }
    }
    // The other node moved these devices' state first: read it and apply these fixes over it, once.
    if (lost.length && retry) {
      await onStored({ organizationId: batch.organizationId, fixes: lost.flatMap((outcome) => outcome.fixes) }, false);
    } else if (lost.length) {
      log.error({ devices: lost.map((outcome) => outcome.deviceId) }, 'live tracking: state kept moving under this node');
    }
  }

  async function saveHeldStates() {
    const byOrganization = new Map<number, (HeldState & { deviceId: number })[]>();
    for (const deviceId of unsavedIds) {
      const held = tracked.get(deviceId);
      if (!held) continue;
      const ofOrganization = byOrganization.get(held.organizationId) ?? [];
      ofOrganization.push({ deviceId, ...held });
      byOrganization.set(held.organizationId, ofOrganization);
    }
    const time = now();
    for (const [organizationId, held] of byOrganization) {
      const saved = await saveStates(db, organizationId, held);
      for (const state of held) {
        if (saved.has(state.deviceId)) hold(state.deviceId, heldSaved(state, organizationId, time));
        else forget(state.deviceId);
      }
    }
  }

  return {
    linkLoads,
    onStored: (batch) => onStored(batch),
    saveHeldStates,
    organization: (organizationId) => organizationOf(organizationId),
  };
}
