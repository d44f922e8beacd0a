import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type View from 'ol/View';
import { boundingExtent, buffer, getHeight, getWidth } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { useCallback, useEffect, useRef } from 'react';
import { MapView } from './map-view.tsx';

/** One stop on the map: where it is and the number its marker shows. */
export interface StopsMapPoint {
  sequence: number;
  latitude: number;
  longitude: number;
  /** Shown on hover (the location's name). */
  title: string;
}

/** Spec 1 §9: default zoom 12, fit-bounds padding 0.2 (of the stops' extent), route line width 4. */
const DEFAULT_ZOOM = 12;
const FIT_PADDING_RATIO = 0.2;
const ROUTE_LINE_WIDTH = 4;

const lineStyle = new Stroke({ color: '#1c7ed6', width: ROUTE_LINE_WIDTH });
const markerStyles = new Map<number, Style>();
/** One cached style per sequence number: styles are immutable and shared by features. */
function markerStyle(sequence: number) {
  let style = markerStyles.get(sequence);
  if (!style) {
    style = new Style({
      image: new CircleStyle({
        radius: 11,
        fill: new Fill({ color: '#1971c2' }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
      text: new Text({ text: String(sequence), fill: new Fill({ color: '#fff' }), font: 'bold 12px sans-serif' }),
      zIndex: 1,
    });
    markerStyles.set(sequence, style);
  }
  return style;
}

/**
 * A small map of a load's stops, on the product's map (MapView, with its base map): a marker
 * numbered by sequence per stop with a known position, and the routed path through them when known,
 * else a line joining them in sequence order.
 */
export function StopsMap({
  points,
  route,
  height = 240,
  label,
}: {
  points: StopsMapPoint[];
  /** The routed path through the stops, when known: drawn instead of straight lines between them. */
  route?: { latitude: number; longitude: number }[];
  height?: number;
  label: string;
}) {
  const map = useRef<OlMap | null>(null);
  const source = useRef(new VectorSource());
  // Re-applied when the map's box changes size, so the stops stay framed.
  const frame = useRef<(view: View) => void>(() => {});

  const addStops = useCallback((instance: OlMap) => {
    const layer = new VectorLayer({ source: source.current });
    instance.addLayer(layer);
    map.current = instance;
    const reframe = () => frame.current(instance.getView());
    instance.on('change:size', reframe);
    reframe();
    return () => {
      instance.un('change:size', reframe);
      instance.removeLayer(layer);
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const vectors = source.current;
    const ordered = [...points].sort((a, b) => a.sequence - b.sequence);
    const coordinates = ordered.map((point) => fromLonLat([point.longitude, point.latitude]));
    const features: Feature[] = ordered.map((point, index) => {
      const feature = new Feature({ geometry: new Point(coordinates[index]!), name: point.title });
      feature.setStyle(markerStyle(point.sequence));
      return feature;
    });
    const path = route && route.length > 1 ? route.map((point) => fromLonLat([point.longitude, point.latitude])) : coordinates;
    if (path.length > 1) {
      const line = new Feature({ geometry: new LineString(path) });
      line.setStyle(new Style({ stroke: lineStyle }));
      features.unshift(line);
    }
    vectors.clear();
    vectors.addFeatures(features);

    frame.current = (view) => {
      if (coordinates.length === 0) return;
      if (coordinates.length === 1) {
        view.setCenter(coordinates[0]);
        view.setZoom(DEFAULT_ZOOM);
        return;
      }
      const extent = boundingExtent(coordinates);
      const margin = Math.max(getWidth(extent), getHeight(extent)) * FIT_PADDING_RATIO;
      view.fit(buffer(extent, margin), { maxZoom: DEFAULT_ZOOM + 2 });
    };
    const view = map.current?.getView();
    if (view) frame.current(view);
  }, [points, route]);

  return <MapView label={label} height={height} testId="stops-map" onReady={addStops} />;
}
