import type BaseLayer from 'ol/layer/Base';
import type { BaseMapChoice } from './base-map-choice.ts';
import type { KeptArchive } from '../data/kept-map-archive.ts';

/** OpenStreetMap's licence asks for this wherever its data is drawn (the Protomaps builds are OSM). */
const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The style of a Protomaps basemap archive (@protomaps/basemaps, light flavour), its fonts drawn
 * with the system's sans-serif: the style's Noto fonts would be fetched from a CDN the CSP refuses
 * and the device may not reach.
 */
async function protomapsStyle(language: string) {
  const { layers, namedFlavor } = await import('@protomaps/basemaps');
  const styleLayers = JSON.parse(
    JSON.stringify(layers('protomaps', namedFlavor('light'), { lang: language })).replace(
      /"Noto Sans[^"]*?(Regular|Medium|Italic|Bold)[^"]*"/g,
      '"Arial $1"',
    ),
  );
  return { version: 8, sources: { protomaps: { type: 'vector' } }, layers: styleLayers };
}

/**
 * The OpenLayers layers of a base map choice, bottom first. Each kind's code is a chunk of its own,
 * loaded only when a map draws that kind. Rejects when the kind cannot draw (a style that does not
 * load, an archive that cannot be read); the caller falls back to the embedded base map.
 */
export async function createBaseLayers(
  choice: BaseMapChoice,
  options: { kept: KeptArchive | null; language: string },
): Promise<BaseLayer[]> {
  switch (choice.kind) {
    case 'embedded': {
      const { embeddedBaseLayers } = await import('./embedded/embedded-base-map.ts');
      return embeddedBaseLayers();
    }
    case 'tiles': {
      const [{ default: TileLayer }, { default: XYZ }] = await Promise.all([import('ol/layer/Tile'), import('ol/source/XYZ')]);
      // CORS requests, so the service worker can keep the tiles it has seen (opaque answers cannot be sized).
      return [
        new TileLayer({
          source: new XYZ({ url: choice.url, crossOrigin: 'anonymous', maxZoom: 19 }),
          properties: { baseMap: 'tiles' },
        }),
      ];
    }
    case 'style': {
      const [{ default: LayerGroup }, { apply }] = await Promise.all([import('ol/layer/Group'), import('ol-mapbox-style')]);
      const group = new LayerGroup({ properties: { baseMap: 'style' } });
      await apply(group, choice.url);
      return [group];
    }
    case 'archive': {
      const [{ default: VectorTileLayer }, { PMTilesVectorSource }, { applyStyle }, { FileSource, PMTiles }, style] =
        await Promise.all([
          import('ol/layer/VectorTile'),
          import('ol-pmtiles'),
          import('ol-mapbox-style'),
          import('pmtiles'),
          protomapsStyle(options.language),
        ]);
      const kept = choice.from === 'device' ? options.kept : null;
      if (choice.from === 'device' && !kept) throw new Error('The kept map archive is gone');
      const archive = kept ? new FileSource(kept.file) : choice.url;
      // Reads the header first, so an archive that cannot be read fails here and the caller falls back.
      await new PMTiles(archive).getHeader();
      const layer = new VectorTileLayer({
        declutter: true,
        // ol-pmtiles' type intersects its `string | Source` with OpenLayers' `string` url; a Source is accepted.
        source: new PMTilesVectorSource({ url: archive as string, attributions: [OSM_ATTRIBUTION] }),
        properties: { baseMap: 'archive', from: choice.from },
      });
      await applyStyle(layer, style, { source: 'protomaps', updateSource: false });
      return [layer];
    }
  }
}
