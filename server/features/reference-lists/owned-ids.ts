import { and, eq, sql } from 'drizzle-orm';
import { carrierLinks, locations, organizationCargoTypes, subLocations } from '#server/db/schema';
import { idArray, owned, ownedRowsOf, registerOwnedIds } from '#server/tenancy/references';

/** How references to sites, sub-locations, cargo types and transporters are checked (server/tenancy). */
export function registerReferenceLookups() {
  registerOwnedIds('location', ownedRowsOf(locations));
  registerOwnedIds(
    'subLocation',
    async (db, org, ids) =>
      owned(
        await db
          .select({ id: subLocations.id, locationId: subLocations.locationId })
          .from(subLocations)
          .where(and(eq(subLocations.organizationId, org), sql`${subLocations.id} = any(${idArray(ids)})`)),
      ),
    'sub-location',
  );
  // Cargo types are shared; an organization may name those it is offered.
  registerOwnedIds('cargoType', async (db, org, ids) =>
    owned(
      await db
        .select({ id: organizationCargoTypes.cargoTypeId })
        .from(organizationCargoTypes)
        .where(
          and(eq(organizationCargoTypes.organizationId, org), sql`${organizationCargoTypes.cargoTypeId} = any(${idArray(ids)})`),
        ),
    ),
  );
  // The owner transports its loads itself or hands them to one of its active carriers.
  registerOwnedIds('transporter', async (db, org, ids) => {
    const carriers = await db
      .select({ id: carrierLinks.carrierOrganizationId })
      .from(carrierLinks)
      .where(
        and(
          eq(carrierLinks.organizationId, org),
          eq(carrierLinks.isActive, true),
          sql`${carrierLinks.carrierOrganizationId} = any(${idArray(ids)})`,
        ),
      );
    return owned([...carriers, { id: org }]);
  });
}
