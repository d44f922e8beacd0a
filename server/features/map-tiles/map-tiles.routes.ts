import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { mapArchiveParamsSchema, mapConfigSchema } from '#core/contract/map';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import { byteRange, mapConfigFor, servedArchive } from './map-tiles.service.ts';

/** The PMTiles media type (not octet-stream, which the compression plugin would compress). */
const PMTILES_TYPE = 'application/vnd.pmtiles';

/** The base map's configuration and the regional archives under DATA_DIR/maps, read by range. */
export function registerMapTileRoutes(app: FastifyInstance, { config }: ServerContext) {
  const api = zodRoutes(app);

  api.get('/map/config', { schema: { tags: ['map'], response: { 200: mapConfigSchema } }, onRequest: guard() }, async () =>
    mapConfigFor(config),
  );

  api.get(
    '/map/archives/:name',
    {
      schema: { tags: ['map'], params: mapArchiveParamsSchema },
      onRequest: guard(),
      // Tiles inside are compressed already; a compressed answer would also lose its byte positions.
      compress: false,
    },
    async (request, reply) => {
      const archive = await servedArchive(config, request.params.name);
      if (!archive) throw notFound('Map archive');
      reply.header('Accept-Ranges', 'bytes').header('ETag', `"${archive.version}"`).type(PMTILES_TYPE);
      const range = byteRange(request.headers.range, archive.bytes);
      if (range.kind === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${archive.bytes}`).send();
      }
      if (range.kind === 'whole') {
        reply.header('Content-Length', archive.bytes);
        return reply.send(createReadStream(archive.file));
      }
      reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${archive.bytes}`)
        .header('Content-Length', range.end - range.start + 1);
      return reply.send(createReadStream(archive.file, { start: range.start, end: range.end }));
    },
  );
}
