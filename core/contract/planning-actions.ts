import { z } from 'zod';
import { idListQuerySchema } from '#core/contract/common';
import { gramsSchema, idSchema, instantSchema, int, quantitySchema, versionSchema } from '#core/contract/limits';
import { savedOrderSchema } from '#core/contract/conflicts';
import { orderInputSchema, orderSchema } from '#core/contract/orders';
import { notAReference, referenceId, subjectIdSchema } from '#core/contract/references';

/**
 * Bodies, queries and answers of the planning routes of spec 1 §7 (issue 5): the list save used by
 * publish, bulk schedule, cascade and bulk stop windows (`PUT /api/orders`), merge and unmerge of
 * drafts, the sources of a merged draft, and the bulk creation of drafts from projections. The
 * rules themselves are core/domain/planning; the server runs them again before it writes.
 */

/** Most loads one planning request may name (the bench plans 1,000 drafts at once). */
export const PLANNING_MAX_LOADS = 1000;

// ---------------------------------------------------------------------------
// PUT /api/orders — publish and bulk saves
// ---------------------------------------------------------------------------

/**
 * One draft of a list save: the whole load (as `PUT /api/orders/{id}` takes it) with its id and
 * the version it was based on (required: a list has no If-Match header per load).
 */
export const orderListItemSchema = z.intersection(orderInputSchema, z.object({ id: subjectIdSchema, version: versionSchema }));
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/**
 * `PUT /api/orders`: all of it is stored or none. An item turning `isDraft` false publishes that
 * draft (it must pass `draftCompleteness` with the time-order check, else 422 `draftIncomplete`,
 * the missing rules in `error.issues` as `{ path: "body.<i>", message: <rule> }`); an item whose
 * stop arrivals change must be monotone (`isMonotone`, else 422 `timesNotMonotone`).
 */
export const ordersListBodySchema = z
  .array(orderListItemSchema)
  .min(1)
  .max(PLANNING_MAX_LOADS)
  .superRefine((items, ctx) => {
    const seen = new Set<number>();
    items.forEach((item, index) => {
      if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'this load is already in the list' });
      seen.add(item.id);
    });
  });
export type OrdersListBody = z.infer<typeof ordersListBodySchema>;

// ---------------------------------------------------------------------------
// Merge and unmerge
// ---------------------------------------------------------------------------

/** `POST /api/orders/merge?orderIds=1,2,3` and `POST /api/orders/unmerge?orderIds=<merged ids>`. */
export const orderIdsQuerySchema = z.object({ orderIds: idListQuerySchema(PLANNING_MAX_LOADS) });
export type OrderIdsQuery = z.infer<typeof orderIdsQuerySchema>;

/**
 * `POST /api/orders/merge` body: the merged preview the client showed, or nothing (no body; Fastify
 * reads an absent body as null). The server
 * computes the merged draft itself from the sources as they are now (`mergeDrafts`), so the
 * client's stop values never count; only the order of the preview's stops is kept, each stop
 * matched by `mergeStopKey` (a preview whose keys differ from the server's leaves the server's order).
 */
export const mergeOrdersBodySchema = orderInputSchema.nullish();
export type MergeOrdersBody = z.infer<typeof mergeOrdersBodySchema>;

/**
 * `POST /api/orders/unmerge` body: the `mergedFromOrderIds` the client expects to restore, or
 * nothing. When given it must be exactly the sources of the merged drafts named (422
 * `mergedSourcesMismatch` otherwise), so a client never restores something it did not show.
 */
export const unmergeOrdersBodySchema = z
  .array(notAReference(idSchema, 'a source the client expects back; compared with the merged drafts’ sources'))
  .max(PLANNING_MAX_LOADS)
  .nullish();

/**
 * `POST /api/orders/unmerge` answer: the merged drafts removed (their ids) and the sources
 * restored as they are now (status back to what the driver choice gives, stops untouched), each with
 * its planning conflicts as every save answers them.
 */
export const unmergeAnswerSchema = z.object({
  removedOrderIds: z.array(z.number().int()),
  sources: z.array(savedOrderSchema),
});
export type UnmergeAnswer = z.infer<typeof unmergeAnswerSchema>;

/** `GET /api/orders/merged-sources?mergedFromOrderIds=1,2`: the named loads still Merged. */
export const mergedSourcesQuerySchema = z.object({ mergedFromOrderIds: idListQuerySchema(PLANNING_MAX_LOADS) });

// ---------------------------------------------------------------------------
// POST /api/orders/create-projections — bulk creation of drafts
// ---------------------------------------------------------------------------

/** A day's count in the bulk entry grid: at most 3 digits (spec 1 §5, §9). */
export const PROJECTION_MAX_LOADS_PER_DAY = 999;
/** Most configurations one request may carry (one per day and site of the entry grid). */
export const PROJECTION_MAX_CONFIGS = 100;
/** Most drafts one request may create: a full week of the grid is 7 × 999. */
export const PROJECTION_MAX_TOTAL_LOADS = 10_000;

/**
 * A projection config (spec 1 §3): `numberOfLoads` drafts of one cargo type on `date`, whose
 * origin (`isBasedOnOrigin`) or destination is the site; each load carries `weightPerLoad` grams
 * or `quantityPerLoad` units.
 */
export const projectionConfigSchema = z.object({
  organizationLocationId: referenceId('location'),
  cargoTypeId: referenceId('cargoType'),
  weightPerLoad: gramsSchema.nullable().default(null),
  quantityPerLoad: quantitySchema.nullable().default(null),
  numberOfLoads: int(0, PROJECTION_MAX_LOADS_PER_DAY),
  date: instantSchema,
  isBasedOnOrigin: z.boolean(),
});
export type ProjectionConfig = z.infer<typeof projectionConfigSchema>;

/** `POST /api/orders/create-projections` body; the answer is the created drafts. */
export const createProjectionsBodySchema = z
  .array(projectionConfigSchema)
  .min(1)
  .max(PROJECTION_MAX_CONFIGS)
  .refine((configs) => configs.reduce((sum, config) => sum + config.numberOfLoads, 0) <= PROJECTION_MAX_TOTAL_LOADS, {
    message: `at most ${PROJECTION_MAX_TOTAL_LOADS} loads in one request`,
  });

/** Every list answer of these routes: whole loads, so the mirror takes them as they are. */
export const planningOrdersAnswerSchema = z.array(orderSchema);
