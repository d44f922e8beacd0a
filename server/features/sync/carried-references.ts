import { and, inArray, sql } from 'drizzle-orm';
import type { ChangeEntity } from '#core/contract/change-feed';
import type { Queryable } from '#server/db/database';
import { cargoTypes, customers, locations, orderDocuments, orders, stops, subLocations } from '#server/db/schema';
import {
  cargoTypeColumns,
  customerColumns,
  locationRows,
  withCargoBasis,
} from '#server/features/reference-lists/reference-lists.service';
import type { AuthContext } from '#server/plugins/auth';

/*
 * A carrier sees of its loads' owners exactly the sites (with only the sub-locations named), customers
 * and cargo types that stops of the loads it transports name, so its mirror can show them offline.
 * Every write of a carried load logs those rows for the carrier (named before and after the write),
 * and the feed answers each logged row as it is now: a deletion once no carried load names it.
 */

/** Stops of the loads `organizationId` transports for another organization. */
const carriedStops = (organizationId: number) => sql`
  select s.location_id, s.sub_location_ids, s.customer_id, s.cargo_type_id
    from ${stops} s join ${orders} o on o.id = s.order_id
   where o.transporting_organization_id = ${organizationId} and o.organization_id <> ${organizationId}`;

export async function carriedLocations(db: Queryable, auth: AuthContext, ids: number[]) {
  const carried = carriedStops(auth.organizationId);
  return locationRows(
    db,
    sql`${inArray(locations.id, ids)} and ${locations.id} in (select c.location_id from (${carried}) c)`,
    sql`${subLocations.id} in (select unnest(c.sub_location_ids) from (${carried}) c)`,
  );
}

export async function carriedCustomers(db: Queryable, auth: AuthContext, ids: number[]) {
  return db
    .select(customerColumns)
    .from(customers)
    .where(
      and(
        inArray(customers.id, ids),
        sql`${customers.id} in (select c.customer_id from (${carriedStops(auth.organizationId)}) c)`,
      ),
    );
}

export async function carriedCargoTypes(db: Queryable, auth: AuthContext, ids: number[]) {
  const rows = await db
    .select(cargoTypeColumns)
    .from(cargoTypes)
    .where(
      and(
        inArray(cargoTypes.id, ids),
        sql`${cargoTypes.id} in (select c.cargo_type_id from (${carriedStops(auth.organizationId)}) c)`,
      ),
    );
  return rows.map(withCargoBasis);
}

interface NamedRow {
  orderId: number;
  owner: number;
  entity: ChangeEntity;
  id: number;
}

/** The sites, customers and cargo types the stored documents of these loads name, with each load's owner. */
async function namedByDocuments(db: Queryable, orderIds: number[]): Promise<NamedRow[]> {
  if (!orderIds.length) return [];
  const result = await db.execute<{
    order_id: number;
    owner: number;
    location_id: number | null;
    customer_id: number | null;
    cargo_type_id: number | null;
  }>(sql`
    select d.order_id, (doc.value->>'organizationId')::int as owner,
           (stop->>'organizationLocationId')::int as location_id, (stop->>'customerId')::int as customer_id,
           (stop->>'cargoTypeId')::int as cargo_type_id
      from ${orderDocuments} d
      cross join lateral (select d.document::jsonb as value) doc
      cross join lateral jsonb_array_elements(doc.value->'stops') stop
     where d.order_id = any(${sql.param(orderIds)}::int[])`);
  return result.rows.flatMap((row) =>
    (
      [
        ['location', row.location_id],
        ['customer', row.customer_id],
        ['cargoType', row.cargo_type_id],
      ] as const
    ).flatMap(([entity, id]) => (id === null ? [] : [{ orderId: row.order_id, owner: row.owner, entity, id }])),
  );
}

interface LoadChange {
  id: number;
  organizationIds: (number | null)[];
}

/**
 * Change-log entries, for every organization seeing a load besides its owner, of the rows its stored
 * document names. Read before and after the documents are refreshed (and before a load is deleted),
 * so rows a load stopped naming are logged too.
 */
export async function carriedReferences(db: Queryable, loads: LoadChange[]) {
  const carried = loads.filter((load) => new Set(load.organizationIds.filter((id) => id !== null)).size > 1);
  const named = await namedByDocuments(
    db,
    carried.map((load) => load.id),
  );
  return named.flatMap((row) =>
    carried
      .filter((load) => load.id === row.orderId)
      .flatMap((load) => load.organizationIds)
      .filter((organizationId): organizationId is number => organizationId !== null && organizationId !== row.owner)
      .map((organizationId) => ({ organizationId, entity: row.entity, entityId: row.id, op: 'upsert' as const })),
  );
}

interface RecordedChange {
  entity: ChangeEntity;
  id: number;
  organizationIds: (number | null)[];
}

/**
 * The loads not yet delivered that carry these drivers, tractors or trailers for another organization,
 * as load changes for both sides: the owner reads their names on the load (`carrierResources`), so a
 * rename reaches it with the load's document.
 */
export async function loadsNamingCarrierResources(db: Queryable, changes: RecordedChange[]) {
  const idsOf = (entity: ChangeEntity) => changes.filter((change) => change.entity === entity).map((change) => change.id);
  const [drivers, tractors, trailers] = [idsOf('driver'), idsOf('tractor'), idsOf('trailer')];
  if (!drivers.length && !tractors.length && !trailers.length) return [];
  const carriers = [
    ...new Set(
      changes.flatMap((change) =>
        ['driver', 'tractor', 'trailer'].includes(change.entity) ? change.organizationIds.filter((id) => id !== null) : [],
      ),
    ),
  ];
  const result = await db.execute<{ id: number; organization_id: number; transporting_organization_id: number }>(sql`
    select o.id, o.organization_id, o.transporting_organization_id from ${orders} o
     where o.transporting_organization_id = any(${sql.param(carriers)}::int[])
       and o.transporting_organization_id <> o.organization_id and o.status <> 'Delivered'
       and (o.transported_by_user_id = any(${sql.param(drivers)}::int[]) or o.tractor_id = any(${sql.param(tractors)}::int[])
            or o.trailer_id = any(${sql.param(trailers)}::int[]))`);
  return result.rows.map((row) => ({
    entity: 'order' as const,
    id: row.id,
    op: 'upsert' as const,
    organizationIds: [row.organization_id, row.transporting_organization_id],
  }));
}
