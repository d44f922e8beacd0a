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
import { useCallback, useEffect, useRef } from 'react';
import type { LoadTrailPoint, TripEvent } from '#core/contract/load-details';
import { clusteredSource, clusterLayerStyle } from '#src/map/clustering.ts';
import { MapView } from '#src/map/map-view.tsx';

/** Spec 1 §9: route line width 4, fit-bounds padding 0.2, default zoom 12. */
const ROUTE_LINE_WIDTH = 4;
const FIT_PADDING_RATIO = 0.2;
const DEFAULT_ZOOM = 12;

const TRAIL_COLORS: Record<LoadTrailPoint['deviceType'], string> = { mobile: '#1c7ed6', trailer: '#7048e8' };
// The phone and the trailer travel together: the trailer's line is dashed over the phone's, so both show.
const trailStyles: Record<LoadTrailPoint['deviceType'], Style> = {
  mobile: new Style({ stroke: new Stroke({ color: TRAIL_COLORS.mobile, width: ROUTE_LINE_WIDTH }), zIndex: 0 }),
  trailer: new Style({
    stroke: new Stroke({ color: TRAIL_COLORS.trailer, width: ROUTE_LINE_WIDTH, lineDash: [8, 8] }),
    zIndex: 1,
  }),
};
const plannedStyle = new Style({ stroke: new Stroke({ color: '#868e96', width: ROUTE_LINE_WIDTH }), zIndex: -1 });
const eventStyle = new Style({
  image: new CircleStyle({ radius: 7, fill: new Fill({ color: '#2f9e44' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
  zIndex: 2,
});
/** An event whose position the device could not vouch for (accuracy 0): drawn, in the warning's colour. */
const unreliableEventStyle = new Style({
  image: new CircleStyle({ radius: 7, fill: new Fill({ color: '#f59f00' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
  zIndex: 2,
});
const stopStyle = new Style({
  image: new CircleStyle({ radius: 5, fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: '#1971c2', width: 3 }) }),
  zIndex: 1,
});

export interface DeliveryLogMapProps {
  /** Trail points to draw (already only those accurate enough), oldest first. */
  trail: readonly LoadTrailPoint[];
  /** Events with a position to draw (already only those accurate enough). */
  events: readonly (TripEvent & { latitude: number; longitude: number })[];
  stops: readonly { latitude: number; longitude: number }[];
  /** The planned road path through the stops, when known; else the stops are joined by straight lines. */
  plannedRoute?: readonly { latitude: number; longitude: number }[] | undefined;
  label: string;
}

/**
 * The delivery log's map (spec 3 "Load detail view"): the planned route in grey, each device's trail
 * as a line, the trip events
 * clustered (eps 4, min weight 3) and the stops' sites, framed together. Features are rebuilt only
 * when the data changes (every 5 minutes at most), never per render.
 */
export function DeliveryLogMap({ trail, events, stops, plannedRoute, label }: DeliveryLogMapProps) {
  const map = useRef<OlMap | null>(null);
  const lines = useRef(new VectorSource());
  const eventPoints = useRef(new VectorSource<Feature<Point>>());
  const frame = useRef<(view: View) => void>(() => {});

  const addLayers = useCallback((instance: OlMap) => {
    const lineLayer = new VectorLayer({ source: lines.current });
    const eventLayer = new VectorLayer({
      source: clusteredSource(eventPoints.current),
      style: clusterLayerStyle((member) => (member.get('unreliable') ? unreliableEventStyle : eventStyle)),
    });
    instance.addLayer(lineLayer);
    instance.addLayer(eventLayer);
    map.current = instance;
    const reframe = () => frame.current(instance.getView());
    instance.on('change:size', reframe);
    reframe();
    return () => {
      instance.un('change:size', reframe);
      instance.removeLayer(lineLayer);
      instance.removeLayer(eventLayer);
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const byDevice = new Map<number, { type: LoadTrailPoint['deviceType']; path: number[][] }>();
    for (const point of trail) {
      const device = byDevice.get(point.deviceId) ?? { type: point.deviceType, path: [] };
      device.path.push(fromLonLat([point.longitude, point.latitude]));
      byDevice.set(point.deviceId, device);
    }
    const lineFeatures: Feature[] = [];
    for (const { type, path } of byDevice.values()) {
      if (path.length < 2) continue;
      const line = new Feature(new LineString(path));
      line.setStyle(trailStyles[type]);
      lineFeatures.push(line);
    }
    const stopCoordinates = stops.map((stop) => fromLonLat([stop.longitude, stop.latitude]));
    const planned =
      plannedRoute && plannedRoute.length > 1
        ? plannedRoute.map((point) => fromLonLat([point.longitude, point.latitude]))
        : stopCoordinates;
    if (planned.length > 1) {
      const line = new Feature(new LineString(planned));
      line.setStyle(plannedStyle);
      lineFeatures.push(line);
    }
    for (const coordinate of stopCoordinates) {
      const marker = new Feature(new Point(coordinate));
      marker.setStyle(stopStyle);
      lineFeatures.push(marker);
    }
    lines.current.clear();
    lines.current.addFeatures(lineFeatures);

    const eventCoordinates = events.map((event) => fromLonLat([event.longitude, event.latitude]));
    eventPoints.current.clear();
    eventPoints.current.addFeatures(
      events.map(
        (event, index) => new Feature({ geometry: new Point(eventCoordinates[index]!), unreliable: event.accuracy === 0 }),
      ),
    );

    const all = [...[...byDevice.values()].flatMap((device) => device.path), ...eventCoordinates, ...stopCoordinates];
    frame.current = (view) => {
      if (all.length === 0) return;
      const extent = boundingExtent(all);
      const margin = Math.max(getWidth(extent), getHeight(extent)) * FIT_PADDING_RATIO;
      if (margin === 0) {
        view.setCenter(all[0]);
        view.setZoom(DEFAULT_ZOOM);
        return;
      }
      view.fit(buffer(extent, margin), { maxZoom: DEFAULT_ZOOM + 4 });
    };
    const view = map.current?.getView();
    if (view) frame.current(view);
  }, [trail, events, stops, plannedRoute]);

  return <MapView label={label} height={320} testId="delivery-log-map" onReady={addLayers} />;
}
