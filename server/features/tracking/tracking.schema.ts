import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// Relative: drizzle-kit reads this file too, outside the package's import map.
import { devices, organizations } from '../../db/schema.ts';

/**
 * Live tracking's per-device detection state (core/domain/tracking/visits.ts `VisitState`), so a
 * restarted node, or the other node behind the same PostgreSQL, continues where the last fix left
 * it. Each node keeps the state in memory and writes it once per batch, only over the version it
 * read: a write that finds another version lost a race with the other node, which reloads.
 */
export const deviceTrackingStates = pgTable('device_tracking_states', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  /**
   * The state's JSON as text (tracking-state-json.ts): PostgreSQL never reads inside it, and parsing
   * it into jsonb per device and batch cost the ingest more than storing the fixes themselves.
   */
  state: text('state').notNull(),
  /** +1 per write: a node writes only over the version it read. */
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
