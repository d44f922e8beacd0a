// @vitest-environment happy-dom
import OlMap from 'ol/Map';
import View from 'ol/View';
import type Feature from 'ol/Feature';
import type Point from 'ol/geom/Point';
import { fromLonLat } from 'ol/proj';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { DEFAULT_TRUCK_DISPLAY, MovingPoint, TruckLayer, type TruckLayerOptions } from './truck-layer.ts';

const at = (
  deviceId: number,
  latitude: number,
  longitude: number,
  fields: Partial<DeviceLocationEvent> = {},
): DeviceLocationEvent => ({
  deviceId,
  deviceType: 'mobile',
  userId: null,
  orderId: null,
  tractorId: null,
  trailerId: null,
  latitude,
  longitude,
  heading: 90,
  speed: null,
  accuracy: 5,
  timestamp: '2026-11-28T10:00:00Z',
  ...fields,
});

const options: TruckLayerOptions = { label: (position) => String(position.deviceId), allowed: () => true };

/** A map at `resolution` metres a pixel, with the layer attached. */
function layerOnMap(resolution: number, layerOptions = options) {
  const map = new OlMap({ view: new View({ center: fromLonLat([-93, 42]), resolution }) });
  const layer = new TruckLayer(layerOptions);
  layer.attach(map);
  const trucks = () => layer.truckLayer.getSource()!.getFeatures() as Feature<Point>[];
  const clusters = () => layer.clusterLayer.getSource()!.getFeatures();
  return { layer, trucks, clusters };
}

describe('TruckLayer', () => {
  it('moves each device’s own feature in place: no feature made again, no source rebuilt', () => {
    const { layer, trucks } = layerOnMap(1);
    layer.setAll([at(1, 42, -93), at(2, 42.1, -93)]);
    const [first] = trucks();
    const source = layer.truckLayer.getSource()!;
    const clear = vi.spyOn(source, 'clear');
    const addFeatures = vi.spyOn(source, 'addFeatures');

    layer.apply([at(1, 42.5, -92.5, { timestamp: '2026-11-28T10:00:01Z' })]);

    expect(trucks()).toHaveLength(2);
    expect(layer.truckLayer.getSource()!.getFeatureById(1)).toBe(first);
    expect(
      first!
        .getGeometry()!
        .getCoordinates()
        .map((value) => Math.round(value)),
    ).toEqual(fromLonLat([-92.5, 42.5]).map(Math.round));
    expect(clear).not.toHaveBeenCalled();
    expect(addFeatures).not.toHaveBeenCalled();
  });

  it('keeps a marker where it was for a fix of poor accuracy or an older one', () => {
    const { layer } = layerOnMap(1);
    layer.setAll([at(1, 42, -93, { timestamp: '2026-11-28T10:00:05Z' })]);
    layer.apply([
      at(1, 43, -93, { accuracy: 150, timestamp: '2026-11-28T10:00:06Z' }),
      at(1, 44, -93, { timestamp: '2026-11-28T10:00:01Z' }),
    ]);
    expect(layer.coordinateOf(1)?.map(Math.round)).toEqual(fromLonLat([-93, 42]).map(Math.round));
  });

  it('gathers 3 trucks within 4 pixels into one cluster, leaves 2 apart, and draws the clustered ones no more', () => {
    // 1,000 m a pixel: trucks 100 m apart share a pixel; 50 km away is far.
    const { layer, clusters } = layerOnMap(1000);
    layer.setAll([at(1, 42, -93), at(2, 42.0005, -93), at(3, 42.001, -93), at(4, 42.5, -93), at(5, 42.5005, -93)]);
    expect(clusters()).toHaveLength(1);
    expect((clusters()[0]!.get('members') as number[]).sort()).toEqual([1, 2, 3]);
    const style = layer.truckLayer.getStyleFunction()!;
    const feature = (id: number) => layer.truckLayer.getSource()!.getFeatureById(id)!;
    expect(style(feature(1), 1000)).toBeUndefined();
    expect(style(feature(4), 1000)).toBeDefined();
  });

  it('shows only the device types the controls leave on and the drivers the filter allows', () => {
    const { layer, trucks } = layerOnMap(1);
    layer.setAll([at(1, 42, -93, { userId: 7 }), at(2, 42.1, -93, { userId: 8 }), at(3, 42.2, -93, { deviceType: 'trailer' })]);
    layer.setDisplay(
      { ...DEFAULT_TRUCK_DISPLAY, trailerLocations: false },
      { ...options, allowed: (position) => position.userId !== 8 },
    );
    expect(trucks().map((feature) => feature.getId())).toEqual([1]);
    layer.setDisplay(DEFAULT_TRUCK_DISPLAY, options);
    expect(
      trucks()
        .map((feature) => feature.getId())
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('tells its source and layer once per batch, never once per moved feature', () => {
    const { layer } = layerOnMap(1);
    const fleet = Array.from({ length: 200 }, (_, index) => at(index + 1, 42 + index * 0.01, -93));
    layer.setAll(fleet);
    const source = layer.truckLayer.getSource()!;
    const sourceChanges = vi.fn();
    const featureChanges = vi.fn();
    const layerChanges = vi.fn();
    source.on('change', sourceChanges);
    source.on('changefeature', featureChanges);
    layer.truckLayer.on('change', layerChanges);

    layer.apply(
      fleet.map((position) => ({ ...position, latitude: position.latitude + 0.001, timestamp: '2026-11-28T10:00:01Z' })),
    );

    expect(sourceChanges).toHaveBeenCalledTimes(1);
    expect(layerChanges).toHaveBeenCalledTimes(1);
    expect(featureChanges).not.toHaveBeenCalled();
    expect(layer.coordinateOf(200)?.map(Math.round)).toEqual(fromLonLat([-93, 42 + 199 * 0.01 + 0.001]).map(Math.round));
  });

  it('moves a cluster with its trucks and lets it go when they part', () => {
    const { layer, clusters } = layerOnMap(1000);
    const group = [at(1, 42, -93), at(2, 42.0005, -93), at(3, 42.001, -93)];
    layer.setAll(group);
    const [cluster] = clusters();
    const later = { timestamp: '2026-11-28T10:00:01Z' };
    layer.apply(group.map((position) => ({ ...position, longitude: -92, ...later })));
    expect(clusters()).toEqual([cluster]);
    expect(Math.round(cluster!.getGeometry()!.getCoordinates()[0]!)).toBe(Math.round(fromLonLat([-92, 42])[0]!));
    layer.apply([at(3, 43, -92, { timestamp: '2026-11-28T10:00:02Z' })]);
    expect(clusters()).toHaveLength(0);
    const style = layer.truckLayer.getStyleFunction()!;
    expect(style(layer.truckLayer.getSource()!.getFeatureById(1)!, 1000)).toBeDefined();
  });
});

describe('MovingPoint', () => {
  it('moves without a change event yet reports the new extent', () => {
    const point = new MovingPoint([1, 2]);
    expect(point.getExtent()).toEqual([1, 2, 1, 2]);
    const changes = vi.fn();
    point.on('change', changes);
    point.moveTo(5, 6);
    expect(changes).not.toHaveBeenCalled();
    expect(point.getCoordinates()).toEqual([5, 6]);
    expect(point.getExtent()).toEqual([5, 6, 5, 6]);
  });
});
