import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restorePersistedCache } from './query-persistence.ts';

const saved: string[] = [];
/** What the store hands back on restore. */
let stored: string | null = null;

vi.mock('./local-database.ts', () => ({
  indexedDbStorage: {
    getItem: async () => stored,
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
    stored = null;
  });

  it('restores a signed-in user, but not a saved "nobody signed in": that the server is asked again', async () => {
    const savedWith = async (self: unknown) => {
      const queryClient = new QueryClient();
      const stop = await restorePersistedCache(queryClient);
      saved.length = 0;
      queryClient.setQueryData(['self'], self);
      queryClient.setQueryData(['cargo-types'], [{ id: 2 }]);
      await vi.waitFor(() => expect(saved.some((value) => value.includes('cargo-types'))).toBe(true));
      stop();
      return saved.at(-1) ?? null;
    };
    const restored = async (value: string | null) => {
      stored = value;
      const queryClient = new QueryClient();
      const stop = await restorePersistedCache(queryClient);
      stop();
      return queryClient;
    };

    const signedIn = await restored(await savedWith({ id: 7 }));
    expect(signedIn.getQueryData(['self'])).toEqual({ id: 7 });

    const signedOut = await restored(await savedWith(null));
    expect(signedOut.getQueryState(['self'])).toBeUndefined();
    // Everything else saved is restored as before.
    expect(signedOut.getQueryData(['cargo-types'])).toEqual([{ id: 2 }]);
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
