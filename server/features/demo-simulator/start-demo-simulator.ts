import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { organizations } from '#server/db/schema';
import { ORGANIZATIONS } from '#server/db/seed/demo-data';
import type { ServerContext } from '#server/context';
import { createRoutingProvider } from '#server/providers/routing';
import { createDemoSimulator } from './demo-simulator.ts';

/**
 * `npm start` with the demo data: drives the demo organizations' In Transit loads (only theirs: a
 * real company's devices report themselves) until the app closes. Organizations are found by their
 * demo names, so a database seeded on an earlier start moves too; one without them moves nothing.
 */
export async function startDemoSimulator(app: FastifyInstance, context: ServerContext): Promise<void> {
  const tracked = ORGANIZATIONS.filter((organization) => organization.features.includes('DeliveryTracking'));
  const rows = await context.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      inArray(
        organizations.name,
        tracked.map((organization) => organization.name),
      ),
    );
  if (rows.length === 0) return;
  const simulator = createDemoSimulator({
    db: context.db,
    positions: context.positions,
    routing: createRoutingProvider(context.config, app.log),
    organizationIds: rows.map((row) => row.id),
    log: app.log,
  });
  app.addHook('onClose', () => simulator.stop());
  simulator.start();
}
