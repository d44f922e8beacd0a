import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type Circle from 'ol/geom/Circle';
import Draw, { createBox } from 'ol/interaction/Draw';
import type Interaction from 'ol/interaction/Interaction';
import Modify from 'ol/interaction/Modify';
import Snap from 'ol/interaction/Snap';
import Translate from 'ol/interaction/Translate';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import { unByKey } from 'ol/Observable';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import Transform, { type TransformEvents } from 'ol-ext/interaction/Transform';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type GeofenceShape, isGeofencePlaced, SUB_LOCATION_RADIUS_METERS } from '#core/domain/master-data/locations';
import { MapView } from './map-view.tsx';
import { circleAround, geofenceOfGeometry, geometryOfGeofence, pointOf } from './geofence-geometry.ts';

/** What the map is asked to draw next: a rectangle, a circle, a sub-location's point, or nothing. */
export type GeofenceTool = 'none' | 'rectangle' | 'circle' | 'subLocation';

export interface SubLocationPoint {
  key: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** Where the map should look; a new `request` number moves it even to the same place again. */
export interface MapFocus {
  latitude: number;
  longitude: number;
  zoom: number;
  request: number;
}

/** A shape drawn read-only under the one edited (the other avoidance zones), in its own colour. */
export interface BackdropShape {
  key: string;
  area: GeofenceShape;
  /** A CSS colour (hex): its outline, and its fill at a quarter of the opacity. */
  color: string;
  /** Drawn thicker and above the others (the zone hovered or selected in a list). */
  highlighted?: boolean;
}

export interface GeofenceEditorProps {
  label: string;
  geofence: GeofenceShape;
  /** Sub-locations placed and dragged on the map (locations); none when not given. */
  subLocations?: SubLocationPoint[];
  tool: GeofenceTool;
  focus: MapFocus | null;
  /** Whether the geofence may be moved and resized (default true). */
  editable?: boolean;
  backdrop?: BackdropShape[];
  /** A click on the map when no tool draws (a zone's "point" tab places its centre there). */
  onMapClick?: (point: { latitude: number; longitude: number }) => void;
  testId?: string;
  /** The edited area's colour (an avoidance zone's orange or red); blue by default. */
  color?: string;
  /** The map's height (default: its container's). */
  height?: number | string;
  onToolDone: () => void;
  onGeofenceChange: (geofence: GeofenceShape) => void;
  onSubLocationAdd?: (point: { latitude: number; longitude: number }) => void;
  onSubLocationMove?: (key: string, point: { latitude: number; longitude: number }) => void;
}

/** The map's layer drawing `source` (the editor adds one per source). */
const layerOf = (map: OlMap, source: VectorSource) =>
  map
    .getLayers()
    .getArray()
    .find((layer) => (layer as VectorLayer).getSource?.() === source) as VectorLayer;

const NO_SUB_LOCATIONS: SubLocationPoint[] = [];
const NO_BACKDROP: BackdropShape[] = [];

/** Hex colour with an alpha (0–1), for a fill under its outline. */
const translucent = (hex: string, alpha: number) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
};
const backdropStyle = (color: string, highlighted: boolean) =>
  new Style({
    fill: new Fill({ color: translucent(color, highlighted ? 0.35 : 0.18) }),
    stroke: new Stroke({ color, width: highlighted ? 4 : 2 }),
    zIndex: highlighted ? 1 : 0,
  });

const geofenceStyle = new Style({
  fill: new Fill({ color: 'rgba(28, 126, 214, 0.15)' }),
  stroke: new Stroke({ color: '#1971c2', width: 2 }),
});
const subLocationStyle = (name: string) =>
  new Style({
    fill: new Fill({ color: 'rgba(230, 119, 0, 0.35)' }),
    stroke: new Stroke({ color: '#e67700', width: 2 }),
    image: new CircleStyle({ radius: 5, fill: new Fill({ color: '#e67700' }) }),
    text: new Text({ text: name, offsetY: -14, font: '12px sans-serif', fill: new Fill({ color: '#5c3c00' }) }),
  });

interface Layers {
  map: OlMap;
  geofence: VectorSource;
  subLocations: VectorSource;
  backdrop: VectorSource;
}

/**
 * The map of a form that draws an area (locations spec 2 §4, avoidance zones §5): the geofence
 * drawn as a rectangle (OpenLayers' box drawing, moved and resized with ol-ext's Transform keeping
 * it a rectangle) or a circle (moved and resized with Modify), snapping to the sub-locations;
 * sub-locations placed by a click and dragged; other areas drawn read-only beneath in their colours.
 */
export default function GeofenceEditor(props: GeofenceEditorProps) {
  const [layers, setLayers] = useState<Layers | null>(null);
  const latest = useRef(props);
  latest.current = props;

  const onReady = useCallback((map: OlMap) => {
    const geofence = new VectorSource();
    const subLocations = new VectorSource();
    const backdrop = new VectorSource();
    // Drawn as an image, redrawn only when the view rests: panning and zooming over thousands of read-only
    // shapes (an organization's sites) then moves one picture instead of drawing every shape each frame.
    // One style per colour, shared by its shapes, not a new one per shape and frame.
    const backdropStyles = new Map<string, Style>();
    map.addLayer(
      new VectorImageLayer({
        source: backdrop,
        style: (feature) => {
          const color = String(feature.get('color'));
          const highlighted = Boolean(feature.get('highlighted'));
          const key = `${color}:${highlighted}`;
          let style = backdropStyles.get(key);
          if (!style) {
            style = backdropStyle(color, highlighted);
            backdropStyles.set(key, style);
          }
          return style;
        },
        zIndex: 9,
      }),
    );
    const colored = new Map<string, Style>();
    const styleOf = () => {
      const color = latest.current.color;
      if (!color) return geofenceStyle;
      if (!colored.has(color)) colored.set(color, backdropStyle(color, true));
      return colored.get(color);
    };
    map.addLayer(new VectorLayer({ source: geofence, style: styleOf, zIndex: 10 }));
    map.addLayer(
      new VectorLayer({
        source: subLocations,
        style: (feature) => subLocationStyle(String(feature.get('name') ?? '')),
        // Names of sub-locations a few metres apart would print over each other.
        declutter: true,
        zIndex: 11,
      }),
    );
    setLayers({ map, geofence, subLocations, backdrop });
    // A click where no interaction took it (drawing ends in its own event).
    const clicked = map.on('singleclick', (event) => {
      if (latest.current.tool === 'none') latest.current.onMapClick?.(pointOf(event.coordinate));
    });
    return () => {
      unByKey(clicked);
      setLayers(null);
    };
  }, []);

  const { color } = props;
  useEffect(() => {
    if (layers && color !== undefined) layers.geofence.changed();
  }, [layers, color]);

  // The geofence as the form holds it; a geometry the user is changing is left alone.
  const geofenceKey = JSON.stringify(props.geofence);
  const placed = isGeofencePlaced(props.geofence);
  const kind = !placed ? 'none' : props.geofence.bbox ? 'rectangle' : 'circle';
  useEffect(() => {
    if (!layers) return;
    const current = layers.geofence.getFeatures()[0];
    const shape = JSON.parse(geofenceKey) as GeofenceShape;
    if (!isGeofencePlaced(shape)) {
      layers.geofence.clear();
      return;
    }
    if (current && JSON.stringify(geofenceOfGeometry(current.getGeometry() as Circle)) === geofenceKey) return;
    layers.geofence.clear();
    layers.geofence.addFeature(new Feature(geometryOfGeofence(shape)));
  }, [layers, geofenceKey]);

  // Compared as text (callers may pass a new array of the same shapes), made again only for a new array.
  const backdropKey = useMemo(() => JSON.stringify(props.backdrop ?? NO_BACKDROP), [props.backdrop]);
  useEffect(() => {
    if (!layers) return;
    layers.backdrop.clear();
    const shapes = (JSON.parse(backdropKey) as BackdropShape[]).filter((shape) => isGeofencePlaced(shape.area));
    // Added at once: one spatial-index bulk load and one change, not one of each per shape (thousands of sites).
    layers.backdrop.addFeatures(
      shapes.map(
        (shape) =>
          new Feature({
            geometry: geometryOfGeofence(shape.area),
            key: shape.key,
            color: shape.color,
            highlighted: shape.highlighted ?? false,
          }),
      ),
    );
    // Says when the shapes are on screen (tests and the bench wait for it).
    const drawn = shapes.length;
    const target = layers.map.getTargetElement();
    const key = layers.map.once('rendercomplete', () => {
      if (target) target.dataset.backdropDrawn = String(drawn);
    });
    return () => unByKey(key);
  }, [layers, backdropKey]);

  const subKey = JSON.stringify(props.subLocations ?? NO_SUB_LOCATIONS);
  useEffect(() => {
    if (!layers) return;
    layers.subLocations.clear();
    for (const sub of JSON.parse(subKey) as SubLocationPoint[]) {
      const feature = new Feature(circleAround(sub.latitude, sub.longitude, SUB_LOCATION_RADIUS_METERS));
      feature.set('key', sub.key);
      feature.set('name', sub.name);
      layers.subLocations.addFeature(feature);
    }
  }, [layers, subKey]);

  const focus = props.focus;
  useEffect(() => {
    if (!layers || !focus) return;
    layers.map.getView().setCenter(fromLonLat([focus.longitude, focus.latitude]));
    layers.map.getView().setZoom(focus.zoom);
  }, [layers, focus]);

  // The interactions of the tool chosen and of the geofence's kind.
  const { tool } = props;
  const editable = props.editable ?? true;
  useEffect(() => {
    if (!layers) return;
    const { map } = layers;
    const added: Interaction[] = [];
    const add = (interaction: Interaction) => {
      map.addInteraction(interaction);
      added.push(interaction);
    };
    const changed = (geometry: Circle | undefined) => {
      if (geometry) latest.current.onGeofenceChange(geofenceOfGeometry(geometry));
    };
    if (tool === 'rectangle' || tool === 'circle') {
      const draw = new Draw({
        type: 'Circle',
        ...(tool === 'rectangle' ? { geometryFunction: createBox() } : {}),
      });
      draw.on('drawend', (event) => {
        layers.geofence.clear();
        changed(event.feature.getGeometry() as Circle);
        latest.current.onToolDone();
      });
      add(draw);
    } else if (tool === 'subLocation') {
      const draw = new Draw({ type: 'Point' });
      draw.on('drawend', (event) => {
        const point = event.feature.getGeometry() as unknown as { getCoordinates(): number[] };
        latest.current.onSubLocationAdd?.(pointOf(point.getCoordinates()));
        latest.current.onToolDone();
      });
      add(draw);
    } else if (editable) {
      if (kind === 'rectangle') {
        const transform = new Transform({
          layers: [layerOf(map, layers.geofence)],
          translateFeature: true,
          translate: true,
          scale: true,
          stretch: true,
          rotate: false,
          keepRectangle: true,
          noFlip: true,
          hitTolerance: 4,
        });
        const done = (event: { feature?: Feature }) =>
          changed((event.feature ?? layers.geofence.getFeatures()[0])?.getGeometry() as Circle | undefined);
        const events = transform as unknown as TransformEvents;
        events.on('translateend', done);
        events.on('scaleend', done);
        add(transform);
        // Selected at once: its handles show, and a first drag moves it instead of panning the map.
        const feature = layers.geofence.getFeatures()[0];
        if (feature) transform.select(feature, true);
      } else if (kind === 'circle') {
        const modify = new Modify({ source: layers.geofence });
        modify.on('modifyend', (event) => changed(event.features.item(0)?.getGeometry() as Circle | undefined));
        add(modify);
      }
      // Added after the geofence's own, so a drag on a sub-location moves it, not the geofence around it.
      // By layer, not by a feature list: with a list OpenLayers hit-tests every layer on each pointer
      // move (thousands of sites beneath) and drags every listed sub-location together.
      const subs = new Translate({ layers: [layerOf(map, layers.subLocations)], hitTolerance: 4 });
      subs.on('translateend', (event) => {
        for (const feature of event.features.getArray()) {
          const center = (feature.getGeometry() as Circle).getCenter();
          latest.current.onSubLocationMove?.(String(feature.get('key')), pointOf(center));
        }
      });
      add(subs);
    }
    // Snap after the others, so drawing and moving snap to the sub-locations and the geofence.
    add(new Snap({ source: layers.subLocations }));
    add(new Snap({ source: layers.geofence }));
    return () => {
      for (const interaction of added) map.removeInteraction(interaction);
    };
  }, [layers, tool, kind, subKey, editable]);

  return (
    <MapView label={props.label} height={props.height ?? '100%'} testId={props.testId ?? 'location-map'} onReady={onReady} />
  );
}
