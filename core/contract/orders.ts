import { z } from 'zod';
import { LOAD_STATUSES } from '#core/domain/load-rules';

export const STOP_TYPES = ['Origin', 'Destination', 'Weigh', 'Waypoint'] as const;
export const STOP_STATUSES = ['Not Started', 'Enroute', 'Arrived', 'Complete'] as const;

export const loadStatusSchema = z.enum(LOAD_STATUSES);
export const stopTypeSchema = z.enum(STOP_TYPES);

const instant = z.iso.datetime({ offset: true });
const grams = z.number().int().min(0).max(1e12);

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
  durationMinutes: z.number().int().nullable(),
  distanceMeters: z.number().int().nullable(),
  timeSeconds: z.number().int().nullable(),
  originalStopId: z.number().int().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type Stop = z.infer<typeof stopSchema>;

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
  stops: z.array(stopSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** A stop as a client sends it: an id only for stops that already exist on this load. */
export const stopInputSchema = z.object({
  id: z.number().int().positive().optional(),
  sequence: z.number().int().min(1).max(100),
  type: stopTypeSchema,
  organizationLocationId: z.number().int().positive().nullable(),
  organizationSubLocationIds: z.array(z.number().int().positive()).max(50).default([]),
  cargoTypeId: z.number().int().positive().nullable(),
  customerId: z.number().int().positive().nullable().default(null),
  lotId: z.string().trim().max(100).nullable().default(null),
  orderNumber: z.string().trim().max(100).nullable().default(null),
  customerOrderNumber: z.string().trim().max(100).nullable().default(null),
  quantity: z.number().min(0).max(1e7).nullable().default(null),
  weight: grams.nullable().default(null),
  notes: z.string().max(2000).nullable().default(null),
  arrivalTime: instant.nullable().default(null),
  requiredBegin: instant.nullable().default(null),
  requiredEnd: instant.nullable().default(null),
  durationMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .nullable()
    .default(null),
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export type StopInput = z.infer<typeof stopInputSchema>;

export const orderInputSchema = z
  .object({
    date: instant,
    isDraft: z.boolean().default(false),
    transportedByUserId: z.number().int().positive().nullable().default(null),
    tractorId: z.number().int().positive().nullable().default(null),
    trailerId: z.number().int().positive().nullable().default(null),
    washOption: z.string().max(100).nullable().default(null),
    metadata: z.record(z.string(), z.unknown()).default({}),
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
export const orderUpdateSchema = z.intersection(orderInputSchema, z.object({ version: z.number().int().positive().optional() }));

export const ordersQuerySchema = z
  .object({
    startDate: instant,
    endDate: instant,
    status: loadStatusSchema.optional(),
  })
  .refine((range) => Date.parse(range.startDate) <= Date.parse(range.endDate), {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });

export const changeEntitySchema = z.enum([
  'order',
  'customer',
  'location',
  'tractor',
  'trailer',
  'driver',
  'cargoType',
  'carrier',
]);
export type ChangeEntity = z.infer<typeof changeEntitySchema>;

export const changesQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d+\.\d+$/, 'cursor is "<transaction>.<sequence>"')
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const changeSchema = z.object({
  entity: changeEntitySchema,
  id: z.number().int(),
  op: z.enum(['upsert', 'delete']),
  row: z.unknown().optional(),
});

export const changesAnswerSchema = z.object({
  changes: z.array(changeSchema),
  cursor: z.string(),
  hasMore: z.boolean(),
});
