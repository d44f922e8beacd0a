import { z } from 'zod';
import { idListQuerySchema } from './common.ts';
import { gramsSchema, idSchema, idTextSchema, int, quantitySchema, text } from './limits.ts';
import { notAReference, referenceId } from './references.ts';

/**
 * Production planning (spec 3 "Production card", "Order group"): what a mill will produce for which
 * farms on which day, grouped into draft loads that fit the trailers. Cards are a mirrored record
 * type written through `/api/organizations/{orgId}/production-cards[/{id}]` like every record type
 * (offline create and delete), and through spec 3's `POST /api/production-cards` and
 * `DELETE /api/production-cards/{guid}`; `GET /api/production-cards` reads them by date range. Order groups,
 * their preview and their generation are server reads and writes under `/api/production-cards/…`
 * (server/features/production-cards).
 */

/** How a card's quantity is spread over loads (core/domain/planning/distribution.ts). */
export const distributionModeSchema = z.enum(['greedy', 'equitable']);

/** Spec 3 "metadata.cargo.salmonellaResult". */
export const SALMONELLA_RESULTS = ['negative', 'suspicious', 'mildPositive', 'highPositive'] as const;

/** A card's two stops: where it is produced and where it goes. */
export const PRODUCTION_CARD_STOP_TYPES = ['Origin', 'Destination'] as const;

/** A calendar day, `YYYY-MM-DD` (a card's target date is a day, not an instant). */
export const calendarDaySchema = z.iso.date();

/** Cards of one request: a generated group of 200 drafts comes from a few hundred cards at most. */
export const MAX_CARDS_PER_GROUP = 1_000;

const lotIdSchema = notAReference(text(100, { trim: true }), 'a lot number (text), not a record id');

export const productionCardStopInputSchema = z.object({
  type: z.enum(PRODUCTION_CARD_STOP_TYPES),
  organizationLocationId: referenceId('location'),
  organizationSubLocationIds: z
    .array(referenceId('subLocation', { within: 'organizationLocationId' }))
    .max(50)
    .default([]),
  lotId: lotIdSchema.nullable().default(null),
});
export type ProductionCardStopInput = z.input<typeof productionCardStopInputSchema>;

/**
 * What the card asks to move, besides its quantity. Weights are grams; the average weight is
 * kilograms per unit (spec 3: step 0.01, converted from pounds when the user works in imperial).
 * Which fields a cargo type needs (quantity + average weight, or weight + number of loads) is the
 * cargo type's basis: core/domain/production-cards.ts decides, the server checks it on create.
 */
export const productionCardCargoSchema = z.object({
  averageWeight: z.number().min(0).max(1e6).nullable().default(null),
  weight: gramsSchema.nullable().default(null),
  numberOfLoads: int(1, 10_000).nullable().default(null),
  salmonellaResult: z.enum(SALMONELLA_RESULTS).nullable().default(null),
});
export type ProductionCardCargo = z.output<typeof productionCardCargoSchema>;

/** Spec 3 "Create card payload". `guid` may be chosen by the client (a card created offline keeps it). */
export const productionCardInputSchema = z
  .object({
    guid: z.uuid().optional(),
    cargoTypeId: referenceId('cargoType'),
    quantity: quantitySchema.nullable().default(null),
    targetDate: calendarDaySchema,
    lotId: lotIdSchema.nullable().default(null),
    orderNumber: text(100, { trim: true }).nullable().default(null),
    productionPlan: text(200, { trim: true }).nullable().default(null),
    stops: z.array(productionCardStopInputSchema).length(2),
    metadata: z.object({ cargo: productionCardCargoSchema.prefault({}) }).prefault({}),
  })
  .superRefine((input, context) => {
    PRODUCTION_CARD_STOP_TYPES.forEach((type, index) => {
      if (input.stops[index]?.type !== type) {
        context.addIssue({ code: 'custom', path: ['stops', index, 'type'], message: `stop ${index + 1} is the ${type}` });
      }
    });
  });
export type ProductionCardInput = z.input<typeof productionCardInputSchema>;
export type ProductionCardValues = z.output<typeof productionCardInputSchema>;

export const productionCardStopSchema = z.object({
  type: z.enum(PRODUCTION_CARD_STOP_TYPES),
  organizationLocationId: z.number().int(),
  organizationSubLocationIds: z.array(z.number().int()),
  lotId: z.string().nullable(),
});
export type ProductionCardStop = z.infer<typeof productionCardStopSchema>;

/** A production card as the feed and the reads answer it (spec 3 "Production card"). */
export const productionCardSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  guid: z.string(),
  cargoTypeId: z.number().int(),
  quantity: z.number().nullable(),
  targetDate: z.string(),
  lotId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  productionPlan: z.string().nullable(),
  stops: z.array(productionCardStopSchema),
  metadata: z.object({
    cargo: z.object({
      averageWeight: z.number().nullable(),
      weight: z.number().nullable(),
      numberOfLoads: z.number().int().nullable(),
      salmonellaResult: z.enum(SALMONELLA_RESULTS).nullable(),
    }),
  }),
  /** The order group the card was generated into; null while it is on the board. */
  orderGroupGuid: z.string().nullable(),
  version: z.number().int(),
});
export type ProductionCard = z.infer<typeof productionCardSchema>;

/** `GET /api/production-cards`: the cards of a range of target days, of one cargo type when given. */
export const productionCardsQuerySchema = z
  .object({
    startDate: calendarDaySchema,
    endDate: calendarDaySchema,
    cargoTypeId: notAReference(idTextSchema, 'a filter: another organization’s cargo type matches nothing').optional(),
  })
  .refine((query) => query.startDate <= query.endDate, { path: ['endDate'], message: 'startDate must not be after endDate' });
export const productionCardsAnswerSchema = z.array(productionCardSchema);

// Distribution (the seam of core/domain/planning/distribution.ts, as the API carries it).

export const trailerProfileSchema = z.object({
  cargoTypeId: z.number().int(),
  maxCargoWeightGrams: z.number(),
  compartmentCount: z.number().int(),
});
export const plannedPartSchema = z.object({
  cardId: z.number().int(),
  compartments: z.number().int(),
  quantity: z.number().nullable(),
  weightGrams: z.number(),
});
export const plannedDraftSchema = z.object({
  cargoTypeId: z.number().int(),
  parts: z.array(plannedPartSchema),
  weightGrams: z.number(),
  compartmentsUsed: z.number().int(),
});
export const UNPLACED_REASONS = ['capacity', 'compartments', 'noTrailer'] as const;
export const unplacedCardSchema = z.object({ cardId: z.number().int(), reason: z.enum(UNPLACED_REASONS) });

const cardIdsSchema = z.array(notAReference(idSchema, 'a card acted on; another organization’s is not found (404)'));

/** `GET /api/production-cards/group-preview?distributionMode&ids` (ids: "1,2,3" or repeated). */
export const groupPreviewQuerySchema = z.object({
  distributionMode: distributionModeSchema.default('greedy'),
  ids: idListQuerySchema(MAX_CARDS_PER_GROUP, 'the cards previewed; another organization’s are not found (404)'),
});

/**
 * The drafts the cards would become, with the trailer profile of each cargo type (`trailerProfile`:
 * the first, which is the only one when the cards share a cargo type) and the cards that fit no draft.
 */
export const groupPreviewSchema = z.object({
  distributionMode: distributionModeSchema,
  drafts: z.array(plannedDraftSchema),
  trailerProfile: trailerProfileSchema.nullable(),
  trailerProfiles: z.array(trailerProfileSchema),
  unplaced: z.array(unplacedCardSchema),
  lowerBound: z.number().int(),
});
export type GroupPreview = z.infer<typeof groupPreviewSchema>;

/**
 * `POST /api/production-cards/groups`: the server recomputes the distribution and refuses (409
 * `groupChanged`, the preview as it computed it in `current`) when it does not make
 * `expectedDraftCount` drafts, when a card would stay unplaced or when a card is already grouped.
 */
export const generateGroupSchema = z.object({
  productionCardIds: cardIdsSchema.min(1).max(MAX_CARDS_PER_GROUP),
  distributionMode: distributionModeSchema,
  expectedDraftCount: int(1, MAX_CARDS_PER_GROUP * 100),
});
export type GenerateGroupInput = z.infer<typeof generateGroupSchema>;

/** The rule names of a refused generation (`error.rule`). */
export const GROUP_REFUSALS = ['groupChanged', 'cardsUnplaced', 'cardsGrouped'] as const;

/** Spec 3 "Order group", with the cards and drafts it links. Counts come from the loads at read time. */
export const orderGroupSchema = z.object({
  guid: z.string(),
  /** The first and last target day of its cards. */
  dateRange: z.array(z.string()),
  /** Origin location ids, in card order, each once. */
  pickups: z.array(z.number().int()),
  /** Destination location ids. */
  dropoffs: z.array(z.number().int()),
  cargo: z.array(
    z.object({
      quantity: z.number().nullable(),
      weight: z.number().nullable(),
      productionPlan: z.string().nullable(),
      cargoTypeId: z.number().int(),
    }),
  ),
  orderNumbers: z.array(z.string()),
  lotIds: z.array(z.string()),
  numberOfDraftLoads: z.number().int(),
  numberOfScheduledLoads: z.number().int(),
  numberOfHistoricLoads: z.number().int(),
  /** No load of the group has left draft or scheduled (none dispatched, in transit, delivered). */
  isUnlinkable: z.boolean(),
  productionCardIds: z.array(z.number().int()),
  orderIds: z.array(z.number().int()),
  createdAt: z.string(),
});
export type OrderGroup = z.infer<typeof orderGroupSchema>;

/** `GET /api/production-cards/groups?from&to`: groups whose cards' target days meet the range. */
export const orderGroupsQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    /** The toolbar's week number, echoed; the range is `from`…`to`. */
    preset: z.string().max(20).optional(),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'from must not be after to' });
export const orderGroupsAnswerSchema = z.object({
  data: z.array(orderGroupSchema),
  timeWindow: z.object({ from: z.string(), to: z.string() }),
});
export type OrderGroupsAnswer = z.infer<typeof orderGroupsAnswerSchema>;

/** `DELETE /api/production-cards/{guid}`: the card acted on; another organization's is not found. */
export const productionCardParamsSchema = z.object({ guid: z.uuid() });

/** `/api/production-cards/groups/{guid}`. */
export const orderGroupParamsSchema = z.object({ guid: z.uuid() });
