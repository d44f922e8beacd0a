import { and, countDistinct, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerInputSchema } from '#core/contract/master-data';
import type { Customer } from '#core/contract/master-data';
import type { Queryable } from '#server/db/database';
import { customers, orders, stops } from '#server/db/schema';
import { listCustomers } from '#server/features/reference-lists/reference-lists.service';
import { carriedCustomers } from '#server/features/sync/carried-references';
import { fromList, ownOrCarried } from '#server/features/sync/feed-loaders';
import type { RecordStore } from '#server/resources/resource-routes';

/**
 * Customers (spec 2 §3: customerName), written through the record routes (server/resources). The
 * carriers transporting loads whose stops name a customer see it in their mirror too
 * (sync/carried-references.ts), so its changes are logged for them as well.
 */
export const customerStore: RecordStore<Customer, z.output<typeof customerInputSchema>> = {
  table: customers,
  noun: 'customer',
  toRow: (stored) => {
    const row = stored as typeof customers.$inferSelect;
    return { id: row.id, organizationId: row.organizationId, customerName: row.customerName, version: row.version };
  },
  values: (input) => ({ customerName: input.customerName }),
  alsoSeenBy: async (tx: Queryable, organizationId, id) => {
    const carriers = await tx
      .selectDistinct({ organizationId: orders.transportingOrganizationId })
      .from(stops)
      .innerJoin(orders, eq(orders.id, stops.orderId))
      .where(and(eq(stops.customerId, id), ne(orders.transportingOrganizationId, organizationId)));
    return carriers.map((row) => row.organizationId);
  },
  // Customers have no enabled flag: one a load's stop names stays (sites register their own count).
  uses: async (tx, id) => {
    const [loads] = await tx
      .select({ count: countDistinct(stops.orderId) })
      .from(stops)
      .where(eq(stops.customerId, id));
    return { order: loads?.count ?? 0 };
  },
  feed: ownOrCarried(fromList(listCustomers), carriedCustomers),
};
