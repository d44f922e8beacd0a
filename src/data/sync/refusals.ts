import { useQuery } from '@tanstack/react-query';
import { localDatabase } from '../local-database.ts';

/** A queued change the server refused, kept on this device until the user dismisses it. */
export interface StoredRefusal {
  /** The change's idempotency key: a replayed refusal (the same change re-sent after a reload) is stored once. */
  idempotencyKey: string;
  label: string;
  reason: string;
  /** A 409 whose attempted change waits under "Changes to re-apply"; the header lists it there, not here. */
  conflict: boolean;
  at: string;
}

const PREFIX = 'refusal.';
/** The server keeps idempotency keys 48 hours; after that a re-sent change could apply, so nothing is kept longer. */
const KEPT_MS = 48 * 60 * 60 * 1000;

export const REFUSALS_QUERY_KEY = ['mirror', 'refusals'] as const;

/**
 * Stores a refusal before its change leaves the queue (the mutation stays pending until its
 * `onError` ends), so a reload or a closed tab at that moment cannot hide it: the change is then
 * sent again from the saved queue, gets the same answer replayed, and is stored once. Answers
 * whether it was new.
 */
export async function recordRefusal(refusal: StoredRefusal): Promise<boolean> {
  return localDatabase.transaction('rw', localDatabase.keyValue, async () => {
    const key = PREFIX + refusal.idempotencyKey;
    if (await localDatabase.keyValue.get(key)) return false;
    await localDatabase.keyValue.put({ key, value: JSON.stringify(refusal) });
    return true;
  });
}

/** Every stored refusal, newest first; those older than the server's key lifetime are dropped. */
export async function listRefusals(now = Date.now()): Promise<StoredRefusal[]> {
  const rows = await localDatabase.keyValue.where('key').startsWith(PREFIX).toArray();
  const refusals = rows.map((row) => JSON.parse(row.value) as StoredRefusal);
  const expired = refusals.filter((refusal) => now - Date.parse(refusal.at) > KEPT_MS);
  if (expired.length) await localDatabase.keyValue.bulkDelete(expired.map((refusal) => PREFIX + refusal.idempotencyKey));
  return refusals.filter((refusal) => !expired.includes(refusal)).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** The refusals the header shows (conflicts show as conflicts); refreshed with the mirror queries. */
export function useRefusals() {
  return useQuery({
    queryKey: REFUSALS_QUERY_KEY,
    queryFn: async () => (await listRefusals()).filter((refusal) => !refusal.conflict),
    networkMode: 'always',
    meta: { persist: false },
  });
}

/** A conflict's record stays (it keeps a replayed 409 from adding the conflict again); a refusal's goes. */
export async function dismissRefusal(idempotencyKey: string) {
  await localDatabase.keyValue.delete(PREFIX + idempotencyKey);
}
