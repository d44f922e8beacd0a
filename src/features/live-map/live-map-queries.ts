import { queryOptions } from '@tanstack/react-query';
import type { Order } from '#core/contract/orders';
import { getMirroredLoad } from '#src/data/loads.ts';

/** A tracked device's load, read from the mirror (offline too); refreshed with the mirror (key under 'mirror'). */
export function trackedLoadQuery(orderId: number) {
  return queryOptions({
    queryKey: ['mirror', 'orders', 'tracked', orderId],
    queryFn: async (): Promise<Order | null> => (await getMirroredLoad(orderId)) ?? null,
    networkMode: 'always',
    meta: { persist: false },
  });
}
