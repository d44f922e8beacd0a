import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { startSync, syncStatusStore } from './sync-engine.ts';

/** Runs the sync engine while a user is signed in to a company. */
export function useSyncEngine(userId: number | undefined, organizationId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || !organizationId) return;
    const engine = startSync(queryClient, `${userId}:${organizationId}`);
    return () => engine.stop();
  }, [queryClient, userId, organizationId]);
}

export function useSyncStatus() {
  return useSyncExternalStore(syncStatusStore.subscribe, syncStatusStore.get);
}
