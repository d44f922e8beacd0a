import { z } from 'zod';
import { LOAD_STATUSES } from '#core/domain/load-rules';
import { gramsSchema, idSchema, instantSchema, int, metadataSchema, quantitySchema, text, versionSchema } from './limits.ts';
import { notAReference, referenceId } from './references.ts';

export const STOP_TYPES = ['Origin', 'Destination', 'Weigh', 'Waypoint'] as const;
export const STOP_STATUSES = ['Not Started', 'Enroute', 'Arrived', 'Complete'] as const;

export const loadStatusSchema = z.enum(LOAD_STATUSES);
export const stopTypeSchema = z.enum(STOP_TYPES);

/** Answers carry what the database holds; requests are held to `instantSchema`'s range. */
const instant = z.iso.datetime({ offset: true });

/** A stop as the API answers it (spec 1 §3); weights in grams. */
export const stopSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  sequence: z.number().int(),
  type: stopTypeSchema,
  status: z.enum(STOP_STATUSES),
  organizationLocationId: z.number().int().nullable(),
  organizationSubLocationIds: z.array(z.number().int()),
  cargoTypeId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  lotId: z.string().nullable(),
  productionPlan: z.string().nullable(),
  orderNumber: z.string().nullable(),
  customerOrderNumber: z.string().nullable(),
  quantity: z.number().nullable(),
  actualQuantity: z.number().nullable(),
  weight: z.number().nullable(),
  actualWeight: z.number().nullable(),
  notes: z.string().nullable(),
  arrivalTime: instant.nullable(),
  requiredBegin: instant.nullable(),
  requiredEnd: instant.nullable(),
  completedAt: instant.nullable(),
  /** Live tracking's expected arrival at the next stop (routing provider, to the minute); null when none. */
  estimatedArrivalAt: instant.nullable(),
  durationMinutes: z.number().int().nullable(),
  distanceMeters: z.number().int().nullable(),
  timeSeconds: z.number().int().nullable(),
  originalStopId: z.number().int().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type Stop = z.infer<typeof stopSchema>;

/**
 * The names of the carrier's own driver, tractor and trailer on a load it transports for another
 * organization: the owner's mirror holds only its own resources, so it reads them here.
 */
export const carrierResourcesSchema = z.object({
  driverName: z.string().nullable(),
  tractorName: z.string().nullable(),
  trailerName: z.string().nullable(),
});
export type CarrierResources = z.infer<typeof carrierResourcesSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  date: instant,
  status: loadStatusSchema,
  isDraft: z.boolean(),
  organizationId: z.number().int(),
  owningOrganizationId: z.number().int(),
  transportingOrganizationId: z.number().int(),
  transportedByUserId: z.number().int().nullable(),
  acceptedByUserId: z.number().int().nullable(),
  tractorId: z.number().int().nullable(),
  trailerId: z.number().int().nullable(),
  washOption: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  mergedFromOrderIds: z.array(z.number().int()).nullable(),
  timeSeconds: z.number().int().nullable(),
  distanceMeters: z.number().int().nullable(),
  version: z.number().int(),
  updatedAt: instant,
  /** Null on a load its owner transports; absent on one the client laid out itself. */
  carrierResources: carrierResourcesSchema.nullish(),
  stops: z.array(stopSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** A stop as a client sends it: an id only for stops that already exist on this load. */
export const stopInputSchema = z.object({
  id: notAReference(idSchema, 'a stop of this load (400 otherwise); absent for a new stop').optional(),
  sequence: int(1, 100),
  type: stopTypeSchema,
  organizationLocationId: referenceId('location').nullable(),
  organizationSubLocationIds: z
    .array(referenceId('subLocation', { within: 'organizationLocationId' }))
    .max(50)
    .default([]),
  cargoTypeId: referenceId('cargoType').nullable(),
  customerId: referenceId('customer').nullable().default(null),
  lotId: notAReference(text(100, { trim: true }), 'a lot number (text), not a record id')
    .nullable()
    .default(null),
  orderNumber: text(100, { trim: true }).nullable().default(null),
  customerOrderNumber: text(100, { trim: true }).nullable().default(null),
  /** The ration produced for the stop (production planning sets it); absent keeps the stored one. */
  productionPlan: text(200, { trim: true }).nullable().optional(),
  quantity: quantitySchema.nullable().default(null),
  weight: gramsSchema.nullable().default(null),
  notes: text(2000).nullable().default(null),
  arrivalTime: instantSchema.nullable().default(null),
  requiredBegin: instantSchema.nullable().default(null),
  requiredEnd: instantSchema.nullable().default(null),
  durationMinutes: int(0, 24 * 60)
    .nullable()
    .default(null),
  metadata: metadataSchema.default({}),
});
export type StopInput = z.infer<typeof stopInputSchema>;

export const orderInputSchema = z
  .object({
    date: instantSchema,
    isDraft: z.boolean().default(false),
    transportedByUserId: referenceId('driver').nullable().default(null),
    tractorId: referenceId('tractor').nullable().default(null),
    trailerId: referenceId('trailer').nullable().default(null),
    washOption: text(100).nullable().default(null),
    metadata: metadataSchema.default({}),
    stops: z.array(stopInputSchema).min(1).max(100),
  })
  .superRefine((order, ctx) => {
    const sequences = order.stops.map((stop) => stop.sequence);
    if (new Set(sequences).size !== sequences.length) {
      ctx.addIssue({ code: 'custom', message: 'stop sequences must be unique', path: ['stops'] });
    }
  });
export type OrderInput = z.infer<typeof orderInputSchema>;

/** The editable part of a load, as a save sends it (provisional stop ids, below 0, are left out). */
export function inputFromOrder(order: Order): OrderInput {
  return {
    date: order.date,
    isDraft: order.isDraft,
    transportedByUserId: order.transportedByUserId,
    tractorId: order.tractorId,
    trailerId: order.trailerId,
    washOption: order.washOption,
    metadata: order.metadata,
    stops: order.stops.map((stop) => ({
      id: stop.id > 0 ? stop.id : undefined,
      sequence: stop.sequence,
      type: stop.type,
      organizationLocationId: stop.organizationLocationId,
      organizationSubLocationIds: stop.organizationSubLocationIds,
      cargoTypeId: stop.cargoTypeId,
      customerId: stop.customerId,
      lotId: stop.lotId,
      orderNumber: stop.orderNumber,
      customerOrderNumber: stop.customerOrderNumber,
      productionPlan: stop.productionPlan,
      quantity: stop.quantity,
      weight: stop.weight,
      notes: stop.notes,
      arrivalTime: stop.arrivalTime,
      requiredBegin: stop.requiredBegin,
      requiredEnd: stop.requiredEnd,
      durationMinutes: stop.durationMinutes,
      metadata: stop.metadata,
    })),
  };
}

/** An update carries the version it was based on (If-Match also works). */
export const orderUpdateSchema = z.intersection(orderInputSchema, z.object({ version: versionSchema.optional() }));

export const ordersQuerySchema = z
  .object({
    startDate: instantSchema,
    endDate: instantSchema,
    status: loadStatusSchema.optional(),
  })
  .refine((range) => Date.parse(range.startDate) <= Date.parse(range.endDate), {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });
