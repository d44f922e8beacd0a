import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Order } from '#core/contract/orders';
import { loadBusySpan } from '#core/domain/planning/conflicts';
import { type ResourceDowntime, resourceKey, resourcesDown } from '#core/domain/master-data/downtime';
import { mirrorDowntimeQuery } from '#src/data/master-data.ts';

/**
 * Which drivers, tractors and trailers are down (a downtime of theirs overlaps) while any of `loads`
 * runs, from the mirror's downtimes, so it shows offline too. `downOf` answers their descriptions.
 */
export function useResourceDowntime(loads: readonly Order[]) {
  const { data: downtimes } = useQuery(mirrorDowntimeQuery);
  const down = useMemo(() => resourcesDown((downtimes ?? []) as ResourceDowntime[], loads.map(loadBusySpan)), [downtimes, loads]);
  return (type: ResourceDowntime['resourceType'], id: number | null | undefined): string[] =>
    id ? (down.get(resourceKey(type, id)) ?? []) : [];
}
