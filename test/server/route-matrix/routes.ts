import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Company } from '#core/contract/company';
import { inputFromOrder } from '#core/contract/orders';
import type { Self } from '#core/contract/user';
import { PAGE_RULES, type PageRule, type PermissionName } from '#core/domain/access';
import { encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { carrierAssignmentFor } from '#core/domain/load-actions';
import { writeRule } from '#core/resources/write-rule';
import { RESOURCES, type WritableResource, writableResource } from '#core/resources/resource-list';
import { TRACKING_HISTORY_RULE } from '#server/features/device-positions/device-positions.routes';
import { GEOCODE_RULE } from '#server/features/geocoding/geocoding.routes';
import { issueActivation, issuePasswordReset } from '#server/features/onboarding/onboarding.service';
import { ROUTE_RULE } from '#server/features/routing/routing.routes';
import { tinyPmtilesArchive } from '#test/fixtures/tiny-pmtiles';
import { insertUserWithoutPassword } from '#test/server/new-user';
import { DEMO_PASSWORD } from '#test/server/test-app';
import { COMPANIES_ROUTES } from './companies-routes.ts';
import type { QueryValue } from './matrix-request.ts';
import type { DemoUser, ForeignKind, MatrixWorld } from './world.ts';

/** A valid request for the caller's own organization; the fuzzer and the foreign variants start from it. */
export interface Example {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface ForeignId {
  /** Where the other organization's id goes: "params.id", "query.orderIds", "body.stops.0.customerId". */
  at: string;
  kind: ForeignKind;
  /** Added to the route's own ids (a list) instead of replacing them: all or nothing must hold. */
  besideOwn?: true;
  /** The ids only narrow what a read answers: another organization's match nothing (2xx), not 404 or 400. */
  narrowsOnly?: true;
}

export interface MatrixEntry {
  /** Anyone may call it, or the rule its guard must apply (the same PageRule the UI asks). */
  access: 'public' | PageRule;
  /** Who sends the example and the fuzzed requests: Prairie Feed's administrator unless said. */
  caller?: DemoUser | 'anonymous';
  /** The caller signs in again for this route, whose requests change the session itself. */
  ownSession?: true;
  /** Built again after every request the route accepted (it may have used up the example's load). */
  example: (world: MatrixWorld) => Example | Promise<Example>;
  /** Where another organization's ids go, or why the route takes none. */
  foreignIds: readonly ForeignId[] | { none: string };
  /** Tables a refused request writes on purpose. */
  refusalWrites?: readonly string[];
}

const foreign = (at: string, kind: ForeignKind, options: Pick<ForeignId, 'besideOwn' | 'narrowsOnly'> = {}): ForeignId => ({
  at,
  kind,
  ...options,
});
const BESIDE_OWN = { besideOwn: true } as const;

const WEEK = { startDate: '2026-11-22T06:00:00.000Z', endDate: '2026-11-29T05:59:59.999Z' };
const EXPORT_SETTINGS = { language: 'en-US', timezone: 'America/Chicago', units: 'Imperial', unitsWeight: 'USTon' };
const NO_IDS = { none: 'the route takes no ids' };

/** The ids a load body names, each of which must belong to the active organization. */
const LOAD_BODY_FOREIGN_IDS = (prefix: string) => [
  foreign(`${prefix}transportedByUserId`, 'user'),
  foreign(`${prefix}tractorId`, 'tractor'),
  foreign(`${prefix}trailerId`, 'trailer'),
  foreign(`${prefix}stops.0.organizationLocationId`, 'location'),
  foreign(`${prefix}stops.0.organizationSubLocationIds`, 'subLocation', BESIDE_OWN),
  foreign(`${prefix}stops.0.customerId`, 'customer'),
];

const NEW_PASSWORD = { password: 'Matrix-pass1', repeat: 'Matrix-pass1' };

/** A new Prairie Feed user with an email and a fresh link of theirs (activation or reset): its raw token. */
async function newUserLink(world: MatrixWorld, issue: typeof issueActivation): Promise<string> {
  const db = world.test.database.db;
  const username = `matrix.${randomUUID()}`;
  const userId = await insertUserWithoutPassword(db, {
    organizationId: world.organizations.prairie,
    username,
    email: `${username}@example.com`,
  });
  const mail = await issue(db, userId);
  if (!mail) throw new Error('no link issued');
  return mail.token;
}

const referenceList = (access: PageRule): MatrixEntry => ({ access, example: () => ({}), foreignIds: NO_IDS });
/** Dispatch screens read the equipment, sites and customers too, so viewing loads also opens these lists. */
const loadsOrAdministration = (permission: PermissionName) => referenceList({ anyPermission: ['ViewOwningOrders', permission] });

const TRACTOR = { userDisplayName: 'Matrix tractor', vinNumber: '1XPBD49X1ND481299', weight: 8_000_000 };
const TRAILER = {
  userDisplayName: 'Matrix trailer',
  maxCargoWeight: 20_000_000,
  trailerCargoTypes: [{ cargoTypeId: 2, compartmentCount: 2 }],
};
const CUSTOMER = { customerName: 'Matrix customer' };
/** Each device needs an identifier no other device of any organization has. */
const DEVICE = () => ({ clientId: `matrix-${randomUUID()}`, name: 'Matrix phone', kind: 'phone' });
const deviceRule = (permission: PermissionName): PageRule => ({ ...PAGE_RULES['admin.devices'], permissions: [permission] });
const AVOIDANCE_ZONE = {
  name: 'Matrix zone',
  geoLocation: {
    latitude: 41.5,
    longitude: -93.5,
    radius: null,
    bbox: { topLeft: { latitude: 41.6, longitude: -93.6 }, bottomRight: { latitude: 41.4, longitude: -93.4 } },
  },
  restriction: 'cargoType',
  cargoTypeIds: [1],
};
/** A site with a circle geofence and one sub-location, for the customer of the demo's loads. */
const LOCATION = (world: MatrixWorld) => ({
  name: 'Matrix site',
  organizationLocationTypeId: 1,
  customerId: world.own.customerId,
  address1: '1 Matrix Road',
  city: 'Ames',
  state: 'IA',
  postalCode: '50010',
  customGeofence: { latitude: 42.03, longitude: -93.62, radius: 150, bbox: null },
  orgSubLocations: [{ name: 'Bin 1', latitude: 42.0301, longitude: -93.6201 }],
});
/** The smallest bytes that pass the JPEG check, as the form sends them. */
const JPEG_UPLOAD = {
  type: 'image/jpeg',
  blob: `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 0xff, 0xd9]).toString('base64')}`,
};
const locationRule = (...anyPermission: PermissionName[]): PageRule => ({
  ...PAGE_RULES['admin.locations'],
  permissions: ['ViewLocations'],
  ...(anyPermission.length ? { anyPermission } : {}),
});
/** A new site of Prairie Feed (images are capped per site, so each accepted request gets its own). */
const newLocation = (world: MatrixWorld) =>
  world.call<{ id: number }>('admin', 'POST', `/api/organizations/${world.organizations.prairie}/locations`, LOCATION(world));
const LOCATION_IDS = [foreign('params.orgId', 'organization'), foreign('params.id', 'location')];
const LOCATION_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/organizations/:orgId/locations/:id/images': {
    access: locationRule(),
    example: (world) => ({ params: { orgId: world.organizations.prairie, id: world.own.originId } }),
    foreignIds: LOCATION_IDS,
  },
  'POST /api/organizations/:orgId/locations/:id/images': {
    access: locationRule('CreateLocations', 'EditLocations'),
    example: async (world) => ({
      params: { orgId: world.organizations.prairie, id: (await newLocation(world)).id },
      body: [JPEG_UPLOAD],
    }),
    foreignIds: LOCATION_IDS,
  },
  'DELETE /api/organizations/:orgId/locations/:id/images/:imageId': {
    access: locationRule('CreateLocations', 'EditLocations'),
    example: async (world) => {
      const orgId = world.organizations.prairie;
      const { id } = await newLocation(world);
      const [image] = await world.call<{ id: number }[]>('admin', 'POST', `/api/organizations/${orgId}/locations/${id}/images`, [
        JPEG_UPLOAD,
      ]);
      return { params: { orgId, id, imageId: image?.id as number } };
    },
    foreignIds: LOCATION_IDS,
  },
  'GET /api/organizations/:orgId/locations/:id/throughput': {
    access: locationRule(),
    example: (world) => ({ params: { orgId: world.organizations.prairie, id: world.own.originId } }),
    foreignIds: LOCATION_IDS,
  },
  'PUT /api/organizations/:orgId/locations/:id/throughput': {
    access: locationRule('CreateLocations', 'EditLocations'),
    example: async (world) => ({
      params: { orgId: world.organizations.prairie, id: (await newLocation(world)).id },
      body: [{ stopType: 'Origin', cargoTypeId: world.own.cargoTypeId, baselineLoadingMinutes: 20, cargoUnitsPerMinute: 5 }],
    }),
    // Prairie Feed is offered every cargo type, so the rule's cargo type has no foreign variant.
    foreignIds: LOCATION_IDS,
  },
};
/**
 * A new record's body, or an edit's of the `created` record; some need rows of their own first (a
 * standard route a pair no other route joins).
 */
type ExampleInput = (world: MatrixWorld, created?: Record<string, unknown>) => object | Promise<object>;
/** One active route per pair: each new route ends at a new location of Prairie Feed; an edit keeps its ends. */
async function standardRouteBody(world: MatrixWorld, created?: Record<string, unknown>) {
  const polyline = encodeFlexiblePolyline([
    { latitude: 41.6, longitude: -93.6 },
    { latitude: 41.7, longitude: -93.5 },
  ]);
  if (created) return { originId: created.originId, destinationId: created.destinationId, flexiblePolyline: polyline };
  const { rows } = await world.test.database.pool.query<{ id: number }>(
    `insert into locations (organization_id, name, location_type_id, address1, city, state, postal_code, geofence)
     select organization_id, 'Matrix route end', location_type_id, address1, city, state, postal_code, geofence
     from locations where id = $1 returning id`,
    [world.own.destinationId],
  );
  return {
    originId: world.own.originId,
    destinationId: rows[0]?.id,
    flexiblePolyline: polyline,
  };
}
const DOWNTIME = { description: 'Matrix downtime', startDate: '2026-11-24', startTime: '08:00', recurrenceDaysOfWeek: '0100010' };

/**
 * Create, update and delete of one declared record type (core/resources), expected under the rule
 * its declaration gives each write; each update or delete acts on a record created for it.
 */
function recordRoutes(resource: WritableResource, newBody: ExampleInput): Record<string, MatrixEntry> {
  const { path: collection } = resource.writes;
  const kind = resource.kind as ForeignKind;
  const created = async (world: MatrixWorld) => {
    const orgId = world.organizations.prairie;
    return world.call<{ id: number; version: number } & Record<string, unknown>>(
      'admin',
      'POST',
      `/api/organizations/${orgId}/${collection}`,
      await newBody(world),
    );
  };
  const recordIds = [foreign('params.orgId', 'organization'), foreign('params.id', kind)];
  return {
    [`POST /api/organizations/:orgId/${collection}`]: {
      access: writeRule(resource.writes, 'create'),
      example: async (world) => ({ params: { orgId: world.organizations.prairie }, body: await newBody(world) }),
      // Prairie Feed is offered every cargo type, so a trailer's cargo types have no foreign variant.
      foreignIds: [foreign('params.orgId', 'organization')],
    },
    [`PUT /api/organizations/:orgId/${collection}/:id`]: {
      access: writeRule(resource.writes, 'edit'),
      example: async (world) => {
        const record = await created(world);
        return {
          params: { orgId: world.organizations.prairie, id: record.id },
          body: { ...(await newBody(world, record)), version: record.version },
        };
      },
      foreignIds: recordIds,
    },
    [`DELETE /api/organizations/:orgId/${collection}/:id`]: {
      access: writeRule(resource.writes, 'delete'),
      example: async (world) => ({ params: { orgId: world.organizations.prairie, id: (await created(world)).id } }),
      foreignIds: recordIds,
    },
  };
}

/** Downtime of one resource type: created under Hansen's tractor or trailer, or Hansen himself. */
function downtimeRoutes(
  collection: string,
  resource: 'tractor' | 'trailer' | 'user',
  rule: PageRule,
): Record<string, MatrixEntry> {
  const resourceId = (world: MatrixWorld) =>
    resource === 'tractor'
      ? world.own.hansen.tractorId
      : resource === 'trailer'
        ? world.own.hansen.trailerId
        : world.own.hansen.id;
  const params = (world: MatrixWorld) => ({ orgId: world.organizations.prairie, resourceId: resourceId(world) });
  const created = async (world: MatrixWorld) => {
    const { orgId } = params(world);
    const url = `/api/organizations/${orgId}/${collection}/${resourceId(world)}/downtime`;
    return world.call<{ id: number; version: number }>('admin', 'POST', url, DOWNTIME);
  };
  const pathIds = [foreign('params.orgId', 'organization'), foreign('params.resourceId', resource)];
  return {
    [`POST /api/organizations/:orgId/${collection}/:resourceId/downtime`]: {
      access: rule,
      example: (world) => ({ params: params(world), body: DOWNTIME }),
      foreignIds: pathIds,
    },
    [`PUT /api/organizations/:orgId/${collection}/:resourceId/downtime/:id`]: {
      access: rule,
      example: async (world) => {
        const downtime = await created(world);
        return { params: { ...params(world), id: downtime.id }, body: { ...DOWNTIME, version: downtime.version } };
      },
      foreignIds: [...pathIds, foreign('params.id', 'downtime')],
    },
    [`DELETE /api/organizations/:orgId/${collection}/:resourceId/downtime/:id`]: {
      access: rule,
      example: async (world) => ({ params: { ...params(world), id: (await created(world)).id } }),
      foreignIds: [...pathIds, foreign('params.id', 'downtime')],
    },
  };
}

/** A driver with an email (so creating one mails an activation link) and a unique username each time. */
const USER = () => {
  const username = `matrix.${randomUUID()}`;
  return {
    username,
    firstName: 'Matrix',
    lastName: 'Driver',
    roleIds: [3],
    contact: {
      name: 'Matrix Driver',
      contactNotificationMethods: [{ notificationType: 'Email', destination: `${username}@example.com` }],
    },
  };
};
const CONTACT = {
  name: 'Matrix contact',
  contactNotificationMethods: [{ notificationType: 'Text', destination: '515 555 0199' }],
};
const LOADING_TEAM = { name: 'Matrix team', email: 'team@example.com' };
const contactRule = (permission: PermissionName): PageRule => ({ permissions: [permission], notForCarriers: true });

const PEOPLE_ROUTES: Record<string, MatrixEntry> = {
  'POST /api/organizations/:orgId/loading-teams': {
    access: { permissions: ['CreateLoadingTeams'] },
    example: (world) => ({
      params: { orgId: world.organizations.prairie },
      body: { ...LOADING_TEAM, userIds: [world.userIds.dispatcher] },
    }),
    foreignIds: [foreign('params.orgId', 'organization'), foreign('body.userIds', 'user', BESIDE_OWN)],
  },
  // A user who takes an existing contact: the contact must be the organization's own.
  'POST /api/organizations/:orgId/users': {
    access: { permissions: ['CreateUser'] },
    example: async (world) => {
      const { contact, ...user } = USER();
      const recipient = await world.call<{ id: number }>(
        'admin',
        'POST',
        `/api/organizations/${world.organizations.prairie}/contacts`,
        contact,
      );
      return { params: { orgId: world.organizations.prairie }, body: { ...user, contactId: recipient.id } };
    },
    foreignIds: [foreign('params.orgId', 'organization'), foreign('body.contactId', 'contact')],
  },
  'GET /api/organizations/:orgId/contacts/:contactId/notification-preferences': {
    access: contactRule('ViewContacts'),
    example: (world) => ({ params: { orgId: world.organizations.prairie, contactId: world.own.contactId } }),
    foreignIds: [foreign('params.orgId', 'organization'), foreign('params.contactId', 'contact')],
  },
  'POST /api/organizations/:orgId/contacts/:contactId/notification-preferences': {
    access: contactRule('EditContacts'),
    example: (world) => ({
      params: { orgId: world.organizations.prairie, contactId: world.own.contactId },
      body: [{ notificationEventTypeId: 1, notificationType: 'Email' }],
    }),
    foreignIds: [foreign('params.orgId', 'organization'), foreign('params.contactId', 'contact')],
  },
  'GET /api/users/username': {
    access: { anyPermission: ['CreateUser', 'EditUser'] },
    example: () => ({ query: { username: 'admin' } }),
    foreignIds: { none: 'a name, checked across every organization' },
  },
};

const MASTER_DATA_ROUTES: Record<string, MatrixEntry> = {
  // A phone names the driver it belongs to: a driver of the organization.
  'POST /api/organizations/:orgId/devices': {
    access: deviceRule('CreateDevices'),
    example: (world) => ({
      params: { orgId: world.organizations.prairie },
      body: { ...DEVICE(), driverUserId: world.userIds['driver.hansen'] },
    }),
    foreignIds: [foreign('params.orgId', 'organization'), foreign('body.driverUserId', 'user')],
  },
  ...downtimeRoutes('tractors', 'tractor', { permissions: ['ManageDowntime', 'ViewTractors'] }),
  ...downtimeRoutes('trailers', 'trailer', { permissions: ['ManageDowntime', 'ViewTrailers'] }),
  ...downtimeRoutes('drivers', 'user', { permissions: ['ManageDowntime', 'ViewUsers'] }),
  'GET /api/organizations/:orgId/downtime': {
    access: { anyPermission: ['ViewOwningOrders', 'ManageDowntime'] },
    example: (world) => ({ params: { orgId: world.organizations.prairie }, query: { startDate: '2026-11-22' } }),
    foreignIds: [foreign('params.orgId', 'organization')],
  },
};

/** A notification configuration naming one of each of the organization's records its filters take. */
const notificationConfigBody = (world: MatrixWorld) => ({
  notificationEventTypeId: 3,
  contactIds: [world.own.contactId],
  stopCargoTypeIds: [world.own.cargoTypeId],
  destinationSiteIds: [world.own.destinationId],
  originSiteIds: [world.own.originId],
  customerIds: [world.own.customerId],
});
const NOTIFICATION_CONFIG_BODY_IDS = [
  foreign('body.contactIds', 'contact', BESIDE_OWN),
  foreign('body.destinationSiteIds.0', 'location'),
  foreign('body.originSiteIds.0', 'location'),
  foreign('body.customerIds.0', 'customer'),
];
const NOTIFICATION_CONFIG_ROUTES: Record<string, MatrixEntry> = {
  'POST /api/organizations/:orgId/notification-configs': {
    access: PAGE_RULES['admin.notificationConfigs'],
    example: (world) => ({ params: { orgId: world.organizations.prairie }, body: notificationConfigBody(world) }),
    // Prairie Feed is offered every cargo type, so the cargo type filters have no foreign variant.
    foreignIds: [foreign('params.orgId', 'organization'), ...NOTIFICATION_CONFIG_BODY_IDS],
  },
};

/** A card of 30 t of bulk feed from one of Prairie Feed's mills (whose type ships it) to one of its farms. */
async function productionCardBody(world: MatrixWorld) {
  const site = (typeId: number) =>
    world.test.database.pool
      .query<{ id: number }>(
        'select id from locations where organization_id = $1 and location_type_id = $2 order by id limit 1',
        [world.organizations.prairie, typeId],
      )
      .then((result) => result.rows[0]?.id);
  return {
    cargoTypeId: 2,
    targetDate: '2026-11-24',
    lotId: ' LOT-M ',
    orderNumber: 'PC-1',
    productionPlan: 'Grower 2',
    stops: [
      { type: 'Origin', organizationLocationId: await site(1), organizationSubLocationIds: [] },
      { type: 'Destination', organizationLocationId: await site(2), organizationSubLocationIds: [] },
    ],
    metadata: { cargo: { weight: 30_000_000, numberOfLoads: 2 } },
  };
}

/** A new card of Prairie Feed on the board, and how many drafts it makes (the server's own preview). */
async function boardCard(world: MatrixWorld) {
  const card = await world.call<{ id: number }>(
    'admin',
    'POST',
    `/api/organizations/${world.organizations.prairie}/production-cards`,
    await productionCardBody(world),
  );
  const preview = await world.call<{ drafts: unknown[] }>(
    'admin',
    'GET',
    `/api/production-cards/group-preview?distributionMode=greedy&ids=${card.id}`,
  );
  return { id: card.id, draftCount: preview.drafts.length };
}
const productionPlanningPage = PAGE_RULES.productionPlanning;
const PRODUCTION_PLANNING_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/production-cards': {
    access: productionPlanningPage,
    example: () => ({ query: { startDate: '2026-11-22', endDate: '2026-11-28', cargoTypeId: '2' } }),
    foreignIds: NO_IDS,
  },
  'POST /api/production-cards': {
    access: writeRule(writableResource('productionCards').writes, 'create'),
    example: async (world) => ({ body: await productionCardBody(world) }),
    foreignIds: [
      foreign('body.stops.0.organizationLocationId', 'location'),
      foreign('body.stops.1.organizationSubLocationIds', 'subLocation', BESIDE_OWN),
    ],
  },
  'DELETE /api/production-cards/:guid': {
    access: writeRule(writableResource('productionCards').writes, 'delete'),
    example: async (world) => {
      const card = await world.call<{ guid: string }>('admin', 'POST', '/api/production-cards', await productionCardBody(world));
      return { params: { guid: card.guid } };
    },
    // A uuid no integer id can stand for; another organization's card answers 404 (production-cards.test.ts).
    foreignIds: { none: 'the card is named by its guid' },
  },
  'GET /api/production-cards/group-preview': {
    access: productionPlanningPage,
    example: async (world) => ({ query: { distributionMode: 'equitable', ids: `${(await boardCard(world)).id}` } }),
    foreignIds: [foreign('query.ids', 'productionCard'), foreign('query.ids', 'productionCard', BESIDE_OWN)],
  },
  'GET /api/production-cards/groups': {
    access: productionPlanningPage,
    example: () => ({ query: { from: '2026-11-22', to: '2026-11-28' } }),
    foreignIds: NO_IDS,
  },
  'POST /api/production-cards/groups': {
    access: { ...productionPlanningPage, permissions: ['ViewProductionCards', 'CreateOrder'] },
    example: async (world) => {
      const card = await boardCard(world);
      return { body: { productionCardIds: [card.id], distributionMode: 'greedy', expectedDraftCount: card.draftCount } };
    },
    foreignIds: [
      foreign('body.productionCardIds.0', 'productionCard'),
      foreign('body.productionCardIds', 'productionCard', BESIDE_OWN),
    ],
  },
  'DELETE /api/production-cards/groups/:guid': {
    access: { ...productionPlanningPage, permissions: ['ViewProductionCards', 'DeleteOrder'] },
    example: async (world) => {
      const card = await boardCard(world);
      const group = await world.call<{ guid: string }>('admin', 'POST', '/api/production-cards/groups', {
        productionCardIds: [card.id],
        distributionMode: 'greedy',
        expectedDraftCount: card.draftCount,
      });
      return { params: { guid: group.guid } };
    },
    // A uuid no integer id can stand for; another organization's group answers 404 (production-cards.test.ts).
    foreignIds: { none: 'the group is named by its guid' },
  },
};

/** The body each declared record type's generated routes are called with: a new type without one does not compile. */
const EXAMPLE_INPUTS: Record<WritableResource['kind'], ExampleInput> = {
  customer: () => CUSTOMER,
  tractor: () => TRACTOR,
  trailer: () => TRAILER,
  user: USER,
  contact: () => CONTACT,
  loadingTeam: () => LOADING_TEAM,
  notificationConfig: notificationConfigBody,
  device: DEVICE,
  avoidanceZone: () => AVOIDANCE_ZONE,
  location: LOCATION,
  standardRoute: standardRouteBody,
  productionCard: productionCardBody,
};

/** POST, PUT and DELETE of every declared record type with writes, derived from the declarations. */
const RECORD_ROUTES: Record<string, MatrixEntry> = Object.assign(
  {},
  ...RESOURCES.flatMap((resource) =>
    'writes' in resource ? [recordRoutes(resource, EXAMPLE_INPUTS[resource.kind as WritableResource['kind']])] : [],
  ),
);

const serviceAccountRule = (permission: PermissionName): PageRule => ({ features: ['ServerAPI'], permissions: [permission] });
const COMPANY_AND_SERVICE_ACCOUNT_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/organizations/:orgId': {
    access: { permissions: ['EditCompany'] },
    example: (world) => ({ params: { orgId: world.organizations.prairie } }),
    foreignIds: [foreign('params.orgId', 'organization')],
  },
  'PUT /api/organizations/:orgId': {
    access: { permissions: ['EditCompany'] },
    example: async (world) => {
      const orgId = world.organizations.prairie;
      const {
        id: _id,
        tier: _tier,
        isCarrier: _isCarrier,
        ...company
      } = await world.call<Company>('admin', 'GET', `/api/organizations/${orgId}`);
      return { params: { orgId }, body: { ...company, latitude: company.latitude ?? 0, longitude: company.longitude ?? 0 } };
    },
    foreignIds: [foreign('params.orgId', 'organization')],
  },
  'GET /api/organizations/:orgId/service-users': {
    access: serviceAccountRule('ViewServiceUser'),
    example: (world) => ({ params: { orgId: world.organizations.prairie } }),
    foreignIds: [foreign('params.orgId', 'organization')],
  },
  'POST /api/organizations/:orgId/service-users': {
    access: serviceAccountRule('CreateServiceUser'),
    example: (world) => ({
      params: { orgId: world.organizations.prairie },
      body: { name: 'Matrix integration', scopes: ['loads:write'] },
    }),
    foreignIds: [foreign('params.orgId', 'organization')],
  },
  'DELETE /api/organizations/:orgId/service-users/:id': {
    access: serviceAccountRule('DeleteServiceUser'),
    example: async (world) => {
      const orgId = world.organizations.prairie;
      const account = await world.call<{ id: number }>('admin', 'POST', `/api/organizations/${orgId}/service-users`, {
        name: 'Matrix revoked',
        scopes: ['loads:read'],
      });
      return { params: { orgId, id: account.id } };
    },
    foreignIds: [foreign('params.orgId', 'organization'), foreign('params.id', 'serviceAccount')],
  },
};

/**
 * One entry per route of the server, keyed as the route table names it. The matrix test fails on a
 * route without an entry and on an entry without a route.
 */
export const MATRIX: Record<string, MatrixEntry> = {
  'GET /api/health': { access: 'public', caller: 'anonymous', example: () => ({}), foreignIds: NO_IDS },
  'GET /api/docs': { access: 'public', caller: 'anonymous', example: () => ({}), foreignIds: NO_IDS },

  'POST /api/session': {
    access: 'public',
    caller: 'anonymous',
    example: () => ({ body: { username: 'dispatcher', password: DEMO_PASSWORD } }),
    foreignIds: { none: 'credentials, not ids' },
    // A failed sign-in is recorded, to throttle guessing.
    refusalWrites: ['login_failures'],
  },
  'GET /api/session': { access: 'public', example: () => ({}), foreignIds: NO_IDS },
  // Anonymous: the caller's own sign-out would end the session the other requests use.
  'DELETE /api/session': { access: 'public', caller: 'anonymous', example: () => ({}), foreignIds: NO_IDS },
  'PUT /api/session/organization': {
    access: { permissions: ['ViewAllCompanies'] },
    caller: 'platform',
    ownSession: true,
    example: (world) => ({ body: { organizationId: world.organizations.platform } }),
    foreignIds: { none: 'a platform administrator may open every company' },
  },
  'POST /api/users/reset-password': {
    access: 'public',
    caller: 'anonymous',
    // An address no account has: the links of a known one are issued after the answer, and would
    // land in the snapshot of the next request.
    example: () => ({ body: { email: 'nobody.here@prairiefeed.example' } }),
    foreignIds: { none: 'an e-mail address, not an id' },
  },
  'GET /api/users/:uuid/activate': {
    access: 'public',
    caller: 'anonymous',
    example: async (world) => ({ params: { uuid: await newUserLink(world, issueActivation) } }),
    foreignIds: { none: 'the link’s token is the credential' },
  },
  'POST /api/users/:uuid/activate': {
    access: 'public',
    caller: 'anonymous',
    example: async (world) => ({ params: { uuid: await newUserLink(world, issueActivation) }, body: NEW_PASSWORD }),
    foreignIds: { none: 'the link’s token is the credential' },
  },
  'GET /api/users/reset-password/:token': {
    access: 'public',
    caller: 'anonymous',
    example: async (world) => ({ params: { token: await newUserLink(world, issuePasswordReset) } }),
    foreignIds: { none: 'the link’s token is the credential' },
  },
  'POST /api/users/reset-password/:token': {
    access: 'public',
    caller: 'anonymous',
    example: async (world) => ({ params: { token: await newUserLink(world, issuePasswordReset) }, body: NEW_PASSWORD }),
    foreignIds: { none: 'the link’s token is the credential' },
  },
  'POST /api/organizations/:orgId/users/:id/password-email': {
    access: { permissions: ['EditUser'] },
    example: (world) => ({ params: { orgId: world.organizations.prairie, id: world.userIds.dispatcher } }),
    foreignIds: [foreign('params.orgId', 'organization'), foreign('params.id', 'user')],
  },

  'GET /api/self': { access: {}, example: () => ({}), foreignIds: NO_IDS },
  'GET /api/self/avoidance-zones': { access: {}, example: () => ({}), foreignIds: NO_IDS },
  'GET /api/self/loads-summary': { access: PAGE_RULES.loads, example: () => ({ query: WEEK }), foreignIds: NO_IDS },
  'PUT /api/users/:id/preferences': {
    access: {},
    example: (world) => ({
      params: { id: world.userIds.admin },
      body: {
        includedDates: [0, 1, 2],
        removedDrivers: [world.own.jensen.id],
        removedTrailers: [world.own.jensen.trailerId],
        draftsLoadsDefaultSort: 'date:asc',
        showLoadDate: true,
        showEstimatedTotalTripTime: false,
        showTractor: true,
        showTrailer: true,
        tables: { loads: { pageSize: 100 } },
        presets2: [{ name: 'Open feed', default: false, fields: [{ field: 'status', value: 'Open' }], table: 'loads' }],
        doNotShowBulkOrderCompletionModal: false,
      },
    }),
    foreignIds: [foreign('params.id', 'user')],
  },
  'PUT /api/self/contact': {
    access: {},
    example: async (world) => {
      const { language, timezone, units, unitsWeight } = (await world.call<Self>('admin', 'GET', '/api/self')).contact;
      return { body: { language, timezone, units, unitsWeight } };
    },
    foreignIds: NO_IDS,
  },
  'GET /api/self/notification-preferences': {
    access: { notForCarriers: true },
    example: () => ({}),
    foreignIds: NO_IDS,
  },
  'PUT /api/self/notification-preferences': {
    access: { notForCarriers: true },
    example: () => ({ body: [{ notificationEventTypeId: 1, notificationType: 'Email' }] }),
    foreignIds: NO_IDS,
  },

  'GET /api/cargo-types': referenceList({}),
  'GET /api/location-types': referenceList({}),
  'GET /api/organizations': referenceList({}),
  'GET /api/features': referenceList({}),
  'GET /api/roles': referenceList({ anyPermission: ['ViewUsers', 'ViewAllCompanies'] }),
  'GET /api/permissions': { ...referenceList({ permissions: ['ViewAllCompanies'] }), caller: 'platform' },
  'GET /api/drivers': loadsOrAdministration('ViewUsers'),
  'GET /api/tractors': loadsOrAdministration('ViewTractors'),
  'GET /api/trailers': loadsOrAdministration('ViewTrailers'),
  'GET /api/locations': loadsOrAdministration('ViewLocations'),
  'GET /api/customers': loadsOrAdministration('ViewCustomers'),
  'GET /api/carriers': loadsOrAdministration('AccessAdministration'),
  'GET /api/users': referenceList({ permissions: ['ViewUsers'] }),
  'GET /api/contacts': referenceList({ permissions: ['ViewContacts'], notForCarriers: true }),

  'GET /api/self/orders': {
    access: PAGE_RULES.loads,
    example: () => ({ query: { ...WEEK, status: 'Open' } }),
    foreignIds: NO_IDS,
  },
  'GET /api/self/drafts': { access: PAGE_RULES.drafts, example: () => ({}), foreignIds: NO_IDS },
  'POST /api/orders': {
    access: { permissions: ['CreateOrder'], notForCarriers: true },
    example: (world) => ({ body: world.loadBody() }),
    foreignIds: LOAD_BODY_FOREIGN_IDS('body.'),
  },
  'PUT /api/orders/:id': {
    access: { permissions: ['EditOrder'] },
    example: async (world) => {
      const load = await world.createLoad();
      return { params: { id: load.id }, body: { ...inputFromOrder(load), version: load.version } };
    },
    foreignIds: [foreign('params.id', 'load'), foreign('body.stops.0.id', 'stop'), ...LOAD_BODY_FOREIGN_IDS('body.')],
  },
  'DELETE /api/orders': {
    access: { permissions: ['DeleteOrder'], notForCarriers: true },
    example: async (world) => ({ body: [(await world.createLoad()).id] }),
    foreignIds: [foreign('body.0', 'load'), foreign('body', 'load', BESIDE_OWN)],
  },
  'POST /api/drivers/assign-orders': {
    access: { permissions: ['AssignDrivers'] },
    example: async (world) => {
      const { jensen } = world.own;
      const load = await world.createLoad();
      return {
        body: [{ id: load.id, transportedByUserId: jensen.id, tractorId: jensen.tractorId, trailerId: jensen.trailerId }],
      };
    },
    foreignIds: [
      foreign('body.0.id', 'load'),
      foreign('body.0.transportedByUserId', 'user'),
      foreign('body.0.tractorId', 'tractor'),
      foreign('body.0.trailerId', 'trailer'),
    ],
  },
  'POST /api/carriers/assign-loads': {
    access: { permissions: ['AssignDrivers'], notForCarriers: true },
    example: async (world) => ({ body: [carrierAssignmentFor(await world.createLoad(), world.own.swiftHaul)] }),
    foreignIds: [
      foreign('body.0.id', 'load'),
      foreign('body.0.transportingOrganizationId', 'organization'),
      foreign('body.0.trailerId', 'trailer'),
    ],
  },
  'PUT /api/orders/complete': {
    access: { permissions: ['CompleteOrder'], notForCarriers: true },
    example: async (world) => {
      const load = await world.createLoad();
      const completedAt = '2026-11-24T15:00:00.000Z';
      const stops = load.stops.map((stop) => ({
        id: stop.id,
        completedAt,
        metadata: { suppressDeliveryNotification: true, manuallyCompleted: true },
      }));
      return { body: [{ id: load.id, stops }] };
    },
    foreignIds: [foreign('body.0.id', 'load'), foreign('body.0.stops.0.id', 'stop')],
  },
  'GET /api/scheduling/resource-info': {
    access: PAGE_RULES.loads,
    example: (world) => ({
      query: {
        driverIds: `${world.own.hansen.id},${world.own.jensen.id}`,
        trailerIds: `${world.own.hansen.trailerId}`,
      },
    }),
    foreignIds: [
      foreign('query.driverIds', 'user', { narrowsOnly: true }),
      foreign('query.trailerIds', 'trailer', { narrowsOnly: true }),
    ],
  },
  'GET /api/orders/:id/tripevents': {
    access: PAGE_RULES.loads,
    example: (world) => ({
      params: { id: world.own.loadWithTripEventsId },
      query: { startDate: '2020-01-01T00:00:00.000Z', endDate: '2035-01-01T00:00:00.000Z' },
    }),
    foreignIds: [foreign('params.id', 'load')],
  },
  'GET /api/order/:orderId/devicelocations': {
    access: { permissions: ['ViewOwningOrders'], minTier: 'Standard' },
    example: (world) => ({ params: { orderId: world.own.loadWithTripEventsId } }),
    foreignIds: [foreign('params.orderId', 'load')],
  },

  'PUT /api/orders': {
    access: { features: ['Drafts'], permissions: ['EditOrder'], notForCarriers: true },
    example: async (world) => {
      const draft = await world.createLoad({ isDraft: true });
      return { body: [{ ...inputFromOrder(draft), id: draft.id, version: draft.version }] };
    },
    foreignIds: [foreign('body.0.id', 'load'), foreign('body.0.stops.0.id', 'stop'), ...LOAD_BODY_FOREIGN_IDS('body.0.')],
  },
  'POST /api/orders/merge': {
    access: { features: ['Drafts', 'MergeDrafts'], permissions: ['EditOrder', 'CreateOrder'], notForCarriers: true },
    example: async (world) => {
      const sources = [await world.createLoad({ isDraft: true }), await world.createLoad({ isDraft: true })];
      return { query: { orderIds: sources.map((source) => source.id).join(',') }, body: world.loadBody({ isDraft: true }) };
    },
    // The body is only the preview's stop order: the server merges from the stored sources.
    foreignIds: [foreign('query.orderIds', 'load', BESIDE_OWN)],
  },
  'POST /api/orders/unmerge': {
    access: { features: ['Drafts', 'UnmergeDrafts'], permissions: ['EditOrder'], notForCarriers: true },
    example: async (world) => {
      const { merged, sourceIds } = await world.createMergedDraft();
      return { query: { orderIds: `${merged.id}` }, body: sourceIds };
    },
    foreignIds: [foreign('query.orderIds', 'load'), foreign('query.orderIds', 'load', BESIDE_OWN)],
  },
  'GET /api/orders/merged-sources': {
    access: { features: ['Drafts'], permissions: ['ViewOwningOrders'], notForCarriers: true },
    example: async (world) => ({ query: { mergedFromOrderIds: (await world.createMergedDraft()).sourceIds.join(',') } }),
    foreignIds: [foreign('query.mergedFromOrderIds', 'load')],
  },
  'POST /api/orders/create-projections': {
    access: { features: ['Drafts'], permissions: ['CreateOrder'], notForCarriers: true },
    example: (world) => ({
      body: [
        {
          organizationLocationId: world.own.originId,
          cargoTypeId: world.own.cargoTypeId,
          weightPerLoad: 10_000_000,
          quantityPerLoad: null,
          numberOfLoads: 1,
          // A week ahead: loads on a day already past are refused.
          date: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
          isBasedOnOrigin: true,
        },
      ],
    }),
    foreignIds: [foreign('body.0.organizationLocationId', 'location')],
  },

  'GET /api/sync/changes': {
    access: {},
    example: () => ({
      query: { since: '0.0', limit: 50, window: '2026-11-22T06:00:00.000Z_2026-11-29T05:59:59.999Z' },
    }),
    foreignIds: { none: 'a cursor, not an id' },
  },

  'POST /api/organizations/:orgId/locations/travel-times': {
    access: PAGE_RULES.loads,
    example: (world) => ({
      params: { orgId: world.organizations.prairie },
      body: [{ originOrganizationLocationId: world.own.originId, destinationOrganizationLocationId: world.own.destinationId }],
    }),
    foreignIds: [foreign('params.orgId', 'organization'), foreign('body.0.originOrganizationLocationId', 'location')],
  },
  'GET /api/locations/travel-times': { access: PAGE_RULES.loads, example: () => ({}), foreignIds: NO_IDS },
  'GET /api/throughput': { access: PAGE_RULES.loads, example: () => ({}), foreignIds: NO_IDS },

  'POST /api/routing/routes': {
    access: ROUTE_RULE,
    example: () => ({
      body: {
        points: [
          { lat: 42.0347, lng: -93.62 },
          { lat: 41.9, lng: -93.5, via: true },
          { lat: 41.5868, lng: -93.625 },
        ],
        avoid: [{ topLeft: { lat: 41.8, lng: -93.7 }, bottomRight: { lat: 41.75, lng: -93.55 } }],
      },
    }),
    foreignIds: { none: 'positions and boxes, not ids' },
  },
  'POST /api/routing/match': {
    access: PAGE_RULES.mapHelpers,
    caller: 'platform',
    example: () => ({
      body: {
        points: [
          { lat: 42.0347, lng: -93.62 },
          { lat: 42.0169, lng: -93.4396 },
        ],
      },
    }),
    foreignIds: { none: 'positions, not ids' },
  },
  'GET /api/locations/geocode': {
    access: GEOCODE_RULE,
    example: () => ({ query: { q: '400 Main St, Ames, IA 50010' } }),
    foreignIds: { none: "an address; only the caller's own locations are searched" },
  },
  'GET /api/map/config': { access: {}, example: () => ({}), foreignIds: NO_IDS },
  'GET /api/map/archives/:name': {
    access: {},
    example: async (world) => {
      await mkdir(path.join(world.test.dataDir, 'maps'), { recursive: true });
      await writeFile(path.join(world.test.dataDir, 'maps', 'region.pmtiles'), tinyPmtilesArchive());
      return { params: { name: 'region.pmtiles' } };
    },
    foreignIds: { none: 'a file name of the server-wide maps folder' },
  },

  'POST /api/organizations/:orgId/loads-csv-export': {
    access: PAGE_RULES.loads,
    example: (world) => ({
      params: { orgId: world.organizations.prairie },
      query: EXPORT_SETTINGS,
      body: { loadIds: [world.own.loadWithTripEventsId] },
    }),
    foreignIds: [
      foreign('params.orgId', 'organization'),
      foreign('body.loadIds.0', 'load'),
      foreign('body.loadIds', 'load', BESIDE_OWN),
    ],
  },
  // Positions name their device by the identifier it sends, never by id: another organization's identifiers answer 404.
  'POST /api/devices/positions': {
    access: {},
    caller: 'driver.hansen',
    // Live tracking saves a device's detection state after answering the fixes it derives from, so an
    // earlier accepted fix of the same device may land its state while a refused request is checked.
    refusalWrites: ['device_tracking_states'],
    example: async (world) => {
      const device = DEVICE();
      await world.call('admin', 'POST', `/api/organizations/${world.organizations.prairie}/devices`, {
        ...device,
        driverUserId: world.userIds['driver.hansen'],
      });
      const fix = { clientId: device.clientId, latitude: 42.03, longitude: -93.62, heading: 90, speed: 20, accuracy: 8 };
      return { body: [{ ...fix, timestamp: new Date().toISOString() }] };
    },
    foreignIds: { none: 'devices are named by the identifier they send; unregistered ones answer 404' },
  },
  // Trip events a device reports name it by its identifier, and may name a stop of a load it is on.
  'POST /api/devices/tripevents': {
    access: {},
    caller: 'driver.hansen',
    example: async (world) => {
      const device = DEVICE();
      await world.call('admin', 'POST', `/api/organizations/${world.organizations.prairie}/devices`, {
        ...device,
        driverUserId: world.userIds['driver.hansen'],
      });
      const { rows } = await world.test.database.pool.query<{ id: number }>(
        `select s.id from stops s join orders o on o.id = s.order_id
         where o.transported_by_user_id = $1 and o.transporting_organization_id = $2 and not o.is_draft
         order by s.id limit 1`,
        [world.own.hansen.id, world.organizations.prairie],
      );
      const event = { clientId: device.clientId, type: 'AugerOn', latitude: 42.03, longitude: -93.62, accuracy: 8 };
      return { body: [{ ...event, stopId: rows[0]?.id, timestamp: new Date().toISOString(), comment: 'Matrix auger' }] };
    },
    foreignIds: [foreign('body.0.stopId', 'stop')],
  },
  // The OsmAnd protocol of the Traccar Client apps: the registered device identifier is the credential.
  ...Object.fromEntries(
    (['GET', 'POST'] as const).map((method) => [
      `${method} /api/osmand`,
      {
        access: 'public',
        caller: 'anonymous',
        example: async (world: MatrixWorld) => {
          const device = DEVICE();
          await world.call('admin', 'POST', `/api/organizations/${world.organizations.prairie}/devices`, device);
          const timestamp = String(Math.floor(Date.now() / 1000));
          return { query: { id: device.clientId, lat: '42.03', lon: '-93.62', timestamp, speed: '10', bearing: '90' } };
        },
        foreignIds: { none: 'devices are named by the identifier they send; unregistered ones answer 404' },
        // As for POST /api/devices/positions: an earlier accepted fix's detection state may land meanwhile.
        refusalWrites: ['device_tracking_states'],
      } satisfies MatrixEntry,
    ]),
  ),
  // Spec 1 §7 history reads of a driver, tractor, trailer or device: the id must be the organization's own.
  ...Object.fromEntries(
    (
      [
        ['driver', 'user', (world: MatrixWorld) => world.own.hansen.id],
        ['tractor', 'tractor', (world: MatrixWorld) => world.own.hansen.tractorId],
        ['trailer', 'trailer', (world: MatrixWorld) => world.own.hansen.trailerId],
        [
          'device',
          'device',
          async (world: MatrixWorld) =>
            (
              await world.call<{ id: number }>(
                'admin',
                'POST',
                `/api/organizations/${world.organizations.prairie}/devices`,
                DEVICE(),
              )
            ).id,
        ],
      ] as const
    ).flatMap(([type, kind, ownId]) =>
      ['devicelocations', 'tripevents'].map((read) => [
        `GET /api/${type}/:id/${read}`,
        {
          access: TRACKING_HISTORY_RULE,
          example: async (world: MatrixWorld) => ({ params: { id: await ownId(world) }, query: WEEK }),
          foreignIds: [foreign('params.id', kind)],
        } satisfies MatrixEntry,
      ]),
    ),
  ),
  'GET /api/devices/locations/latest': {
    access: PAGE_RULES.liveMap,
    example: () => ({ query: { staleTimeMinutes: 60 } }),
    foreignIds: NO_IDS,
  },
  ...RECORD_ROUTES,
  ...PRODUCTION_PLANNING_ROUTES,
  ...MASTER_DATA_ROUTES,
  ...LOCATION_ROUTES,
  ...PEOPLE_ROUTES,
  ...NOTIFICATION_CONFIG_ROUTES,
  ...COMPANY_AND_SERVICE_ACCOUNT_ROUTES,
  ...COMPANIES_ROUTES,
  'GET /api/orders/delivery-tickets': {
    access: { features: ['DeliveryTickets'], permissions: ['ViewOwningOrders'] },
    example: (world) => ({ query: { ...EXPORT_SETTINGS, orderIds: `${world.own.loadWithTripEventsId}` } }),
    foreignIds: [foreign('query.orderIds', 'load'), foreign('query.orderIds', 'load', BESIDE_OWN)],
  },
};
