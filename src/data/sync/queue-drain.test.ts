import { describe, expect, it } from 'vitest';
import { NO_DRAIN, observeQueue, type QueueDrain } from './queue-drain.ts';

/** Feeds (online, pending) observations in order and collects what would be announced. */
function announcements(observations: [online: boolean, pendingKeys: string[]][]): number[] {
  let drain: QueueDrain = NO_DRAIN;
  const sent: number[] = [];
  for (const [online, pendingKeys] of observations) {
    const next = observeQueue(drain, online, pendingKeys);
    drain = next.drain;
    if (next.sent !== null) sent.push(next.sent);
  }
  return sent;
}

describe('observeQueue', () => {
  it('announces once, after reconnecting, how many changes were queued offline', () => {
    expect(
      announcements([
        [true, []],
        [false, ['a']],
        [false, ['a', 'b', 'c']],
        [true, ['a', 'b', 'c']],
        [true, ['c']],
        [true, []],
        [true, []],
      ]),
    ).toEqual([3]);
  });

  it('says nothing about changes sent while online', () => {
    expect(
      announcements([
        [true, ['a']],
        [true, []],
        [true, ['b', 'c']],
        [true, []],
      ]),
    ).toEqual([]);
  });

  it('says nothing when the connection drops and returns with an empty queue', () => {
    expect(
      announcements([
        [false, []],
        [true, []],
      ]),
    ).toEqual([]);
  });

  it('waits through a second outage before the queue has drained, and counts every change held meanwhile', () => {
    expect(
      announcements([
        [false, ['a', 'b']],
        [true, ['b']],
        [false, ['b', 'c', 'd']],
        [true, ['c', 'd', 'e']],
        [true, []],
      ]),
    ).toEqual([5]);
  });
});
