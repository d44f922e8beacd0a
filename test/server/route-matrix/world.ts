import type { Order, OrderInput } from '#core/contract/orders';
import type { CarrierLink } from '#core/contract/reference-lists';
import type { Self } from '#core/contract/user';
import type { AccessSubject } from '#core/domain/access';
import { type SeededDriver, seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { signInAs, type TestApp } from '#test/server/test-app';

/** The demo users whose roles the matrix checks each route against (password Demo-pass1). */
export const DEMO_USERS = ['admin', 'dispatcher', 'sitemanager', 'driver.hansen', 'carrier', 'freemium', 'platform'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** Kinds of ids another organization owns; a foreign variant puts one where the route expects its own. */
export type ForeignKind =
  | 'organization'
  | 'load'
  | 'stop'
  | 'location'
  | 'subLocation'
  | 'customer'
  | 'user'
  | 'tractor'
  | 'trailer'
  | 'downtime'
  | 'serviceAccount'
  | 'contact'
  | 'loadingTeam'
  | 'notificationConfig'
  | 'device'
  | 'avoidanceZone'
  | 'standardRoute'
  | 'productionCard';

/**
 * What the declarations build requests from: the demo world seen by Prairie Feed (whose
 * administrator sends every example) and the ids of Little Creek Farms, an organization Prairie
 * Feed has nothing to do with.
 */
export interface MatrixWorld {
  test: TestApp;
  cookies: Record<DemoUser, string>;
  subjects: Record<DemoUser, AccessSubject>;
  organizations: { prairie: number; swift: number; littleCreek: number; platform: number };
  userIds: Record<DemoUser, number>;
  own: {
    /** A location with sub-locations, its first sub-location, and a second location to deliver to. */
    originId: number;
    originSubLocationId: number;
    destinationId: number;
    customerId: number;
    cargoTypeId: number;
    hansen: SeededDriver;
    jensen: SeededDriver;
    swiftHaul: CarrierLink;
    /** A seeded load with trip events. */
    loadWithTripEventsId: number;
    /** The dispatcher's contact. */
    contactId: number;
  };
  foreign: Record<ForeignKind, number>;
  /** Signs in again: a session of its own for requests that change the session. */
  newSession: (user: DemoUser) => Promise<string>;
  /** A new load of Prairie Feed (a draft when asked), created through the API by its administrator. */
  createLoad: (options?: { isDraft?: boolean }) => Promise<Order>;
  /** The body `createLoad` sends: every field of a load and of its first stop filled in. */
  loadBody: (options?: { isDraft?: boolean }) => OrderInput;
  /** Two new drafts merged: the merged draft and its sources' ids. */
  createMergedDraft: () => Promise<{ merged: Order; sourceIds: number[] }>;
  /** A request as a demo user that must succeed; its JSON answer. */
  call: <T>(user: DemoUser, method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<T>;
}

async function oneId(test: TestApp, sql: string, values: unknown[]): Promise<number> {
  const { rows } = await test.database.pool.query<{ id: number }>(sql, values);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`the demo data has no row for: ${sql}`);
  return id;
}

function subjectOf(self: Self): AccessSubject {
  const { tier, isCarrier, features } = self.organization;
  return { permissions: self.permissions, organization: { tier, isCarrier, features } };
}

export async function loadMatrixWorld(test: TestApp): Promise<MatrixWorld> {
  const { app, database } = test;
  const cookies = {} as Record<DemoUser, string>;
  const subjects = {} as Record<DemoUser, AccessSubject>;
  const userIds = {} as Record<DemoUser, number>;
  const call = async <T>(user: DemoUser, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
    const answer = await app.inject({
      method,
      url,
      headers: { cookie: cookies[user] },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (answer.statusCode >= 300) throw new Error(`${method} ${url} as ${user} answered ${answer.statusCode}: ${answer.body}`);
    return answer.json();
  };
  for (const user of DEMO_USERS) {
    cookies[user] = await signInAs(app, user);
    const self = await call<Self>(user, 'GET', '/api/self');
    subjects[user] = subjectOf(self);
    userIds[user] = self.id;
  }
  const orgId = await seededOrganizationIds(database.db);
  const organizations = {
    prairie: orgId('Prairie Feed Co.'),
    swift: orgId('Swift Haul Carriers'),
    littleCreek: orgId('Little Creek Farms'),
    platform: orgId('Dispatch Platform'),
  };
  const { prairie, littleCreek } = organizations;

  const origin = await test.database.pool.query<{ id: number; location_id: number }>(
    'select id, location_id from sub_locations where organization_id = $1 order by id limit 1',
    [prairie],
  );
  const originRow = origin.rows[0];
  if (!originRow) throw new Error('Prairie Feed has no sub-location');
  const carriers = await call<CarrierLink[]>('admin', 'GET', '/api/carriers');
  const own = {
    originId: originRow.location_id,
    originSubLocationId: originRow.id,
    destinationId: await oneId(test, 'select id from locations where organization_id = $1 and id <> $2 order by id limit 1', [
      prairie,
      originRow.location_id,
    ]),
    customerId: await oneId(test, 'select id from customers where organization_id = $1 order by id limit 1', [prairie]),
    // Bulk feed, by weight (Prairie Feed is offered every cargo type).
    cargoTypeId: 2,
    hansen: await seededDriver(database.db, 'driver.hansen'),
    jensen: await seededDriver(database.db, 'driver.jensen'),
    swiftHaul: carriers.find((link) => link.carrierOrganizationId === organizations.swift) as CarrierLink,
    loadWithTripEventsId: await oneId(
      test,
      'select e.order_id as id from trip_events e join orders o on o.id = e.order_id where o.organization_id = $1 order by e.order_id limit 1',
      [prairie],
    ),
    contactId: await oneId(test, "select contact_id as id from users where username = 'dispatcher'", []),
  };
  const foreignLoad = await oneId(test, 'select id from orders where organization_id = $1 order by id limit 1', [littleCreek]);
  const foreign: Record<ForeignKind, number> = {
    organization: littleCreek,
    load: foreignLoad,
    stop: await oneId(test, 'select id from stops where order_id = $1 order by id limit 1', [foreignLoad]),
    location: await oneId(test, 'select id from locations where organization_id = $1 order by id limit 1', [littleCreek]),
    subLocation: await oneId(test, 'select id from sub_locations where organization_id = $1 order by id limit 1', [littleCreek]),
    customer: await oneId(test, 'select id from customers where organization_id = $1 order by id limit 1', [littleCreek]),
    user: userIds.freemium,
    tractor: await oneId(test, 'select id from tractors where organization_id = $1 order by id limit 1', [littleCreek]),
    trailer: await oneId(test, 'select id from trailers where organization_id = $1 order by id limit 1', [littleCreek]),
    downtime: await oneId(test, 'select id from downtimes where organization_id = $1 order by id limit 1', [littleCreek]),
    contact: await oneId(test, 'select id from contacts where organization_id = $1 order by id limit 1', [littleCreek]),
    // The demo has no loading team: Little Creek Farms gets one.
    loadingTeam: await oneId(test, "insert into loading_teams (organization_id, name) values ($1, 'Foreign team') returning id", [
      littleCreek,
    ]),
    // The demo has no notification configuration: Little Creek Farms gets one.
    notificationConfig: await oneId(
      test,
      'insert into notification_configs (organization_id, notification_event_type_id) values ($1, 5) returning id',
      [littleCreek],
    ),
    // The demo has no device: Little Creek Farms gets one.
    device: await oneId(
      test,
      "insert into devices (organization_id, client_id, name, kind) values ($1, 'matrix-foreign-device', 'Foreign phone', 'phone') returning id",
      [littleCreek],
    ),
    // The demo has no avoidance zone: Little Creek Farms gets one.
    avoidanceZone: await oneId(
      test,
      `insert into avoidance_zones (organization_id, name, geo_location)
       values ($1, 'Foreign zone', '{"latitude": 41.6, "longitude": -93.6, "radius": 500, "bbox": null}') returning id`,
      [littleCreek],
    ),
    // The demo has no standard route: Little Creek Farms gets one between two of its locations.
    standardRoute: await oneId(
      test,
      `insert into standard_routes (organization_id, origin_id, destination_id, flexible_polyline)
       select $1, min(id), max(id), 'BFoz5xJ67i1B1B7PzIhaxL7Y' from locations where organization_id = $1 returning id`,
      [littleCreek],
    ),
    // Little Creek Farms gets a production card from one of its locations to another.
    productionCard: await oneId(
      test,
      `insert into production_cards (organization_id, cargo_type_id, quantity, target_date, stops, cargo)
       select $1, 2, null, '2026-11-24',
         jsonb_build_array(
           jsonb_build_object('type', 'Origin', 'organizationLocationId', min(id), 'organizationSubLocationIds', '[]'::jsonb, 'lotId', null),
           jsonb_build_object('type', 'Destination', 'organizationLocationId', max(id), 'organizationSubLocationIds', '[]'::jsonb, 'lotId', null)),
         '{"averageWeight": null, "weight": 20000000, "numberOfLoads": 1, "salmonellaResult": null}'::jsonb
       from locations where organization_id = $1 returning id`,
      [littleCreek],
    ),
    // The demo data has no service account; Little Creek gets one for the matrix.
    serviceAccount: await oneId(
      test,
      "insert into service_accounts (organization_id, name, secret_hash) values ($1, 'Matrix foreign', md5(random()::text)) returning id",
      [littleCreek],
    ),
  };

  const loadBody = ({ isDraft = false } = {}): OrderInput => ({
    date: '2026-11-24T12:00:00.000Z',
    isDraft,
    transportedByUserId: own.hansen.id,
    tractorId: own.hansen.tractorId,
    trailerId: own.hansen.trailerId,
    washOption: 'Rinse',
    metadata: { source: 'route matrix' },
    stops: [
      {
        sequence: 1,
        type: 'Origin',
        organizationLocationId: own.originId,
        organizationSubLocationIds: [own.originSubLocationId],
        cargoTypeId: own.cargoTypeId,
        customerId: own.customerId,
        lotId: 'LOT-7',
        orderNumber: 'RM-1',
        customerOrderNumber: 'PO-1',
        quantity: null,
        weight: 21_772_434,
        notes: 'Load from bin 2',
        arrivalTime: '2026-11-24T13:00:00.000Z',
        requiredBegin: '2026-11-24T12:30:00.000Z',
        requiredEnd: '2026-11-24T14:00:00.000Z',
        durationMinutes: 30,
        metadata: { gate: 'north' },
      },
      {
        sequence: 2,
        type: 'Destination',
        organizationLocationId: own.destinationId,
        organizationSubLocationIds: [],
        cargoTypeId: own.cargoTypeId,
        customerId: null,
        lotId: null,
        orderNumber: 'RM-1',
        customerOrderNumber: null,
        quantity: null,
        weight: 21_772_434,
        notes: null,
        arrivalTime: '2026-11-24T14:30:00.000Z',
        requiredBegin: null,
        requiredEnd: null,
        durationMinutes: null,
        metadata: {},
      },
    ],
  });

  const createLoad = (options?: { isDraft?: boolean }) => call<Order>('admin', 'POST', '/api/orders', loadBody(options));

  return {
    test,
    cookies,
    subjects,
    organizations,
    userIds,
    own,
    foreign,
    newSession: (user) => signInAs(app, user),
    loadBody,
    createLoad,
    createMergedDraft: async () => {
      const sourceIds = [(await createLoad({ isDraft: true })).id, (await createLoad({ isDraft: true })).id];
      const merged = await call<Order>('admin', 'POST', `/api/orders/merge?orderIds=${sourceIds.join(',')}`);
      return { merged, sourceIds };
    },
    call,
  };
}
