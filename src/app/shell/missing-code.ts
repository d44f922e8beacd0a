/**
 * Whether an error is a part of the app's code that could not be downloaded: a lazily loaded screen
 * or dialog opened for the first time without a connection, before the service worker had cached it.
 * The messages are those of Chromium, Firefox and Safari, and of Vite's CSS preloading.
 */
export function isMissingCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}
