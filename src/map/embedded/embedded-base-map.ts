import type { Feature as GeoJsonFeature, Geometry as GeoJsonGeometry } from 'geojson';
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type Geometry from 'ol/geom/Geometry';
import Point from 'ol/geom/Point';
import OlFeature from 'ol/Feature';
import type BaseLayer from 'ol/layer/Base';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import type { StyleFunction } from 'ol/style/Style';
import Text from 'ol/style/Text';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The base map drawn with no configuration, from data packages kept in the app (so it works
 * offline): land and country borders (world-atlas, 1:110m), US state borders (us-atlas, 1:10m),
 * US county borders from zoom 6 (us-atlas, simplified by tools/build-map-counties.ts, loaded only then), and the largest places' names
 * (places.json), with North American towns from zoom 9 (towns.json; both tools/build-map-places.ts). Each data file is its own chunk, fetched when a layer
 * first draws.
 */

const geoJson = new GeoJSON({ featureProjection: 'EPSG:3857' });
const read = (object: GeoJsonFeature | GeoJSON.FeatureCollection | GeoJsonGeometry): Feature<Geometry>[] =>
  geoJson.readFeatures(object) as Feature<Geometry>[];

/** Zooms from which US borders draw (counties' data loads only then). */
const COUNTY_MIN_ZOOM = 6;
const STATE_MIN_ZOOM = 3;
/** North American towns of 10,000 to 50,000 (towns.json) from this zoom, where a city is rarely in view. */
const TOWN_MIN_ZOOM = 9;

/** A vector source whose features come from an async loader, run once when the layer first draws. */
function lazySource(load: () => Promise<Feature<Geometry>[]>) {
  const source: VectorSource<Feature<Geometry>> = new VectorSource({
    loader: (_extent, _resolution, _projection, success, failure) => {
      load()
        .then((features) => {
          source.addFeatures(features);
          success?.(features);
        })
        .catch(() => failure?.());
    },
  });
  return source;
}

/** Lines written by tools/build-map-counties.ts: ";" between lines, "," between steps of 1/1000°. */
export function decodeBorders(encoded: string): number[][][] {
  return encoded.split(';').map((line) => {
    const steps = line.split(',').map(Number);
    const points: number[][] = [];
    let [x, y] = [0, 0];
    for (let index = 0; index + 1 < steps.length; index += 2) {
      x += steps[index] ?? 0;
      y += steps[index + 1] ?? 0;
      points.push([x / 1000, y / 1000]);
    }
    return points;
  });
}

const landStyle = new Style({ fill: new Fill({ color: '#f7f5ef' }) });
const countryBorderStyle = new Style({ stroke: new Stroke({ color: '#9aa5b1', width: 1 }) });
const stateBorderStyle = new Style({ stroke: new Stroke({ color: '#b3bcc6', width: 0.8, lineDash: [4, 3] }) });
const countyBorderStyle = new Style({ stroke: new Stroke({ color: '#d3d8de', width: 0.6 }) });

/** The population a place needs to be named at a zoom: only the largest far out, all close in. */
export function placeMinimumPopulation(zoom: number): number {
  if (zoom < 4) return 5_000_000;
  if (zoom < 5) return 2_000_000;
  if (zoom < 6) return 800_000;
  if (zoom < 7) return 250_000;
  if (zoom < 8) return 100_000;
  if (zoom < 9) return 50_000;
  return 0;
}

const placeStyles = new Map<string, Style>();
function placeStyle(name: string) {
  let style = placeStyles.get(name);
  if (!style) {
    style = new Style({
      image: new CircleStyle({ radius: 2.5, fill: new Fill({ color: '#5c6670' }) }),
      text: new Text({
        text: name,
        font: '12px sans-serif',
        offsetY: -9,
        fill: new Fill({ color: '#3d454d' }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
      }),
    });
    placeStyles.set(name, style);
  }
  return style;
}

type PlaceRow = [name: string, longitude: number, latitude: number, population: number];

function placeFeatures(rows: PlaceRow[]): Feature<Geometry>[] {
  return rows.map(([name, longitude, latitude, population]) => {
    const place = new OlFeature({ geometry: new Point(fromLonLat([longitude, latitude])), name, population });
    return place as Feature<Geometry>;
  });
}

const loadPlaces = async () => placeFeatures(((await import('./places.json')) as unknown as { default: PlaceRow[] }).default);
const loadTowns = async () => placeFeatures(((await import('./towns.json')) as unknown as { default: PlaceRow[] }).default);

/** The layers of the embedded base map, bottom first. */
export function embeddedBaseLayers(): BaseLayer[] {
  const land = new VectorLayer({
    source: lazySource(async () => {
      const { default: world } = (await import('world-atlas/countries-110m.json')) as unknown as { default: Topology };
      const countries = world.objects.countries as GeometryCollection;
      return [
        ...read(feature(world, world.objects.land as GeometryCollection)),
        ...read(mesh(world, countries, (a, b) => a !== b)).map((border) => {
          border.setStyle(countryBorderStyle);
          return border;
        }),
      ];
    }),
    style: landStyle,
    properties: { baseMap: 'embedded', name: 'countries' },
  });
  const states = new VectorLayer({
    minZoom: STATE_MIN_ZOOM - 0.001,
    source: lazySource(async () => {
      const { default: us } = (await import('us-atlas/states-10m.json')) as unknown as { default: Topology };
      return read(mesh(us, us.objects.states as GeometryCollection, (a, b) => a !== b));
    }),
    style: stateBorderStyle,
    properties: { baseMap: 'embedded', name: 'states' },
  });
  const counties = new VectorLayer({
    minZoom: COUNTY_MIN_ZOOM - 0.001,
    source: lazySource(async () => {
      const { COUNTY_BORDERS } = await import('./county-borders.ts');
      return read({ type: 'MultiLineString', coordinates: decodeBorders(COUNTY_BORDERS) });
    }),
    style: countyBorderStyle,
    properties: { baseMap: 'embedded', name: 'counties' },
  });
  const namedPlaces: StyleFunction = (place, resolution) => {
    // 156543.03 m per pixel at zoom 0 on 256-pixel tiles.
    const zoom = Math.log2(156_543.033_928 / resolution);
    return (place.get('population') as number) >= placeMinimumPopulation(zoom) ? placeStyle(place.get('name')) : undefined;
  };
  const towns = new VectorLayer({
    minZoom: TOWN_MIN_ZOOM - 0.001,
    source: lazySource(loadTowns),
    declutter: true,
    style: namedPlaces,
    properties: { baseMap: 'embedded', name: 'towns' },
  });
  // Cities after towns, so a city's name wins the space when labels would overlap.
  const places = new VectorLayer({
    source: lazySource(loadPlaces),
    declutter: true,
    style: namedPlaces,
    properties: { baseMap: 'embedded', name: 'places' },
  });
  return [land, counties, states, towns, places];
}
