/**
 * Node flags the server runs with: `npm start` and `npm run serve` (package.json says them too; a
 * test checks that it does) and the processes the tests and benches start. A young generation of
 * 64 MB instead of V8's 16: a fleet's positions allocate per request, and at 16 MB scavenges took
 * 14 % of the main thread at 3,000 fixes a second, against 8 % at 64 (`npm run bench -- ingest`,
 * profiled with BENCH_SERVER_NODE_ARGS).
 *
 * An old generation that may grow to four times what is live before a full collection (V8 picks
 * 1.1–4 by its own measure): V8 starts marking once the old generation is within a young
 * generation's size of its limit, so with 64 MB young and a fleet's 90 MB of live state, a limit
 * of twice that meant a full collection every 5–10 s, each a second of the ingest's slowest
 * answers. With four, none came within 60 s at 8,000 positions a second (the heap then ends the
 * minute at about 330 MB, against 250).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--heap-growing-percent=300'] as const;
