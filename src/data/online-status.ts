import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Online as the data layer sees it: TanStack's onlineManager, set from navigator.onLine at boot
 * and kept current by the browser's online/offline events, so the header and the queue agree.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}
