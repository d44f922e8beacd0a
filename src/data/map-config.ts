import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type MapConfig, mapConfigSchema } from '#core/contract/map';
import { apiRequest } from './api-client.ts';

/**
 * The base map's configuration: a server-only read kept in the persisted query cache (ARCHITECTURE
 * "Three kinds of data"), so an offline reload draws the same base map as before.
 */
export const mapConfigQuery = queryOptions({
  queryKey: ['map-config'],
  queryFn: () => apiRequest('/map/config', mapConfigSchema),
  staleTime: 5 * 60 * 1000,
});

/**
 * The configuration known on this device at once when it is (read again in the background when
 * stale), else asked of the server; null when neither can tell (offline on a first start, no query
 * client in a component test): the embedded base map then draws.
 */
export async function readMapConfig(queryClient: QueryClient | undefined): Promise<MapConfig | null> {
  if (!queryClient) return null;
  const held = queryClient.getQueryData(mapConfigQuery.queryKey);
  if (held) {
    void queryClient.prefetchQuery(mapConfigQuery);
    return held;
  }
  try {
    return await queryClient.fetchQuery({ ...mapConfigQuery, networkMode: 'always', retry: false });
  } catch {
    return null;
  }
}
