import { and, countDistinct, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerInputSchema } from '#core/contract/master-data';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { customers, locations, orders, stops } from '#server/db/schema';
import { customerColumns } from '#server/features/reference/reference.service';
import { configurationsFilteringCustomer } from '#server/features/notification-configs/notification-configs.service';
import type { AuthContext } from '#server/plugins/auth';
import type { RealtimePublisher } from '#server/plugins/realtime';
import { notFound } from '#server/plugins/error-handler';
import { assertActiveOrganization, assertUnused, mirrorWrite, staleVersion } from './records.ts';

type CustomerFields = z.output<typeof customerInputSchema>;

/**
 * Customers (spec 2 §3: customerName). The carriers transporting loads whose stops name a customer
 * see it in their mirror too (sync/carried-references.ts), so its change is logged for them as well.
 */

async function organizationsSeeingCustomer(tx: Queryable, orgId: number, id: number) {
  const carriers = await tx
    .selectDistinct({ organizationId: orders.transportingOrganizationId })
    .from(stops)
    .innerJoin(orders, eq(orders.id, stops.orderId))
    .where(and(eq(stops.customerId, id), ne(orders.transportingOrganizationId, orgId)));
  return [orgId, ...carriers.map((row) => row.organizationId)];
}

async function lockedCustomer(tx: Transaction, orgId: number, id: number) {
  const [row] = await tx
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.organizationId, orgId)))
    .for('update');
  if (!row) throw notFound('Customer');
  return row;
}

export async function createCustomer(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  input: CustomerFields,
) {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    const [row] = await tx
      .insert(customers)
      .values({ organizationId: orgId, customerName: input.customerName })
      .returning(customerColumns);
    if (!row) throw notFound('Customer');
    await record([{ entity: 'customer', id: row.id, op: 'upsert', organizationIds: [orgId] }]);
    return row;
  });
}

export async function updateCustomer(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  id: number,
  input: CustomerFields & { version: number },
) {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    const current = await lockedCustomer(tx, orgId, id);
    if (current.version !== input.version) throw staleVersion('customer', current);
    const [row] = await tx
      .update(customers)
      .set({ customerName: input.customerName, version: sql`${customers.version} + 1`, updatedAt: new Date() })
      .where(eq(customers.id, id))
      .returning(customerColumns);
    if (!row) throw notFound('Customer');
    const organizationIds = await organizationsSeeingCustomer(tx, orgId, id);
    await record([{ entity: 'customer', id, op: 'upsert', organizationIds }]);
    return row;
  });
}

/** Refused (409 `inUse`) while a load's stop or a site names the customer; customers have no enabled flag. */
export async function deleteCustomer(db: Database, realtime: RealtimePublisher, auth: AuthContext, orgId: number, id: number) {
  assertActiveOrganization(auth, orgId);
  await mirrorWrite(db, realtime, async (tx, record) => {
    await lockedCustomer(tx, orgId, id);
    const [loads] = await tx
      .select({ count: countDistinct(stops.orderId) })
      .from(stops)
      .where(eq(stops.customerId, id));
    const [sites] = await tx
      .select({ count: countDistinct(locations.id) })
      .from(locations)
      .where(eq(locations.customerId, id));
    assertUnused('customer', {
      loads: loads?.count ?? 0,
      sites: sites?.count ?? 0,
      notificationConfigs: await configurationsFilteringCustomer(tx, id),
    });
    await record([{ entity: 'customer', id, op: 'delete', organizationIds: [orgId] }]);
    await tx.delete(customers).where(eq(customers.id, id));
  });
}
