import { z } from 'zod';

export const idSchema = z.coerce.number().int().positive();
export const idParamsSchema = z.object({ id: idSchema });
export const okSchema = z.object({ ok: z.literal(true) });

/** Time-range queries send UTC ISO instants (spec 1 §7). */
export const dateRangeQuerySchema = z
  .object({
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
  })
  .refine((range) => Date.parse(range.startDate) <= Date.parse(range.endDate), {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });

/** Ids are PostgreSQL integers: a larger number is refused as input rather than failing the query. */
export const MAX_ID = 2_147_483_647;
export const loadIdSchema = z.number().int().positive().max(MAX_ID);

/**
 * A list of load ids as a URL carries it: "1,2,3", "[1,2,3]" or the parameter repeated. Duplicates
 * are dropped; between 1 and `max` distinct ids pass.
 */
export function idListQuerySchema(max: number) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value, ctx) => {
      const parts = (Array.isArray(value) ? value.join(',') : value)
        .replace(/^\s*\[|\]\s*$/g, '')
        .split(',')
        .map((part) => part.trim());
      const ids: number[] = [];
      for (const part of parts) {
        const parsed = /^\d{1,10}$/.test(part) ? Number(part) : Number.NaN;
        if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > MAX_ID) {
          ctx.addIssue({ code: 'custom', message: `"${part.slice(0, 20)}" is not a load id` });
          return z.NEVER;
        }
        ids.push(parsed);
      }
      return [...new Set(ids)];
    })
    .pipe(z.array(loadIdSchema).min(1).max(max));
}
