import type { MapArchive } from '#core/contract/map';

/**
 * The regional archive kept on this device ("keep this region offline"), in the origin private
 * file system: browsers do not cache range requests (protomaps/PMTiles#272), so the app stores the
 * whole file itself and reads tiles from it with the File API, network or not.
 */

const FOLDER = 'map-archives';
const ARCHIVE_FILE = 'region.pmtiles';
const ABOUT_FILE = 'region.json';

export interface KeptArchive {
  /** The server's version of the archive when it was kept (mapArchiveSchema.version). */
  version: string;
  url: string;
  file: File;
}

export const canKeepArchives = () => typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function';

async function folder() {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(FOLDER, { create: true });
}

/** The kept archive, or null (none kept, storage unavailable, or a copy left half-written). */
export async function keptArchive(): Promise<KeptArchive | null> {
  if (!canKeepArchives()) return null;
  try {
    const directory = await folder();
    const about = JSON.parse(await (await (await directory.getFileHandle(ABOUT_FILE)).getFile()).text()) as {
      version: string;
      url: string;
      bytes: number;
    };
    const file = await (await directory.getFileHandle(ARCHIVE_FILE)).getFile();
    if (file.size !== about.bytes) return null;
    return { version: about.version, url: about.url, file };
  } catch {
    return null;
  }
}

/**
 * Downloads the whole archive into the device's storage, replacing any kept before. The description
 * is written last, so a download cut off midway is never taken for a kept region.
 */
export async function keepArchive(archive: MapArchive, onProgress?: (bytes: number) => void): Promise<void> {
  const directory = await folder();
  await directory.removeEntry(ABOUT_FILE).catch(() => undefined);
  const response = await fetch(archive.url, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok || !response.body) throw new Error(`The map archive answered ${response.status}`);
  const writable = await (await directory.getFileHandle(ARCHIVE_FILE, { create: true })).createWritable();
  let bytes = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      onProgress?.(bytes);
      controller.enqueue(chunk);
    },
  });
  await response.body.pipeThrough(counter).pipeTo(writable);
  const about = await (await directory.getFileHandle(ABOUT_FILE, { create: true })).createWritable();
  await about.write(JSON.stringify({ version: archive.version, url: archive.url, bytes }));
  await about.close();
  // Asks the browser not to evict the region under storage pressure (it may still say no).
  await navigator.storage.persist?.().catch(() => false);
}
