import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cargoTypeSchema,
  carrierLinkSchema,
  contactListItemSchema,
  customerSchema,
  driverSchema,
  featureSchema,
  locationSchema,
  locationTypeSchema,
  organizationListItemSchema,
  permissionSchema,
  roleListItemSchema,
  tractorSchema,
  trailerSchema,
  userListItemSchema,
} from '#core/contract/reference-lists';
import { type ServiceAccountScope, serviceAccountSecurity } from '#core/contract/service-accounts';
import type { PageRule } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import type { Database } from '#server/db/database';
import { type AuthContext, guard, type OrganizationCaller, requireAuth, requireCaller } from '#server/plugins/auth';
import { registerReferenceLookups } from './owned-ids.ts';
import * as lists from './reference-lists.service.ts';
import { carriedCargoTypes } from '#server/features/sync/carried-references';
import { fromList, ownOrCarried, registerFeedLoader } from '#server/features/sync/feed-loaders';

/** A list a person reads, or (with `scope`) a service account holding that scope too. */
type ReferenceList = { path: string; rule: PageRule; item: z.ZodType } & (
  | { scope?: undefined; load: (db: Database, auth: AuthContext) => Promise<unknown[]> }
  | { scope: ServiceAccountScope; load: (db: Database, caller: OrganizationCaller) => Promise<unknown[]> }
);

// Dispatch screens need the equipment, sites and customers too, so viewing owning orders also opens them.
const REFERENCE_LISTS: ReferenceList[] = [
  { path: '/cargo-types', rule: {}, scope: 'master-data:read', item: cargoTypeSchema, load: lists.listCargoTypes },
  { path: '/location-types', rule: {}, item: locationTypeSchema, load: (db) => lists.listLocationTypes(db) },
  { path: '/organizations', rule: {}, item: organizationListItemSchema, load: lists.listOrganizations },
  { path: '/features', rule: {}, item: featureSchema, load: lists.listFeatures },
  {
    path: '/roles',
    rule: { anyPermission: ['ViewUsers', 'ViewAllCompanies'] },
    item: roleListItemSchema,
    load: (db) => lists.listRoles(db),
  },
  {
    path: '/permissions',
    rule: { permissions: ['ViewAllCompanies'] },
    item: permissionSchema,
    load: (db) => lists.listPermissions(db),
  },
  {
    path: '/drivers',
    rule: { anyPermission: ['ViewOwningOrders', 'ViewUsers'] },
    scope: 'master-data:read',
    item: driverSchema,
    load: lists.listDrivers,
  },
  {
    path: '/tractors',
    rule: { anyPermission: ['ViewOwningOrders', 'ViewTractors'] },
    scope: 'master-data:read',
    item: tractorSchema,
    load: lists.listTractors,
  },
  {
    path: '/trailers',
    rule: { anyPermission: ['ViewOwningOrders', 'ViewTrailers'] },
    scope: 'master-data:read',
    item: trailerSchema,
    load: lists.listTrailers,
  },
  {
    path: '/locations',
    rule: { anyPermission: ['ViewOwningOrders', 'ViewLocations'] },
    scope: 'master-data:read',
    item: locationSchema,
    load: lists.listLocations,
  },
  {
    path: '/customers',
    rule: { anyPermission: ['ViewOwningOrders', 'ViewCustomers'] },
    scope: 'master-data:read',
    item: customerSchema,
    load: lists.listCustomers,
  },
  {
    path: '/carriers',
    rule: { anyPermission: ['ViewOwningOrders', 'AccessAdministration'] },
    item: carrierLinkSchema,
    load: lists.listCarriers,
  },
  { path: '/users', rule: { permissions: ['ViewUsers'] }, item: userListItemSchema, load: lists.listUsers },
  {
    path: '/contacts',
    rule: { permissions: ['ViewContacts'], notForCarriers: true },
    item: contactListItemSchema,
    load: lists.listContacts,
  },
];

export function registerReferenceListRoutes(app: FastifyInstance, { db }: ServerContext) {
  registerReferenceLookups();
  registerFeedLoader('driver', fromList(lists.listDrivers));
  registerFeedLoader('cargoType', ownOrCarried(fromList(lists.listCargoTypes), carriedCargoTypes));
  registerFeedLoader('carrier', fromList(lists.listCarriers));
  const api = zodRoutes(app);
  for (const list of REFERENCE_LISTS) {
    api.get(
      list.path,
      {
        schema: {
          tags: ['reference'],
          response: { 200: z.array(list.item) },
          ...(list.scope ? { security: serviceAccountSecurity(list.scope) } : {}),
        },
        onRequest: guard(list.rule),
      },
      async (request) => (list.scope ? list.load(db, requireCaller(request)) : list.load(db, requireAuth(request))),
    );
  }
}
