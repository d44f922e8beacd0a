/** The app's IndexedDB database (local-database.ts); named here so looking for it needs no Dexie. */
export const LOCAL_DATABASE_NAME = 'dispatch';

async function hasLocalDatabase(): Promise<boolean> {
  // A browser that cannot list its databases might hold one.
  if (typeof indexedDB?.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === LOCAL_DATABASE_NAME);
}

/**
 * Whether someone may be signed in, decided without the offline layer (Dexie, zod, the outbox):
 * the app's database exists once anyone has signed in on this browser; without it, only a session
 * cookie set elsewhere can sign the user in, which the server tells (a network failure means no:
 * with nothing saved there is nothing to show offline).
 */
export async function mayHaveSession(): Promise<boolean> {
  try {
    if (await hasLocalDatabase()) return true;
    const response = await fetch('/api/session', { credentials: 'include', headers: { Accept: 'application/json' } });
    return response.ok && ((await response.json()) as { user: unknown }).user !== null;
  } catch {
    return false;
  }
}
