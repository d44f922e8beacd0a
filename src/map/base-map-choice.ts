import type { MapConfig } from '#core/contract/map';

/** What a map draws under the screen's layers (README "Base map"). */
export type BaseMapChoice =
  | { kind: 'embedded' }
  | { kind: 'archive'; from: 'device' | 'network'; url: string; version: string }
  | { kind: 'style'; url: string }
  | { kind: 'tiles'; url: string };

/** The archive this device keeps, as far as the choice is concerned. */
export interface KeptArchiveVersion {
  url: string;
  version: string;
}

/**
 * The base map to draw, best first: the region kept on this device (it draws with the network off),
 * unless the server now offers a newer one and the device is online; then a MapLibre style
 * (MAP_STYLE_URL), raster tiles (MAP_TILE_URL), the regional archive read over the network; and,
 * with no configuration (or none known yet, offline on a first start), the embedded base map.
 */
export function chooseBaseMap(config: MapConfig | null, kept: KeptArchiveVersion | null, online: boolean): BaseMapChoice {
  const offered = config?.archive ?? null;
  if (kept && (!online || !offered || offered.version === kept.version)) {
    return { kind: 'archive', from: 'device', url: kept.url, version: kept.version };
  }
  if (config?.styleUrl) return { kind: 'style', url: config.styleUrl };
  if (config?.tileUrl) return { kind: 'tiles', url: config.tileUrl };
  if (offered) return { kind: 'archive', from: 'network', url: offered.url, version: offered.version };
  return { kind: 'embedded' };
}
