import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type LocationImage,
  type LocationImageUpload,
  type LocationThroughputRow,
  locationImageSchema,
  locationThroughputSchema,
} from '#core/contract/locations';
import { locationTypeSchema } from '#core/contract/reference-lists';
import { apiRequest } from '#src/data/api-client.ts';

/** Server reads and writes of the location form that need a connection (images, throughput, geocoding). */

const FIVE_MINUTES = 300_000;

/** Location types are shared by every organization and change with a release: read once, kept for offline. */
export const locationTypesQuery = queryOptions({
  queryKey: ['location-types'],
  queryFn: () => apiRequest('/location-types', z.array(locationTypeSchema)),
  staleTime: Number.POSITIVE_INFINITY,
});

const locationPath = (organizationId: number, locationId: number) => `/organizations/${organizationId}/locations/${locationId}`;

/** Spec 2 §7: a location's images, cached 5 minutes. */
export function locationImagesQuery(organizationId: number, locationId: number) {
  return queryOptions({
    queryKey: ['location-images', organizationId, locationId],
    queryFn: () => apiRequest(`${locationPath(organizationId, locationId)}/images`, z.array(locationImageSchema)),
    staleTime: FIVE_MINUTES,
  });
}

export function uploadLocationImages(organizationId: number, locationId: number, images: LocationImageUpload[]) {
  return apiRequest(`${locationPath(organizationId, locationId)}/images`, z.array(locationImageSchema), {
    method: 'POST',
    body: images,
  });
}

export function deleteLocationImage(organizationId: number, locationId: number, image: LocationImage) {
  return apiRequest(`${locationPath(organizationId, locationId)}/images/${image.id}`, z.unknown(), { method: 'DELETE' });
}

export function locationThroughputQuery(organizationId: number, locationId: number) {
  return queryOptions({
    queryKey: ['location-throughput', organizationId, locationId],
    queryFn: () => apiRequest(`${locationPath(organizationId, locationId)}/throughput`, locationThroughputSchema),
  });
}

export function saveLocationThroughput(organizationId: number, locationId: number, rows: LocationThroughputRow[]) {
  return apiRequest(`${locationPath(organizationId, locationId)}/throughput`, locationThroughputSchema, {
    method: 'PUT',
    body: rows,
  });
}

const geocodeAnswerSchema = z.object({ lat: z.number(), lng: z.number() }).nullable().catch(null);

/**
 * Spec 1 §7: `GET /api/locations/geocode?q` answers a position or nothing. Asked when the user presses
 * "locate", never while typing; a failure is only logged (spec 2 §7).
 */
export async function geocodeAddress(query: string): Promise<{ lat: number; lng: number } | null> {
  try {
    return (await apiRequest('/locations/geocode', geocodeAnswerSchema, { query: { q: query } })) ?? null;
  } catch (error) {
    console.warn('Geocoding failed', error);
    return null;
  }
}
