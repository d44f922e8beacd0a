import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import { INVALID_LOCATION, type ProductionCard, type ProductionCardValues } from '#core/contract/production-cards';
import { cargoBasis } from '#core/domain/cargo';
import type { Queryable, Transaction } from '#server/db/database';
import { locations, locationTypes } from '#server/db/schema';
import { badRequest, HttpError } from '#server/plugins/error-handler';
import type { RecordStore } from '#server/resources/resource-routes';
import { orderGroups, productionCards } from './production-cards.schema.ts';

type CardRow = typeof productionCards.$inferSelect;

export function toProductionCard(row: CardRow, orderGroupGuid: string | null): ProductionCard {
  return {
    id: row.id,
    organizationId: row.organizationId,
    guid: row.guid,
    cargoTypeId: row.cargoTypeId,
    quantity: row.quantity,
    targetDate: row.targetDate,
    lotId: row.lotId,
    orderNumber: row.orderNumber,
    productionPlan: row.productionPlan,
    stops: row.stops,
    metadata: { cargo: row.cargo },
    orderGroupGuid,
    version: row.version,
  };
}

/** Cards matching `where`, with the guid of their group, by id. */
export async function productionCardsWhere(db: Queryable, where: SQL | undefined): Promise<ProductionCard[]> {
  const rows = await db
    .select({ card: getTableColumns(productionCards), groupGuid: orderGroups.guid })
    .from(productionCards)
    .leftJoin(orderGroups, eq(orderGroups.id, productionCards.orderGroupId))
    .where(where)
    .orderBy(productionCards.targetDate, productionCards.id);
  return rows.map((row) => toProductionCard(row.card, row.groupGuid));
}

/**
 * The amounts a cargo type's basis needs (spec 3): quantity and average weight for counted cargo,
 * weight and number of loads for cargo by weight, each above zero. The other pair is cleared, so a
 * card never carries amounts its basis does not read.
 */
function amountsOf(input: ProductionCardValues): {
  issues: { path: string; message: string }[];
  values: Partial<ProductionCardValues>;
} {
  const { cargo } = input.metadata;
  const issues: { path: string; message: string }[] = [];
  const positive = (value: number | null, path: string) => {
    if (value === null || !(value > 0)) issues.push({ path, message: 'required' });
  };
  if (cargoBasis(input.cargoTypeId) === 'quantity') {
    positive(input.quantity, 'body.quantity');
    positive(cargo.averageWeight, 'body.metadata.cargo.averageWeight');
    return { issues, values: { quantity: input.quantity, metadata: { cargo: { ...cargo, weight: null, numberOfLoads: null } } } };
  }
  positive(cargo.weight, 'body.metadata.cargo.weight');
  positive(cargo.numberOfLoads, 'body.metadata.cargo.numberOfLoads');
  return { issues, values: { quantity: null, metadata: { cargo: { ...cargo, averageWeight: null } } } };
}

/**
 * Spec 3 "invalidLocation": the origin must be a site whose type ships the card's cargo type, the
 * destination one whose type receives it.
 */
async function locationIssues(tx: Queryable, input: ProductionCardValues) {
  const ids = input.stops.map((stop) => stop.organizationLocationId);
  const rows = await tx
    .select({ id: locations.id, ships: locationTypes.shipsCargoTypeIds, receives: locationTypes.receivesCargoTypeIds })
    .from(locations)
    .innerJoin(locationTypes, eq(locationTypes.id, locations.locationTypeId))
    .where(inArray(locations.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return input.stops.flatMap((stop, index) => {
    const site = byId.get(stop.organizationLocationId);
    const allowed = stop.type === 'Origin' ? site?.ships : site?.receives;
    return allowed?.includes(input.cargoTypeId)
      ? []
      : [{ path: `body.stops.${index}.organizationLocationId`, message: INVALID_LOCATION }];
  });
}

function cardGrouped(what: string) {
  return new HttpError(
    409,
    ERROR_CODES.conflict,
    `The production card is in an order group: unlink the group before ${what} it`,
    {
      rule: 'cardGrouped',
    },
  );
}

/**
 * Production cards on the record routes: created and deleted offline like any record, their amounts
 * and locations checked against the cargo type (spec 3), and kept while in an order group (unlink the
 * group first: its drafts name the card's stops).
 */
export const productionCardStore: RecordStore<ProductionCard, ProductionCardValues> = {
  table: productionCards,
  noun: 'production card',
  rows: productionCardsWhere,
  values: (input, { stored }) => {
    const { values } = amountsOf(input);
    return {
      // A card keeps the guid it was created with (the client's, or the database's).
      ...(stored ? {} : input.guid ? { guid: input.guid } : {}),
      cargoTypeId: input.cargoTypeId,
      quantity: values.quantity ?? null,
      targetDate: input.targetDate,
      lotId: input.lotId,
      orderNumber: input.orderNumber,
      productionPlan: input.productionPlan,
      stops: input.stops,
      cargo: values.metadata?.cargo ?? input.metadata.cargo,
    };
  },
  check: async (tx, _auth, input, current) => {
    if (current?.orderGroupGuid) throw cardGrouped('changing');
    const issues = [...amountsOf(input).issues, ...(await locationIssues(tx, input))];
    if (issues.length) throw badRequest(issues);
  },
  beforeDelete: async (tx, id) => {
    const [card] = await tx
      .select({ orderGroupId: productionCards.orderGroupId })
      .from(productionCards)
      .where(eq(productionCards.id, id));
    if (card?.orderGroupId !== null && card?.orderGroupId !== undefined) throw cardGrouped('deleting');
  },
  uniqueViolations: {
    production_cards_guid_idx: () =>
      new HttpError(409, ERROR_CODES.conflict, 'A production card with this guid already exists', {
        issues: [{ path: 'body.guid', message: 'taken' }],
      }),
  },
};

/** How many of the organization's cards start or end at a location (its "in use" count). */
export async function cardsAtLocation(tx: Transaction | Queryable, locationId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(productionCards)
    .where(and(sql`${productionCards.stops} @> ${JSON.stringify([{ organizationLocationId: locationId }])}::jsonb`));
  return row?.count ?? 0;
}
