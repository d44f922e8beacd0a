import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  MAX_TRAVEL_TIME_PAIRS,
  throughputRuleSchema,
  type TravelTimeEntry,
  travelTimeEntrySchema,
  type TravelTimePair,
} from '#core/contract/planning';
import { travelTimeKey } from '#core/domain/planning/stop-times';
import { ApiError, apiRequest } from './api-client.ts';
import { selfQuery } from './session-queries.ts';

/**
 * Travel times between the active organization's locations (spec 1 §7): the server's cached
 * entries are read once (`GET /locations/travel-times`) and kept indefinitely, also offline; pairs
 * not among them are asked for with `POST /organizations/{orgId}/locations/travel-times` (3 retries,
 * 2000 ms doubling per attempt) and added to the same cache.
 */

const FIVE_MINUTES = 5 * 60 * 1000;
const MISSING_PAIR_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 2000;

type TravelTimeTable = Record<string, TravelTimeEntry>;

const pairKey = (pair: TravelTimePair) =>
  travelTimeKey(pair.originOrganizationLocationId, pair.destinationOrganizationLocationId);
const sameLocation = (pair: TravelTimePair) => pair.originOrganizationLocationId === pair.destinationOrganizationLocationId;

/** Every travel time known for one organization, by leg key; never stale (a pair's time does not change). */
export function travelTimesQuery(organizationId: number) {
  return queryOptions({
    queryKey: ['travel-times', organizationId],
    queryFn: async (): Promise<TravelTimeTable> => {
      const entries = await apiRequest('/locations/travel-times', z.array(travelTimeEntrySchema));
      return Object.fromEntries(entries.map((entry) => [pairKey(entry), entry]));
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Keeps travel times in the cache even when no screen shows them for a while. Call before the
 * persisted cache is restored, so restored entries get it too (like the outbox's mutation defaults).
 */
export function registerTravelTimeDefaults(queryClient: QueryClient) {
  queryClient.setQueryDefaults(['travel-times'], { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY });
}

/**
 * Asks the server for pairs it has not answered yet and adds its answer to the organization's
 * table; one request per distinct set (screens asking for the same set share it), retried as spec 1 §7 says.
 */
function missingPairsQuery(queryClient: QueryClient, organizationId: number, missing: TravelTimePair[]) {
  return queryOptions({
    queryKey: ['travel-times-request', organizationId, missing.map(pairKey)],
    queryFn: async ({ signal }) => {
      const answered: TravelTimeEntry[] = [];
      // The server takes at most MAX_TRAVEL_TIME_PAIRS a request; bulk planning may need more.
      for (let start = 0; start < missing.length; start += MAX_TRAVEL_TIME_PAIRS) {
        const body = missing.slice(start, start + MAX_TRAVEL_TIME_PAIRS);
        const path = `/organizations/${organizationId}/locations/travel-times`;
        answered.push(...(await apiRequest(path, z.array(travelTimeEntrySchema), { method: 'POST', body, signal })));
      }
      if (answered.length) {
        queryClient.setQueryData(travelTimesQuery(organizationId).queryKey, (table) => ({
          ...table,
          ...Object.fromEntries(answered.map((entry) => [pairKey(entry), entry])),
        }));
      }
      return answered;
    },
    retry: (failureCount, error) => !(error instanceof ApiError && error.isDefinitive) && failureCount < MISSING_PAIR_RETRIES,
    retryDelay: (failureCount) => FIRST_RETRY_DELAY_MS * 2 ** failureCount,
    // A set asked once is not asked again in this session: pairs the server leaves out stay unavailable.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: FIVE_MINUTES,
    meta: { persist: false },
  });
}

function distinctPairs(pairs: readonly TravelTimePair[]): TravelTimePair[] {
  return [...new Map(pairs.map((pair) => [pairKey(pair), pair])).values()];
}

export interface TravelTimes {
  /** Entries of the pairs asked for that are known (a same-location pair is 0 s and 0 m). */
  entries: TravelTimeEntry[];
  /** Pairs asked for without a known travel time. */
  missing: TravelTimePair[];
}

function lookUp(table: TravelTimeTable | undefined, pairs: readonly TravelTimePair[]): TravelTimes {
  const entries: TravelTimeEntry[] = [];
  const missing: TravelTimePair[] = [];
  for (const pair of distinctPairs(pairs)) {
    const entry = sameLocation(pair) ? { ...pair, timeSeconds: 0, distanceMeters: 0 } : table?.[pairKey(pair)];
    if (entry) entries.push(entry);
    else missing.push(pair);
  }
  return { entries, missing };
}

/**
 * Travel times of `pairs`: those cached at once, the others asked for once (with retries) and
 * cached. Pairs the server cannot answer (a location not placed yet) come back in `missing`.
 */
export async function fetchTravelTimes(queryClient: QueryClient, pairs: readonly TravelTimePair[]): Promise<TravelTimes> {
  const self = await queryClient.ensureQueryData(selfQuery);
  if (!self) throw new ApiError(401, null);
  const organizationId = self.activeOrganizationId;
  registerTravelTimeDefaults(queryClient);
  const known = lookUp(await queryClient.ensureQueryData(travelTimesQuery(organizationId)), pairs);
  if (!known.missing.length) return known;
  await queryClient.fetchQuery(missingPairsQuery(queryClient, organizationId, known.missing));
  return lookUp(queryClient.getQueryData(travelTimesQuery(organizationId).queryKey), pairs);
}

export interface TravelTimesState extends TravelTimes {
  /** Travel times are being read or missing pairs asked for (retries included). */
  isFetching: boolean;
  /** Missing pairs once nothing is in flight (refused, left out, or offline): "travel time unavailable". */
  unavailable: TravelTimePair[];
}

/** Travel times of `pairs` for a screen: cached ones at once (offline too), missing ones fetched. */
export function useTravelTimes(pairs: readonly TravelTimePair[]): TravelTimesState {
  const queryClient = useQueryClient();
  const self = useQuery(selfQuery);
  const organizationId = self.data?.activeOrganizationId ?? 0;
  const table = useQuery({ ...travelTimesQuery(organizationId), enabled: organizationId > 0 });
  const known = lookUp(table.data, pairs);
  const request = useQuery({
    ...missingPairsQuery(queryClient, organizationId, known.missing),
    enabled: table.data !== undefined && known.missing.length > 0,
  });
  const isFetching = [self, table, request].some((query) => query.fetchStatus === 'fetching');
  return { ...known, isFetching, unavailable: isFetching ? [] : known.missing };
}

/** The active organization's loading-duration rules (spec 2 "Throughput entry"). */
export function throughputRulesQuery(organizationId: number) {
  return queryOptions({
    queryKey: ['throughput', organizationId],
    queryFn: () => apiRequest('/throughput', z.array(throughputRuleSchema)),
    staleTime: FIVE_MINUTES,
  });
}

export function useThroughputRules() {
  const organizationId = useQuery(selfQuery).data?.activeOrganizationId;
  return useQuery({ ...throughputRulesQuery(organizationId ?? 0), enabled: organizationId !== undefined });
}
