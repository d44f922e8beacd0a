import type { z } from 'zod';
import type { locationSchema, locationTypeSchema } from '#core/contract/reference-lists';

type Location = z.infer<typeof locationSchema>;
type LocationType = z.infer<typeof locationTypeSchema>;

/**
 * The origin and destination choices of a card (spec 3): the organization's enabled sites whose
 * location type ships (origin) or receives (destination) the cargo type.
 */
export function cardLocationChoices(
  locations: readonly Location[],
  types: readonly LocationType[],
  cargoTypeId: number | null,
  organizationId: number,
): { origins: Location[]; destinations: Location[] } {
  if (cargoTypeId === null) return { origins: [], destinations: [] };
  const typeOf = new Map(types.map((type) => [type.id, type]));
  const ours = locations
    .filter((location) => location.organizationId === organizationId && location.enabled)
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    origins: ours.filter((location) => typeOf.get(location.organizationLocationTypeId)?.shipsCargoTypeIds.includes(cargoTypeId)),
    destinations: ours.filter((location) =>
      typeOf.get(location.organizationLocationTypeId)?.receivesCargoTypeIds.includes(cargoTypeId),
    ),
  };
}
