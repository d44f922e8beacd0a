import { onlineManager } from '@tanstack/react-query';

/**
 * navigator.onLine says only that a network interface is up: on a yard's captive Wi-Fi, or in
 * Chromium's offline emulation after a reload, it stays true while nothing gets through. So a
 * request that cannot reach the server also marks the app offline, and a light probe of
 * /api/health brings it back online (which resumes paused queries and queued changes).
 */
const PROBE_INTERVAL_MS = 5000;
let probeTimer: ReturnType<typeof setInterval> | null = null;

async function probe() {
  try {
    const response = await fetch('/api/health', { cache: 'no-store', credentials: 'omit' });
    if (response.ok) markReachable();
    else markUnreachable();
  } catch {
    markUnreachable();
  }
}

export function markUnreachable() {
  onlineManager.setOnline(false);
  probeTimer ??= setInterval(() => void probe(), PROBE_INTERVAL_MS);
}

export function markReachable() {
  if (probeTimer) clearInterval(probeTimer);
  probeTimer = null;
  onlineManager.setOnline(true);
}

/** Boot: start from the browser's belief and verify it; verify again whenever it claims to be back. */
export function watchConnectivity() {
  onlineManager.setOnline(navigator.onLine);
  if (navigator.onLine) void probe();
  else markUnreachable();
  window.addEventListener('online', () => void probe());
  window.addEventListener('offline', () => markUnreachable());
}
