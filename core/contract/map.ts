import { z } from 'zod';

/**
 * The base map's configuration (`GET /api/map/config`, DESIGN §6): what the server was told to use,
 * read by every map and kept on the device like other server-only reads. Each source is optional;
 * with none, the app draws its embedded base map (boundaries and place names).
 */

/** A regional vector archive in PMTiles: served by this server (DATA_DIR/maps) or at MAP_PMTILES_URL. */
export const mapArchiveSchema = z.object({
  /** Where range requests go: `/api/map/archives/{file}` or MAP_PMTILES_URL. */
  url: z.string().min(1).max(2000),
  /** Changes when the archive does (size and modification time), so a kept copy knows it is stale. */
  version: z.string().max(200),
  /** Bytes, when the server knows them (its own file): the size a "keep offline" will store. */
  bytes: z.number().int().nonnegative().nullable(),
});
export type MapArchive = z.infer<typeof mapArchiveSchema>;

export const mapConfigSchema = z.object({
  archive: mapArchiveSchema.nullable(),
  /** A Mapbox/MapLibre style document (MAP_STYLE_URL). */
  styleUrl: z.string().url().nullable(),
  /** Raster XYZ tiles with `{z}/{x}/{y}` (MAP_TILE_URL), satellite imagery for example. */
  tileUrl: z.string().url().nullable(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

/** A file name under DATA_DIR/maps: letters, digits, dot, dash, underscore, ending in .pmtiles; no path. */
export const MAP_ARCHIVE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,120}\.pmtiles$/;
export const mapArchiveParamsSchema = z.object({ name: z.string().regex(MAP_ARCHIVE_NAME) });
