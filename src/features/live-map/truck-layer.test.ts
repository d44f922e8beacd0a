// @vitest-environment happy-dom
import OlMap from 'ol/Map';
import View from 'ol/View';
import { fromLonLat } from 'ol/proj';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const options: TruckLayerOptions = { label: (position) => `Truck ${position.deviceId}`, allowed: () => true };
const CENTRE = fromLonLat([-93, 42]) as [number, number];
const SIZE = [400, 300];

/** What the layer drew into its images: happy-dom has no canvas, so a 2D context that records. */
let drawn: { images: number; texts: string[]; readBacks: number };
beforeEach(() => {
  drawn = { images: 0, texts: [], readBacks: 0 };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      canvas: this,
      scale() {},
      translate() {},
      rotate() {},
      beginPath() {},
      arc() {},
      lineTo() {},
      closePath() {},
      fill() {},
      stroke() {},
      clearRect() {},
      fillText(text: string) {
        drawn.texts.push(text);
      },
      strokeText() {},
      drawImage() {
        drawn.images++;
      },
      getImageData() {
        drawn.readBacks++;
      },
    } as unknown as CanvasRenderingContext2D;
  });
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A 400 × 300 px map at `resolution` metres a pixel around CENTRE, with the layer attached. */
function layerOnMap(resolution: number, layerOptions = options) {
  const map = new OlMap({ view: new View({ center: CENTRE, resolution }) });
  map.setSize(SIZE);
  const layer = new TruckLayer(layerOptions);
  layer.attach(map);
  const images: unknown[] = [];
  layer.layer.getSource()!.on('change', () => images.push(layer.layer.getSource()!.getImage()));
  return { map, layer, images };
}

/** Trucks 40 a row about 135 m apart, all within the map's 400 × 300 px at 20 m a pixel, none clustered. */
const gridFleet = (size: number) =>
  Array.from({ length: size }, (_, index) =>
    at(index + 1, 42 + (Math.floor(index / 40) - 12) * 0.0009, -93 + ((index % 40) - 20) * 0.0012),
  );

/** The pixel a longitude/latitude shows at on that map. */
function pixelOf(resolution: number, longitude: number, latitude: number) {
  const [x, y] = fromLonLat([longitude, latitude]) as [number, number];
  return [SIZE[0]! / 2 + (x - CENTRE[0]) / resolution, SIZE[1]! / 2 - (y - CENTRE[1]) / resolution];
}

describe('TruckLayer', () => {
  it('moves each device’s record in place and draws one image a batch, in the animation frames after it', () => {
    const { layer, images } = layerOnMap(10);
    layer.setAll([at(1, 42, -93), at(2, 42.001, -93)]);
    vi.advanceTimersToNextFrame();
    expect(images).toHaveLength(1);
    drawn.images = 0;

    layer.apply([at(1, 42.002, -92.999, { timestamp: '2026-11-28T10:00:01Z' })]);

    expect(layer.coordinateOf(1)?.map(Math.round)).toEqual(fromLonLat([-92.999, 42.002]).map(Math.round));
    // Nothing drawn by the batch itself.
    expect(images).toHaveLength(1);
    expect(drawn.images).toBe(0);
    vi.advanceTimersToNextFrame();
    expect(images).toHaveLength(2);
    expect(images[1]).not.toBe(images[0]);
    expect(drawn.images).toBe(2);
    vi.advanceTimersToNextFrame();
    expect(images).toHaveLength(2);
  });

  it('draws thousands of trucks a slice per animation frame, each slice rasterised in its own frame, then shows the image once', () => {
    const { layer, images } = layerOnMap(20);
    const fleet = gridFleet(1000);
    layer.setAll(fleet);

    vi.advanceTimersToNextFrame();
    expect(drawn.images).toBeGreaterThan(0);
    expect(drawn.images).toBeLessThan(1000);
    expect(drawn.readBacks).toBe(1);
    expect(images).toHaveLength(0);
    for (let frame = 0; frame < 10 && images.length === 0; frame++) vi.advanceTimersToNextFrame();
    expect(images).toHaveLength(1);
    expect(drawn.readBacks).toBeGreaterThan(1);
    expect(drawn.images).toBe(1000);
  });

  it('lets a batch that arrives while an image is drawn wait for it, then draws the next', () => {
    const { layer, images } = layerOnMap(20);
    const fleet = gridFleet(1000);
    layer.setAll(fleet);
    vi.advanceTimersToNextFrame();
    layer.apply(
      fleet.map((position) => ({ ...position, latitude: position.latitude + 0.0001, timestamp: '2026-11-28T10:00:01Z' })),
    );
    for (let frame = 0; frame < 10 && images.length === 0; frame++) vi.advanceTimersToNextFrame();
    expect(images).toHaveLength(1);
    for (let frame = 0; frame < 10 && images.length === 1; frame++) vi.advanceTimersToNextFrame();
    expect(images).toHaveLength(2);
    expect(drawn.images).toBe(2000);
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
    const { layer } = layerOnMap(1000);
    layer.setAll([at(1, 42, -93), at(2, 42.0005, -93), at(3, 42.001, -93), at(4, 42.2, -93), at(5, 42.2005, -93)]);
    expect(layer.clusters()).toHaveLength(1);
    expect([...layer.clusters()[0]!.members].sort()).toEqual([1, 2, 3]);
    expect(layer.markerOf(1)).toBeNull();
    expect(layer.markerOf(4)).toEqual({ type: 'mobile', sector: 2, selected: false, label: null });
    vi.advanceTimersToNextFrame();
    // Two arrows and one cluster.
    expect(drawn.images).toBe(3);
  });

  it('never clusters the selected truck: it is drawn larger, named, and last (above the others)', () => {
    const { layer } = layerOnMap(1000);
    layer.setAll([at(1, 42, -93), at(2, 42.0005, -93), at(3, 42.001, -93)]);
    layer.setSelected(2);
    expect(layer.clusters()).toHaveLength(0);
    expect(layer.markerOf(2)).toEqual({ type: 'mobile', sector: 2, selected: true, label: 'Truck 2' });
    expect(layer.markerOf(1)?.label).toBeNull();
    vi.advanceTimersToNextFrame();
    expect(drawn.texts).toEqual(['Truck 2']);
  });

  it('names every truck from zoom 10 on, and draws a dot when the heading control is off', () => {
    const { layer } = layerOnMap(100);
    layer.setAll([at(1, 42, -93), at(2, 42.01, -93, { deviceType: 'trailer', heading: null })]);
    layer.setDisplay({ ...DEFAULT_TRUCK_DISPLAY, mobileHeading: false }, options);
    expect(layer.markerOf(1)).toEqual({ type: 'mobile', sector: null, selected: false, label: 'Truck 1' });
    // A missing heading points north.
    expect(layer.markerOf(2)).toEqual({ type: 'trailer', sector: 0, selected: false, label: 'Truck 2' });
  });

  it('shows only the device types the controls leave on and the drivers the filter allows', () => {
    const { layer } = layerOnMap(1);
    layer.setAll([at(1, 42, -93, { userId: 7 }), at(2, 42.1, -93, { userId: 8 }), at(3, 42.2, -93, { deviceType: 'trailer' })]);
    layer.setDisplay(
      { ...DEFAULT_TRUCK_DISPLAY, trailerLocations: false },
      { ...options, allowed: (position) => position.userId !== 8 },
    );
    expect(layer.shownDeviceIds()).toEqual([1]);
    expect(layer.markerOf(2)).toBeNull();
    layer.setDisplay(DEFAULT_TRUCK_DISPLAY, options);
    expect(layer.shownDeviceIds().sort()).toEqual([1, 2, 3]);
  });

  it('moves a cluster with its trucks and lets it go when they part', () => {
    const { layer } = layerOnMap(1000);
    const group = [at(1, 42, -93), at(2, 42.0005, -93), at(3, 42.001, -93)];
    layer.setAll(group);
    const later = { timestamp: '2026-11-28T10:00:01Z' };
    layer.apply(group.map((position) => ({ ...position, longitude: -92, ...later })));
    expect(layer.clusters()).toHaveLength(1);
    expect(Math.round(layer.clusters()[0]!.x)).toBe(Math.round(fromLonLat([-92, 42])[0]!));
    layer.apply([at(3, 43, -92, { timestamp: '2026-11-28T10:00:02Z' })]);
    expect(layer.clusters()).toHaveLength(0);
    expect(layer.markerOf(1)).not.toBeNull();
  });

  it('answers a click from the trucks themselves: a cluster first, else the nearest truck within its marker and 6 px', () => {
    const { layer } = layerOnMap(1000);
    layer.setAll([at(1, 42, -93), at(2, 42.0005, -93), at(3, 42.001, -93), at(4, 42.2, -93.2), at(5, 42.2, -93.25)]);
    const [x, y] = pixelOf(1000, -93.2, 42.2) as [number, number];
    expect(layer.hitAt([x + 10, y])).toEqual({ deviceId: 4 });
    expect(layer.hitAt([x, y + 20])).toBeNull();
    const hit = layer.hitAt(pixelOf(1000, -93, 42));
    expect(hit && 'cluster' in hit ? [...hit.cluster.members].sort() : hit).toEqual([1, 2, 3]);
  });
});
