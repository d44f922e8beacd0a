import { Readable } from 'node:stream';
import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable } from '#server/db/database';
import type { CarrierResources } from '#core/contract/orders';
import { orderDocuments, orders, stops, tractors, trailers, users } from '#server/db/schema';

/** An instant as `Date.prototype.toISOString` writes it, so the contract's datetime check passes. */
const isoOf = (column: SQL | typeof orders.date) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Each stop in the contract shape (`stopSchema`), built by PostgreSQL. Kept field for field equal to
 * `toStop` in orders.service.ts; `orders-json.test.ts` compares the two on every seeded load.
 */
const stopJson = sql`json_build_object(
  'id', s.id, 'orderId', s.order_id, 'sequence', s.sequence, 'type', s.type, 'status', s.status,
  'organizationLocationId', s.location_id, 'organizationSubLocationIds', to_json(s.sub_location_ids),
  'cargoTypeId', s.cargo_type_id, 'customerId', s.customer_id, 'lotId', s.lot_id,
  'productionPlan', s.production_plan, 'orderNumber', s.order_number, 'customerOrderNumber', s.customer_order_number,
  'quantity', s.quantity, 'actualQuantity', s.actual_quantity, 'weight', s.weight_grams, 'actualWeight', s.actual_weight_grams,
  'notes', s.notes, 'arrivalTime', ${isoOf(sql`s.arrival_time`)}, 'requiredBegin', ${isoOf(sql`s.required_begin`)},
  'requiredEnd', ${isoOf(sql`s.required_end`)}, 'completedAt', ${isoOf(sql`s.completed_at`)},
  'estimatedArrivalAt', ${isoOf(sql`s.estimated_arrival_at`)},
  'durationMinutes', s.duration_minutes, 'distanceMeters', s.distance_meters, 'timeSeconds', s.time_seconds,
  'originalStopId', s.original_stop_id, 'metadata', s.metadata
)`;

/**
 * Of load `o` carried for another organization, the names of the transporting organization's own
 * driver, tractor and trailer (`carrierResourcesSchema`); null when the owner transports it. A
 * resource of the owner is left unnamed: each side names only its own, so nobody learns a name
 * through a load it would not see in its lists.
 */
const carrierResourcesJson = sql`case when o.transporting_organization_id <> o.organization_id then json_build_object(
  'driverName', (select u.name from ${users} u where u.id = o.transported_by_user_id and u.organization_id = o.transporting_organization_id),
  'tractorName', (select t.user_display_name from ${tractors} t where t.id = o.tractor_id and t.organization_id = o.transporting_organization_id),
  'trailerName', (select t.user_display_name from ${trailers} t where t.id = o.trailer_id and t.organization_id = o.transporting_organization_id)
) end`;

/** `carrierResourcesJson` of the carried loads among these ids (`toOrder` takes them from here). */
export async function carrierResourcesByOrder(db: Queryable, ids: readonly number[]): Promise<Map<number, CarrierResources>> {
  if (!ids.length) return new Map();
  const result = await db.execute<{ id: number; names: CarrierResources }>(sql`
    select o.id, ${carrierResourcesJson} as names from ${orders} o
     where o.id = any(${sql.param([...ids])}::int[]) and o.transporting_organization_id <> o.organization_id`);
  return new Map(result.rows.map((row) => [row.id, row.names]));
}

/** Each load in the contract shape (`orderSchema`) with its stops by sequence; equal to `toOrder`. */
const orderJson = sql`json_build_object(
  'id', o.id, 'date', ${isoOf(sql`o.date`)}, 'status', o.status, 'isDraft', o.is_draft,
  'organizationId', o.organization_id, 'owningOrganizationId', o.organization_id,
  'transportingOrganizationId', o.transporting_organization_id, 'transportedByUserId', o.transported_by_user_id,
  'acceptedByUserId', o.accepted_by_user_id, 'tractorId', o.tractor_id, 'trailerId', o.trailer_id,
  'washOption', o.wash_option, 'metadata', o.metadata, 'mergedFromOrderIds', to_json(o.merged_from_order_ids),
  'timeSeconds', o.time_seconds, 'distanceMeters', o.distance_meters, 'version', o.version,
  'updatedAt', ${isoOf(sql`o.updated_at`)}, 'carrierResources', ${carrierResourcesJson},
  'stops', coalesce((select json_agg(${stopJson} order by s.sequence, s.id) from ${stops} s where s.order_id = o.id), '[]'::json)
)`;

/** Each matching load's JSON document (stored, or built for a load written outside the API), by date and id. */
function documentsQuery(conditions: (SQL | undefined)[]) {
  const where = and(...conditions) ?? sql`true`;
  return sql`
    select coalesce(d.document, (${orderJson})::text) as document
      from ${orders} o
      left join ${orderDocuments} d on d.order_id = o.id
     where o.id in (select ${orders.id} from ${orders} where ${where})
     order by o.date, o.id`;
}

/**
 * The loads matching `conditions` (over `orders`), ordered by date and id, as the JSON text of an
 * array in the contract shape: each load's stored document (`order_documents`), or, for a load
 * written outside the API (a bulk import), the same JSON built on the spot.
 */
export async function ordersAsJson(db: Queryable, ...conditions: (SQL | undefined)[]): Promise<string> {
  const result = await db.execute<{ document: string }>(documentsQuery(conditions));
  return `[${result.rows.map((row) => row.document).join(',')}]`;
}

const dialect = new PgDialect();
/** Characters gathered before they go to the socket: large enough that writes stay few. */
const STREAM_CHUNK_CHARS = 1 << 20;

/**
 * The same JSON array as `ordersAsJson`, sent while PostgreSQL still sends rows: a week of 10,000
 * loads is 36 MB, and streaming overlaps reading it with writing it (bench: week query).
 * Resolves once the first row (or the end) arrives, so a failing query still answers an error
 * status instead of a cut-off 200.
 */
export async function streamOrdersJson(
  pool: pg.Pool,
  conditions: (SQL | undefined)[],
  chunkChars = STREAM_CHUNK_CHARS,
): Promise<Readable> {
  const { sql: text, params } = dialect.sqlToQuery(documentsQuery(conditions));
  const client = await pool.connect();
  const body = new Readable({ read() {} });
  let chunk = '[';
  let rows = 0;
  const query = client.query(new pg.Query({ text, values: params }));
  const started = new Promise<void>((resolve, reject) => {
    query.on('row', ({ document }: { document: string }) => {
      chunk += rows++ ? `,${document}` : document;
      if (chunk.length >= chunkChars) {
        body.push(chunk);
        chunk = '';
      }
      resolve();
    });
    query.on('end', () => {
      client.release();
      body.push(`${chunk}]`);
      body.push(null);
      resolve();
    });
    query.on('error', (error: Error) => {
      client.release(error);
      // Before the first row nobody holds the body yet: the caller gets the error instead.
      if (rows) body.destroy(error);
      else reject(error);
    });
  });
  await started;
  return body;
}

/**
 * Rebuilds the stored documents of these loads from their rows; called in the transaction of every
 * write that records a load change, so a document is never older than its load.
 */
export async function refreshOrderDocuments(db: Queryable, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    insert into ${orderDocuments} (order_id, document)
    select o.id, (${orderJson})::text from ${orders} o where o.id = any(${sql.param([...ids])}::int[])
    on conflict (order_id) do update set document = excluded.document`);
}
