import type { z } from 'zod';
import type { PageKey, PermissionName } from '#core/domain/access';

/** The groups of the administration menu (spec 2 §2). */
export const ADMIN_GROUPS = ['equipment', 'people', 'sites', 'system', 'companies'] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

/** What may be done to a record while offline: queued and sent once the connection is back. */
export type OfflineWrite = 'create' | 'edit' | 'delete';

/**
 * One record type, declared once (core/resources/resource-list.ts). The feed kinds, the device's
 * IndexedDB stores and their row types, the mirror lists, the client's writes and the server's
 * feed loaders are derived from these declarations, never listed again by hand.
 */
export interface ResourceDeclaration<
  Kind extends string = string,
  Store extends string = string,
  Row extends { id: number } = { id: number },
  Input = unknown,
> {
  /** The change feed's name for one row (`customer`); the feed's cursors index kinds by their place in the list. */
  kind: Kind;
  /** The device's store and mirror list (`customers`). */
  store: Store;
  /** The row as the feed, the lists and the writes answer it: the device parses every row with it on the way in. */
  row: z.ZodType<Row>;
  /** IndexedDB secondary indexes after the id (Dexie syntax), for stores read by more than their id. */
  indexes?: readonly string[];
  /**
   * Written through `/api/organizations/{orgId}/<path>` (POST, PUT …/{id} with `version`, DELETE …/{id}):
   * the input schema and the permission each write needs. Absent for kinds written elsewhere.
   */
  writes?: ResourceWrites<Input>;
}

export interface ResourceWrites<Input = unknown> {
  /** Under `/api/organizations/{orgId}/`, in kebab case (`loading-teams`). */
  path: string;
  input: z.ZodType<Input>;
  /** Each write's permission; `view`, when given, is needed to receive the rows in the change feed. */
  permissions: { view?: PermissionName; create: PermissionName; edit: PermissionName; delete: PermissionName };
  /** The page whose tier, feature and carrier conditions the writes share (besides their own permission). */
  page?: PageKey;
  /** The administration menu's group the page is listed in (its URL is `/manage-company/<path>`). */
  menu?: AdminGroup;
  /** The writes need the page's permissions too, when their own permission is not specific to the type. */
  needsPage?: boolean;
  /** The writes that queue while offline; the others need a connection and their controls say so. */
  offline: readonly OfflineWrite[];
}

/** Declares a record type, keeping its literal names, its schemas' types and whether it has writes for the derived types. */
export function declareResource<const Declaration extends ResourceDeclaration<string, string, { id: number }, unknown>>(
  declaration: Declaration,
): Declaration {
  return declaration;
}
