import pg from 'pg';
import { ROLE_IDS } from '#core/domain/access';
import { cargoBasis } from '#core/domain/cargo';
import { GRAMS_PER_US_TON } from '#core/domain/units';
import { timeInWeek, weekContaining } from '#core/domain/weeks';
import { connectDatabase } from '#server/db/database';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { refreshOrderDocuments } from '#server/features/orders/orders-json';

/** The company whose dispatcher the sync figures sign in as. */
const COMPANY = 'Prairie Feed Co.';
const ROWS_PER_INSERT = 1000;
const STOPS_PER_LOAD = 5;
const FEED_MILL = 1;
const FARM = 2;
const MINUTE = 60_000;

export interface SyncPostgres {
  databaseUrl: string;
  stop: () => Promise<void>;
}

/**
 * A PostgreSQL server of our own for the sync figures, as a managed one would be: the bench server
 * gets it as DATABASE_URL, so the bench can write straight into the database the server reads.
 */
export async function startSyncPostgres(dataDir: string): Promise<SyncPostgres> {
  const postgres = await startEmbeddedPostgres({ dataDir });
  try {
    await withClient(postgres.connectionString(), (client) => client.query('create database dispatch_bench'));
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return { databaseUrl: postgres.connectionString('dispatch_bench'), stop: () => postgres.stop() };
}

export async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

interface Site {
  id: number;
  latitude: number;
  longitude: number;
  customerId: number | null;
  subLocationIds: number[];
}

interface Company {
  id: number;
  timezone: string;
  mills: Site[];
  farms: Site[];
  /** Bulk feed the company offers, measured by weight. */
  cargoTypeIds: number[];
}

/** The seeded master data the generated loads name: Prairie Feed's mills, farms and bulk feed. */
async function readCompany(client: pg.Client): Promise<Company> {
  const organization = await client.query<{ id: number; timezone: string }>(
    'select id, timezone from organizations where name = $1',
    [COMPANY],
  );
  const company = organization.rows[0];
  if (!company) throw new Error(`${COMPANY} is not seeded`);
  const sites = await client.query<Site & { locationTypeId: number }>(
    `select l.id, l.location_type_id as "locationTypeId", l.customer_id as "customerId",
            (l.geofence->>'latitude')::float8 as latitude, (l.geofence->>'longitude')::float8 as longitude,
            coalesce(array_agg(s.id order by s.id) filter (where s.id is not null), '{}') as "subLocationIds"
       from locations l left join sub_locations s on s.location_id = l.id
      where l.organization_id = $1 and l.enabled
      group by l.id order by l.id`,
    [company.id],
  );
  const cargo = await client.query<{ id: number }>(
    `select c.id from organization_cargo_types o join cargo_types c on c.id = o.cargo_type_id
      where o.organization_id = $1 and c.category = 'Feed' order by c.id`,
    [company.id],
  );
  const mills = sites.rows.filter((site) => site.locationTypeId === FEED_MILL);
  const farms = sites.rows.filter((site) => site.locationTypeId === FARM);
  const cargoTypeIds = cargo.rows.map((row) => row.id).filter((id) => cargoBasis(id) === 'weight');
  if (!mills.length || farms.length < STOPS_PER_LOAD - 1 || !cargoTypeIds.length) {
    throw new Error(`${COMPANY} lacks the mills, farms or bulk feed the generated loads need`);
  }
  return { ...company, mills, farms, cargoTypeIds };
}

/** Road distance and drive time as the demo seed estimates them: 1.3 × the great circle at 75 km/h. */
function leg(from: Site, to: Site): { meters: number; seconds: number } {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(to.latitude - from.latitude) / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(radians(to.longitude - from.longitude) / 2) ** 2;
  const meters = Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)) * 1.3);
  return { meters, seconds: Math.round((meters / 75_000) * 3600) };
}

/**
 * Load `index` of the generated week: bulk feed from one mill to four farms, spread over the days
 * and the working hours of the company's current week, unassigned.
 */
function generatedLoad(company: Company, index: number, now: Date) {
  const week = weekContaining(now, company.timezone);
  const start = timeInWeek(week, company.timezone, index % 7, 5 + (Math.floor(index / 7) % 12), (index % 4) * 15);
  const mill = company.mills[index % company.mills.length]!;
  const farms = Array.from(
    { length: STOPS_PER_LOAD - 1 },
    (_, drop) => company.farms[(index + drop * 2) % company.farms.length]!,
  );
  const cargoTypeId = company.cargoTypeIds[index % company.cargoTypeIds.length]!;
  const orderNumber = `PF-${String(60_000 + index)}`;
  // Three to seven US tons per farm; the mill loads their sum.
  const drops = farms.map((_, drop) => Math.round((3 + ((index + drop * 3) % 5)) * GRAMS_PER_US_TON));
  const sites = [mill, ...farms];
  let arrival = start;
  let meters = 0;
  let seconds = 0;
  const stops = sites.map((site, position) => {
    const previous = sites[position - 1];
    const travel = previous ? leg(previous, site) : null;
    if (travel) {
      arrival = new Date(arrival.getTime() + Math.max(45, Math.ceil(travel.seconds / 300) * 5) * MINUTE);
      meters += travel.meters;
      seconds += travel.seconds;
    }
    const origin = position === 0;
    return {
      sequence: position + 1,
      type: origin ? 'Origin' : 'Destination',
      location_id: site.id,
      sub_location_ids: site.subLocationIds.length ? [site.subLocationIds[index % site.subLocationIds.length]] : [],
      cargo_type_id: cargoTypeId,
      customer_id: origin ? null : site.customerId,
      order_number: orderNumber,
      weight_grams: origin ? drops.reduce((total, grams) => total + grams, 0) : drops[position - 1],
      arrival_time: arrival.toISOString(),
      duration_minutes: origin ? 30 : 25,
      distance_meters: travel?.meters ?? null,
      time_seconds: travel?.seconds ?? null,
    };
  });
  const order = {
    date: start.toISOString(),
    status: 'Open',
    distance_meters: meters,
    time_seconds: seconds,
  };
  return { order, stops };
}

/**
 * Inserts `count` loads of five stops for the company, with one change_log row each, in one
 * transaction and statements of at most 1,000 rows, as a bulk import would. Answers their ids.
 */
export async function insertLoads(
  databaseUrl: string,
  count: number,
  now = new Date(),
  options: { drafts?: boolean } = {},
): Promise<number[]> {
  const ids = await insertLoadRows(databaseUrl, count, now, options.drafts ?? false);
  await refreshDocuments(databaseUrl, ids);
  return ids;
}

async function insertLoadRows(databaseUrl: string, count: number, now: Date, drafts: boolean): Promise<number[]> {
  return withClient(databaseUrl, async (client) => {
    const company = await readCompany(client);
    const ids: number[] = [];
    await client.query('begin');
    try {
      for (let first = 0; first < count; first += ROWS_PER_INSERT) {
        const loads = Array.from({ length: Math.min(ROWS_PER_INSERT, count - first) }, (_, offset) =>
          generatedLoad(company, first + offset, now),
        );
        const orderIds = await insertOrders(
          client,
          company.id,
          loads.map((load) => load.order),
          drafts,
        );
        const stops = loads.flatMap((load, position) =>
          load.stops.map((stop) => ({ ...stop, order_id: orderIds[position], organization_id: company.id })),
        );
        for (let from = 0; from < stops.length; from += ROWS_PER_INSERT) {
          await insertStops(client, stops.slice(from, from + ROWS_PER_INSERT));
        }
        await logOrderChanges(client, company.id, orderIds);
        ids.push(...orderIds);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    return ids;
  });
}

async function insertOrders(
  client: pg.Client,
  organizationId: number,
  rows: ReturnType<typeof generatedLoad>['order'][],
  drafts: boolean,
) {
  const inserted = await client.query<{ id: number }>(
    `insert into orders (organization_id, transporting_organization_id, date, status, is_draft, distance_meters, time_seconds)
     select $1, $1, r.date, r.status, $3, r.distance_meters, r.time_seconds
       from json_to_recordset($2::json) as r(n int, date timestamptz, status text, distance_meters int, time_seconds int)
      order by r.n
     returning id`,
    [organizationId, JSON.stringify(rows.map((row, n) => ({ n, ...row }))), drafts],
  );
  // Identity values follow the order rows are inserted in (by n), as the demo seed relies on too.
  return inserted.rows.map((row) => row.id).sort((a, b) => a - b);
}

async function insertStops(client: pg.Client, rows: Record<string, unknown>[]) {
  await client.query(
    `insert into stops (order_id, organization_id, sequence, type, location_id, sub_location_ids, cargo_type_id, customer_id,
                        order_number, weight_grams, arrival_time, duration_minutes, distance_meters, time_seconds)
     select order_id, organization_id, sequence, type, location_id, sub_location_ids, cargo_type_id, customer_id,
            order_number, weight_grams, arrival_time, duration_minutes, distance_meters, time_seconds
       from json_to_recordset($1::json) as r(order_id int, organization_id int, sequence int, type text, location_id int,
            sub_location_ids int[], cargo_type_id int, customer_id int, order_number text, weight_grams bigint,
            arrival_time timestamptz, duration_minutes int, distance_meters int, time_seconds int)`,
    [JSON.stringify(rows)],
  );
}

/**
 * The served documents of loads written here behind the server's back, as the server's own writes
 * refresh them (sync/change-log.ts); without it the server would build them per request, or serve stale ones.
 */
async function refreshDocuments(databaseUrl: string, orderIds: number[]) {
  const database = connectDatabase(databaseUrl, { max: 1 });
  try {
    for (let from = 0; from < orderIds.length; from += ROWS_PER_INSERT) {
      await refreshOrderDocuments(database.db, orderIds.slice(from, from + ROWS_PER_INSERT));
    }
  } finally {
    await database.close();
  }
}

/** What the server's recordChanges writes for a load the company owns and carries itself. */
async function logOrderChanges(client: pg.Client, organizationId: number, orderIds: number[]) {
  await client.query(
    `insert into change_log (organization_id, entity, entity_id, op)
     select $1, 'order', id, 'upsert' from unnest($2::int[]) as id`,
    [organizationId, orderIds],
  );
}

/** Loads the company's dispatcher sees: owned or carried, drafts included, as the change feed hands them out. */
export async function countVisibleLoads(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { id } = await readCompany(client);
    const counted = await client.query<{ count: string }>(
      'select count(*) from orders where organization_id = $1 or transporting_organization_id = $1',
      [id],
    );
    return Number(counted.rows[0]?.count ?? 0);
  });
}

/**
 * Another dispatcher's work arriving while the browser watches: the loads get drivers (with their
 * default tractor and trailer), status Assigned and a new version, logged in the same transaction.
 */
export async function assignDrivers(databaseUrl: string, orderIds: number[]): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const { id: organizationId } = await readCompany(client);
    const drivers = await client.query<{ id: number; tractorId: number | null; trailerId: number | null }>(
      `select u.id, (u.driver_info->>'defaultTractorId')::int as "tractorId", (u.driver_info->>'defaultTrailerId')::int as "trailerId"
         from users u join user_roles r on r.user_id = u.id and r.role_id = $2
        where u.organization_id = $1 and u.enabled order by u.id`,
      [organizationId, ROLE_IDS.Driver],
    );
    if (!drivers.rows.length) throw new Error(`${COMPANY} has no drivers`);
    const assignments = orderIds.map((id, index) => {
      const driver = drivers.rows[index % drivers.rows.length]!;
      return { id, driver: driver.id, tractor: driver.tractorId, trailer: driver.trailerId };
    });
    await client.query('begin');
    try {
      await client.query(
        `update orders set transported_by_user_id = a.driver, tractor_id = a.tractor, trailer_id = a.trailer,
                           status = 'Assigned', version = version + 1, updated_at = now()
           from json_to_recordset($1::json) as a(id int, driver int, tractor int, trailer int)
          where orders.id = a.id`,
        [JSON.stringify(assignments)],
      );
      await logOrderChanges(client, organizationId, orderIds);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });
  await refreshDocuments(databaseUrl, orderIds);
}
