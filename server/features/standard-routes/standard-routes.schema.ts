import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
// Relative: drizzle-kit reads this file too, outside the package's import map.
import { locations, organizations, versioned } from '../../db/schema.ts';

/**
 * Standard routes (spec 1 §2): the road an organization's trucks take from one of its locations to
 * another, as a HERE flexible polyline. Deleting stamps `deletedAt` (spec 1 §3); one active route per
 * ordered pair.
 */
export const standardRoutes = pgTable(
  'standard_routes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    // A location ending an active route is not deleted (its "in use" count); deleted routes go with it.
    originId: integer('origin_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    destinationId: integer('destination_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    flexiblePolyline: text('flexible_polyline').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...versioned,
  },
  (table) => [
    index('standard_routes_organization_idx').on(table.organizationId),
    uniqueIndex('standard_routes_active_pair_idx').on(table.originId, table.destinationId).where(sql`${table.deletedAt} is null`),
  ],
);
