// @vitest-environment happy-dom
import OlMap from 'ol/Map';
import View from 'ol/View';
import type Feature from 'ol/Feature';
import type Point from 'ol/geom/Point';
import { fromLonLat } from 'ol/proj';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { DEFAULT_TRUCK_DISPLAY, MovingPoint, TRUCK_BANDS, TruckLayer, type TruckLayerOptions } from './truck-layer.ts';

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

/** What a device is drawn with, by whichever band's layer draws it (undefined: not drawn). */
function drawnStyle(layer: TruckLayer, deviceId: number, resolution: number) {
  const feature = layer.trucks.getFeatureById(deviceId)!;
  const drawn = layer.truckLayers.map((truckLayer) => truckLayer.getStyleFunction()!(feature, resolution)).filter(Boolean);
  expect(drawn.length).toBeLessThanOrEqual(1);
  return drawn[0];
}

/** A map at `resolution` metres a pixel, with the layer attached. */
function layerOnMap(resolution: number, layerOptions = options) {
  const map = new OlMap({ view: new View({ center: fromLonLat([-93, 42]), resolution }) });
  const layer = new TruckLayer(layerOptions);
  layer.attach(map);
  const trucks = () => layer.trucks.getFeatures() as Feature<Point>[];
  const clusters = () => layer.clusterLayer.getSource()!.getFeatures();
  return { layer, trucks, clusters };
}

describe('TruckLayer', () => {
  it('moves each device’s own feature in place: no feature made again, no source rebuilt', () => {
    const { layer, trucks } = layerOnMap(1);
    layer.setAll([at(1, 42, -93), at(2, 42.1, -93)]);
    const [first] = trucks();
    const source = layer.trucks;
    const clear = vi.spyOn(source, 'clear');
    const addFeatures = vi.spyOn(source, 'addFeatures');

    layer.apply([at(1, 42.5, -92.5, { timestamp: '2026-11-28T10:00:01Z' })]);

    expect(trucks()).toHaveLength(2);
    expect(layer.trucks.getFeatureById(1)).toBe(first);
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
    expect(drawnStyle(layer, 1, 1000)).toBeUndefined();
    expect(drawnStyle(layer, 4, 1000)).toBeDefined();
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

  it('tells each band’s layer once per batch, one animation frame after another, never once per moved feature', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    try {
      const { layer } = layerOnMap(1);
      const fleet = Array.from({ length: 200 }, (_, index) => at(index + 1, 42 + index * 0.01, -93));
      layer.setAll(fleet);
      vi.advanceTimersByTime(100);
      const sourceChanges = vi.fn();
      const featureChanges = vi.fn();
      const layerChanges = layer.truckLayers.map((truckLayer) => {
        const changes = vi.fn();
        truckLayer.on('change', changes);
        return changes;
      });
      layer.trucks.on('change', sourceChanges);
      layer.trucks.on('changefeature', featureChanges);

      layer.apply(
        fleet.map((position) => ({ ...position, latitude: position.latitude + 0.001, timestamp: '2026-11-28T10:00:01Z' })),
      );

      expect(layerChanges.map((changes) => changes.mock.calls.length)).toEqual(
        layerChanges.map((_, band) => (band === 0 ? 1 : 0)),
      );
      for (let frame = 1; frame < TRUCK_BANDS; frame++) vi.advanceTimersToNextFrame();
      expect(layerChanges.map((changes) => changes.mock.calls.length)).toEqual(layerChanges.map(() => 1));
      vi.advanceTimersByTime(100);
      expect(layerChanges.map((changes) => changes.mock.calls.length)).toEqual(layerChanges.map(() => 1));
      expect(sourceChanges).not.toHaveBeenCalled();
      expect(featureChanges).not.toHaveBeenCalled();
      expect(layer.coordinateOf(200)?.map(Math.round)).toEqual(fromLonLat([-93, 42 + 199 * 0.01 + 0.001]).map(Math.round));
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws each truck by one band’s layer, the selected one by the last (above the others)', () => {
    const { layer } = layerOnMap(1);
    layer.setAll([at(4, 42, -93), at(5, 42.1, -93)]);
    const bandOf = (deviceId: number) =>
      layer.truckLayers.findIndex((truckLayer) => truckLayer.getStyleFunction()!(layer.trucks.getFeatureById(deviceId)!, 1));
    expect(bandOf(4)).toBe(4 % TRUCK_BANDS);
    layer.setSelected(4);
    expect(bandOf(4)).toBe(TRUCK_BANDS - 1);
    expect(bandOf(5)).toBe(5 % TRUCK_BANDS);
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
    expect(drawnStyle(layer, 1, 1000)).toBeDefined();
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
