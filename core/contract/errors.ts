import { z } from 'zod';

/** Every refusal the API gives has this body (DESIGN §3). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    rule: z.string().optional(),
    current: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  ruleViolation: 'rule_violation',
  tooManyRequests: 'too_many_requests',
  foreignOrigin: 'foreign_origin',
  internal: 'internal',
} as const;
