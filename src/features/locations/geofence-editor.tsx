import Collection from 'ol/Collection';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type Circle from 'ol/geom/Circle';
import Draw, { createBox } from 'ol/interaction/Draw';
import type Interaction from 'ol/interaction/Interaction';
import Modify from 'ol/interaction/Modify';
import Snap from 'ol/interaction/Snap';
import Translate from 'ol/interaction/Translate';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import Transform, { type TransformEvents } from 'ol-ext/interaction/Transform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type GeofenceShape, isGeofencePlaced, SUB_LOCATION_RADIUS_METERS } from '#core/domain/master-data/locations';
import { MapView } from '#src/map/map-view.tsx';
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

export interface GeofenceEditorProps {
  label: string;
  geofence: GeofenceShape;
  subLocations: SubLocationPoint[];
  tool: GeofenceTool;
  focus: MapFocus | null;
  onToolDone: () => void;
  onGeofenceChange: (geofence: GeofenceShape) => void;
  onSubLocationAdd: (point: { latitude: number; longitude: number }) => void;
  onSubLocationMove: (key: string, point: { latitude: number; longitude: number }) => void;
}

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
}

/**
 * The location form's map (spec 2 §4): the geofence drawn as a rectangle (OpenLayers' box drawing,
 * moved and resized with ol-ext's Transform keeping it a rectangle) or a circle (moved and resized
 * with Modify), snapping to the sub-locations; sub-locations placed by a click and dragged.
 */
export default function GeofenceEditor(props: GeofenceEditorProps) {
  const [layers, setLayers] = useState<Layers | null>(null);
  const latest = useRef(props);
  latest.current = props;

  const onReady = useCallback((map: OlMap) => {
    const geofence = new VectorSource();
    const subLocations = new VectorSource();
    map.addLayer(new VectorLayer({ source: geofence, style: geofenceStyle, zIndex: 10 }));
    map.addLayer(
      new VectorLayer({
        source: subLocations,
        style: (feature) => subLocationStyle(String(feature.get('name') ?? '')),
        // Names of sub-locations a few metres apart would print over each other.
        declutter: true,
        zIndex: 11,
      }),
    );
    setLayers({ map, geofence, subLocations });
    return () => setLayers(null);
  }, []);

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

  const subKey = JSON.stringify(props.subLocations);
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
        latest.current.onSubLocationAdd(pointOf(point.getCoordinates()));
        latest.current.onToolDone();
      });
      add(draw);
    } else {
      if (kind === 'rectangle') {
        const transform = new Transform({
          layers: [
            map
              .getLayers()
              .getArray()
              .find((layer) => (layer as VectorLayer).getSource?.() === layers.geofence) as VectorLayer,
          ],
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
      const subs = new Translate({ features: new Collection(layers.subLocations.getFeatures()) });
      subs.on('translateend', (event) => {
        for (const feature of event.features.getArray()) {
          const center = (feature.getGeometry() as Circle).getCenter();
          latest.current.onSubLocationMove(String(feature.get('key')), pointOf(center));
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
  }, [layers, tool, kind, subKey]);

  return <MapView label={props.label} height="100%" testId="location-map" onReady={onReady} />;
}
