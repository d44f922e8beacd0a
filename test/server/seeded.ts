import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/database';
import { organizations, users } from '#server/db/schema';

/** Ids of the demo companies by name ("Prairie Feed Co.", "Swift Haul Carriers", …). */
export async function seededOrganizationIds(db: Database): Promise<(name: string) => number> {
  const rows = await db.select({ id: organizations.id, name: organizations.name }).from(organizations);
  return (name) => {
    const row = rows.find((organization) => organization.name === name);
    if (!row) throw new Error(`no seeded organization named ${name}`);
    return row.id;
  };
}

export interface SeededDriver {
  id: number;
  tractorId: number;
  trailerId: number;
}

/** A demo user by username, with the default tractor and trailer a driver carries. */
export async function seededDriver(db: Database, username: string): Promise<SeededDriver> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no seeded user ${username}`);
  return {
    id: row.id,
    tractorId: row.driverInfo?.defaultTractorId as number,
    trailerId: row.driverInfo?.defaultTrailerId as number,
  };
}
