import type { DeviceLocationEvent } from '#core/contract/realtime';

/**
 * What the list's order, filters, search and the duplicate warning read of the positions: who each
 * device is, not where. Positions move every second; the roster changes when a device comes, goes
 * or changes driver, load or equipment, so that work is done then rather than every second.
 */
export interface Roster {
  positions: readonly DeviceLocationEvent[];
  indexOf: ReadonlyMap<number, number>;
}

function sameRoster(roster: Roster | null, positions: readonly DeviceLocationEvent[]): roster is Roster {
  if (!roster || roster.positions.length !== positions.length) return false;
  for (let index = 0; index < positions.length; index++) {
    const before = roster.positions[index]!;
    const after = positions[index]!;
    if (
      before !== after &&
      (before.deviceId !== after.deviceId ||
        before.deviceType !== after.deviceType ||
        before.userId !== after.userId ||
        before.orderId !== after.orderId ||
        before.tractorId !== after.tractorId ||
        before.trailerId !== after.trailerId)
    ) {
      return false;
    }
  }
  return true;
}

/** The roster of a positions list: the one before while it still holds (the same object, so memos keep). */
export function rosterOf(previous: Roster | null, positions: readonly DeviceLocationEvent[]): Roster {
  if (sameRoster(previous, positions)) return previous;
  return { positions, indexOf: new Map(positions.map((position, index) => [position.deviceId, index])) };
}
