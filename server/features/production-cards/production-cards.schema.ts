import { sql } from 'drizzle-orm';
import {
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
  uuid,
} from 'drizzle-orm/pg-core';
// Relative: drizzle-kit reads this file too, outside the package's import map.
import { cargoTypes, orders, organizations, users, versioned } from '../../db/schema.ts';
import type { ProductionCardCargo, ProductionCardStop } from '../../../core/contract/production-cards.ts';

/**
 * Order groups (spec 3): the cards generated together and the draft loads they became. The counts
 * of draft, scheduled and delivered loads are read from the loads, never stored.
 */
export const orderGroups = pgTable(
  'order_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    guid: uuid('guid').notNull().default(sql`gen_random_uuid()`),
    distributionMode: text('distribution_mode').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_groups_guid_idx').on(table.guid),
    index('order_groups_organization_idx').on(table.organizationId),
  ],
);

/** The loads a group created; a load deleted leaves its group. */
export const orderGroupOrders = pgTable(
  'order_group_orders',
  {
    orderGroupId: integer('order_group_id')
      .notNull()
      .references(() => orderGroups.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.orderGroupId, table.orderId] }),
    index('order_group_orders_order_idx').on(table.orderId),
  ],
);

/** Production cards (spec 3): what a mill will produce for a farm on a day. Its two stops are kept with it. */
export const productionCards = pgTable(
  'production_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    guid: uuid('guid').notNull().default(sql`gen_random_uuid()`),
    cargoTypeId: integer('cargo_type_id')
      .notNull()
      .references(() => cargoTypes.id),
    quantity: doublePrecision('quantity'),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    lotId: text('lot_id'),
    orderNumber: text('order_number'),
    productionPlan: text('production_plan'),
    stops: jsonb('stops').$type<ProductionCardStop[]>().notNull(),
    cargo: jsonb('cargo').$type<ProductionCardCargo>().notNull(),
    /** The group the card was generated into; unlinking the group puts the card back on the board. */
    orderGroupId: integer('order_group_id').references(() => orderGroups.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (table) => [
    uniqueIndex('production_cards_guid_idx').on(table.guid),
    index('production_cards_organization_date_idx').on(table.organizationId, table.targetDate),
    index('production_cards_order_group_idx').on(table.orderGroupId),
  ],
);
