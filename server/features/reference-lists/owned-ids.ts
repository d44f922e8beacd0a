import { sql } from 'drizzle-orm';
import { carrierLinks, organizationCargoTypes, subLocations } from '#server/db/schema';
import { idArray, registerOwnedIds } from '#server/tenancy/references';

/** How references to sub-locations, cargo types and transporters are checked (server/tenancy). */
export function registerReferenceLookups() {
  registerOwnedIds(
    'subLocation',
    (org, ids) =>
      sql`select ${subLocations.id} as id, ${subLocations.locationId} as location_id from ${subLocations}
           where ${subLocations.organizationId} = ${org} and ${subLocations.id} = any(${idArray(ids)})`,
    'sub-location',
  );
  // Cargo types are shared; an organization may name those it is offered.
  registerOwnedIds(
    'cargoType',
    (org, ids) =>
      sql`select ${organizationCargoTypes.cargoTypeId} as id, null::int as location_id from ${organizationCargoTypes}
           where ${organizationCargoTypes.organizationId} = ${org} and ${organizationCargoTypes.cargoTypeId} = any(${idArray(ids)})`,
  );
  // The owner transports its loads itself or hands them to one of its active carriers.
  registerOwnedIds(
    'transporter',
    (org, ids) =>
      sql`select ${carrierLinks.carrierOrganizationId} as id, null::int as location_id from ${carrierLinks}
           where ${carrierLinks.organizationId} = ${org} and ${carrierLinks.isActive}
             and ${carrierLinks.carrierOrganizationId} = any(${idArray(ids)})
          union all select ${org}::int, null::int`,
  );
}
