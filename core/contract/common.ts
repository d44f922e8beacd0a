import { z } from 'zod';
import { DECIMAL_ID, idSchema, idTextSchema, instantSchema, MAX_ID } from './limits.ts';
import { notAReference, subjectIdTextSchema } from './references.ts';

/** `/…/{id}`: the record the route acts on. */
export const idParamsSchema = z.object({ id: subjectIdTextSchema });
/** `/organizations/{orgId}/…`: only the active organization; another answers 404. */
export const organizationParamsSchema = z.object({
  orgId: notAReference(idTextSchema, 'the active organization; another is not found (404)'),
});
export const okSchema = z.object({ ok: z.literal(true) });

/** Time-range queries send UTC ISO instants (spec 1 §7). */
export const dateRangeQuerySchema = z
  .object({
    startDate: instantSchema,
    endDate: instantSchema,
  })
  .refine((range) => Date.parse(range.startDate) <= Date.parse(range.endDate), {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });

/**
 * A list of load ids as a URL carries it: "1,2,3", "[1,2,3]" or the parameter repeated. Duplicates
 * are dropped; between 1 and `max` distinct ids pass. `why` says what the ids are (the loads acted on).
 */
export function idListQuerySchema(max: number, why = 'the loads acted on; another organization’s are not found (404)') {
  const list = z
    .union([z.string(), z.array(z.string())])
    .transform((value, ctx) => {
      const parts = (Array.isArray(value) ? value.join(',') : value)
        .replace(/^\s*\[|\]\s*$/g, '')
        .split(',')
        .map((part) => part.trim());
      const ids: number[] = [];
      for (const part of parts) {
        const parsed = DECIMAL_ID.test(part) ? Number(part) : Number.NaN;
        if (Number.isNaN(parsed) || parsed > MAX_ID) {
          ctx.addIssue({ code: 'custom', message: `"${part.slice(0, 20)}" is not a load id` });
          return z.NEVER;
        }
        ids.push(parsed);
      }
      return [...new Set(ids)];
    })
    .pipe(z.array(idSchema).min(1).max(max));
  return notAReference(list, why);
}
