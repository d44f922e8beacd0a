import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type OrderGroupsAnswer, orderGroupsAnswerSchema } from '#core/contract/production-cards';
import { apiRequest } from '#src/data/api-client.ts';

export const ORDER_GROUPS_KEY = ['order-groups'] as const;

/**
 * Order groups of a range (spec 3): a server read, since their draft, scheduled and delivered counts
 * come from the loads at read time. Fresh 30 s, not read again on focus (spec 3 §9) but on every
 * opening of the table; kept in the persisted cache (not spec 3's cache time 0) so a list seen once
 * still shows offline; read again when a pull brings changed loads (`followsLoads`,
 * src/data/sync/sync-engine.ts), so the counts follow publishing and deliveries while it is open.
 */
export function orderGroupsQuery(range: { from: string; to: string }) {
  return queryOptions({
    queryKey: [...ORDER_GROUPS_KEY, range.from, range.to],
    queryFn: () => apiRequest(`/production-cards/groups?from=${range.from}&to=${range.to}`, orderGroupsAnswerSchema),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // Opening the table reads the counts again (a publish on this device pulls nothing from the feed).
    refetchOnMount: 'always',
    meta: { followsLoads: true },
  });
}

/**
 * Unlinks a group (DeleteOrder; the server refuses one that is no longer unlinkable): it leaves the
 * table at once and comes back if the server refuses.
 */
export function useUnlinkGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (guid: string) => apiRequest(`/production-cards/groups/${guid}`, z.unknown(), { method: 'DELETE' }),
    onMutate: async (guid) => {
      await queryClient.cancelQueries({ queryKey: ORDER_GROUPS_KEY });
      const previous = queryClient.getQueriesData<OrderGroupsAnswer>({ queryKey: ORDER_GROUPS_KEY });
      queryClient.setQueriesData<OrderGroupsAnswer>({ queryKey: ORDER_GROUPS_KEY }, (answer) =>
        answer ? { ...answer, data: answer.data.filter((group) => group.guid !== guid) } : answer,
      );
      return { previous };
    },
    onError: (_error, _guid, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDER_GROUPS_KEY }),
  });
}
