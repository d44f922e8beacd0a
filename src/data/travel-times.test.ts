// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TravelTimePair } from '#core/contract/planning';
import { fetchTravelTimes, travelTimesQuery } from './travel-times.ts';

const ORG = 4;
const pair = (origin: number, destination: number): TravelTimePair => ({
  originOrganizationLocationId: origin,
  destinationOrganizationLocationId: destination,
});
const entry = (origin: number, destination: number, timeSeconds: number) => ({
  ...pair(origin, destination),
  timeSeconds,
  distanceMeters: timeSeconds * 10,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let answers: ((call: Call) => Response)[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['self'], { activeOrganizationId: ORG });
  return queryClient;
}

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected ${call.method} ${call.path}`);
      return answer(call);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetchTravelTimes', () => {
  it('reads the cached entries, asks only for missing pairs, and answers same-location pairs itself', async () => {
    const queryClient = client();
    answers.push(
      () => json(200, [entry(1, 2, 1_800)]),
      (call) =>
        json(
          200,
          (call.body as TravelTimePair[]).map((asked) => ({ ...asked, timeSeconds: 600, distanceMeters: 9_000 })),
        ),
    );
    const result = await fetchTravelTimes(queryClient, [pair(1, 2), pair(2, 3), pair(3, 3), pair(2, 3)]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/locations/travel-times',
      `POST /api/organizations/${ORG}/locations/travel-times`,
    ]);
    expect(calls[1]?.body).toEqual([pair(2, 3)]);
    expect(result.missing).toEqual([]);
    expect(result.entries).toEqual([
      entry(1, 2, 1_800),
      { ...pair(2, 3), timeSeconds: 600, distanceMeters: 9_000 },
      { ...pair(3, 3), timeSeconds: 0, distanceMeters: 0 },
    ]);
    // Everything is cached now: asking again sends nothing.
    calls = [];
    expect((await fetchTravelTimes(queryClient, [pair(2, 3), pair(1, 2)])).entries).toHaveLength(2);
    expect(calls).toEqual([]);
    expect(queryClient.getQueryCache().find({ queryKey: travelTimesQuery(ORG).queryKey })?.gcTime).toBe(Number.POSITIVE_INFINITY);
  });

  it('reports pairs the server leaves out as missing', async () => {
    answers.push(
      () => json(200, []),
      () => json(200, []),
    );
    const result = await fetchTravelTimes(client(), [pair(5, 6)]);
    expect(result).toEqual({ entries: [], missing: [pair(5, 6)] });
  });

  it('retries a failed request 3 times, 2000 ms first and doubling', async () => {
    vi.useFakeTimers();
    answers.push(
      () => json(200, []),
      () => json(503, { error: { code: 'internal', message: 'busy' } }),
      () => json(503, { error: { code: 'internal', message: 'busy' } }),
      () => json(503, { error: { code: 'internal', message: 'busy' } }),
      () => json(200, [entry(1, 2, 900)]),
    );
    const pending = fetchTravelTimes(client(), [pair(1, 2)]);
    const posts = () => calls.filter((call) => call.method === 'POST').length;
    await vi.advanceTimersByTimeAsync(0);
    expect(posts()).toBe(1);
    for (const [delay, expected] of [
      [2_000, 2],
      [4_000, 3],
      [8_000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(posts()).toBe(expected - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(posts()).toBe(expected);
    }
    expect((await pending).entries).toEqual([entry(1, 2, 900)]);
  });

  it('gives up after the third retry, and at once on a definitive refusal', async () => {
    vi.useFakeTimers();
    const busy = () => json(503, { error: { code: 'internal', message: 'busy' } });
    answers.push(() => json(200, []), busy, busy, busy, busy);
    const failing = fetchTravelTimes(client(), [pair(1, 2)]);
    const outcome = failing.then(
      () => 'answered',
      () => 'failed',
    );
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000 + 100);
    expect(await outcome).toBe('failed');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(4);

    calls = [];
    answers.push(
      () => json(200, []),
      () => json(400, { error: { code: 'bad_request', message: 'Invalid body.0.originOrganizationLocationId' } }),
    );
    await expect(fetchTravelTimes(client(), [pair(1, 9)])).rejects.toMatchObject({ status: 400 });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
