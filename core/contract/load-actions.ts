import { z } from 'zod';
import { idSchema, instantSchema } from '#core/contract/limits';
import { loadStatusSchema } from '#core/contract/orders';
import { notAReference, referenceId, subjectIdSchema } from '#core/contract/references';

/**
 * Bodies of the per-load actions of spec 1 §7. Each route takes a list; the offline queue sends one
 * load per request so that every change of a load stays in order with its other changes.
 * Every answer is the list of affected loads, whole (`orderSchema`), so the mirror can take them as they are.
 */

const id = subjectIdSchema;

/** `DELETE /api/orders`: ids of loads to delete (only Open or Assigned ones may go). */
export const deleteOrdersBodySchema = z.array(id).min(1).max(1000);

/** `POST /api/drivers/assign-orders`: the driver (null clears it) and the equipment that goes with the load. */
export const driverAssignmentSchema = z.object({
  id,
  transportedByUserId: referenceId('driver').nullable(),
  tractorId: referenceId('tractor').nullable(),
  trailerId: referenceId('trailer').nullable(),
});
export type DriverAssignment = z.infer<typeof driverAssignmentSchema>;
export const driverAssignmentsBodySchema = z.array(driverAssignmentSchema).min(1).max(1000);

/**
 * `POST /api/carriers/assign-loads`: hand a load to a carrier organization (or back to the owner to
 * unassign). The driver, tractor and trailer sent are what the carrier relation lets the load keep.
 */
export const carrierAssignmentSchema = z.object({
  id,
  status: loadStatusSchema,
  transportedByUserId: referenceId('driver').nullable(),
  tractorId: referenceId('tractor').nullable(),
  trailerId: referenceId('trailer').nullable(),
  transportingOrganizationId: referenceId('transporter'),
});
export type CarrierAssignment = z.infer<typeof carrierAssignmentSchema>;
export const carrierAssignmentsBodySchema = z.array(carrierAssignmentSchema).min(1).max(1000);

/** `PUT /api/orders/complete`: manual completion; every stop not yet complete gets its completion time. */
export const stopCompletionSchema = z.object({
  id: notAReference(idSchema, 'a stop of the load (400 otherwise)'),
  completedAt: instantSchema,
  metadata: z
    .object({
      suppressDeliveryNotification: z.boolean().default(true),
      manuallyCompleted: z.literal(true).default(true),
    })
    .default({ suppressDeliveryNotification: true, manuallyCompleted: true }),
});
export type StopCompletion = z.infer<typeof stopCompletionSchema>;
export const loadCompletionSchema = z.object({ id, stops: z.array(stopCompletionSchema).max(100) });
export type LoadCompletion = z.infer<typeof loadCompletionSchema>;
export const loadCompletionsBodySchema = z.array(loadCompletionSchema).min(1).max(1000);
