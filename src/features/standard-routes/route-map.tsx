import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { boundingExtent, buffer, getHeight, getWidth } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Modify, { type ModifyEvent } from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { useCallback, useEffect, useRef } from 'react';
import type { LatLng } from '#core/domain/units';
import { MapView } from '#src/map/map-view.tsx';

/** A route drawn on the map: its path, and whether it stands out (hovered in the list, or being edited). */
export interface DrawnRoute {
  id: string;
  path: readonly LatLng[];
  highlighted?: boolean;
}

/** Spec 1 §9: route line width 4, fit-bounds padding 0.2, default zoom 12. */
const ROUTE_LINE_WIDTH = 4;
const FIT_PADDING_RATIO = 0.2;
const DEFAULT_ZOOM = 12;

const routeStyle = new Style({ stroke: new Stroke({ color: '#1c7ed6', width: ROUTE_LINE_WIDTH }) });
const highlightedStyle = new Style({ stroke: new Stroke({ color: '#f76707', width: ROUTE_LINE_WIDTH + 2 }), zIndex: 2 });
const pointStyle = new Style({
  image: new CircleStyle({ radius: 4, fill: new Fill({ color: '#1971c2' }), stroke: new Stroke({ color: '#fff', width: 1 }) }),
  zIndex: 3,
});
const viaStyle = new Style({
  image: new CircleStyle({ radius: 8, fill: new Fill({ color: '#f76707' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
  zIndex: 4,
});

const toMap = (point: LatLng) => fromLonLat([point.longitude, point.latitude]);
const fromMap = (coordinate: number[]): LatLng => {
  const [longitude = 0, latitude = 0] = toLonLat(coordinate);
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
};

/**
 * Routes over the base map (the standard routes page, the route editor and the map helper): lines,
 * the points they are made of, and the via points of a route being edited. With `onDrag`, the
 * editable route's line and via points can be dragged (OpenLayers' Modify): a drag on the line
 * answers a new via point, a drag of a via point its new place.
 */
export function RouteMap({
  label,
  height = 360,
  testId = 'route-map',
  routes,
  points = [],
  vias = [],
  editableRouteId,
  onDrag,
  fitKey,
}: {
  label: string;
  height?: number | string;
  testId?: string;
  routes: readonly DrawnRoute[];
  /** Markers of single points (the map helper's pasted points). */
  points?: readonly LatLng[];
  /** Via points of the route being edited, draggable with it. */
  vias?: readonly LatLng[];
  editableRouteId?: string;
  onDrag?: (drag: { position: LatLng; viaIndex: number | null }) => void;
  /** The view frames everything drawn when this changes (not on every redraw of a dragged route). */
  fitKey: string;
}) {
  const lines = useRef(new VectorSource());
  const markers = useRef(new VectorSource());
  const draggable = useRef(new VectorSource());
  const map = useRef<OlMap | null>(null);
  const dragged = useRef(onDrag);
  dragged.current = onDrag;

  const onReady = useCallback((instance: OlMap) => {
    map.current = instance;
    instance.addLayer(new VectorLayer({ source: lines.current }));
    instance.addLayer(new VectorLayer({ source: draggable.current }));
    instance.addLayer(new VectorLayer({ source: markers.current }));
    const modify = new Modify({ source: draggable.current, pixelTolerance: 12 });
    modify.on('modifyend', (event: ModifyEvent) => {
      const feature = event.features.item(0);
      if (!feature) return;
      const viaIndex = feature.get('viaIndex') as number | undefined;
      const coordinate =
        viaIndex === undefined ? event.mapBrowserEvent?.coordinate : (feature.getGeometry() as Point).getCoordinates();
      if (coordinate) dragged.current?.({ position: fromMap(coordinate), viaIndex: viaIndex ?? null });
    });
    instance.addInteraction(modify);
    return () => {
      instance.removeInteraction(modify);
      map.current = null;
    };
  }, []);

  useEffect(() => {
    lines.current.clear();
    draggable.current.clear();
    markers.current.clear();
    for (const route of routes) {
      if (route.path.length < 2) continue;
      const feature = new Feature({ geometry: new LineString(route.path.map(toMap)) });
      feature.setStyle(route.highlighted ? highlightedStyle : routeStyle);
      (route.id === editableRouteId && onDrag ? draggable : lines).current.addFeature(feature);
    }
    markers.current.addFeatures(
      points.map((point) => {
        const feature = new Feature({ geometry: new Point(toMap(point)) });
        feature.setStyle(pointStyle);
        return feature;
      }),
    );
    draggable.current.addFeatures(
      vias.map((via, viaIndex) => {
        const feature = new Feature({ geometry: new Point(toMap(via)), viaIndex });
        feature.setStyle(viaStyle);
        return feature;
      }),
    );
  }, [routes, points, vias, editableRouteId, onDrag]);

  // Frames what is drawn when the content changes, not while a route is being reshaped.
  useEffect(() => {
    const view = map.current?.getView();
    const coordinates = [...routes.flatMap((route) => route.path), ...points].map(toMap);
    if (!view || coordinates.length === 0) return;
    if (coordinates.length === 1) {
      view.setCenter(coordinates[0]);
      view.setZoom(DEFAULT_ZOOM);
      return;
    }
    const extent = boundingExtent(coordinates);
    view.fit(buffer(extent, Math.max(getWidth(extent), getHeight(extent)) * FIT_PADDING_RATIO), { maxZoom: DEFAULT_ZOOM + 4 });
  }, [fitKey]);

  return <MapView label={label} height={height} testId={testId} onReady={onReady} />;
}
