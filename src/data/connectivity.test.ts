import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markReachable, markUnreachable, probeDelay } from './connectivity.ts';

describe('probing the server while unreachable', () => {
  it('waits 1 s, then twice as long each time, up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(probeDelay)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  describe('in time', () => {
    const fetchHealth = vi.fn<typeof fetch>();
    beforeEach(() => {
      vi.useFakeTimers();
      vi.stubGlobal('fetch', fetchHealth);
    });
    afterEach(() => {
      markReachable();
      vi.useRealTimers();
      vi.unstubAllGlobals();
      fetchHealth.mockReset();
    });

    it('comes back online at the first probe the server answers, and a later drop starts again at 1 s', async () => {
      fetchHealth.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      fetchHealth.mockResolvedValue(new Response('{}', { status: 200 }));
      markUnreachable();
      expect(onlineManager.isOnline()).toBe(false);
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchHealth).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchHealth).toHaveBeenCalledTimes(1);
      // The failed probe waits 2 s before the next.
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetchHealth).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchHealth).toHaveBeenCalledTimes(2);
      expect(onlineManager.isOnline()).toBe(true);

      markUnreachable();
      await vi.advanceTimersByTimeAsync(1000);
      expect(fetchHealth).toHaveBeenCalledTimes(3);
      expect(onlineManager.isOnline()).toBe(true);
    });
  });
});
