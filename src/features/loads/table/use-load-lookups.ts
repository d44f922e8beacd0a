import { useMemo } from 'react';
import type { z } from 'zod';
import type { locationSchema } from '#core/contract/reference-lists';
import { useMirrorList } from '#src/data/loads.ts';
import { type LoadLookups, locationChoice } from './filter-loads.ts';

type Location = z.infer<typeof locationSchema>;

export interface ChoiceOption {
  value: string;
  label: string;
}

/** What the multi-select filters offer, from the same reference lists (translated entries are added by the table). */
export interface LookupOptions {
  cargo: ChoiceOption[];
  /** Each location, followed by its sub-locations as "Location › Sub-location". */
  places: ChoiceOption[];
  customers: ChoiceOption[];
  drivers: ChoiceOption[];
  tractors: ChoiceOption[];
  trailers: ChoiceOption[];
}

const byLabel = (a: ChoiceOption, b: ChoiceOption) => a.label.localeCompare(b.label);

function options<Row extends { id: number }>(rows: readonly Row[], label: (row: Row) => string): ChoiceOption[] {
  return rows.map((row) => ({ value: String(row.id), label: label(row) })).sort(byLabel);
}

function placeOptions(locations: readonly Location[]): ChoiceOption[] {
  const sorted = [...locations].sort((a, b) => a.name.localeCompare(b.name));
  return sorted.flatMap((location) => [
    { value: locationChoice(location.id), label: location.name },
    ...[...location.orgSubLocations]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((sub) => ({ value: locationChoice(location.id, sub.id), label: `${location.name} › ${sub.name}` })),
  ]);
}

/**
 * Names of locations, cargo types, customers, drivers and equipment from the offline mirror, as
 * lookups for the rows and as options for the filters. Both change only when a list changes.
 */
export function useLoadLookups(): { lookups: LoadLookups; options: LookupOptions; ready: boolean } {
  const locations = useMirrorList('locations');
  const cargoTypes = useMirrorList('cargoTypes');
  const customers = useMirrorList('customers');
  const drivers = useMirrorList('drivers');
  const tractors = useMirrorList('tractors');
  const trailers = useMirrorList('trailers');
  const carriers = useMirrorList('carriers');

  const lookups = useMemo<LoadLookups>(
    () => ({
      locations: new Map(
        (locations.data ?? []).map((location) => [
          location.id,
          {
            name: location.name,
            customerId: location.customerId,
            subLocations: new Map(location.orgSubLocations.map((sub) => [sub.id, sub.name])),
          },
        ]),
      ),
      cargoTypes: new Map((cargoTypes.data ?? []).map((row) => [row.id, row.label])),
      customers: new Map((customers.data ?? []).map((row) => [row.id, row.customerName])),
      drivers: new Map((drivers.data ?? []).map((row) => [row.id, row.name])),
      tractors: new Map((tractors.data ?? []).map((row) => [row.id, row.userDisplayName])),
      trailers: new Map((trailers.data ?? []).map((row) => [row.id, row.userDisplayName])),
      carriers: new Map((carriers.data ?? []).map((row) => [row.carrierOrganizationId, row.name])),
    }),
    [locations.data, cargoTypes.data, customers.data, drivers.data, tractors.data, trailers.data, carriers.data],
  );

  const choices = useMemo<LookupOptions>(
    () => ({
      cargo: options(cargoTypes.data ?? [], (row) => row.label),
      places: placeOptions(locations.data ?? []),
      customers: options(customers.data ?? [], (row) => row.customerName),
      drivers: options(drivers.data ?? [], (row) => row.name),
      tractors: options(tractors.data ?? [], (row) => row.userDisplayName),
      trailers: options(trailers.data ?? [], (row) => row.userDisplayName),
    }),
    [locations.data, cargoTypes.data, customers.data, drivers.data, tractors.data, trailers.data],
  );

  const ready = [locations, cargoTypes, customers, drivers, tractors, trailers].every((query) => !query.isPending);
  return { lookups, options: choices, ready };
}
