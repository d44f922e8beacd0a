import { Workbox } from 'workbox-window';

type Activate = () => void;
let waitingUpdate: Activate | null = null;
let registered = false;
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
 * Called by the signed-in layout, each time it mounts; registers once per page.
 */
export function registerServiceWorker() {
  if (registered || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  registered = true;
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
