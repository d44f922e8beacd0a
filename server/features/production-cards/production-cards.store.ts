import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import type { ProductionCard, ProductionCardValues } from '#core/contract/production-cards';
import { cargoBasis } from '#core/domain/cargo';
import { type CardAmountField, cardLocationIssue, storedAmountIssues } from '#core/domain/production-cards';
import type { Queryable, Transaction } from '#server/db/database';
import { locations, locationTypes, subLocations } from '#server/db/schema';
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

/** The path of an amount in the create body. */
const AMOUNT_PATHS: Record<CardAmountField, string> = {
  quantity: 'body.quantity',
  averageWeight: 'body.metadata.cargo.averageWeight',
  weight: 'body.metadata.cargo.weight',
  numberOfLoads: 'body.metadata.cargo.numberOfLoads',
};

/**
 * The card as stored: only the amounts its cargo type's basis reads (quantity and average weight for
 * counted cargo, weight and number of loads by weight); the other pair is cleared.
 */
function storedAmounts(input: ProductionCardValues) {
  const { cargo } = input.metadata;
  return cargoBasis(input.cargoTypeId) === 'quantity'
    ? { quantity: input.quantity, cargo: { ...cargo, weight: null, numberOfLoads: null } }
    : { quantity: null, cargo: { ...cargo, averageWeight: null } };
}

/**
 * Spec 3's card rules (core/domain/production-cards.ts) on what the server stores: the amounts of the
 * cargo type's basis, and each stop's location allowed for the cargo type ('invalidLocation').
 */
async function cardIssues(tx: Queryable, input: ProductionCardValues) {
  const stored = storedAmounts(input);
  const amounts = storedAmountIssues({
    cargoTypeId: input.cargoTypeId,
    quantity: stored.quantity,
    metadata: { cargo: stored.cargo },
  });
  const ids = input.stops.map((stop) => stop.organizationLocationId);
  const sites = await tx
    .select({
      id: locations.id,
      organizationLocationTypeId: locations.locationTypeId,
      hasScale: locations.hasScale,
      enabled: locations.enabled,
    })
    .from(locations)
    .where(inArray(locations.id, ids));
  const subLocationRows = await tx
    .select({ id: subLocations.id, locationId: subLocations.locationId })
    .from(subLocations)
    .where(inArray(subLocations.locationId, ids));
  const types = await tx.select().from(locationTypes);
  const cardLocations = sites.map((site) => ({
    ...site,
    orgSubLocations: subLocationRows.filter((row) => row.locationId === site.id),
  }));
  const locationIssues = input.stops.flatMap((stop, index) => {
    const choice = { locationId: stop.organizationLocationId, subLocationIds: stop.organizationSubLocationIds };
    const issue = cardLocationIssue(choice, cardLocations, types, input.cargoTypeId, stop.type);
    return issue ? [{ path: `body.stops.${index}.organizationLocationId`, message: issue }] : [];
  });
  return [...amounts.map(({ field, issue }) => ({ path: AMOUNT_PATHS[field], message: issue })), ...locationIssues];
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
    const amounts = storedAmounts(input);
    return {
      // A card keeps the guid it was created with (the client's, or the database's).
      ...(stored ? {} : input.guid ? { guid: input.guid } : {}),
      cargoTypeId: input.cargoTypeId,
      quantity: amounts.quantity,
      targetDate: input.targetDate,
      lotId: input.lotId,
      orderNumber: input.orderNumber,
      productionPlan: input.productionPlan,
      stops: input.stops,
      cargo: amounts.cargo,
    };
  },
  check: async (tx, _auth, input, current) => {
    if (current?.orderGroupGuid) throw cardGrouped('changing');
    const issues = await cardIssues(tx, input);
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
