/**
 * Demo data for a fresh database (DEMO=1, the default): reference tables, four companies, their
 * users, master data and a week of loads and drafts around the seeding time. The static tables
 * live in demo-data.ts; this file turns them into rows, in one transaction.
 */
import { hash } from '@node-rs/argon2';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { eq, sql } from 'drizzle-orm';
import { FEATURES, PERMISSIONS, ROLE_IDS } from '#core/domain/access';
import { cargoBasis } from '#core/domain/cargo';
import { estimatedTripSeconds, travelTimeKey } from '#core/domain/planning/stop-times';
import { encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { GRAMS_PER_POUND, GRAMS_PER_US_TON } from '#core/domain/units';
import { timeInWeek, weekAtOffset, weekContaining, type WeekRange } from '#core/domain/weeks';
import type { Database, Transaction } from '#server/db/database';
import {
  cargoTypes,
  carrierLinks,
  changeLog,
  contacts,
  customers,
  devices,
  downtimes,
  features,
  type Geofence,
  locations,
  locationTypes,
  orders,
  organizationCargoTypes,
  organizationFeatures,
  organizations,
  permissions,
  rolePermissions,
  roles,
  stops,
  subLocations,
  throughputRules,
  tractors,
  trailers,
  userRoles,
  users,
} from '#server/db/schema';
import { avoidanceZones } from '#server/features/avoidance-zones/avoidance-zones.schema';
import { standardRoutes } from '#server/features/standard-routes/standard-routes.schema';
import { productionCards } from '#server/features/production-cards/production-cards.schema';
import {
  CARGO_TYPES,
  CARRIER_LINKS,
  CUSTOMERS,
  DEMO_TIMEZONE,
  PRODUCTION_CARDS,
  DOWNTIMES,
  FEATURE_DESCRIPTIONS,
  LOAD_PLANS,
  LOCATION_TYPES,
  LOCATIONS,
  type LoadPlan,
  ORGANIZATIONS,
  type OrgKey,
  permissionDescription,
  ROLE_PERMISSIONS,
  type RoleName,
  TRACTORS,
  TRAILERS,
  USERS,
  WEIGH_SCALE,
} from './demo-data.ts';
import { refreshOrderDocuments } from '#server/features/orders/orders-json';
import { carriedReferences } from '#server/features/sync/carried-references';
import { estimateRoute } from '#server/providers/routing';
import { insertDemoTripEvents } from './trip-events-seed.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEMO_PASSWORD = 'Demo-pass1';

/** What `npm start` prints next to the demo password. */
export const DEMO_LOGINS: readonly { username: string; description: string }[] = [
  { username: 'admin', description: 'Administrator, Prairie Feed Co. (Standard, every feature)' },
  { username: 'dispatcher', description: 'Dispatcher, Prairie Feed Co.' },
  { username: 'sitemanager', description: 'Site manager, Prairie Feed Co.' },
  { username: 'driver.hansen', description: 'Driver, Prairie Feed Co. (9 more: driver.jensen, driver.petersen, …)' },
  { username: 'carrier', description: 'Carrier dispatcher, Swift Haul Carriers' },
  { username: 'driver.garcia', description: 'Driver, Swift Haul Carriers (also driver.kowalski, driver.brooks)' },
  { username: 'freemium', description: 'Administrator, Little Creek Farms (Freemium)' },
  { username: 'platform', description: 'Platform administrator, Dispatch Platform (sees every company)' },
];

type ChangeRow = typeof changeLog.$inferInsert;
type OrderRow = typeof orders.$inferInsert;
type StopRow = Omit<typeof stops.$inferInsert, 'orderId'>;

/** Any fixed number keeps two starting servers from seeding the same empty database twice. */
const SEED_LOCK_KEY = 727_001;

async function isEmpty(db: Database | Transaction): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).limit(1);
  return rows.length === 0;
}

/** Seeds the demo data unless a company exists already; true when it seeded. */
export async function seedDemoIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hash(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return false;
    await insertDemo(tx, now, passwordHash);
    return true;
  });
}

/** Seeds the demo data, in one transaction; fails on a database holding any of it already. */
export async function seedDemo(db: Database, now = new Date()): Promise<void> {
  const passwordHash = await hash(DEMO_PASSWORD);
  await db.transaction((tx) => insertDemo(tx, now, passwordHash));
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: unknown ${what}`);
  return value;
}

/** The identity column numbers a multi-row insert in VALUES order; sorting the ids restores it. */
function idsInInsertOrder(rows: { id: number }[]): number[] {
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

function locationGeofence(latitude: number, longitude: number): Geofence {
  return {
    latitude,
    longitude,
    radius: null,
    bbox: {
      topLeft: { latitude: round6(latitude + 0.002), longitude: round6(longitude - 0.003) },
      bottomRight: { latitude: round6(latitude - 0.002), longitude: round6(longitude + 0.003) },
    },
  };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function tonsToGrams(tons: number): number {
  return Math.round(tons * GRAMS_PER_US_TON);
}

const MINUTE = 60_000;

function addMinutes(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * MINUTE);
}

/** Great-circle distance in meters. */
function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Road distance and drive time between two sites: 1.3 × the straight line at 75 km/h. */
function leg(a: Located | null, b: Located | null): { meters: number; minutes: number } {
  if (!a || !b) return { meters: 30_000, minutes: 30 };
  const meters = Math.round(distanceMeters(a, b) * 1.3);
  return { meters, minutes: Math.round((meters / 75_000) * 60) };
}

interface Located {
  id: number;
  latitude: number;
  longitude: number;
  customerId: number | null;
  subLocationIds: number[];
}

/** Scale readings in pounds, to the nearest 20 lb. */
function scaleReading(grams: number, variance: number): number {
  const pounds = Math.round((grams * (1 + variance)) / GRAMS_PER_POUND / 20) * 20;
  return Math.round(pounds * GRAMS_PER_POUND);
}

/** Splits `total` in proportion to `parts`, the last part taking the rounding remainder. */
function splitProportionally(total: number, parts: number[]): number[] {
  const sum = parts.reduce((acc, part) => acc + part, 0);
  let left = total;
  return parts.map((part, index) => {
    if (index === parts.length - 1) return left;
    const share = Math.round((total * part) / sum);
    left -= share;
    return share;
  });
}

const ACTUAL_VARIANCE = [-0.006, 0.004, -0.002, 0.003, -0.004, 0.001, 0.005];

// ---------------------------------------------------------------------------
// Loads
// ---------------------------------------------------------------------------

interface LoadContext {
  orgId: Record<OrgKey, number>;
  weeks: WeekRange[];
  locationByName: Map<string, Located>;
  driverByUsername: Map<string, { id: number; tractorId: number | null; trailerId: number | null }>;
}

interface PlannedStop {
  type: 'Origin' | 'Destination' | 'Weigh';
  location: Located | null;
  /** Grams or count, by the cargo basis. */
  amount: number | null;
  window: boolean;
  customerOrderNumber: string | null;
  notes: string | null;
}

/**
 * The load's estimated trip time by the rule every save applies, over the legs the embedded router
 * answers (what the editor is shown without ROUTING_URL), so a seeded load shows one figure everywhere.
 */
function seededTripSeconds(planned: readonly PlannedStop[], rows: readonly StopRow[]): number | null {
  const travel = new Map<string, number>();
  planned.forEach((stop, position) => {
    const from = planned[position - 1]?.location;
    if (from && stop.location)
      travel.set(travelTimeKey(from.id, stop.location.id), estimateRoute(from, stop.location).timeSeconds);
  });
  return estimatedTripSeconds(
    rows.map((row) => ({
      sequence: row.sequence,
      organizationLocationId: row.locationId ?? null,
      durationMinutes: row.durationMinutes ?? null,
    })),
    travel,
  );
}

function buildLoad(plan: LoadPlan, index: number, ctx: LoadContext): { order: OrderRow; stops: StopRow[] } {
  const byWeight = cargoBasis(plan.cargoTypeId) === 'weight';
  const toAmount = (value: number) => (byWeight ? tonsToGrams(value) : value);
  const locate = (name: string | null) => (name === null ? null : must(ctx.locationByName.get(name), `location ${name}`));

  const destinations: PlannedStop[] = plan.destinations.map((destination) => ({
    type: 'Destination',
    location: locate(destination.location),
    amount: destination.amount === null ? null : toAmount(destination.amount),
    window: destination.window ?? false,
    customerOrderNumber: destination.customerOrderNumber ?? null,
    notes: destination.notes ?? null,
  }));
  // The origin total is the sum of the destinations' stored amounts, so a balanced load balances
  // to the gram.
  const originAmount =
    plan.originAmount !== undefined
      ? toAmount(plan.originAmount)
      : destinations.reduce((total, stop) => total + (stop.amount ?? 0), 0);
  const origin: PlannedStop = {
    type: 'Origin',
    location: locate(plan.origin),
    amount: originAmount,
    window: false,
    customerOrderNumber: null,
    notes: null,
  };
  const weigh: PlannedStop[] = plan.weigh
    ? [{ type: 'Weigh', location: locate(WEIGH_SCALE), amount: null, window: false, customerOrderNumber: null, notes: null }]
    : [];
  const planned = plan.destinationFirst ? [...destinations, origin, ...weigh] : [origin, ...weigh, ...destinations];

  const week = must(ctx.weeks[plan.week], `week ${plan.week}`);
  const start = timeInWeek(week, DEMO_TIMEZONE, plan.day, plan.hour, plan.minute);
  const driver = plan.driver ? must(ctx.driverByUsername.get(plan.driver), `driver ${plan.driver}`) : null;
  const owner = ctx.orgId[plan.org];
  const delivered = plan.status === 'Delivered';
  const inTransit = plan.status === 'In Transit';

  // Actual amounts for completed stops: the origin reads the scale, destinations share it.
  const variance = ACTUAL_VARIANCE[index % ACTUAL_VARIANCE.length] ?? 0;
  const originActual = byWeight ? scaleReading(originAmount, variance) : originAmount;
  const destinationActuals = splitProportionally(
    originActual,
    destinations.map((stop) => stop.amount ?? 0),
  );

  let arrival = start;
  let previous: PlannedStop | null = null;
  let previousDuration = 0;
  let totalMeters = 0;
  let destinationIndex = 0;
  const rows: StopRow[] = planned.map((stop, position) => {
    const duration =
      stop.type === 'Origin'
        ? 30 + ((index + position) % 4) * 5
        : stop.type === 'Weigh'
          ? 15
          : 20 + ((index * 3 + position) % 5) * 5;
    let travel = { meters: 0, minutes: 0 };
    if (previous) {
      travel = leg(previous.location, stop.location);
      // Next arrival: previous arrival + its duration + the drive, kept 45–90 minutes apart.
      const gap = Math.min(90, Math.max(45, Math.ceil((previousDuration + travel.minutes) / 5) * 5));
      arrival = addMinutes(arrival, gap);
      totalMeters += travel.meters;
    }
    previous = stop;
    previousDuration = duration;

    const complete = delivered || (inTransit && position === 0);
    const enroute = inTransit && position === 1;
    let actualAmount: number | null = null;
    if (complete) {
      if (stop.type === 'Origin') actualAmount = originActual;
      else if (stop.type === 'Weigh') actualAmount = byWeight ? originActual : null;
      else actualAmount = destinationActuals[destinationIndex] ?? null;
    }
    if (stop.type === 'Destination') destinationIndex += 1;

    const hasTime = !plan.noTimes;
    const windowBegin = stop.window
      ? new Date(Math.floor(addMinutes(arrival, -30).getTime() / (60 * MINUTE)) * 60 * MINUTE)
      : null;
    const subLocationIds = stop.location?.subLocationIds ?? [];
    const isCargoStop = stop.type !== 'Weigh';
    return {
      organizationId: owner,
      sequence: position + 1,
      type: stop.type,
      status: complete ? 'Complete' : enroute ? 'Enroute' : 'Not Started',
      locationId: stop.location?.id ?? null,
      subLocationIds:
        subLocationIds.length > 0 ? [must(subLocationIds[(index + position) % subLocationIds.length], 'sub-location')] : [],
      cargoTypeId: plan.cargoTypeId,
      customerId: stop.type === 'Destination' ? (stop.location?.customerId ?? null) : null,
      orderNumber: plan.orderNumber,
      customerOrderNumber: stop.customerOrderNumber,
      quantity: isCargoStop && !byWeight ? stop.amount : null,
      actualQuantity: !byWeight ? actualAmount : null,
      weightGrams: isCargoStop && byWeight ? stop.amount : null,
      actualWeightGrams: byWeight ? actualAmount : null,
      notes: stop.notes,
      arrivalTime: hasTime ? arrival : null,
      requiredBegin: windowBegin,
      requiredEnd: windowBegin ? addMinutes(windowBegin, 180) : null,
      completedAt: complete ? addMinutes(arrival, duration) : null,
      durationMinutes: duration,
      distanceMeters: position === 0 ? null : travel.meters,
      timeSeconds: position === 0 ? null : travel.minutes * 60,
      metadata: complete && !driver ? { manuallyCompleted: true, suppressDeliveryNotification: true } : {},
    };
  });

  const accepted = driver && (delivered || inTransit) ? driver.id : null;
  const order: OrderRow = {
    organizationId: owner,
    transportingOrganizationId: plan.carrier ? ctx.orgId.swift : owner,
    date: rows[0]?.arrivalTime ?? start,
    status: plan.status,
    isDraft: plan.isDraft,
    transportedByUserId: driver?.id ?? null,
    acceptedByUserId: accepted,
    tractorId: driver?.tractorId ?? null,
    trailerId: driver?.trailerId ?? null,
    timeSeconds: seededTripSeconds(planned, rows),
    distanceMeters: totalMeters,
  };
  return { order, stops: rows };
}

/**
 * The phones of the drivers of In Transit loads and their trailers' smart devices, registered as a
 * company registers its devices: the demo simulator (server/features/demo-simulator) drives them.
 */
async function insertDemoDevices(
  tx: Transaction,
  seeded: {
    orgId: Record<OrgKey, number>;
    userByUsername: Map<string, { id: number; organizationId: number | null }>;
    trailerId: Map<string, number>;
    logUpserts: (entity: string, organizationId: number | null, ids: number[]) => void;
  },
): Promise<void> {
  const driving = new Set(
    LOAD_PLANS.flatMap((plan) => (plan.status === 'In Transit' && !plan.isDraft && plan.driver ? [plan.driver] : [])),
  );
  const drivers = USERS.filter((user) => user.driver && driving.has(user.username));
  const rows = drivers.flatMap((user) => {
    const organizationId = seeded.orgId[user.org];
    const driverUserId = must(seeded.userByUsername.get(user.username), user.username).id;
    const trailer = user.driver?.trailer as string;
    return [
      {
        organizationId,
        clientId: `demo-phone-${user.lastName.toLowerCase()}`,
        name: `${user.firstName} ${user.lastName} phone`,
        kind: 'phone' as const,
        driverUserId,
      },
      {
        organizationId,
        clientId: `demo-trailer-${trailer.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        name: `${trailer} tracker`,
        kind: 'trailer' as const,
        driverUserId: null,
      },
    ];
  });
  if (!rows.length) return;
  const inserted = await tx
    .insert(devices)
    .values(rows)
    .returning({ id: devices.id, organizationId: devices.organizationId, kind: devices.kind });
  for (const [index, row] of inserted.entries()) {
    seeded.logUpserts('device', row.organizationId, [row.id]);
    if (row.kind !== 'trailer') continue;
    const trailer = must(drivers[Math.floor(index / 2)]?.driver?.trailer, 'tracked trailer');
    const id = must(seeded.trailerId.get(trailer), trailer);
    // The trailer was logged when it was inserted; the feed reads the row as it ends up.
    await tx.update(trailers).set({ deviceId: row.id }).where(eq(trailers.id, id));
  }
}

// ---------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------

async function insertDemo(tx: Transaction, now: Date, passwordHash: string): Promise<void> {
  const changes: ChangeRow[] = [];
  const logUpserts = (entity: string, organizationId: number | null, ids: number[]) => {
    for (const entityId of ids) changes.push({ organizationId, entity, entityId, op: 'upsert' });
  };

  // Reference tables, with fixed ids.
  await tx
    .insert(features)
    .values(FEATURES.map((name, index) => ({ id: index + 1, name, description: FEATURE_DESCRIPTIONS[name] })));
  await tx
    .insert(permissions)
    .values(PERMISSIONS.map((name, index) => ({ id: index + 1, name, description: permissionDescription(name) })));
  const roleNames = Object.keys(ROLE_IDS) as RoleName[];
  await tx.insert(roles).values(roleNames.map((name) => ({ id: ROLE_IDS[name], name })));
  const permissionId = new Map(PERMISSIONS.map((name, index) => [name, index + 1] as const));
  await tx
    .insert(rolePermissions)
    .values(
      roleNames.flatMap((role) =>
        ROLE_PERMISSIONS[role].map((name) => ({ roleId: ROLE_IDS[role], permissionId: must(permissionId.get(name), name) })),
      ),
    );
  await tx.insert(cargoTypes).values(CARGO_TYPES.map((type) => ({ ...type })));
  logUpserts(
    'cargoType',
    null,
    CARGO_TYPES.map((type) => type.id),
  );
  await tx.insert(locationTypes).values(LOCATION_TYPES.map((type) => ({ ...type })));

  // Organizations.
  const orgRows = await tx
    .insert(organizations)
    .values(
      ORGANIZATIONS.map((org) => ({
        name: org.name,
        tier: org.tier,
        isCarrier: org.isCarrier,
        language: 'en-US',
        timezone: DEMO_TIMEZONE,
        units: 'Imperial',
        unitsWeight: 'Pound',
        latitude: org.latitude,
        longitude: org.longitude,
      })),
    )
    .returning({ id: organizations.id, name: organizations.name });
  const orgIdByName = new Map(orgRows.map((row) => [row.name, row.id]));
  const orgId = Object.fromEntries(ORGANIZATIONS.map((org) => [org.key, must(orgIdByName.get(org.name), org.name)])) as Record<
    OrgKey,
    number
  >;
  const featureId = new Map(FEATURES.map((name, index) => [name, index + 1] as const));
  await tx
    .insert(organizationFeatures)
    .values(
      ORGANIZATIONS.flatMap((org) =>
        org.features.map((name) => ({ organizationId: orgId[org.key], featureId: must(featureId.get(name), name) })),
      ),
    );
  await tx.insert(organizationCargoTypes).values(
    ORGANIZATIONS.flatMap((org) =>
      (org.cargoTypeIds === 'all' ? CARGO_TYPES.map((type) => type.id) : org.cargoTypeIds).map((cargoTypeId) => ({
        organizationId: orgId[org.key],
        cargoTypeId,
      })),
    ),
  );
  const linkRows = await tx
    .insert(carrierLinks)
    .values(
      CARRIER_LINKS.map((link) => ({
        organizationId: orgId[link.org],
        carrierOrganizationId: orgId[link.carrier],
        isActive: link.isActive,
        loadDriver: link.loadDriver,
        loadTractor: link.loadTractor,
        loadTrailer: link.loadTrailer,
      })),
    )
    .returning({ id: carrierLinks.id, organizationId: carrierLinks.organizationId });
  for (const row of linkRows) logUpserts('carrier', row.organizationId, [row.id]);

  // Customers, locations, sub-locations.
  const customerRows = await tx
    .insert(customers)
    .values(CUSTOMERS.map((customer) => ({ organizationId: orgId[customer.org], customerName: customer.customerName })))
    .returning({ id: customers.id, organizationId: customers.organizationId, customerName: customers.customerName });
  const customerId = new Map(customerRows.map((row) => [row.customerName, row.id]));
  for (const row of customerRows) logUpserts('customer', row.organizationId, [row.id]);

  const locationRows = await tx
    .insert(locations)
    .values(
      LOCATIONS.map((location) => ({
        organizationId: orgId[location.org],
        name: location.name,
        description: location.description ?? null,
        locationTypeId: location.locationTypeId,
        customerId: location.customer ? must(customerId.get(location.customer), location.customer) : null,
        address1: location.address1,
        city: location.city,
        state: location.state,
        postalCode: location.postalCode,
        country: 'US',
        groupColor: location.groupColor,
        hasScale: location.hasScale ?? false,
        premiseId: location.premiseId ?? null,
        siteInstructions: location.siteInstructions ?? null,
        geofence: locationGeofence(location.latitude, location.longitude),
      })),
    )
    .returning({ id: locations.id, organizationId: locations.organizationId, name: locations.name });
  const locationIdByName = new Map(locationRows.map((row) => [row.name, row.id]));
  for (const row of locationRows) logUpserts('location', row.organizationId, [row.id]);

  // Avoidance zones: a low bridge Prairie Feed's heavy trucks keep off, a town centre every truck
  // avoids, and a global one (no organization) every company's routes avoid.
  const zoneRows = await tx
    .insert(avoidanceZones)
    .values([
      {
        organizationId: orgId.prairie,
        name: 'Skunk River bridge (36 t limit)',
        description: 'Posted weight limit on the county road bridge',
        geoLocation: { latitude: 41.9336, longitude: -93.5402, radius: 400, bbox: null },
        weightThresholdGrams: 36_000_000,
      },
      {
        organizationId: orgId.prairie,
        name: 'Ames downtown',
        description: 'No through trucks on Main Street',
        geoLocation: {
          latitude: 42.0255,
          longitude: -93.6147,
          radius: null,
          bbox: { topLeft: { latitude: 42.0292, longitude: -93.6235 }, bottomRight: { latitude: 42.0218, longitude: -93.6059 } },
        },
      },
      {
        organizationId: null,
        name: 'Des Moines airport',
        description: null,
        geoLocation: { latitude: 41.5341, longitude: -93.6631, radius: 1500, bbox: null },
      },
    ])
    .returning({ id: avoidanceZones.id, organizationId: avoidanceZones.organizationId });
  for (const row of zoneRows) logUpserts('avoidanceZone', row.organizationId, [row.id]);

  // A standard route: the truck yard to the certified scale by US-30 and Dayton Avenue, not the straight line.
  const [yardToScale] = await tx
    .insert(standardRoutes)
    .values({
      organizationId: orgId.prairie,
      originId: locationIdByName.get('Nevada Truck Yard') as number,
      destinationId: locationIdByName.get('Ames Certified Scale') as number,
      flexiblePolyline: encodeFlexiblePolyline([
        { latitude: 42.0135, longitude: -93.4478 },
        { latitude: 42.0096, longitude: -93.4479 },
        { latitude: 42.0097, longitude: -93.5305 },
        { latitude: 42.0095, longitude: -93.5795 },
        { latitude: 42.0094, longitude: -93.5794 },
      ]),
    })
    .returning({ id: standardRoutes.id });
  logUpserts('standardRoute', orgId.prairie, [yardToScale?.id as number]);

  // Production cards on Prairie Feed's planning board this week, none grouped yet.
  const planningWeek = dayjs(weekContaining(now, DEMO_TIMEZONE).start).tz(DEMO_TIMEZONE);
  const cardRows = await tx
    .insert(productionCards)
    .values(
      PRODUCTION_CARDS.map((card) => ({
        organizationId: orgId.prairie,
        cargoTypeId: card.cargoTypeId,
        quantity: card.quantity ?? null,
        targetDate: planningWeek.add(card.dayOfWeek, 'day').format('YYYY-MM-DD'),
        lotId: card.lotId,
        orderNumber: card.orderNumber,
        productionPlan: card.productionPlan,
        stops: [
          {
            type: 'Origin' as const,
            organizationLocationId: must(locationIdByName.get(card.origin), card.origin),
            organizationSubLocationIds: [],
            lotId: null,
          },
          {
            type: 'Destination' as const,
            organizationLocationId: must(locationIdByName.get(card.destination), card.destination),
            organizationSubLocationIds: [],
            lotId: null,
          },
        ],
        cargo: {
          averageWeight: card.averageKg ?? null,
          weight: card.tons === undefined ? null : tonsToGrams(card.tons),
          numberOfLoads: card.loads ?? null,
          salmonellaResult: 'negative' as const,
        },
      })),
    )
    .returning({ id: productionCards.id });
  logUpserts(
    'productionCard',
    orgId.prairie,
    cardRows.map((row) => row.id),
  );

  // Loading-duration rules: Prairie Feed's default for any cargo picked up, and a faster bulk-feed
  // load-out at the main mill (1.5 US tons a minute).
  await tx.insert(throughputRules).values([
    {
      organizationId: orgId.prairie,
      stopType: 'Origin',
      baselineLoadingMinutes: 15,
      cargoUnitsPerMinute: 200,
      weightPerMinuteGrams: 907_184,
    },
    {
      organizationId: orgId.prairie,
      locationId: must(locationIdByName.get('Nevada Mill'), 'Nevada Mill'),
      stopType: 'Origin',
      cargoTypeId: 2,
      baselineLoadingMinutes: 10,
      weightPerMinuteGrams: 1_360_777,
    },
  ]);

  const subLocationValues = LOCATIONS.flatMap((location) =>
    location.subLocations.map((sub) => {
      const latitude = location.latitude + (sub.offset?.lat ?? 0);
      const longitude = location.longitude + (sub.offset?.lng ?? 0);
      const geofence: Geofence | null = !sub.offset
        ? null
        : sub.shape === 'box'
          ? {
              latitude: round6(latitude),
              longitude: round6(longitude),
              radius: null,
              bbox: {
                topLeft: { latitude: round6(latitude + 0.0003), longitude: round6(longitude - 0.0005) },
                bottomRight: { latitude: round6(latitude - 0.0003), longitude: round6(longitude + 0.0005) },
              },
            }
          : { latitude: round6(latitude), longitude: round6(longitude), radius: 12, bbox: null };
      return {
        locationId: must(locationIdByName.get(location.name), location.name),
        organizationId: orgId[location.org],
        name: sub.name,
        geofence,
      };
    }),
  );
  const subLocationRows = await tx
    .insert(subLocations)
    .values(subLocationValues)
    .returning({ id: subLocations.id, locationId: subLocations.locationId, organizationId: subLocations.organizationId });
  for (const row of subLocationRows) logUpserts('subLocation', row.organizationId, [row.id]);

  const locationByName = new Map<string, Located>(
    LOCATIONS.map((location) => {
      const id = must(locationIdByName.get(location.name), location.name);
      return [
        location.name,
        {
          id,
          latitude: location.latitude,
          longitude: location.longitude,
          customerId: location.customer ? must(customerId.get(location.customer), location.customer) : null,
          subLocationIds: subLocationRows
            .filter((row) => row.locationId === id)
            .map((row) => row.id)
            .sort((a, b) => a - b),
        },
      ];
    }),
  );

  // Tractors and trailers, before the drivers that default to them.
  const tractorRows = await tx
    .insert(tractors)
    .values(
      TRACTORS.map((tractor) => ({
        organizationId: orgId[tractor.org],
        userDisplayName: tractor.name,
        vinNumber: tractor.vin,
        licensePlate: tractor.plate,
        make: tractor.make,
        model: tractor.model,
        contract: tractor.contract ?? false,
        enabled: tractor.enabled ?? true,
        weightGrams: tractor.weightKg * 1000,
      })),
    )
    .returning({ id: tractors.id, organizationId: tractors.organizationId, name: tractors.userDisplayName });
  const tractorId = new Map(tractorRows.map((row) => [row.name, row.id]));
  for (const row of tractorRows) logUpserts('tractor', row.organizationId, [row.id]);

  const trailerRows = await tx
    .insert(trailers)
    .values(
      TRAILERS.map((trailer) => ({
        organizationId: orgId[trailer.org],
        userDisplayName: trailer.name,
        vinNumber: trailer.vin,
        licensePlate: trailer.plate,
        maxCargoWeightGrams: trailer.maxCargoKg * 1000,
        contract: trailer.contract ?? false,
        enabled: trailer.enabled ?? true,
        weightGrams: trailer.weightKg * 1000,
        trailerCargoTypes: trailer.cargoTypeIds.map((cargoTypeId) => ({
          cargoTypeId,
          compartmentCount: cargoBasis(cargoTypeId) === 'weight' ? trailer.compartments : 1,
        })),
      })),
    )
    .returning({ id: trailers.id, organizationId: trailers.organizationId, name: trailers.userDisplayName });
  const trailerId = new Map(trailerRows.map((row) => [row.name, row.id]));
  for (const row of trailerRows) logUpserts('trailer', row.organizationId, [row.id]);

  // Users, each with a contact of his or her own.
  const contactIds = idsInInsertOrder(
    await tx
      .insert(contacts)
      .values(
        USERS.map((user) => ({
          organizationId: orgId[user.org],
          name: `${user.firstName} ${user.lastName}`,
          email: user.email,
          phone: user.phone,
          language: 'en-US',
          timezone: DEMO_TIMEZONE,
          units: 'Imperial',
          unitsWeight: 'Pound',
          interactiveUser: true,
        })),
      )
      .returning({ id: contacts.id }),
  );
  const userRows = await tx
    .insert(users)
    .values(
      USERS.map((user, index) => ({
        organizationId: orgId[user.org],
        username: user.username,
        passwordHash,
        name: `${user.firstName} ${user.lastName}`,
        firstName: user.firstName,
        lastName: user.lastName,
        contactId: must(contactIds[index], `contact of ${user.username}`),
        preferences: {},
        driverInfo: user.driver
          ? {
              defaultTractorId: must(tractorId.get(user.driver.tractor), user.driver.tractor),
              defaultTrailerId: must(trailerId.get(user.driver.trailer), user.driver.trailer),
              contract: user.driver.contract,
            }
          : null,
      })),
    )
    .returning({
      id: users.id,
      organizationId: users.organizationId,
      username: users.username,
      driverInfo: users.driverInfo,
    });
  const userByUsername = new Map(userRows.map((row) => [row.username, row]));
  await tx.insert(userRoles).values(
    USERS.flatMap((user) => {
      const id = must(userByUsername.get(user.username), user.username).id;
      return user.roles.map((role) => ({ userId: id, roleId: ROLE_IDS[role] }));
    }),
  );
  for (const [index, user] of USERS.entries()) {
    const row = must(userByUsername.get(user.username), user.username);
    if (user.roles.includes('Driver')) logUpserts('driver', row.organizationId, [row.id]);
    logUpserts('user', row.organizationId, [row.id]);
    logUpserts('contact', row.organizationId, [must(contactIds[index], `contact of ${user.username}`)]);
  }

  await insertDemoDevices(tx, { orgId, userByUsername, trailerId, logUpserts });

  const weekStart = dayjs(weekContaining(now, DEMO_TIMEZONE).start).tz(DEMO_TIMEZONE);
  const downtimeRows = await tx
    .insert(downtimes)
    .values(
      DOWNTIMES.map((downtime) => ({
        organizationId: orgId[downtime.org],
        tractorId: 'tractor' in downtime.resource ? must(tractorId.get(downtime.resource.tractor), 'downtime tractor') : null,
        trailerId: 'trailer' in downtime.resource ? must(trailerId.get(downtime.resource.trailer), 'downtime trailer') : null,
        driverId:
          'driver' in downtime.resource ? must(userByUsername.get(downtime.resource.driver), downtime.resource.driver).id : null,
        description: downtime.description,
        startDate: weekStart.add(downtime.dayOfWeek, 'day').format('YYYY-MM-DD'),
        startTime: downtime.startTime,
        durationMinutes: downtime.durationMinutes,
        timezone: DEMO_TIMEZONE,
        recurrenceDaysOfWeek: downtime.recurrenceDaysOfWeek,
      })),
    )
    .returning({ id: downtimes.id, organizationId: downtimes.organizationId });
  for (const row of downtimeRows) logUpserts('downtime', row.organizationId, [row.id]);

  // Loads and drafts: this week and next, in the demo companies' time zone.
  const context: LoadContext = {
    orgId,
    weeks: [weekContaining(now, DEMO_TIMEZONE), weekAtOffset(now, DEMO_TIMEZONE, 1)],
    locationByName,
    driverByUsername: new Map(
      userRows
        .filter((row) => row.driverInfo)
        .map((row) => [
          row.username,
          {
            id: row.id,
            tractorId: row.driverInfo?.defaultTractorId ?? null,
            trailerId: row.driverInfo?.defaultTrailerId ?? null,
          },
        ]),
    ),
  };
  const loads = LOAD_PLANS.map((plan, index) => buildLoad(plan, index, context));
  const orderIds = idsInInsertOrder(
    await tx
      .insert(orders)
      .values(loads.map((load) => load.order))
      .returning({ id: orders.id }),
  );
  loads.forEach((load, index) => {
    const id = must(orderIds[index], 'order id');
    logUpserts('order', load.order.organizationId, [id]);
    // A carrier's change feed carries the loads it transports.
    if (load.order.transportingOrganizationId !== load.order.organizationId) {
      logUpserts('order', load.order.transportingOrganizationId, [id]);
    }
  });
  const stopRows = await tx
    .insert(stops)
    .values(loads.flatMap((load, index) => load.stops.map((stop) => ({ ...stop, orderId: must(orderIds[index], 'order id') }))))
    .returning({ id: stops.id, organizationId: stops.organizationId });
  for (const row of stopRows.sort((a, b) => a.id - b.id)) logUpserts('stop', row.organizationId, [row.id]);
  await insertDemoTripEvents(tx);
  await refreshOrderDocuments(
    tx,
    orderIds.map((id) => must(id, 'order id')),
  );

  await tx.insert(changeLog).values(changes);
  // A carrier's feed also carries the owner's sites, customers and cargo types its loads name.
  const named = await carriedReferences(
    tx,
    loads.map((load, index) => ({
      id: must(orderIds[index], 'order id'),
      organizationIds: [load.order.organizationId, load.order.transportingOrganizationId],
    })),
  );
  if (named.length) await tx.insert(changeLog).values(named);
}
