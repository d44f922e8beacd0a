import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Order, Stop } from '#core/contract/orders';
import { isShownAccuracy } from '#core/domain/live-map';
import { ApiError, apiRequest } from '#src/data/api-client.ts';
import { getMirroredLoad } from '#src/data/loads.ts';

/** A point of a load's trail as `GET /api/order/{orderId}/devicelocations` answers it (fields beyond these ignored). */
const trailPointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable().optional(),
  timestamp: z.string(),
});
export type TrailPoint = z.infer<typeof trailPointSchema>;

/**
 * The selected device's load's trail, in time order, only points more accurate than 100 m (spec 1
 * §9). Kept in the persisted cache, so it still shows offline after a reload. A server without the
 * route yet (404) answers an empty trail rather than an error.
 */
export function orderTrailQuery(orderId: number) {
  return queryOptions({
    queryKey: ['orders', orderId, 'devicelocations'],
    queryFn: async ({ signal }): Promise<TrailPoint[]> => {
      try {
        const points = await apiRequest(`/order/${orderId}/devicelocations`, z.array(trailPointSchema), { signal });
        return points
          .filter((point) => isShownAccuracy(point.accuracy))
          .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** A tracked device's load, read from the mirror (offline too); refreshed with the mirror (key under 'mirror'). */
export function trackedLoadQuery(orderId: number) {
  return queryOptions({
    queryKey: ['mirror', 'orders', 'tracked', orderId],
    queryFn: async (): Promise<Order | null> => (await getMirroredLoad(orderId)) ?? null,
    networkMode: 'always',
    meta: { persist: false },
  });
}

/**
 * The expected arrival the server derives for a stop (tracking), null when none.
 * TODO(lead): read `stop.estimatedArrivalAt` directly once core/contract/orders.ts carries it.
 */
export function estimatedArrivalOf(stop: Stop): string | null {
  return (stop as { estimatedArrivalAt?: string | null }).estimatedArrivalAt ?? null;
}
