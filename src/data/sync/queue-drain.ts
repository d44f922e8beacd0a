/**
 * The changes held in the queue since the app lost the server, so that once the connection returns
 * and the queue has drained the user is told once how many were sent (issue 11). Changes are told
 * apart by their idempotency keys: one queued offline and still pending is counted once.
 */
export interface QueueDrain {
  held: ReadonlySet<string>;
}

export const NO_DRAIN: QueueDrain = { held: new Set() };

/** The next state after seeing the connection and the pending changes' keys; `sent` is set when the drain completes. */
export function observeQueue(
  drain: QueueDrain,
  online: boolean,
  pendingKeys: readonly string[],
): { drain: QueueDrain; sent: number | null } {
  if (online && drain.held.size === 0) return { drain, sent: null };
  if (online && pendingKeys.length === 0) return { drain: NO_DRAIN, sent: drain.held.size };
  const added = pendingKeys.filter((key) => !drain.held.has(key));
  return { drain: added.length ? { held: new Set([...drain.held, ...added]) } : drain, sent: null };
}
