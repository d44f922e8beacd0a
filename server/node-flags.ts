/**
 * Node flags the server runs with: `npm start` and `npm run serve` (package.json says them too; a
 * test checks that it does) and the processes the tests and benches start. A young generation of
 * 64 MB instead of V8's 16: a fleet's positions allocate per request, and at 16 MB scavenges took
 * 14 % of the main thread at 3,000 fixes a second, against 8 % at 64 (`npm run bench -- ingest`,
 * profiled with BENCH_SERVER_NODE_ARGS).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
