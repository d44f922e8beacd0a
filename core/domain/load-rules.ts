/** Load rules of spec 1 §4 that the load editor and the server both apply. */

export const LOAD_STATUSES = ['Open', 'Assigned', 'In Transit', 'Delivered', 'Merged'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/** A load's date is its first stop's arrival when it has one, else the date it was given. */
export function loadDateFromStops(stops: readonly { sequence: number; arrivalTime: string | null }[], fallback: string): string {
  const first = [...stops].sort((a, b) => a.sequence - b.sequence)[0];
  return first?.arrivalTime ?? fallback;
}

/**
 * Choosing a driver makes a load Assigned and clearing it makes it Open; a load already moving,
 * delivered or merged keeps its status (those transitions belong to the trip, not the editor).
 */
export function statusAfterDriverChoice(driverId: number | null, current?: LoadStatus): LoadStatus {
  if (current === 'In Transit' || current === 'Delivered' || current === 'Merged') return current;
  return driverId ? 'Assigned' : 'Open';
}

/**
 * A load's status from its stops' progress (live tracking): In Transit once a stop has started
 * (left Not Started), Delivered when every stop is Complete. Delivered and Merged loads keep theirs.
 */
export function statusAfterStopProgress(
  current: LoadStatus,
  stops: readonly { status: 'Not Started' | 'Enroute' | 'Arrived' | 'Complete' }[],
): LoadStatus {
  if (current === 'Delivered' || current === 'Merged' || stops.length === 0) return current;
  if (stops.every((stop) => stop.status === 'Complete')) return 'Delivered';
  if (stops.some((stop) => stop.status !== 'Not Started')) return 'In Transit';
  return current;
}
