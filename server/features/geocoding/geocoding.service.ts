import { eq } from 'drizzle-orm';
import type { GeocodeAnswer } from '#core/contract/routing';
import type { Database } from '#server/db/database';
import { locations } from '#server/db/schema';
import { type GeocodingProvider, matchOwnAddress } from '#server/providers/geocoding';

/** The organization's own address first (its geofence centre), then the geocoder. */
export async function geocodeForOrganization(
  db: Database,
  geocoder: GeocodingProvider,
  organizationId: number,
  query: string,
): Promise<GeocodeAnswer> {
  const own = await db
    .select({
      address1: locations.address1,
      city: locations.city,
      postalCode: locations.postalCode,
      geofence: locations.geofence,
    })
    .from(locations)
    .where(eq(locations.organizationId, organizationId));
  const found =
    matchOwnAddress(
      query,
      own.map((row) => ({ ...row, latitude: row.geofence.latitude, longitude: row.geofence.longitude })),
    ) ?? (await geocoder.geocode(query));
  return found ? { lat: found.latitude, lng: found.longitude } : null;
}
