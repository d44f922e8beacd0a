import { z } from 'zod';
import { orderSchema } from './orders.ts';

/**
 * A planning conflict of a saved load (core/domain/planning/conflicts.ts), answered beside the load
 * by every save: a warning, never a refusal. Weights in grams; the client words it.
 */
const resource = z.enum(['driver', 'tractor', 'trailer']);
const id = z.number().int();

export const loadConflictSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('overlap'), resource, resourceId: id, orderIds: z.array(id) }),
  z.object({ kind: z.literal('downtime'), resource, resourceId: id, descriptions: z.array(z.string()) }),
  z.object({ kind: z.literal('disabled'), resource, resourceId: id }),
  z.object({ kind: z.literal('cargoType'), resource: z.literal('trailer'), resourceId: id, cargoTypeIds: z.array(id) }),
  z.object({
    kind: z.literal('overweight'),
    resource: z.literal('trailer'),
    resourceId: id,
    weight: z.number(),
    maxWeight: z.number(),
  }),
  z.object({
    kind: z.literal('compartments'),
    resource: z.literal('trailer'),
    resourceId: id,
    cargoTypeId: id,
    stops: id,
    compartments: id,
  }),
]);

/** A saved load with its conflicts (empty when none): what every write of loads answers. */
export const savedOrderSchema = orderSchema.extend({ warnings: z.array(loadConflictSchema) });
export type SavedOrder = z.infer<typeof savedOrderSchema>;
export const savedOrdersSchema = z.array(savedOrderSchema);
