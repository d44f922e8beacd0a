import { z } from 'zod';
import { idListQuerySchema } from '#core/contract/common';
import { subjectIdSchema } from '#core/contract/references';
import { languageSchema, timezoneSchema } from '#core/contract/user';
import { unitSystemSchema, weightUnitSchema } from '#core/domain/units';

/**
 * Exports of spec 1 §7: the loads CSV (`POST /organizations/{orgId}/loads-csv-export`) and the
 * delivery tickets PDF (`GET /orders/delivery-tickets`, opened by browser navigation).
 */

export const LOADS_CSV_MAX_LOADS = 20_000;
export const DELIVERY_TICKETS_MAX_LOADS = 500;

/**
 * How values are written: the client sends the user's contact settings; an absent one falls back
 * to the signed-in user's contact (handy for API integrators).
 */
export const exportSettingsSchema = z.object({
  language: languageSchema.optional(),
  timezone: timezoneSchema.optional(),
  units: unitSystemSchema.optional(),
  unitsWeight: weightUnitSchema.optional(),
});
export type ExportSettingsQuery = z.infer<typeof exportSettingsSchema>;
export type ExportSettings = Required<ExportSettingsQuery>;

export const loadsCsvExportBodySchema = z.object({
  loadIds: z.array(subjectIdSchema).min(1).max(LOADS_CSV_MAX_LOADS),
});
export type LoadsCsvExportBody = z.infer<typeof loadsCsvExportBodySchema>;

export const deliveryTicketsQuerySchema = exportSettingsSchema.extend({
  orderIds: idListQuerySchema(DELIVERY_TICKETS_MAX_LOADS),
});
export type DeliveryTicketsQuery = z.infer<typeof deliveryTicketsQuerySchema>;
