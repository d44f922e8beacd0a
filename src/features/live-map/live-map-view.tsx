import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { boundingExtent, buffer, getHeight, getWidth, isEmpty } from 'ol/extent';
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
import type { AvoidanceZone } from '#core/contract/avoidance-zones';
import type { TripEvent } from '#core/contract/load-details';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { LIVE_MAP_DEFAULT_ZOOM } from '#core/domain/live-map';
import type { GeofenceShape } from '#core/domain/master-data/locations';
import { subscribeDevicePositions } from '#src/data/device-positions.ts';
import { geometryOfGeofence } from '#src/map/geofence-geometry.ts';
import { MapView } from '#src/map/map-view.tsx';
import type { LoadTrailPoint } from '#core/contract/load-details';
import { type TruckDisplay, TruckLayer, type TruckLayerOptions } from './truck-layer.ts';

/** The event controls of spec 1 §2, beside the trucks' own. */
export interface LiveMapDisplay extends TruckDisplay {
  mobileEvents: boolean;
  trailerEvents: boolean;
  augerOnEvents: boolean;
}

/** Spec 1 §9: route (trail) line width 4; fit-bounds padding 0.2 of the extent. */
const TRAIL_WIDTH = 4;
const FIT_PADDING_RATIO = 0.2;
/** One batch of positions on the main thread, measured for the bench (read by a PerformanceObserver, never kept). */
export const POSITIONS_BATCH_MEASURE = 'live-map:positions-batch';

const zoneStyle = new Style({
  fill: new Fill({ color: 'rgba(224, 49, 49, 0.12)' }),
  stroke: new Stroke({ color: '#e03131', width: 2 }),
});
const siteStyle = new Style({
  fill: new Fill({ color: 'rgba(47, 158, 68, 0.08)' }),
  stroke: new Stroke({ color: '#2f9e44', width: 2, lineDash: [6, 4] }),
});
const trailStyle = new Style({ stroke: new Stroke({ color: '#7048e8', width: TRAIL_WIDTH }) });
const EVENT_COLORS = { mobile: '#1971c2', trailer: '#e8590c', augerOn: '#ae3ec9' } as const;
const eventStyles = Object.fromEntries(
  Object.entries(EVENT_COLORS).map(([kind, color]) => [
    kind,
    new Style({
      image: new CircleStyle({ radius: 6, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
      zIndex: 5,
    }),
  ]),
) as Record<keyof typeof EVENT_COLORS, Style>;

/** Which of the event controls an event belongs to: auger-on apart, a driver's (its phone's) or a trailer device's. */
export function eventKind(event: Pick<TripEvent, 'type' | 'userId'>): keyof typeof EVENT_COLORS {
  if (event.type === 'AugerOn') return 'augerOn';
  return event.userId === null ? 'trailer' : 'mobile';
}

export interface MapFocus {
  latitude: number;
  longitude: number;
  zoom: number;
  /** Changes with each request, so the same place can be asked for twice. */
  request: number;
}

export interface LiveMapViewProps {
  label: string;
  positions: readonly DeviceLocationEvent[];
  display: LiveMapDisplay;
  truckOptions: TruckLayerOptions;
  selectedDeviceId: number | null;
  onSelect: (deviceId: number) => void;
  zones: readonly AvoidanceZone[];
  sites: readonly GeofenceShape[];
  trail: readonly LoadTrailPoint[];
  events: readonly TripEvent[];
  focus: MapFocus | null;
  /** Bumped by the recenter control: frame every shown truck again. */
  recenter: number;
}

/** The live map's OpenLayers part, loaded lazily with OpenLayers. */
export default function LiveMapView(props: LiveMapViewProps) {
  const trucks = useRef<TruckLayer | null>(null);
  const map = useRef<OlMap | null>(null);
  const zonesSource = useRef(new VectorSource());
  const sitesSource = useRef(new VectorSource());
  const trailSource = useRef(new VectorSource());
  const eventsSource = useRef(new VectorSource());
  const latest = useRef(props);
  latest.current = props;
  // Framed once, when the first positions are known (the cache may still be reading at mount).
  const framed = useRef(false);

  const frameTrucks = useCallback((instance: OlMap) => {
    const coordinates = latest.current.positions.map((position) => fromLonLat([position.longitude, position.latitude]));
    const view = instance.getView();
    if (coordinates.length === 0) return;
    const extent = boundingExtent(coordinates);
    view.setCenter([(extent[0]! + extent[2]!) / 2, (extent[1]! + extent[3]!) / 2]);
    view.setZoom(LIVE_MAP_DEFAULT_ZOOM);
    // Spread wider than zoom 8 shows: fit them all (never closer than the default).
    if (!isEmpty(extent) && instance.getSize()) {
      const margin = Math.max(getWidth(extent), getHeight(extent)) * FIT_PADDING_RATIO;
      view.fit(buffer(extent, margin), { maxZoom: LIVE_MAP_DEFAULT_ZOOM });
    }
  }, []);

  const onReady = useCallback(
    (instance: OlMap) => {
      map.current = instance;
      const layer = new TruckLayer(latest.current.truckOptions);
      trucks.current = layer;
      const overlays = [
        new VectorLayer({ source: zonesSource.current, style: zoneStyle, zIndex: 10 }),
        new VectorLayer({ source: sitesSource.current, style: siteStyle, zIndex: 11 }),
        new VectorLayer({ source: trailSource.current, style: trailStyle, zIndex: 12 }),
        new VectorLayer({ source: eventsSource.current, zIndex: 13 }),
      ];
      for (const overlay of overlays) instance.addLayer(overlay);
      const detach = layer.attach(instance);
      layer.setDisplay(latest.current.display, latest.current.truckOptions);
      layer.setAll(latest.current.positions);
      layer.setSelected(latest.current.selectedDeviceId);
      framed.current = latest.current.positions.length > 0;
      frameTrucks(instance);
      // Pushed positions move the features directly, outside React.
      const unsubscribe = subscribeDevicePositions((batch) => {
        const started = performance.now();
        layer.apply(batch);
        performance.measure(POSITIONS_BATCH_MEASURE, { start: started, detail: batch.length });
        performance.clearMeasures(POSITIONS_BATCH_MEASURE);
      });
      const onClick = (event: { pixel: number[] }) => {
        const hit = layer.hitAt(event.pixel);
        if (!hit) return;
        if ('cluster' in hit) {
          // A cluster opens up: zoom in on it.
          const view = instance.getView();
          view.animate({ center: [hit.cluster.x, hit.cluster.y], zoom: (view.getZoom() ?? 8) + 2, duration: 250 });
        } else latest.current.onSelect(hit.deviceId);
      };
      instance.on('singleclick', onClick);
      return () => {
        instance.un('singleclick', onClick);
        unsubscribe();
        detach();
        for (const overlay of overlays) instance.removeLayer(overlay);
        trucks.current = null;
        map.current = null;
      };
    },
    [frameTrucks],
  );

  // The whole list (a read, the persisted cache, the slower cache cadence): moved in place, by identity.
  useEffect(() => {
    trucks.current?.setAll(props.positions);
    if (!framed.current && map.current && props.positions.length > 0) {
      framed.current = true;
      frameTrucks(map.current);
    }
  }, [props.positions, frameTrucks]);
  useEffect(() => trucks.current?.setDisplay(props.display, props.truckOptions), [props.display, props.truckOptions]);
  useEffect(() => trucks.current?.setSelected(props.selectedDeviceId), [props.selectedDeviceId]);

  useEffect(() => {
    const source = zonesSource.current;
    source.clear(true);
    source.addFeatures(props.zones.map((zone) => new Feature(geometryOfGeofence(zone.geoLocation))));
  }, [props.zones]);

  useEffect(() => {
    const source = sitesSource.current;
    source.clear(true);
    source.addFeatures(props.sites.map((site) => new Feature(geometryOfGeofence(site))));
  }, [props.sites]);

  useEffect(() => {
    const source = trailSource.current;
    source.clear(true);
    if (props.trail.length > 1) {
      source.addFeature(new Feature(new LineString(props.trail.map((point) => fromLonLat([point.longitude, point.latitude])))));
    }
  }, [props.trail]);

  const { mobileEvents, trailerEvents, augerOnEvents } = props.display;
  useEffect(() => {
    const source = eventsSource.current;
    source.clear(true);
    const shown = { mobile: mobileEvents, trailer: trailerEvents, augerOn: augerOnEvents };
    source.addFeatures(
      props.events.flatMap((event) => {
        const kind = eventKind(event);
        if (!shown[kind] || event.latitude === null || event.longitude === null) return [];
        const feature = new Feature(new Point(fromLonLat([event.longitude, event.latitude])));
        feature.setStyle(eventStyles[kind]);
        return [feature];
      }),
    );
  }, [props.events, mobileEvents, trailerEvents, augerOnEvents]);

  useEffect(() => {
    const focus = props.focus;
    if (!focus || !map.current) return;
    map.current.getView().animate({ center: fromLonLat([focus.longitude, focus.latitude]), zoom: focus.zoom, duration: 300 });
  }, [props.focus]);

  useEffect(() => {
    if (props.recenter > 0 && map.current) frameTrucks(map.current);
  }, [props.recenter, frameTrucks]);

  return <MapView label={props.label} height="100%" testId="live-map" onReady={onReady} />;
}
