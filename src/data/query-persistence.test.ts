import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restorePersistedCache } from './query-persistence.ts';

const saved: string[] = [];

vi.mock('./local-database.ts', () => ({
  indexedDbStorage: {
    getItem: async () => null,
    setItem: async (_key: string, value: string) => {
      saved.push(value);
    },
    removeItem: async () => {},
  },
}));
vi.mock('./connectivity.ts', () => ({ watchConnectivity: () => {} }));

/** Lets pending promise callbacks run without moving the (fake) clock. */
async function settle() {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
}

describe('the saved queue', () => {
  afterEach(() => {
    vi.useRealTimers();
    saved.length = 0;
  });

  it('saves a queued change at once, even right after another save (the throttled saves wait 100 ms)', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const stop = await restorePersistedCache(queryClient);
    // A save has just run: the throttled persister now waits its interval before the next one.
    queryClient.setQueryData(['self'], { id: 1 });
    await settle();
    saved.length = 0;

    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationKey: ['loads', 'save'],
      mutationFn: () => new Promise(() => {}),
    });
    void mutation.execute({ idempotencyKey: 'key-queued-now' });
    await settle();

    expect(saved.some((value) => value.includes('key-queued-now'))).toBe(true);
    stop();
  });
});
