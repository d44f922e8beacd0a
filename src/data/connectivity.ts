import { onlineManager } from '@tanstack/react-query';

/**
 * navigator.onLine says only that a network interface is up: on a yard's captive Wi-Fi, or in
 * Chromium's offline emulation after a reload, it stays true while nothing gets through. So a
 * request that cannot reach the server also marks the app offline, and a light probe of
 * /api/health brings it back online (which resumes paused queries and queued changes).
 */
/**
 * Most drops on a yard last seconds: the first probe goes after 1 s, then each waits twice as long,
 * up to 15 s, so a blip costs a second and a long outage a request every 15 s.
 */
export const FIRST_PROBE_DELAY_MS = 1000;
export const LONGEST_PROBE_DELAY_MS = 15_000;

export function probeDelay(failedProbes: number) {
  return Math.min(FIRST_PROBE_DELAY_MS * 2 ** failedProbes, LONGEST_PROBE_DELAY_MS);
}

let probeTimer: ReturnType<typeof setTimeout> | null = null;
let failedProbes = 0;

async function probe() {
  try {
    const response = await fetch('/api/health', { cache: 'no-store', credentials: 'omit' });
    if (response.ok) markReachable();
    else markUnreachable();
  } catch {
    markUnreachable();
  }
}

function scheduleProbe() {
  probeTimer = setTimeout(() => {
    probeTimer = null;
    failedProbes += 1;
    void probe();
  }, probeDelay(failedProbes));
}

export function markUnreachable() {
  onlineManager.setOnline(false);
  if (!probeTimer) scheduleProbe();
}

export function markReachable() {
  if (probeTimer) clearTimeout(probeTimer);
  probeTimer = null;
  failedProbes = 0;
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
