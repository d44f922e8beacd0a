import { z } from 'zod';
import type { PermissionName } from '#core/domain/access';
import { idSchema, text } from './limits.ts';

/**
 * Service accounts (spec 2 §3, §5): an organization's API callers, with the ServerAPI feature. The
 * secret is answered once, at creation; afterwards only its hash exists. A caller sends it as
 * `Authorization: Bearer <secret>` and acts for the account's organization with
 * SERVICE_ACCOUNT_PERMISSIONS, on GET routes only.
 */

export const SERVICE_ACCOUNT_NAME_MAX = 200;

/**
 * What a bearer may read: the dispatch week lists (`GET /api/self/orders`, `GET /api/self/loads-summary`).
 * Fixed, not a role: an integration cannot gain rights through the organization's role settings.
 */
export const SERVICE_ACCOUNT_PERMISSIONS = ['ViewOwningOrders'] as const satisfies readonly PermissionName[];

/** The secret's visible prefix tells people (and secret scanners) what a leaked string is. */
export const SERVICE_ACCOUNT_SECRET_PREFIX = 'dsa_';

/** The OpenAPI `security` of a route a service account may read (the schemes are declared in server/app.ts). */
export const SESSION_OR_SERVICE_ACCOUNT: Record<string, string[]>[] = [{ session: [] }, { serviceAccount: [] }];

export const serviceAccountInputSchema = z.object({
  name: text(SERVICE_ACCOUNT_NAME_MAX, { trim: true }).min(1, 'required'),
});
export type ServiceAccountInput = z.input<typeof serviceAccountInputSchema>;

export const serviceAccountSchema = z.object({
  id: idSchema,
  organizationId: idSchema,
  name: z.string(),
  createdAt: z.string(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** The creation answer: the only time the secret is told. */
export const createdServiceAccountSchema = serviceAccountSchema.extend({ secret: z.string() });
export type CreatedServiceAccount = z.infer<typeof createdServiceAccountSchema>;
