/**
 * How every browser run here starts Debian's Chromium: Playwright cannot download its own browser
 * on this machine, and background networking, updates and sync would add refused connections and
 * CPU noise to tests and figures.
 */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
