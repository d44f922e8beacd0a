import { Workbox } from 'workbox-window';

type Activate = () => void;
let waitingUpdate: Activate | null = null;
const listeners = new Set<() => void>();

/** A store for the "update available" prompt (read with useSyncExternalStore). */
export const updateStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => waitingUpdate,
};

/**
 * Registers the service worker (precached app shell) and reports when a new version waits,
 * so the shell offers "update available — reload" instead of swapping code under the user.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waitingUpdate = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    for (const listener of listeners) listener();
  });
  void workbox.register();
}
