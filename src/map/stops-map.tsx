import 'ol/ol.css';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
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
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** One stop on the map: where it is and the number its marker shows. */
export interface StopsMapPoint {
  sequence: number;
  latitude: number;
  longitude: number;
  /** Shown on hover (the location's name). */
  title: string;
}

/** Spec 1 §9: default zoom 12, fit-bounds padding 0.2 (of the stops' extent), route line width 4, max zoom 18. */
const DEFAULT_ZOOM = 12;
const FIT_PADDING_RATIO = 0.2;
const ROUTE_LINE_WIDTH = 4;
const MAX_ZOOM = 18;

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
 * A small map of a load's stops: a marker numbered by sequence per stop with a known position, and
 * a line joining them in sequence order. No base map is configured for the client yet, so the
 * layers draw over a plain background (DESIGN §6), which also works offline.
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
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const source = useRef(new VectorSource());
  // Re-applied when the map's box changes size, so the stops stay framed.
  const frame = useRef<(view: View) => void>(() => {});
  const { t } = useTranslation('common');
  const zoomInLabel = t('map.zoomIn');
  const zoomOutLabel = t('map.zoomOut');

  // Made again when the language changes: OpenLayers sets its controls' titles only when it makes them.
  useEffect(() => {
    if (!target.current) return;
    const instance = new OlMap({
      target: target.current,
      layers: [new VectorLayer({ source: source.current })],
      view: new View({ center: fromLonLat([-95.7, 37.1]), zoom: 3, maxZoom: MAX_ZOOM }),
      controls: defaultControls({
        attribution: false,
        rotate: false,
        zoomOptions: { zoomInTipLabel: zoomInLabel, zoomOutTipLabel: zoomOutLabel },
      }),
    });
    map.current = instance;
    // The map's box may change size after mount (modal animation, table row expanding).
    const observer = new ResizeObserver(() => {
      instance.updateSize();
      frame.current(instance.getView());
    });
    observer.observe(target.current);
    return () => {
      observer.disconnect();
      instance.setTarget(undefined);
      map.current = null;
    };
  }, [zoomInLabel, zoomOutLabel]);

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

  return (
    <div
      ref={target}
      role="region"
      aria-label={label}
      data-testid="stops-map"
      style={{ width: '100%', height, background: '#eef2f5', borderRadius: 4 }}
    />
  );
}
