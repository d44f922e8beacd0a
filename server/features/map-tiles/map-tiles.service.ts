import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAP_ARCHIVE_NAME, type MapConfig } from '#core/contract/map';
import type { Config } from '#server/config';

/** The folder whose `*.pmtiles` files this server answers range requests for. */
export const mapsDirectory = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'maps');

export interface ServedArchive {
  file: string;
  bytes: number;
  /** Size and modification time: a new file under the same name is a new version. */
  version: string;
}

/** A file of the maps folder by its name, or null when the name is not an archive's or no such file exists. */
export async function servedArchive(config: Pick<Config, 'DATA_DIR'>, name: string): Promise<ServedArchive | null> {
  if (!MAP_ARCHIVE_NAME.test(name)) return null;
  const directory = mapsDirectory(config);
  const file = path.resolve(directory, name);
  // The name pattern allows no separator; this keeps it so if the pattern ever changes.
  if (path.dirname(file) !== directory) return null;
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { file, bytes: info.size, version: `${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}` };
  } catch {
    return null;
  }
}

/** The first archive of the maps folder by name (the region this server offers), if any. */
async function firstServedArchive(config: Pick<Config, 'DATA_DIR'>): Promise<{ name: string; archive: ServedArchive } | null> {
  let names: string[];
  try {
    names = await readdir(mapsDirectory(config));
  } catch {
    return null;
  }
  for (const name of names.filter((entry) => MAP_ARCHIVE_NAME.test(entry)).sort()) {
    const archive = await servedArchive(config, name);
    if (archive) return { name, archive };
  }
  return null;
}

/** What the client's maps draw under their own layers (README "Base map"). */
export async function mapConfigFor(
  config: Pick<Config, 'DATA_DIR' | 'MAP_PMTILES_URL' | 'MAP_STYLE_URL' | 'MAP_TILE_URL'>,
): Promise<MapConfig> {
  let archive: MapConfig['archive'] = null;
  if (config.MAP_PMTILES_URL) {
    archive = { url: config.MAP_PMTILES_URL, version: config.MAP_PMTILES_URL, bytes: null };
  } else {
    const served = await firstServedArchive(config);
    if (served) {
      archive = {
        url: `/api/map/archives/${encodeURIComponent(served.name)}`,
        version: served.archive.version,
        bytes: served.archive.bytes,
      };
    }
  }
  return { archive, styleUrl: config.MAP_STYLE_URL ?? null, tileUrl: config.MAP_TILE_URL ?? null };
}

export type ByteRange = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * The part of a file of `size` bytes a Range header asks for (RFC 9110 §14): one range,
 * `bytes=a-b`, `bytes=a-` or `bytes=-n`. A header of another unit, a malformed one or several ranges
 * are ignored (the whole file, as the RFC allows); a range starting past the end cannot be satisfied.
 */
export function byteRange(header: string | undefined, size: number): ByteRange {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (!first && !last) return { kind: 'whole' };
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last ? Number(last) : size - 1;
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}
