import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { loadTrailSchema, type ResourceInfo, resourceInfoSchema, tripEventSchema } from '#core/contract/load-details';
import { type CarrierLink, carrierLinkSchema } from '#core/contract/reference-lists';
import { carriersOffered } from '#core/domain/load-actions';
import { apiRequest } from './api-client.ts';
import { localDatabase } from './local-database.ts';

/** Event queries refetch every 5 minutes (spec 1 §9, spec 3 "Load detail view"). */
export const TRIP_EVENTS_REFETCH_MS = 300_000;
/** The server takes at most 200 ids per list (core/contract/load-details.ts). */
const IDS_PER_REQUEST = 200;

function idList(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

function chunks(ids: number[]): number[][] {
  const result: number[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) result.push(ids.slice(start, start + IDS_PER_REQUEST));
  return result;
}

/**
 * The resource scheduling dialog's tables: each driver's last assignment and each trailer's latest
 * production plans. Ids are sorted into the key so the same set shares one cache entry.
 */
export function resourceInfoQuery(driverIds: readonly number[], trailerIds: readonly number[]) {
  const drivers = idList(driverIds);
  const trailers = idList(trailerIds);
  return queryOptions({
    queryKey: ['scheduling', 'resource-info', { driverIds: drivers, trailerIds: trailers }],
    queryFn: async ({ signal }): Promise<ResourceInfo> => {
      const driverChunks = chunks(drivers);
      const trailerChunks = chunks(trailers);
      const requests = Math.max(driverChunks.length, trailerChunks.length);
      const answers = await Promise.all(
        Array.from({ length: requests }, (_, index) =>
          apiRequest('/scheduling/resource-info', resourceInfoSchema, {
            query: { driverIds: driverChunks[index]?.join(','), trailerIds: trailerChunks[index]?.join(',') },
            signal,
          }),
        ),
      );
      return {
        driverTimestamps: answers.flatMap((answer) => answer.driverTimestamps),
        latestTrailerProductionPlan: answers.flatMap((answer) => answer.latestTrailerProductionPlan),
      };
    },
    enabled: drivers.length > 0 || trailers.length > 0,
  });
}

/** The delivery log's trip events of one load, in time order, refetched every 5 minutes while shown. */
export function tripEventsQuery(orderId: number) {
  return queryOptions({
    queryKey: ['orders', orderId, 'tripevents'],
    queryFn: ({ signal }) => apiRequest(`/orders/${orderId}/tripevents`, z.array(tripEventSchema), { signal }),
    refetchInterval: TRIP_EVENTS_REFETCH_MS,
  });
}

/** The delivery log's device trail of one load (live load data: not for Freemium), refetched with the events. */
export function loadTrailQuery(orderId: number) {
  return queryOptions({
    queryKey: ['orders', orderId, 'devicelocations'],
    queryFn: ({ signal }) => apiRequest(`/order/${orderId}/devicelocations`, loadTrailSchema, { signal }),
    refetchInterval: TRIP_EVENTS_REFETCH_MS,
  });
}

/**
 * The organization's carrier relations from the mirror (the change feed's 'carrier' rows), readable
 * offline: name, isActive, carrierOrganizationId and who supplies driver, tractor and trailer.
 * Under ['mirror', …], so the sync engine refreshes it when the feed brings changes.
 */
export const carrierLinksQuery = queryOptions({
  queryKey: ['mirror', 'carriers', 'links'],
  queryFn: async (): Promise<CarrierLink[]> =>
    z
      .array(carrierLinkSchema)
      .parse(await localDatabase.carriers.toArray())
      .sort((a, b) => a.name.localeCompare(b.name)),
  networkMode: 'always',
  meta: { persist: false },
});

/** All carrier relations; the carrier panel offers `carriersOffered(links)` (core/domain/load-actions.ts). */
export function useCarrierLinks() {
  return useQuery(carrierLinksQuery);
}

/** The active carriers the assignment panel offers, by name (the rule is core/domain `carriersOffered`). */
export function activeCarrierLinks(links: readonly CarrierLink[]): CarrierLink[] {
  return carriersOffered(links);
}
