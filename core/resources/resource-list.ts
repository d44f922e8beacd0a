import type { z } from 'zod';
import { avoidanceZoneInputSchema, avoidanceZoneSchema } from '#core/contract/avoidance-zones';
import { deviceInputSchema, deviceSchema } from '#core/contract/devices';
import { customerInputSchema, downtimeSchema, tractorInputSchema, trailerInputSchema } from '#core/contract/master-data';
import { notificationConfigInputSchema, notificationConfigRecordSchema } from '#core/contract/notification-configs';
import { locationInputSchema } from '#core/contract/locations';
import { orderSchema } from '#core/contract/orders';
import { productionCardInputSchema, productionCardSchema } from '#core/contract/production-cards';
import {
  contactInputSchema,
  contactRecordSchema,
  loadingTeamInputSchema,
  loadingTeamRecordSchema,
  userInputSchema,
  userRecordSchema,
} from '#core/contract/people';
import {
  carrierLinkSchema,
  cargoTypeSchema,
  customerSchema,
  driverSchema,
  locationSchema,
  tractorSchema,
  trailerSchema,
} from '#core/contract/reference-lists';
import { standardRouteInputSchema, standardRouteSchema } from '#core/contract/standard-routes';
import { declareResource, type ResourceDeclaration, type ResourceWrites } from './resource.ts';

/**
 * Every record type the change feed carries, in feed order. The list only grows at its end: a
 * snapshot cursor names a kind by its place here (core/contract/change-feed.ts), so a device in the
 * middle of a snapshot must find the same kinds in the same places.
 */
export const RESOURCES = [
  // Orders and stops are written through their own routes (orders, planning, load actions).
  declareResource({
    kind: 'order',
    store: 'orders',
    row: orderSchema,
    // Read by the table filters: date, status, driver (IndexedDB cannot index booleans: drafts are filtered while reading).
    indexes: ['date', 'status', 'transportedByUserId'],
  }),
  declareResource({
    kind: 'customer',
    store: 'customers',
    row: customerSchema,
    writes: {
      path: 'customers',
      input: customerInputSchema,
      permissions: { create: 'CreateCustomers', edit: 'EditCustomers', delete: 'DeleteCustomers' },
      page: 'admin.customers',
      menu: 'people',
      offline: ['create', 'edit', 'delete'],
    },
  }),
  declareResource({
    kind: 'location',
    store: 'locations',
    row: locationSchema,
    writes: {
      path: 'locations',
      input: locationInputSchema,
      permissions: { create: 'CreateLocations', edit: 'EditLocations', delete: 'DeleteLocations' },
      page: 'admin.locations',
      menu: 'sites',
      // A site manager's tablet adds sites offline; images and throughput need a connection.
      offline: ['create', 'edit', 'delete'],
    },
  }),
  declareResource({
    kind: 'tractor',
    store: 'tractors',
    row: tractorSchema,
    writes: {
      path: 'tractors',
      input: tractorInputSchema,
      permissions: { create: 'CreateTractors', edit: 'EditTractors', delete: 'DeleteTractors' },
      page: 'admin.tractors',
      menu: 'equipment',
      offline: ['create', 'edit', 'delete'],
    },
  }),
  declareResource({
    kind: 'trailer',
    store: 'trailers',
    row: trailerSchema,
    writes: {
      path: 'trailers',
      input: trailerInputSchema,
      permissions: { create: 'CreateTrailers', edit: 'EditTrailers', delete: 'DeleteTrailers' },
      page: 'admin.trailers',
      menu: 'equipment',
      offline: ['create', 'edit', 'delete'],
    },
  }),
  declareResource({ kind: 'driver', store: 'drivers', row: driverSchema }),
  declareResource({ kind: 'cargoType', store: 'cargoTypes', row: cargoTypeSchema }),
  declareResource({ kind: 'carrier', store: 'carriers', row: carrierLinkSchema }),
  // Downtime of tractors, trailers and drivers, read per resource by the panels that mark who is down.
  declareResource({ kind: 'downtime', store: 'downtime', row: downtimeSchema, indexes: ['[resourceType+resourceId]'] }),
  declareResource({
    kind: 'user',
    store: 'users',
    row: userRecordSchema,
    writes: {
      path: 'users',
      input: userInputSchema,
      permissions: { create: 'CreateUser', edit: 'EditUser', delete: 'DeleteUser' },
      page: 'admin.users',
      menu: 'people',
      // A user's save needs the server's username check and may send mail.
      offline: [],
    },
  }),
  declareResource({
    kind: 'contact',
    store: 'contacts',
    row: contactRecordSchema,
    writes: {
      path: 'contacts',
      input: contactInputSchema,
      permissions: { view: 'ViewContacts', create: 'CreateContacts', edit: 'EditContacts', delete: 'DeleteContacts' },
      page: 'admin.contacts',
      menu: 'people',
      offline: ['create', 'edit', 'delete'],
    },
  }),
  declareResource({
    kind: 'loadingTeam',
    store: 'loadingTeams',
    row: loadingTeamRecordSchema,
    writes: {
      path: 'loading-teams',
      input: loadingTeamInputSchema,
      permissions: {
        view: 'ViewLoadingTeams',
        create: 'CreateLoadingTeams',
        edit: 'EditLoadingTeams',
        delete: 'DeleteLoadingTeams',
      },
      page: 'admin.loadingTeams',
      menu: 'people',
      offline: ['create', 'edit', 'delete'],
    },
  }),
  declareResource({
    kind: 'notificationConfig',
    store: 'notificationConfigs',
    row: notificationConfigRecordSchema,
    writes: {
      path: 'notification-configs',
      input: notificationConfigInputSchema,
      // Spec 2 §2: their page already needs ViewNotificationConfigs, and editing them is editing the company.
      permissions: { view: 'ViewNotificationConfigs', create: 'EditCompany', edit: 'EditCompany', delete: 'EditCompany' },
      page: 'admin.notificationConfigs',
      menu: 'system',
      needsPage: true,
      offline: ['edit', 'delete'],
    },
  }),
  declareResource({
    kind: 'device',
    store: 'devices',
    row: deviceSchema,
    writes: {
      path: 'devices',
      input: deviceInputSchema,
      permissions: { create: 'CreateDevices', edit: 'EditDevices', delete: 'DeleteDevices' },
      page: 'admin.devices',
      menu: 'equipment',
      // Creating needs the server's check that no organization uses the identifier yet.
      offline: ['edit', 'delete'],
    },
  }),
  declareResource({
    kind: 'avoidanceZone',
    store: 'avoidanceZones',
    row: avoidanceZoneSchema,
    writes: {
      path: 'avoidance-zones',
      input: avoidanceZoneInputSchema,
      // The spec has no delete permission for zones: whoever edits them may delete one.
      permissions: { create: 'CreateAvoidanceZones', edit: 'EditAvoidanceZones', delete: 'EditAvoidanceZones' },
      page: 'admin.avoidanceZones',
      menu: 'sites',
      offline: ['create', 'edit', 'delete'],
    },
  }),
  declareResource({
    kind: 'standardRoute',
    store: 'standardRoutes',
    row: standardRouteSchema,
    writes: {
      path: 'standard-routes',
      input: standardRouteInputSchema,
      // The spec names no permission of their own: the page's (administration, feature StandardRoutes) writes them.
      permissions: { create: 'AccessAdministration', edit: 'AccessAdministration', delete: 'AccessAdministration' },
      page: 'admin.standardRoutes',
      menu: 'sites',
      needsPage: true,
      // A route is generated and reshaped through the routing provider, online: its writes are too.
      offline: [],
    },
  }),
  declareResource({
    kind: 'productionCard',
    store: 'productionCards',
    row: productionCardSchema,
    // The board filters by day and cargo type.
    indexes: ['targetDate', 'cargoTypeId'],
    writes: {
      path: 'production-cards',
      input: productionCardInputSchema,
      // Spec 3 has no edit permission: a card is created and deleted, and whoever creates one may correct it.
      permissions: {
        view: 'ViewProductionCards',
        create: 'CreateProductionCards',
        edit: 'CreateProductionCards',
        delete: 'DeleteProductionCards',
      },
      page: 'productionPlanning',
      // A mill's planner adds and removes cards offline; generating a group needs the server.
      offline: ['create', 'delete'],
    },
  }),
] as const;

export type Resource = (typeof RESOURCES)[number];
export type ResourceKind = Resource['kind'];
export type ResourceStore = Resource['store'];
type RowByStore = { [Declared in Resource as Declared['store']]: z.output<Declared['row']> };
type RowByKind = { [Declared in Resource as Declared['kind']]: z.output<Declared['row']> };
/** The row of a store, as its declaration's schema gives it. */
export type RowOfStore<Store extends ResourceStore> = RowByStore[Store];
/** The row of a kind. */
export type RowOfKind<Kind extends ResourceKind> = RowByKind[Kind];

/** The record types written through the generic routes. */
export type WritableResource = Extract<Resource, { writes: object }>;
export type WritableStore = WritableResource['store'];
type InputByStore = { [Declared in WritableResource as Declared['store']]: z.input<Declared['writes']['input']> };
/** What a form sends to create or edit a record of the store. */
export type InputOfStore<Store extends WritableStore> = InputByStore[Store];

const byKind = new Map<string, ResourceDeclaration>(RESOURCES.map((resource) => [resource.kind, resource]));
const byStore = new Map<string, ResourceDeclaration>(RESOURCES.map((resource) => [resource.store, resource]));

/** The declaration of a kind, for code that handles every kind alike (its row type is then the caller's to name). */
export function resourceOfKind(kind: ResourceKind): ResourceDeclaration {
  return byKind.get(kind) as ResourceDeclaration;
}

export function resourceOfStore(store: ResourceStore): ResourceDeclaration {
  return byStore.get(store) as ResourceDeclaration;
}

/** A record type written through the record routes, with its writes. */
export function writableResource(store: WritableStore): ResourceDeclaration & { writes: ResourceWrites } {
  return byStore.get(store) as ResourceDeclaration & { writes: ResourceWrites };
}

/** How a writable record type is written (path, input, permissions, offline writes). */
export function writesOf(store: WritableStore): ResourceWrites {
  return (byStore.get(store) as WritableResource).writes;
}

export const RESOURCE_KINDS = RESOURCES.map((resource) => resource.kind) as [ResourceKind, ...ResourceKind[]];
