import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Levels for answers compressed while they are sent, measured on a week of 10,000 loads (36 MB of
 * JSON) on loopback, where it takes ≈ 125 ms uncompressed. Brotli 3 sends 1.16 MB in ≈ 180 ms, its
 * first bytes as early as uncompressed; brotli 4 saves 0.16 MB more but takes ≈ 220 ms (its slower
 * match finder), brotli 5 ≈ 290 ms, at the week query's 300 ms goal, and the default 11 about a
 * minute. Gzip 6 (zlib's default: 1.1 MB, ≈ 270 ms) is for clients without brotli. Built assets
 * are compressed at the maximum once, at build time.
 */
const DYNAMIC_BROTLI_QUALITY = 3;
const DYNAMIC_GZIP_LEVEL = 6;

/**
 * Brotli or gzip, as the client's Accept-Encoding asks, for every answer of a compressible type over
 * the threshold, streamed answers included (they stay streamed). Static files that have a `.br` or
 * `.gz` twin are sent from it by @fastify/static, so they are not compressed again. Must be
 * registered before the routes and @fastify/static: it adds its hook to each route, where it runs
 * after the shared hooks, so the idempotency plugin stores an answer before it is compressed.
 * socket.io answers on the HTTP server itself and never passes through here.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
    // The app never sends compressed bodies; inflating them would only let a small upload grow large.
    globalDecompression: false,
  });
}
