/**
 * How every browser run here starts Debian's Chromium: Playwright cannot download its own browser
 * on this machine, and background networking, updates and sync would add refused connections and
 * CPU noise to tests and figures.
 */

/** Debian's full Chromium: the benches measure frames and paint as an installed browser draws them. */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

/**
 * The end-to-end tests run Debian's headless shell (`chromium-headless-shell`, what Playwright's own
 * downloads use headless): the same engine without the browser's window and frame scheduling, about
 * a fifth less CPU per spec on this machine. `E2E_CHROMIUM` names another build to run them in.
 */
export const E2E_CHROMIUM_EXECUTABLE = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
