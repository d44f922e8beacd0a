// @vitest-environment happy-dom
import OlMap from 'ol/Map';
import View from 'ol/View';
import type Feature from 'ol/Feature';
import type Point from 'ol/geom/Point';
import { fromLonLat } from 'ol/proj';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { DEFAULT_TRUCK_DISPLAY, TruckLayer, type TruckLayerOptions } from './truck-layer.ts';

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
});
