import { z } from 'zod';
import { DEFAULT_NOTIFICATION_EVENT_TYPE_ID, notificationContactsProblem } from '#core/domain/master-data/notification-configs';
import { int, versionSchema } from './limits.ts';
import { NOTIFICATION_EVENT_TYPES } from './people.ts';
import { notAReference, referenceId } from './references.ts';

/**
 * Notification configurations (spec 2 §3–5, §7): `POST/PUT/DELETE /api/organizations/{orgId}/
 * notification-configs[/{id}]`. A configuration tells its contacts of one event type of the
 * catalogue contact preferences use (`NOTIFICATION_EVENT_TYPES`), narrowed by optional filters;
 * every id is the organization's (400 naming the field). The answer is the row the change feed
 * carries (entity `notificationConfig`).
 */

const MAX_IDS = 500;
const eachOnce = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** An optional filter of `kind` ids; null (or empty) is no filter. */
const filterIds = (kind: string) =>
  z.array(referenceId(kind)).max(MAX_IDS).refine(eachOnce, 'each id once').nullable().default(null);

export const notificationConfigInputSchema = z.object({
  notificationEventTypeId: notAReference(
    int(1, NOTIFICATION_EVENT_TYPES.length).refine(
      (id) => !NOTIFICATION_EVENT_TYPES.find((type) => type.id === id)?.nyi,
      'notYetImplemented',
    ),
    'a notification event type of the fixed catalogue (core/contract/people.ts)',
  ).default(DEFAULT_NOTIFICATION_EVENT_TYPE_ID),
  contactIds: z
    .array(referenceId('contact'))
    .max(MAX_IDS)
    .refine(eachOnce, 'each contact once')
    .superRefine((ids, ctx) => {
      const problem = notificationContactsProblem(ids);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  stopCargoTypeIds: filterIds('cargoType'),
  trailerCargoTypeIds: filterIds('cargoType'),
  destinationSiteIds: filterIds('location'),
  originSiteIds: filterIds('location'),
  customerIds: filterIds('customer'),
});
export type NotificationConfigInput = z.input<typeof notificationConfigInputSchema>;
export const notificationConfigUpdateSchema = notificationConfigInputSchema.extend({ version: versionSchema });

const storedIds = z.array(z.number().int()).nullable();

export const notificationConfigRecordSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  notificationEventTypeId: z.number().int(),
  contactIds: z.array(z.number().int()),
  stopCargoTypeIds: storedIds,
  trailerCargoTypeIds: storedIds,
  destinationSiteIds: storedIds,
  originSiteIds: storedIds,
  customerIds: storedIds,
  version: z.number().int(),
});
export type NotificationConfigRecord = z.infer<typeof notificationConfigRecordSchema>;
