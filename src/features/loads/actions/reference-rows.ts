import type { z } from 'zod';
import type { driverSchema, locationSchema, tractorSchema, trailerSchema } from '#core/contract/reference-lists';
import { useMirrorList } from '#src/data/loads.ts';

export type DriverRow = z.infer<typeof driverSchema>;
export type TractorRow = z.infer<typeof tractorSchema>;
export type TrailerRow = z.infer<typeof trailerSchema>;
export type LocationRow = z.infer<typeof locationSchema>;

/** Reference lists from the offline mirror, with lookups by id for names. */
export function useReferenceRows() {
  const drivers = useMirrorList('drivers').data ?? [];
  const tractors = useMirrorList('tractors').data ?? [];
  const trailers = useMirrorList('trailers').data ?? [];
  const locations = useMirrorList('locations').data ?? [];
  const byId = <Row extends { id: number }>(rows: Row[]) => new Map(rows.map((row) => [row.id, row]));
  const driverById = byId(drivers);
  const tractorById = byId(tractors);
  const trailerById = byId(trailers);
  const locationById = byId(locations);
  return {
    drivers,
    tractors,
    trailers,
    locations,
    driverName: (id: number | null | undefined) => (id ? driverById.get(id)?.name : undefined),
    tractorName: (id: number | null | undefined) => (id ? tractorById.get(id)?.userDisplayName : undefined),
    trailerName: (id: number | null | undefined) => (id ? trailerById.get(id)?.userDisplayName : undefined),
    locationName: (id: number | null | undefined) => (id ? locationById.get(id)?.name : undefined),
    /** "Location › Sub-location, …" as the tables show a stop's place (sub-locations tell apart two stops at one site). */
    placeName: (id: number | null | undefined, subLocationIds: readonly number[] = []) => {
      const location = id ? locationById.get(id) : undefined;
      if (!location) return undefined;
      const subs = (location.orgSubLocations ?? []).filter((sub) => subLocationIds.includes(sub.id)).map((sub) => sub.name);
      return subs.length ? `${location.name} › ${subs.join(', ')}` : location.name;
    },
  };
}
