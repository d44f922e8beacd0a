import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// Relative: drizzle-kit reads this file too, outside the package's import map.
import { type Geofence, organizations, versioned } from '../../db/schema.ts';

/**
 * Avoidance zones (spec 2): a rectangle or circle routes keep out of. No organization means global:
 * every organization sees it, and only the modify-global permission writes it.
 */
export const avoidanceZones = pgTable(
  'avoidance_zones',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id').references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    geoLocation: jsonb('geo_location').$type<Geofence>().notNull(),
    weightThresholdGrams: bigint('weight_threshold_grams', { mode: 'number' }),
    cargoTypeIds: integer('cargo_type_ids').array(),
    ...versioned,
  },
  (table) => [index('avoidance_zones_organization_idx').on(table.organizationId)],
);
