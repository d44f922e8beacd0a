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
