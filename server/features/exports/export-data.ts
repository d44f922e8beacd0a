import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { ExportSettings, ExportSettingsQuery } from '#core/contract/exports';
import { languageSchema, timezoneSchema } from '#core/contract/user';
import { DEFAULT_LANGUAGE, DEFAULT_TIMEZONE } from '#core/domain/locale';
import { DEFAULT_UNIT_SYSTEM, DEFAULT_WEIGHT_UNIT, unitSystemSchema, weightUnitSchema } from '#core/domain/units';
import type { Queryable } from '#server/db/database';
import {
  cargoTypes,
  contacts,
  customers,
  locations,
  orders,
  organizations,
  stops,
  subLocations,
  tractors,
  trailers,
  users,
} from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';

/** One stop as both exports print it: names resolved, times as instants, weights in grams. */
export interface ExportStop {
  sequence: number;
  type: (typeof stops.$inferSelect)['type'];
  status: (typeof stops.$inferSelect)['status'];
  locationName: string | null;
  subLocationNames: string[];
  address: string | null;
  orderNumber: string | null;
  customerOrderNumber: string | null;
  customerName: string | null;
  cargo: string | null;
  quantity: number | null;
  actualQuantity: number | null;
  weightGrams: number | null;
  actualWeightGrams: number | null;
  distanceMeters: number | null;
  arrivalTime: Date | null;
  completedAt: Date | null;
  notes: string | null;
}

export interface ExportLoad {
  id: number;
  date: Date;
  status: (typeof orders.$inferSelect)['status'];
  organizationName: string;
  /** Set only when another organization (a carrier) transports the load. */
  carrierName: string | null;
  driverName: string | null;
  tractorName: string | null;
  trailerName: string | null;
  distanceMeters: number | null;
  stops: ExportStop[];
}

/**
 * The loads the active organization may export: its own (drafts included) and the non-draft loads
 * it transports for another organization, as the loads and drafts lists show them.
 */
function exportableBy(auth: AuthContext) {
  return or(
    eq(orders.organizationId, auth.organizationId),
    and(eq(orders.transportingOrganizationId, auth.organizationId), eq(orders.isDraft, false)),
  );
}

/** One array parameter instead of one parameter per id: 20,000 ids stay a single short statement. */
function anyOf(column: PgColumn, ids: number[]) {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

/** Whether a resource's organization is the load's owner or transporter. */
function sidesOf(column: PgColumn) {
  return or(eq(column, orders.organizationId), eq(column, orders.transportingOrganizationId));
}

function addressLine(row: { address1: string; address2: string | null; city: string; state: string; postalCode: string }) {
  return [row.address1, row.address2, `${row.city}, ${row.state} ${row.postalCode}`].filter(Boolean).join(', ');
}

interface StopJson {
  /** The owning organization: the names a stop prints are looked up among its rows only. */
  organizationId: number;
  sequence: number;
  type: ExportStop['type'];
  status: ExportStop['status'];
  locationId: number | null;
  subLocationIds: number[];
  customerId: number | null;
  cargoTypeId: number | null;
  orderNumber: string | null;
  customerOrderNumber: string | null;
  quantity: number | null;
  actualQuantity: number | null;
  weightGrams: number | null;
  actualWeightGrams: number | null;
  distanceMeters: number | null;
  arrivalMs: number | null;
  completedMs: number | null;
  notes: string | null;
}

/** A name's key: the id within its organization. */
const owned = (organizationId: number, id: number) => `${organizationId}:${id}`;

/**
 * Names of the locations, sub-locations, customers and cargo types the stops refer to, each fetched
 * once. Locations, sub-locations and customers are looked up within the stop's own organization, so
 * an id of another one (written behind the API's back) prints nothing rather than its name.
 */
async function referencedNames(db: Queryable, stopList: StopJson[]) {
  const distinct = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];
  const organizationIds = distinct(stopList.map((stop) => stop.organizationId));
  const locationIds = distinct(stopList.map((stop) => stop.locationId));
  const subLocationIds = distinct(stopList.flatMap((stop) => stop.subLocationIds));
  const cargoTypeIds = distinct(stopList.map((stop) => stop.cargoTypeId));
  const [locationRows, subLocationRows, cargoRows] = await Promise.all([
    locationIds.length
      ? db
          .select({
            id: locations.id,
            organizationId: locations.organizationId,
            name: locations.name,
            customerId: locations.customerId,
            address1: locations.address1,
            address2: locations.address2,
            city: locations.city,
            state: locations.state,
            postalCode: locations.postalCode,
          })
          .from(locations)
          .where(and(anyOf(locations.id, locationIds), anyOf(locations.organizationId, organizationIds)))
      : [],
    subLocationIds.length
      ? db
          .select({ id: subLocations.id, organizationId: subLocations.organizationId, name: subLocations.name })
          .from(subLocations)
          .where(and(anyOf(subLocations.id, subLocationIds), anyOf(subLocations.organizationId, organizationIds)))
      : [],
    cargoTypeIds.length
      ? db.select({ id: cargoTypes.id, label: cargoTypes.label }).from(cargoTypes).where(anyOf(cargoTypes.id, cargoTypeIds))
      : [],
  ]);
  const customerIds = distinct([...stopList.map((stop) => stop.customerId), ...locationRows.map((row) => row.customerId)]);
  const customerRows = customerIds.length
    ? await db
        .select({ id: customers.id, organizationId: customers.organizationId, name: customers.customerName })
        .from(customers)
        .where(and(anyOf(customers.id, customerIds), anyOf(customers.organizationId, organizationIds)))
    : [];
  return {
    locations: new Map(
      locationRows.map((row) => [
        owned(row.organizationId, row.id),
        { name: row.name, customerId: row.customerId, address: addressLine(row) },
      ]),
    ),
    subLocations: new Map(subLocationRows.map((row) => [owned(row.organizationId, row.id), row.name])),
    cargoTypes: new Map(cargoRows.map((row) => [row.id, row.label])),
    customers: new Map(customerRows.map((row) => [owned(row.organizationId, row.id), row.name])),
  };
}

/**
 * Every requested load with its stops in a fixed number of queries whatever the count (no per-load query), sorted
 * by load date then id. Answers null when any id is unknown or not exportable by the active organization,
 * so the caller answers 404 without saying which.
 */
export async function loadsForExport(db: Queryable, auth: AuthContext, requestedIds: number[]): Promise<ExportLoad[] | null> {
  const ids = [...new Set(requestedIds)];
  const carriers = alias(organizations, 'carrier');
  const loadRows = await db
    .select({
      id: orders.id,
      date: orders.date,
      status: orders.status,
      organizationId: orders.organizationId,
      transportingOrganizationId: orders.transportingOrganizationId,
      organizationName: organizations.name,
      carrierName: carriers.name,
      driverName: users.name,
      tractorName: tractors.userDisplayName,
      trailerName: trailers.userDisplayName,
      distanceMeters: orders.distanceMeters,
    })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .innerJoin(carriers, eq(carriers.id, orders.transportingOrganizationId))
    // Resources print only when they are the owner's or the transporter's, as they should be.
    .leftJoin(users, and(eq(users.id, orders.transportedByUserId), sidesOf(users.organizationId)))
    .leftJoin(tractors, and(eq(tractors.id, orders.tractorId), sidesOf(tractors.organizationId)))
    .leftJoin(trailers, and(eq(trailers.id, orders.trailerId), sidesOf(trailers.organizationId)))
    .where(and(anyOf(orders.id, ids), exportableBy(auth)))
    .orderBy(asc(orders.date), asc(orders.id));
  if (loadRows.length !== ids.length) return null;

  // Stops come aggregated per load as JSON: node-postgres then parses one value per load instead of
  // 18 fields per stop, which was most of the time for 30,000 stops. Instants travel as epoch ms.
  const stopRows = await db
    .select({
      orderId: stops.orderId,
      stops: sql<StopJson[]>`json_agg(json_build_object(
        'organizationId', ${stops.organizationId}, 'sequence', ${stops.sequence}, 'type', ${stops.type}, 'status', ${stops.status},
        'locationId', ${stops.locationId}, 'subLocationIds', ${stops.subLocationIds},
        'customerId', ${stops.customerId}, 'cargoTypeId', ${stops.cargoTypeId},
        'orderNumber', ${stops.orderNumber}, 'customerOrderNumber', ${stops.customerOrderNumber},
        'quantity', ${stops.quantity}, 'actualQuantity', ${stops.actualQuantity},
        'weightGrams', ${stops.weightGrams}, 'actualWeightGrams', ${stops.actualWeightGrams},
        'distanceMeters', ${stops.distanceMeters},
        'arrivalMs', (extract(epoch from ${stops.arrivalTime}) * 1000)::bigint,
        'completedMs', (extract(epoch from ${stops.completedAt}) * 1000)::bigint,
        'notes', ${stops.notes}
      ) order by ${stops.sequence})`,
    })
    .from(stops)
    .where(anyOf(stops.orderId, ids))
    .groupBy(stops.orderId);

  const names = await referencedNames(
    db,
    stopRows.flatMap((row) => row.stops),
  );
  const stopsByLoad = new Map<number, ExportStop[]>();
  for (const row of stopRows) {
    stopsByLoad.set(
      row.orderId,
      row.stops.map((stop) => {
        const name = <Value>(map: Map<string, Value>, id: number | null) =>
          id === null ? undefined : map.get(owned(stop.organizationId, id));
        const location = name(names.locations, stop.locationId);
        // The stop's own customer, else the customer the location belongs to.
        const customerId = stop.customerId ?? location?.customerId ?? null;
        return {
          sequence: stop.sequence,
          type: stop.type,
          status: stop.status,
          locationName: location?.name ?? null,
          subLocationNames: stop.subLocationIds.flatMap((id) => name(names.subLocations, id) ?? []),
          address: location?.address ?? null,
          orderNumber: stop.orderNumber,
          customerOrderNumber: stop.customerOrderNumber,
          customerName: name(names.customers, customerId) ?? null,
          cargo: stop.cargoTypeId === null ? null : (names.cargoTypes.get(stop.cargoTypeId) ?? null),
          quantity: stop.quantity,
          actualQuantity: stop.actualQuantity,
          weightGrams: stop.weightGrams,
          actualWeightGrams: stop.actualWeightGrams,
          distanceMeters: stop.distanceMeters,
          arrivalTime: stop.arrivalMs === null ? null : new Date(stop.arrivalMs),
          completedAt: stop.completedMs === null ? null : new Date(stop.completedMs),
          notes: stop.notes,
        };
      }),
    );
  }
  return loadRows.map((row) => ({
    id: row.id,
    date: row.date,
    status: row.status,
    organizationName: row.organizationName,
    carrierName: row.transportingOrganizationId === row.organizationId ? null : row.carrierName,
    driverName: row.driverName,
    tractorName: row.tractorName,
    trailerName: row.trailerName,
    distanceMeters: row.distanceMeters,
    stops: stopsByLoad.get(row.id) ?? [],
  }));
}

/** The query's settings, each absent one taken from the signed-in user's contact. */
export async function resolveExportSettings(
  db: Queryable,
  auth: AuthContext,
  query: ExportSettingsQuery,
): Promise<ExportSettings> {
  const { language, timezone, units, unitsWeight } = query;
  if (language && timezone && units && unitsWeight) return { language, timezone, units, unitsWeight };
  const [contact] = await db
    .select({
      language: contacts.language,
      timezone: contacts.timezone,
      units: contacts.units,
      unitsWeight: contacts.unitsWeight,
    })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, auth.userId));
  // Contact columns are plain text: anything unexpected falls back to the product defaults (spec 1 §9).
  return {
    language: language ?? languageSchema.catch(DEFAULT_LANGUAGE).parse(contact?.language),
    timezone: timezone ?? timezoneSchema.catch(DEFAULT_TIMEZONE).parse(contact?.timezone),
    units: units ?? unitSystemSchema.catch(DEFAULT_UNIT_SYSTEM).parse(contact?.units),
    unitsWeight: unitsWeight ?? weightUnitSchema.catch(DEFAULT_WEIGHT_UNIT).parse(contact?.unitsWeight),
  };
}
