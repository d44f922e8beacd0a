import { z } from 'zod';
import type { PermissionName } from '#core/domain/access';
import { idSchema, text } from './limits.ts';

/**
 * Service accounts (spec 2 §3, §5): an organization's API callers, with the ServerAPI feature. The
 * secret is answered once, at creation; afterwards only its hash exists. A caller sends it as
 * `Authorization: Bearer <secret>` and acts for the account's organization with the permissions of the
 * scopes chosen at creation, on the routes that declare one of those scopes (`serviceAccountSecurity`).
 */

export const SERVICE_ACCOUNT_NAME_MAX = 200;

/**
 * What each scope lets a bearer do: its permissions, and the routes that name the scope in their
 * OpenAPI `security` accept the bearer. Fixed, not a role: an integration cannot gain rights through
 * the organization's role settings; its permissions are the union of its scopes' and nothing more.
 */
export const SERVICE_ACCOUNT_SCOPES = {
  /** The dispatch week lists: `GET /api/self/orders`, `GET /api/self/loads-summary`. */
  'loads:read': ['ViewOwningOrders'],
  /** Create and edit loads: `POST /api/orders`, `PUT /api/orders/{id}` (and read them back). */
  'loads:write': ['CreateOrder', 'EditOrder', 'ViewOwningOrders'],
  /** The reference lists a load names: tractors, trailers, locations, customers, drivers, cargo types. */
  'master-data:read': ['ViewTractors', 'ViewTrailers', 'ViewLocations', 'ViewCustomers', 'ViewUsers'],
  /** A gateway posting the positions of the organization's registered devices: `POST /api/devices/positions`. */
  'positions:write': [],
  /** A gateway posting the trip events its devices report (auger on, arrival, task done): `POST /api/devices/tripevents`. */
  'trip-events:write': [],
} as const satisfies Record<string, readonly PermissionName[]>;
export type ServiceAccountScope = keyof typeof SERVICE_ACCOUNT_SCOPES;
export const SERVICE_ACCOUNT_SCOPE_NAMES = Object.keys(SERVICE_ACCOUNT_SCOPES) as ServiceAccountScope[];
export const serviceAccountScopeSchema = z.enum(SERVICE_ACCOUNT_SCOPE_NAMES as [ServiceAccountScope, ...ServiceAccountScope[]]);

/** The permissions a bearer holding `scopes` acts with: their union. */
export function serviceAccountPermissions(scopes: readonly string[]): PermissionName[] {
  return [
    ...new Set(
      scopes.flatMap((scope) => (scope in SERVICE_ACCOUNT_SCOPES ? SERVICE_ACCOUNT_SCOPES[scope as ServiceAccountScope] : [])),
    ),
  ];
}

/** The secret's visible prefix tells people (and secret scanners) what a leaked string is. */
export const SERVICE_ACCOUNT_SECRET_PREFIX = 'dsa_';

/**
 * The OpenAPI `security` of a route a service account may call: a session, or a bearer holding any of
 * `scopes` (the schemes are declared in server/app.ts). server/plugins/auth.ts enforces exactly this.
 */
export function serviceAccountSecurity(...scopes: [ServiceAccountScope, ...ServiceAccountScope[]]): Record<string, string[]>[] {
  return [{ session: [] }, ...scopes.map((scope) => ({ serviceAccount: [scope] }))];
}

export const serviceAccountInputSchema = z.object({
  name: text(SERVICE_ACCOUNT_NAME_MAX, { trim: true }).min(1, 'required'),
  scopes: z
    .array(serviceAccountScopeSchema)
    .min(1, 'required')
    .transform((scopes) => [...new Set(scopes)]),
});
export type ServiceAccountInput = z.input<typeof serviceAccountInputSchema>;
export type ParsedServiceAccountInput = z.output<typeof serviceAccountInputSchema>;

export const serviceAccountSchema = z.object({
  id: idSchema,
  organizationId: idSchema,
  name: z.string(),
  scopes: z.array(serviceAccountScopeSchema),
  createdAt: z.string(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** The creation answer: the only time the secret is told. */
export const createdServiceAccountSchema = serviceAccountSchema.extend({ secret: z.string() });
export type CreatedServiceAccount = z.infer<typeof createdServiceAccountSchema>;
