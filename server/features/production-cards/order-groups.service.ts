import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import type { Order, OrderInput } from '#core/contract/orders';
import type {
  GenerateGroupInput,
  GroupPreview,
  OrderGroup,
  OrderGroupsAnswer,
  ProductionCard,
} from '#core/contract/production-cards';
import { cargoBasis } from '#core/domain/cargo';
import { type DistributionMode, distributeCards } from '#core/domain/planning/distribution';
import { draftStopsOf, planningCardOf, trailerProfilesOf } from '#core/domain/planning/production-planning';
import { DEFAULT_TIMEZONE } from '#core/domain/locale';
import { instantOfWallClock } from '#core/domain/weeks';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { orders, organizations, trailers } from '#server/db/schema';
import { insertOrders, organizationsSeeing } from '#server/features/orders/orders.service';
import type { AuthContext } from '#server/plugins/auth';
import { HttpError, notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';
import type { RoutingProvider } from '#server/providers/routing';
import { mirrorWrite } from '#server/resources/mirror-write';
import { orderGroupOrders, orderGroups, productionCards } from './production-cards.schema.ts';
import { productionCardsWhere } from './production-cards.store.ts';

/** The organization's cards named, in the order named; any other organization's or unknown id is 404. */
async function cardsNamed(db: Queryable, organizationId: number, ids: readonly number[], lock?: Transaction) {
  if (lock) {
    // Locked in id order, so two generations naming the same cards cannot deadlock.
    await lock
      .select({ id: productionCards.id })
      .from(productionCards)
      .where(and(eq(productionCards.organizationId, organizationId), inArray(productionCards.id, [...ids])))
      .orderBy(asc(productionCards.id))
      .for('update');
  }
  const found = await productionCardsWhere(
    db,
    and(eq(productionCards.organizationId, organizationId), inArray(productionCards.id, [...ids])),
  );
  const byId = new Map(found.map((card) => [card.id, card]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(`Production card ${missing.join(', ')}`);
  return ids.map((id) => byId.get(id) as ProductionCard);
}

/** The drafts the cards become with the organization's enabled trailers: the same computation as the planner worker's. */
async function distribution(db: Queryable, organizationId: number, cards: readonly ProductionCard[], mode: DistributionMode) {
  const trailerRows = await db
    .select({
      enabled: trailers.enabled,
      maxCargoWeight: trailers.maxCargoWeightGrams,
      trailerCargoTypes: trailers.trailerCargoTypes,
    })
    .from(trailers)
    .where(and(eq(trailers.organizationId, organizationId), eq(trailers.enabled, true)));
  const profiles = trailerProfilesOf(
    trailerRows,
    cards.map((card) => card.cargoTypeId),
  );
  const planned = distributeCards(
    cards.map((card) => planningCardOf(card, cargoBasis(card.cargoTypeId))),
    profiles,
    mode,
  );
  const preview: GroupPreview = {
    distributionMode: mode,
    drafts: planned.drafts,
    trailerProfile: profiles[0] ?? null,
    trailerProfiles: profiles,
    unplaced: planned.unplaced,
    lowerBound: planned.lowerBound,
  };
  return preview;
}

/** `GET /api/production-cards/group-preview`: what generating would create, written nowhere. */
export async function previewGroup(db: Queryable, auth: AuthContext, ids: readonly number[], mode: DistributionMode) {
  return distribution(db, auth.organizationId, await cardsNamed(db, auth.organizationId, ids), mode);
}

function refused(rule: string, message: string, current: GroupPreview, issues?: { path: string; message: string }[]) {
  return new HttpError(409, ERROR_CODES.conflict, message, { rule, current, ...(issues ? { issues } : {}) });
}

async function organizationTimezone(db: Queryable, organizationId: number) {
  const [row] = await db
    .select({ timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timezone ?? DEFAULT_TIMEZONE;
}

/**
 * `POST /api/production-cards/groups`: recomputes the distribution (never trusting the client's),
 * refuses when it differs from what the client previewed, when a card would stay unplaced or is
 * already grouped, then in one transaction creates the drafts through the loads' own insert, the
 * group and its links, and moves the cards into it, all through the change log and the socket.
 */
export async function generateGroup(
  db: Database,
  realtime: RealtimePublisher,
  routing: RoutingProvider,
  auth: AuthContext,
  input: GenerateGroupInput,
): Promise<OrderGroup> {
  const zone = await organizationTimezone(db, auth.organizationId);
  const { group, drafts } = await mirrorWrite(db, realtime, async (tx, record) => {
    const cards = await cardsNamed(tx, auth.organizationId, input.productionCardIds, tx);
    const preview = await distribution(tx, auth.organizationId, cards, input.distributionMode);
    const grouped = cards.filter((card) => card.orderGroupGuid !== null);
    if (grouped.length) {
      throw refused(
        'cardsGrouped',
        `Production cards ${grouped.map((card) => card.id).join(', ')} are already in an order group`,
        preview,
        grouped.map((card) => ({
          path: `body.productionCardIds.${input.productionCardIds.indexOf(card.id)}`,
          message: 'grouped',
        })),
      );
    }
    if (preview.unplaced.length) {
      throw refused(
        'cardsUnplaced',
        `Production cards ${preview.unplaced.map((entry) => entry.cardId).join(', ')} fit no trailer`,
        preview,
        preview.unplaced.map((entry) => ({
          path: `body.productionCardIds.${input.productionCardIds.indexOf(entry.cardId)}`,
          message: entry.reason,
        })),
      );
    }
    if (preview.drafts.length !== input.expectedDraftCount) {
      throw refused(
        'groupChanged',
        `The cards now make ${preview.drafts.length} draft loads, not ${input.expectedDraftCount}: preview them again`,
        preview,
      );
    }
    const cardsById = new Map(cards.map((card) => [card.id, card]));
    // A draft is dated at the start of its earliest card's day in the organization's zone (once per day: zones are slow).
    const startOfDay = new Map<string, string>();
    const dayStart = (day: string) => {
      let instant = startOfDay.get(day);
      if (!instant) {
        instant = (instantOfWallClock(`${day}T00:00`, zone) ?? new Date(`${day}T00:00:00Z`)).toISOString();
        startOfDay.set(day, instant);
      }
      return instant;
    };
    const inputs = preview.drafts.map((draft): { input: OrderInput } => {
      const firstDay = draft.parts.map((part) => cardsById.get(part.cardId)?.targetDate ?? '').sort()[0] as string;
      const date = dayStart(firstDay);
      return {
        input: {
          date,
          isDraft: true,
          transportedByUserId: null,
          tractorId: null,
          trailerId: null,
          washOption: null,
          metadata: {},
          stops: draftStopsOf(draft, cardsById).map((stop) => ({
            ...stop,
            customerId: null,
            customerOrderNumber: null,
            notes: null,
            arrivalTime: null,
            requiredBegin: null,
            requiredEnd: null,
            durationMinutes: null,
          })),
        },
      };
    });
    const created = await insertOrders(tx, routing, auth, inputs);
    const [groupRow] = await tx
      .insert(orderGroups)
      .values({ organizationId: auth.organizationId, distributionMode: input.distributionMode, createdByUserId: auth.userId })
      .returning();
    if (!groupRow) throw new Error('insert returned no order group');
    if (created.length) {
      await tx.insert(orderGroupOrders).values(created.map((order) => ({ orderGroupId: groupRow.id, orderId: order.id })));
    }
    await tx
      .update(productionCards)
      .set({ orderGroupId: groupRow.id, version: sql`${productionCards.version} + 1`, updatedAt: new Date() })
      .where(inArray(productionCards.id, [...input.productionCardIds]));
    await record([
      ...created.map((order) => ({
        entity: 'order' as const,
        id: order.id,
        op: 'upsert' as const,
        organizationIds: organizationsSeeing(order),
      })),
      ...cards.map((card) => ({
        entity: 'productionCard' as const,
        id: card.id,
        op: 'upsert' as const,
        organizationIds: [auth.organizationId],
      })),
    ]);
    const [group] = await groupsWhere(tx, auth.organizationId, [groupRow.id]);
    return { group: group as OrderGroup, drafts: created };
  });
  publishLoads(realtime, drafts);
  return group;
}

function publishLoads(realtime: RealtimePublisher, loads: readonly Order[]) {
  for (const load of loads) realtime.publishOrderChange(organizationsSeeing(load), load);
}

/**
 * `DELETE /api/production-cards/groups/{guid}`: removes the group while none of its loads has left
 * draft or scheduled (409 `groupNotUnlinkable` otherwise). Its loads stay as they are; its cards
 * return to the board.
 */
export async function unlinkGroup(db: Database, realtime: RealtimePublisher, auth: AuthContext, guid: string) {
  await mirrorWrite(db, realtime, async (tx, record) => {
    const [stored] = await tx
      .select({ id: orderGroups.id })
      .from(orderGroups)
      .where(and(eq(orderGroups.organizationId, auth.organizationId), eq(orderGroups.guid, guid)))
      .for('update');
    if (!stored) throw notFound('Order group');
    const [group] = await groupsWhere(tx, auth.organizationId, [stored.id]);
    if (!group?.isUnlinkable) {
      throw new HttpError(409, ERROR_CODES.conflict, 'Loads of this order group have left the schedule: it cannot be unlinked', {
        rule: 'groupNotUnlinkable',
        current: group,
      });
    }
    const cards = await tx
      .update(productionCards)
      .set({ orderGroupId: null, version: sql`${productionCards.version} + 1`, updatedAt: new Date() })
      .where(eq(productionCards.orderGroupId, stored.id))
      .returning({ id: productionCards.id });
    await record(
      cards.map((card) => ({
        entity: 'productionCard' as const,
        id: card.id,
        op: 'upsert' as const,
        organizationIds: [auth.organizationId],
      })),
    );
    await tx.delete(orderGroups).where(eq(orderGroups.id, stored.id));
  });
}

const unique = <T>(values: readonly (T | null | undefined)[]) => [
  ...new Set(values.filter((value): value is T => value !== null && value !== undefined && value !== '')),
];

/** The groups of the ids given, with their counts read from their loads now. */
async function groupsWhere(db: Queryable, organizationId: number, ids: readonly number[]): Promise<OrderGroup[]> {
  if (!ids.length) return [];
  const groups = await db
    .select()
    .from(orderGroups)
    .where(and(eq(orderGroups.organizationId, organizationId), inArray(orderGroups.id, [...ids])))
    .orderBy(asc(orderGroups.createdAt), asc(orderGroups.id));
  const cards = await productionCardsWhere(db, inArray(productionCards.orderGroupId, [...ids]));
  const loads = await db
    .select({ orderGroupId: orderGroupOrders.orderGroupId, id: orders.id, isDraft: orders.isDraft, status: orders.status })
    .from(orderGroupOrders)
    .innerJoin(orders, eq(orders.id, orderGroupOrders.orderId))
    .where(inArray(orderGroupOrders.orderGroupId, [...ids]))
    .orderBy(asc(orders.id));
  return groups.map((group) => {
    const ofGroup = cards.filter((card) => card.orderGroupGuid === group.guid);
    const ofLoads = loads.filter((load) => load.orderGroupId === group.id && load.status !== 'Merged');
    const days = ofGroup.map((card) => card.targetDate).sort();
    const stop = (card: ProductionCard, type: 'Origin' | 'Destination') =>
      card.stops.find((candidate) => candidate.type === type)?.organizationLocationId;
    const historic = ofLoads.filter((load) => !load.isDraft && (load.status === 'In Transit' || load.status === 'Delivered'));
    return {
      guid: group.guid,
      dateRange: days.length ? [days[0] as string, days[days.length - 1] as string] : [],
      pickups: unique(ofGroup.map((card) => stop(card, 'Origin'))),
      dropoffs: unique(ofGroup.map((card) => stop(card, 'Destination'))),
      cargo: ofGroup.map((card) => {
        const planned = planningCardOf(card, cargoBasis(card.cargoTypeId));
        return {
          quantity: planned.quantity,
          weight: planned.weightGrams,
          productionPlan: card.productionPlan,
          cargoTypeId: card.cargoTypeId,
        };
      }),
      orderNumbers: unique(ofGroup.map((card) => card.orderNumber)),
      lotIds: unique(ofGroup.map((card) => card.lotId)),
      numberOfDraftLoads: ofLoads.filter((load) => load.isDraft).length,
      numberOfScheduledLoads: ofLoads.filter((load) => !load.isDraft && (load.status === 'Open' || load.status === 'Assigned'))
        .length,
      numberOfHistoricLoads: historic.length,
      isUnlinkable: historic.length === 0,
      productionCardIds: ofGroup.map((card) => card.id),
      orderIds: ofLoads.map((load) => load.id),
      createdAt: group.createdAt.toISOString(),
    };
  });
}

/** `GET /api/production-cards/groups?from&to`: the groups holding a card whose target day is in the range. */
export async function listGroups(db: Queryable, auth: AuthContext, from: string, to: string): Promise<OrderGroupsAnswer> {
  const ids = await db
    .selectDistinct({ id: productionCards.orderGroupId })
    .from(productionCards)
    .where(
      and(
        eq(productionCards.organizationId, auth.organizationId),
        isNotNull(productionCards.orderGroupId),
        gte(productionCards.targetDate, from),
        lte(productionCards.targetDate, to),
      ),
    );
  return {
    data: await groupsWhere(
      db,
      auth.organizationId,
      ids.map((row) => row.id as number),
    ),
    timeWindow: { from, to },
  };
}
