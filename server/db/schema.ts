import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Preferences } from '#core/contract/user';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
/** Synced rows carry a version, +1 per write (DESIGN §5). */
/** Every mirrored record's columns: its version (409 on a stale one) and timestamps. */
export const versioned = { version: integer('version').notNull().default(1), ...timestamps };

export interface Geofence {
  latitude: number;
  longitude: number;
  radius: number | null;
  bbox: { topLeft: { latitude: number; longitude: number }; bottomRight: { latitude: number; longitude: number } } | null;
}

export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  tier: text('tier', { enum: ['Freemium', 'Standard'] })
    .notNull()
    .default('Freemium'),
  isCarrier: boolean('is_carrier').notNull().default(false),
  language: text('language').notNull().default('en-US'),
  timezone: text('timezone').notNull().default('America/Chicago'),
  units: text('units').notNull().default('Imperial'),
  unitsWeight: text('units_weight').notNull().default('Pound'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  etaThresholdMinutes: integer('eta_threshold_minutes').notNull().default(30),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  ...versioned,
});

export const features = pgTable('features', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

export const organizationFeatures = pgTable(
  'organization_features',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.featureId] })],
);

export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permissionId] })],
);

export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    language: text('language').notNull().default('en-US'),
    timezone: text('timezone').notNull().default('America/Chicago'),
    units: text('units').notNull().default('Imperial'),
    unitsWeight: text('units_weight').notNull().default('Pound'),
    enabled: boolean('enabled').notNull().default(true),
    interactiveUser: boolean('interactive_user').notNull().default(false),
    ...versioned,
  },
  (table) => [index('contacts_organization_idx').on(table.organizationId)],
);

export interface DriverInfo {
  defaultTractorId: number | null;
  defaultTrailerId: number | null;
  contract: boolean;
  /** The driver may complete stops out of their order (spec 2 §3 driverInfo). */
  loadCompletionOutOfSequence?: boolean;
}

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    enabled: boolean('enabled').notNull().default(true),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id),
    preferences: jsonb('preferences').$type<Preferences>().notNull().default({}),
    driverInfo: jsonb('driver_info').$type<DriverInfo | null>(),
    /** Drivers and site managers may tag sub-locations (core/domain/master-data/people.ts). */
    sublocationTagging: boolean('sublocation_tagging').notNull().default(false),
    ...versioned,
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    index('users_organization_idx').on(table.organizationId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] })],
);

/**
 * A contact's choice of channel per notification event type (spec 2 §3 contactPreferences); the
 * event types are the constants of core/contract/people.ts.
 */
export const contactPreferences = pgTable(
  'contact_preferences',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    notificationEventTypeId: integer('notification_event_type_id').notNull(),
    /** `Email`, `Text` or `Push`. */
    notificationType: text('notification_type').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contactId, table.notificationEventTypeId, table.notificationType] })],
);

/** Loading teams (spec 2 §3): a name, an email and the users who load. */
export const loadingTeams = pgTable(
  'loading_teams',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    email: text('email'),
    ...versioned,
  },
  (table) => [index('loading_teams_organization_idx').on(table.organizationId)],
);

export const loadingTeamMembers = pgTable(
  'loading_team_members',
  {
    loadingTeamId: integer('loading_team_id')
      .notNull()
      .references(() => loadingTeams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.loadingTeamId, table.userId] }),
    index('loading_team_members_user_idx').on(table.userId),
  ],
);

/**
 * Notification configurations (spec 2 §3): who is told of one event type, narrowed by optional
 * filters (null: no filter). The filters' ids are checked as the organization's when written.
 */
export const notificationConfigs = pgTable(
  'notification_configs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    notificationEventTypeId: integer('notification_event_type_id').notNull(),
    stopCargoTypeIds: integer('stop_cargo_type_ids').array(),
    trailerCargoTypeIds: integer('trailer_cargo_type_ids').array(),
    destinationSiteIds: integer('destination_site_ids').array(),
    originSiteIds: integer('origin_site_ids').array(),
    customerIds: integer('customer_ids').array(),
    ...versioned,
  },
  (table) => [index('notification_configs_organization_idx').on(table.organizationId)],
);

/** The contacts a notification configuration tells; a deleted contact leaves its configurations. */
export const notificationConfigContacts = pgTable(
  'notification_config_contacts',
  {
    notificationConfigId: integer('notification_config_id')
      .notNull()
      .references(() => notificationConfigs.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.notificationConfigId, table.contactId] }),
    index('notification_config_contacts_contact_idx').on(table.contactId),
  ],
);

/** Server-side sessions: the cookie holds a random token, the table holds its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeOrganizationId: integer('active_organization_id')
      .notNull()
      .references(() => organizations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A company switch's new session names the one it replaces until the new token is first used. */
    replacesTokenHash: text('replaces_token_hash'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Failed sign-ins of the last window (core/domain/sign-in-throttling.ts), shared by every server node:
 * counted per account and address, per account and per address.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased, as typed: unknown names count too, so answers do not reveal which exist. */
    username: text('username').notNull(),
    /** The client's address, IPv6 by its /64 network (`throttledAddress`). */
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Serves the account-and-address limit and, by its prefix, the account's count.
    index('login_failures_account_address_idx').on(table.username, table.address, table.failedAt),
    index('login_failures_address_idx').on(table.address, table.failedAt),
    // Pruning deletes by age.
    index('login_failures_failed_at_idx').on(table.failedAt),
  ],
);

/**
 * Single-use links of account activation and password reset: the link carries a random UUID, the
 * table only its SHA-256. Issuing one marks the user's earlier unused ones of the same purpose used,
 * so only the newest link works; rows stay until a day after expiry to count reset mails.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `activation` or `passwordReset` (core/contract/onboarding.ts). */
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_tokens_token_hash_idx').on(table.tokenHash),
    index('user_tokens_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    index('user_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Service accounts (spec 2 §3, feature ServerAPI): an organization's API callers. Only the SHA-256 of
 * the secret is stored; the secret is shown once, at creation. A revoked account keeps its row
 * (revoked_at set) so its name stays known, and its secret stops working at once.
 */
export const serviceAccounts = pgTable(
  'service_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** SERVICE_ACCOUNT_SCOPES names chosen at creation; accounts older than scopes could only read loads. */
    scopes: text('scopes').array().notNull().default(sql`'{loads:read}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('service_accounts_secret_hash_idx').on(table.secretHash),
    index('service_accounts_organization_idx').on(table.organizationId),
  ],
);

export const cargoTypes = pgTable('cargo_types', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  category: text('category').notNull(),
  ...versioned,
});

export const organizationCargoTypes = pgTable(
  'organization_cargo_types',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    cargoTypeId: integer('cargo_type_id')
      .notNull()
      .references(() => cargoTypes.id),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.cargoTypeId] })],
);

export const locationTypes = pgTable('location_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  shipsCargoTypeIds: integer('ships_cargo_type_ids').array().notNull().default([]),
  receivesCargoTypeIds: integer('receives_cargo_type_ids').array().notNull().default([]),
});

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    customerName: text('customer_name').notNull(),
    ...versioned,
  },
  (table) => [index('customers_organization_idx').on(table.organizationId)],
);

export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    locationTypeId: integer('location_type_id')
      .notNull()
      .references(() => locationTypes.id),
    customerId: integer('customer_id').references(() => customers.id),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('US'),
    groupColor: text('group_color'),
    hasScale: boolean('has_scale').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    premiseId: text('premise_id'),
    siteInstructions: text('site_instructions'),
    /** The team loading at the site (site-type locations only). */
    loadingTeamId: integer('loading_team_id').references(() => loadingTeams.id),
    geofence: jsonb('geofence').$type<Geofence>().notNull(),
    ...versioned,
  },
  (table) => [index('locations_organization_idx').on(table.organizationId)],
);

/** A site's managers (spec 2 §3 `users`): users holding a management role. */
export const locationUsers = pgTable(
  'location_users',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.userId] }), index('location_users_user_idx').on(table.userId)],
);

export const subLocations = pgTable(
  'sub_locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    geofence: jsonb('geofence').$type<Geofence | null>(),
    ...versioned,
  },
  (table) => [index('sub_locations_location_idx').on(table.locationId)],
);

export const tractors = pgTable(
  'tractors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userDisplayName: text('user_display_name').notNull(),
    vinNumber: text('vin_number'),
    licensePlate: text('license_plate'),
    make: text('make'),
    model: text('model'),
    contract: boolean('contract').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    weightGrams: bigint('weight_grams', { mode: 'number' }),
    ...versioned,
  },
  (table) => [index('tractors_organization_idx').on(table.organizationId)],
);

/**
 * Driver phones and smart trailers (spec 2: "Smart device"). `clientId` is the identifier the phone
 * app or the trailer sends with its positions (Traccar/OsmAnd name only it), so it is unique across
 * every organization.
 */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<'phone' | 'trailer'>().notNull(),
    driverUserId: integer('driver_user_id').references(() => users.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    ...versioned,
  },
  (table) => [
    uniqueIndex('devices_client_id_idx').on(table.clientId),
    index('devices_organization_idx').on(table.organizationId),
  ],
);

/**
 * Device positions (spec 1 §3 "Device location"): a stream, never in the change log. Every fix is
 * kept in `device_positions`; `device_latest_positions` holds the newest per device, moved only
 * forward, so a late or resent fix is stored in its place without moving the marker back.
 */
const devicePositionColumns = {
  organizationId: integer('organization_id').notNull(),
  userId: integer('user_id'),
  orderId: integer('order_id'),
  tractorId: integer('tractor_id'),
  trailerId: integer('trailer_id'),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  heading: doublePrecision('heading'),
  speed: doublePrecision('speed'),
  accuracy: doublePrecision('accuracy'),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
};

export const devicePositions = pgTable(
  'device_positions',
  {
    deviceId: integer('device_id').notNull(),
    ...devicePositionColumns,
  },
  // Keyed by device and time: a resent fix (the phone apps resend until they see a 2xx) is stored once,
  // and a fix costs one index entry, not two (migration 0027 dropped a serial id nothing read).
  // No foreign keys (migration 0028): their checks locked the device's and the organization's rows
  // for every fix, a seventh of PostgreSQL's work per fix and a tenth of its WAL, and one deleted
  // device failed a whole group commit. The insert keeps only fixes of existing devices, and a
  // device's delete deletes its positions (`deviceStore.beforeDelete`).
  (table) => [
    primaryKey({ name: 'device_positions_device_time_pk', columns: [table.deviceId, table.recordedAt] }),
    // A load's trail: only fixes on a load take an entry.
    index('device_positions_order_idx').on(table.orderId).where(sql`${table.orderId} is not null`),
    // A driver's, tractor's or trailer's history and a load's unlinked fixes are read by time range:
    // a block range index costs an insert nearly nothing (fixes come in time order) and narrows the
    // read to the range's pages instead of the whole history.
    index('device_positions_recorded_brin').using('brin', table.recordedAt),
  ],
);

export const deviceLatestPositions = pgTable(
  'device_latest_positions',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ...devicePositionColumns,
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
  },
  // The organization alone: an index on recorded_at would take a new entry at every fix, where an
  // update touching no indexed column is made in place on its page (a HOT update; fillfactor 50, migration 0026).
  (table) => [index('device_latest_positions_organization_idx').on(table.organizationId)],
);

export const trailers = pgTable(
  'trailers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userDisplayName: text('user_display_name').notNull(),
    vinNumber: text('vin_number'),
    licensePlate: text('license_plate'),
    maxCargoWeightGrams: bigint('max_cargo_weight_grams', { mode: 'number' }),
    contract: boolean('contract').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    weightGrams: bigint('weight_grams', { mode: 'number' }),
    trailerCargoTypes: jsonb('trailer_cargo_types')
      .$type<{ cargoTypeId: number; compartmentCount: number }[]>()
      .notNull()
      .default([]),
    /** The smart trailer's device (a device of kind 'trailer' of the organization). */
    deviceId: integer('device_id').references(() => devices.id),
    ...versioned,
  },
  (table) => [index('trailers_organization_idx').on(table.organizationId)],
);

/**
 * Downtime of one tractor, trailer or driver (spec 2 §3): exactly one of the three ids is set. It
 * belongs to its resource, so deleting the resource deletes it (cascade).
 */
export const downtimes = pgTable(
  'downtimes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    tractorId: integer('tractor_id').references(() => tractors.id, { onDelete: 'cascade' }),
    trailerId: integer('trailer_id').references(() => trailers.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id').references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** `HH:mm:00`, wall-clock time in `timezone`. */
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    timezone: text('timezone').notNull(),
    /** Sunday first; all zeros is one time. */
    recurrenceDaysOfWeek: text('recurrence_days_of_week').notNull().default('0000000'),
    ...versioned,
  },
  (table) => [
    index('downtimes_organization_idx').on(table.organizationId),
    check('downtimes_one_resource', sql`num_nonnulls(${table.tractorId}, ${table.trailerId}, ${table.driverId}) = 1`),
  ],
);

export const carrierLinks = pgTable(
  'carrier_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    carrierOrganizationId: integer('carrier_organization_id')
      .notNull()
      .references(() => organizations.id),
    isActive: boolean('is_active').notNull().default(false),
    loadDriver: text('load_driver', { enum: ['Owning', 'Carrier', 'Both'] })
      .notNull()
      .default('Carrier'),
    loadTractor: text('load_tractor', { enum: ['Owning', 'Carrier', 'Both'] })
      .notNull()
      .default('Carrier'),
    loadTrailer: text('load_trailer', { enum: ['Owning', 'Carrier', 'Both'] })
      .notNull()
      .default('Carrier'),
    ...versioned,
  },
  (table) => [uniqueIndex('carrier_links_pair_idx').on(table.organizationId, table.carrierOrganizationId)],
);

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The owning organization. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    transportingOrganizationId: integer('transporting_organization_id')
      .notNull()
      .references(() => organizations.id),
    date: timestamp('date', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['Open', 'Assigned', 'In Transit', 'Delivered', 'Merged'] }).notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    transportedByUserId: integer('transported_by_user_id').references(() => users.id),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id),
    tractorId: integer('tractor_id').references(() => tractors.id),
    trailerId: integer('trailer_id').references(() => trailers.id),
    washOption: text('wash_option'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    mergedFromOrderIds: integer('merged_from_order_ids').array(),
    timeSeconds: integer('time_seconds'),
    distanceMeters: integer('distance_meters'),
    ...versioned,
  },
  (table) => [
    index('orders_organization_date_idx').on(table.organizationId, table.date),
    index('orders_transporting_date_idx').on(table.transportingOrganizationId, table.date),
    // A windowed snapshot reads drafts besides the dated loads (sync/snapshot.ts).
    index('orders_organization_draft_idx').on(table.organizationId).where(sql`${table.isDraft}`),
    index('orders_transporting_draft_idx').on(table.transportingOrganizationId).where(sql`${table.isDraft}`),
    // Every save looks for other loads of the same driver, tractor or trailer around its time (conflicts.service.ts).
    index('orders_driver_date_idx')
      .on(table.transportedByUserId, table.date)
      .where(sql`${table.transportedByUserId} is not null`),
    index('orders_tractor_date_idx').on(table.tractorId, table.date).where(sql`${table.tractorId} is not null`),
    index('orders_trailer_date_idx').on(table.trailerId, table.date).where(sql`${table.trailerId} is not null`),
  ],
);

export const stops = pgTable(
  'stops',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    sequence: integer('sequence').notNull(),
    type: text('type', { enum: ['Origin', 'Destination', 'Weigh', 'Waypoint'] }).notNull(),
    status: text('status', { enum: ['Not Started', 'Enroute', 'Arrived', 'Complete'] })
      .notNull()
      .default('Not Started'),
    locationId: integer('location_id').references(() => locations.id),
    subLocationIds: integer('sub_location_ids').array().notNull().default([]),
    cargoTypeId: integer('cargo_type_id').references(() => cargoTypes.id),
    customerId: integer('customer_id').references(() => customers.id),
    lotId: text('lot_id'),
    productionPlan: text('production_plan'),
    orderNumber: text('order_number'),
    customerOrderNumber: text('customer_order_number'),
    quantity: doublePrecision('quantity'),
    actualQuantity: doublePrecision('actual_quantity'),
    weightGrams: bigint('weight_grams', { mode: 'number' }),
    actualWeightGrams: bigint('actual_weight_grams', { mode: 'number' }),
    notes: text('notes'),
    compartments: jsonb('compartments').$type<number[] | null>(),
    cargoPerCompartment: jsonb('cargo_per_compartment').$type<number[] | null>(),
    loadingTeamId: integer('loading_team_id'),
    arrivalTime: timestamp('arrival_time', { withTimezone: true }),
    readyTime: timestamp('ready_time', { withTimezone: true }),
    requiredBegin: timestamp('required_begin', { withTimezone: true }),
    requiredEnd: timestamp('required_end', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Live tracking's expected arrival (server/features/tracking), written only by it. */
    estimatedArrivalAt: timestamp('estimated_arrival_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    distanceMeters: integer('distance_meters'),
    timeSeconds: integer('time_seconds'),
    originalStopId: integer('original_stop_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...versioned,
  },
  (table) => [index('stops_order_idx').on(table.orderId, table.sequence)],
);

/**
 * Every write to a synced row appends here in the same transaction (DESIGN §5); the change feed
 * reads it by `seq`.
 */
export const changeLog = pgTable(
  'change_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** The writing transaction's id (xid8): the change feed orders by it, see sync.service.ts. */
    txid: bigint('txid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    organizationId: integer('organization_id'),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('change_log_organization_txid_idx').on(table.organizationId, table.txid, table.seq),
    // Each row's entries in order: compaction ranks them, a snapshot lists the rows an organization sees.
    index('change_log_row_idx').on(table.organizationId, table.entity, table.entityId, table.txid, table.seq),
  ],
);

/**
 * One row: the greatest change-log position (txid, seq) whose deletion compaction removed
 * (sync/compaction.ts). A feed cursor below it may have missed that deletion, so it re-syncs. Only grows.
 */
export const changeLogHorizon = pgTable(
  'change_log_horizon',
  {
    only: boolean('only').primaryKey().default(true),
    txid: bigint('txid', { mode: 'number' }).notNull().default(0),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('change_log_horizon_one_row', sql`${table.only}`)],
);

/**
 * The first final answer to each Idempotency-Key, per user, replayed for repeats (DESIGN §5).
 * `statusCode` null marks a request still being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key it is: `user:<id>` or `service-account:<id>` (server/plugins/idempotency.ts). */
    caller: text('caller').notNull(),
    // Exactly one of the two is set; they delete the caller's keys with the caller.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    serviceAccountId: integer('service_account_id').references(() => serviceAccounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.caller, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Photos of a site (spec 2 "Location image"): JPEG bytes, at most five per location (core/domain/master-data/locations.ts). */
export const locationImages = pgTable(
  'location_images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('location_images_location_idx').on(table.locationId)],
);

/**
 * Written and read only by `@socket.io/postgres-adapter` (plugins/realtime.ts): events too large for
 * a NOTIFY payload (8000 bytes) or carrying binary data; the adapter deletes rows after 30 s.
 * Columns as the adapter's README declares them.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

/**
 * Loading-duration rules (spec 2 "Throughput entry"): a location's rule when `locationId` is set, else
 * the organization's; `cargoTypeId` null means "any cargo type". Looked up in the order of spec 1 §9.
 */
export const throughputRules = pgTable(
  'throughput_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    stopType: text('stop_type', { enum: ['Origin', 'Destination', 'Weigh'] }).notNull(),
    cargoTypeId: integer('cargo_type_id').references(() => cargoTypes.id),
    baselineLoadingMinutes: integer('baseline_loading_minutes'),
    cargoUnitsPerMinute: doublePrecision('cargo_units_per_minute'),
    weightPerMinuteGrams: doublePrecision('weight_per_minute_grams'),
    ...versioned,
  },
  (table) => [index('throughput_rules_organization_idx').on(table.organizationId, table.locationId)],
);

/** Travel time between two locations of one organization, as the routing provider answered it (cached). */
export const travelTimes = pgTable(
  'travel_times',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    originLocationId: integer('origin_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    destinationLocationId: integer('destination_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    timeSeconds: integer('time_seconds').notNull(),
    distanceMeters: integer('distance_meters').notNull(),
    ...versioned,
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.originLocationId, table.destinationLocationId] })],
);

/** What a driver's device reported during a trip (spec 1 §3 "Trip event"); read by the delivery log. */
export const tripEvents = pgTable(
  'trip_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stopId: integer('stop_id').references(() => stops.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    userId: integer('user_id').references(() => users.id),
    locationId: integer('location_id').references(() => locations.id),
    initiatingId: integer('initiating_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The device that posted it (`POST /api/devices/tripevents`); null for what the server derives.
     * A device resends an event until answered 2xx: the same device, type and time is stored once.
     */
    reportedByDeviceId: integer('reported_by_device_id').references(() => devices.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('trip_events_order_idx').on(table.orderId, table.timestamp),
    uniqueIndex('trip_events_reported_idx').on(table.reportedByDeviceId, table.type, table.timestamp),
  ],
);

/**
 * Each load as the API answers it (`orderSchema` JSON), rebuilt in the transaction of every write that
 * records the load's change (sync/change-log.ts), so week lists and feed pages concatenate ready text
 * instead of building 60,000 JSON objects per request. A missing row is built on the fly.
 */
export const orderDocuments = pgTable('order_documents', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  document: text('document').notNull(),
});
