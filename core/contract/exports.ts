import { z } from 'zod';
import { idSchema } from '#core/contract/common';
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

/** Ids are PostgreSQL integers: a larger number is refused as input rather than failing the query. */
const MAX_ID = 2_147_483_647;
const loadIdSchema = z.number().int().positive().max(MAX_ID);

export const loadsCsvExportParamsSchema = z.object({ orgId: idSchema });

export const loadsCsvExportBodySchema = z.object({
  loadIds: z.array(loadIdSchema).min(1).max(LOADS_CSV_MAX_LOADS),
});
export type LoadsCsvExportBody = z.infer<typeof loadsCsvExportBodySchema>;

/**
 * `orderIds` as a browser URL carries it: "1,2,3" (also "[1,2,3]" or the parameter repeated).
 * Duplicates are dropped; more than DELIVERY_TICKETS_MAX_LOADS distinct ids is refused.
 */
const orderIdListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value.join(',') : value)
      .replace(/^\s*\[|\]\s*$/g, '')
      .split(',')
      .map((part) => part.trim());
    const ids: number[] = [];
    for (const part of parts) {
      const id = /^\d{1,10}$/.test(part) ? Number(part) : Number.NaN;
      if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: `"${part.slice(0, 20)}" is not a load id` });
        return z.NEVER;
      }
      ids.push(id);
    }
    return [...new Set(ids)];
  })
  .pipe(z.array(z.number().int()).min(1).max(DELIVERY_TICKETS_MAX_LOADS));

export const deliveryTicketsQuerySchema = exportSettingsSchema.extend({ orderIds: orderIdListSchema });
export type DeliveryTicketsQuery = z.infer<typeof deliveryTicketsQuerySchema>;
