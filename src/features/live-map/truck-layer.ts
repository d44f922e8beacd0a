import ImageCanvas from 'ol/ImageCanvas';
import type OlMap from 'ol/Map';
import type { Extent } from 'ol/extent';
import { DEVICE_PIXEL_RATIO } from 'ol/has';
import ImageLayer from 'ol/layer/Image';
import { getTransform } from 'ol/proj';
import ImageSource from 'ol/source/Image';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { accurateEnough } from '#core/domain/geo/trail';
import { COMPASS_SECTORS, compassSector } from '#core/domain/tracking/heading';
import { isLater } from '#src/data/device-positions.ts';
import { CLUSTER_EPS_PIXELS, CLUSTER_MIN_WEIGHT } from '../../map/clustering.ts';

/** What the controls turn on and off (spec 1 §2 "Controls"), and the driver filter and search. */
export interface TruckDisplay {
  mobileLocations: boolean;
  trailerLocations: boolean;
  mobileHeading: boolean;
  trailerHeading: boolean;
  mobileSpeed: boolean;
}

export const DEFAULT_TRUCK_DISPLAY: TruckDisplay = {
  mobileLocations: true,
  trailerLocations: true,
  mobileHeading: true,
  trailerHeading: true,
  mobileSpeed: false,
};

/** Names are drawn only from this zoom on: thousands of labels at a country's scale are noise and cost frames. */
const LABEL_MIN_ZOOM = 10;
const COLORS = { mobile: '#1971c2', trailer: '#e8590c', selected: '#2f9e44' } as const;
const MARKER_RADIUS = 9;
const SELECTED_RADIUS = 12;
const LABEL_OFFSET_Y = 18;
/** How far from a marker's centre a click still picks it, in CSS pixels (its radius and OpenLayers' usual tolerance of 6). */
const HIT_TOLERANCE = 6;
/**
 * Main-thread time one animation frame may spend drawing trucks into the next image. Drawing 5,000
 * arrows takes tens of milliseconds without a GPU: in slices of this much, each frame keeps its 16.7 ms.
 */
const SLICE_MS = 5;
/** Draw steps in the first slice; each next slice is sized by the time the last one took. */
const FIRST_SLICE_STEPS = 400;

type DeviceType = DeviceLocationEvent['deviceType'];

/** Longitude/latitude to the map's Web Mercator, looked up once (fromLonLat looks it up per call). */
const toMap = getTransform('EPSG:4326', 'EPSG:3857')!;
/** One coordinate array every move is written through. */
const scratch = [0, 0];

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(width));
  canvas.height = Math.max(1, Math.ceil(height));
  return canvas;
}

/**
 * A marker drawn once per colour, size, sector (or none: a dot) and pixel ratio, already turned: a
 * truck is then one upright copy at whole pixels, the cheapest draw a canvas has without a GPU. A
 * triangle's tip points to the sector's direction, clockwise from north.
 */
function markerCanvas(color: string, radius: number, sector: number | null, pixelRatio: number): HTMLCanvasElement {
  const size = 2 * (radius + 2);
  const canvas = canvasOf(size * pixelRatio, size * pixelRatio);
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  context.scale(pixelRatio, pixelRatio);
  context.translate(size / 2, size / 2);
  context.beginPath();
  if (sector === null) context.arc(0, 0, radius - 2, 0, 2 * Math.PI);
  else {
    context.rotate((sector * Math.PI) / 4);
    for (const degrees of [-90, 30, 150]) {
      const angle = (degrees * Math.PI) / 180;
      context.lineTo(Math.cos(angle) * radius, Math.sin(angle) * radius);
    }
  }
  context.closePath();
  context.fillStyle = color;
  context.fill();
  context.strokeStyle = '#fff';
  context.lineWidth = 2;
  context.stroke();
  return canvas;
}

const clusterRadius = (count: number) => (count < 10 ? 12 : count < 100 ? 15 : 18);

/** A cluster's counted circle, drawn once per count and pixel ratio. */
function clusterCanvas(count: number, pixelRatio: number): HTMLCanvasElement {
  const radius = clusterRadius(count);
  const size = 2 * (radius + 2);
  const canvas = canvasOf(size * pixelRatio, size * pixelRatio);
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  context.scale(pixelRatio, pixelRatio);
  context.beginPath();
  context.arc(size / 2, size / 2, radius, 0, 2 * Math.PI);
  context.fillStyle = 'rgba(25, 113, 194, 0.85)';
  context.fill();
  context.strokeStyle = '#fff';
  context.lineWidth = 2;
  context.stroke();
  context.font = 'bold 12px sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#fff';
  context.fillText(String(count), size / 2, size / 2);
  return canvas;
}

export interface TruckLayerOptions {
  /** The driver's (or device's) name a truck carries, and its speed text when shown. */
  label: (position: DeviceLocationEvent, display: TruckDisplay) => string;
  /** Whether the driver filter lets a device show. */
  allowed: (position: DeviceLocationEvent) => boolean;
}

/** What the layer holds per device: made once, then moved in place. */
interface Truck {
  position: DeviceLocationEvent;
  /** Web Mercator. */
  x: number;
  y: number;
  /** Index in COMPASS_SECTORS (a missing heading points north). */
  sector: number;
  shown: boolean;
  clustered: boolean;
}

/** Trucks gathered on one grid cell (spec 1 §9: eps 4 px, min weight 3), drawn as one counted circle. */
export interface TruckCluster {
  x: number;
  y: number;
  members: number[];
}

/** How a shown truck is drawn (null: not drawn, being hidden or in a cluster). */
export interface TruckMarker {
  type: DeviceType;
  /** Index in COMPASS_SECTORS; null for a dot (heading control off). */
  sector: number | null;
  selected: boolean;
  /** The name beside it: from LABEL_MIN_ZOOM on, and always for the selected truck. */
  label: string | null;
}

/** The image the trucks are drawn into, handed to the map's image layer once complete. */
class TruckImageSource extends ImageSource {
  complete: ImageCanvas | null = null;

  constructor() {
    super({ projection: 'EPSG:3857' });
  }

  /** Always the last complete image, whatever is asked: the layer places it by its own extent and resolution. */
  override getImage(): ImageCanvas | null {
    return this.complete;
  }
}

/** An image being drawn over several animation frames, for one view. */
interface Drawing {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D | null;
  extent: Extent;
  resolution: number;
  pixelRatio: number;
  /** How many trucks to draw (the selected one last, above the others); where: `drawX`/`drawY`, in device pixels of the image. */
  count: number;
  /** The first of them named: 0 from LABEL_MIN_ZOOM on, else only the selected one (or none). */
  labelFrom: number;
  /** How many clusters to draw over them; where: `clusterX`/`clusterY`; their sizes: `clusterSize`. */
  clusters: number;
  /** The next step: arrows, then labels, then clusters. */
  next: number;
}

/** Web Mercator spans ±2.0e7 m; 2^26 cells a row is more than a grid of 2.4 m cells needs. */
const GRID_ROW = 67_108_864;

/**
 * The live map's trucks (MAP-NOTES.md): one record per device, made once and moved in place, never
 * an OpenLayers feature (a feature's style function, replay instructions and hit-detection copy per
 * truck per draw cost more than the drawing, and their garbage brought major collections). A batch
 * moves the records and clusters once (spec 1 §9: eps 4 px, min weight 3, on a pixel grid, linear);
 * the trucks are then drawn as pre-turned arrows at whole pixels into an image of the view, a few
 * milliseconds per animation frame so no frame is lost to it, and the image layer shows the image
 * once complete (panning moves the image; the next one is drawn when the view settles). Clicks are
 * answered from the records (`hitAt`). Never a React component per marker, never a source rebuilt
 * per update.
 */
export class TruckLayer {
  private readonly source = new TruckImageSource();
  readonly layer = new ImageLayer({ source: this.source, properties: { name: 'trucks' }, zIndex: 20 });
  private readonly byDevice = new Map<number, Truck>();
  private readonly shown = new Set<Truck>();
  private display: TruckDisplay = DEFAULT_TRUCK_DISPLAY;
  private selectedId: number | null = null;
  private map: OlMap | null = null;
  private clusteredAtResolution = 0;
  /** The grid, kept between batches: cell → its last truck's index; each index → the previous one in its cell. */
  private readonly cellLast = new Map<number, number>();
  private gridTrucks: Truck[] = [];
  private gridPrevious = new Int32Array(0);
  /** Clusters made once and reused; the first `clusterCount` are current. */
  private readonly clusterPool: TruckCluster[] = [];
  private clusterCount = 0;
  /** The two canvases drawn into in turn: one shown, one being drawn. */
  private readonly canvases: HTMLCanvasElement[] = [];
  private drawing: Drawing | null = null;
  private sliceSteps = FIRST_SLICE_STEPS;
  private readonly drawList: Truck[] = [];
  private drawX = new Float64Array(0);
  private drawY = new Float64Array(0);
  private clusterX = new Float64Array(0);
  private clusterY = new Float64Array(0);
  private clusterSize = new Int32Array(0);
  /** Whether the trucks changed since the image being drawn (or shown) was planned. */
  private stale = false;
  private frame = 0;
  private markerImages: HTMLCanvasElement[] = [];
  private readonly clusterImages = new Map<number, HTMLCanvasElement>();
  private imagesPixelRatio = 0;

  constructor(private options: TruckLayerOptions) {}

  attach(map: OlMap): () => void {
    this.map = map;
    map.addLayer(this.layer);
    const onMoveEnd = () => {
      if (map.getView().getResolution() !== this.clusteredAtResolution) this.recluster();
      this.redraw(true);
    };
    const onResize = () => this.redraw(true);
    map.on('moveend', onMoveEnd);
    map.on('change:size', onResize);
    this.recluster();
    this.redraw(true);
    return () => {
      map.un('moveend', onMoveEnd);
      map.un('change:size', onResize);
      if (this.frame !== 0) cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.drawing = null;
      map.removeLayer(this.layer);
      this.map = null;
    };
  }

  /** The whole latest list (a read, or the cache after a reload): adds, moves, and drops devices no longer listed. */
  setAll(positions: readonly DeviceLocationEvent[]) {
    // The list the socket's batches already placed (the cache's readers get it a second later): nothing to do.
    if (
      positions.length === this.byDevice.size &&
      positions.every((position) => this.byDevice.get(position.deviceId)?.position === position)
    ) {
      return;
    }
    const listed = new Set<number>();
    let removed = false;
    for (const position of positions) listed.add(position.deviceId);
    for (const [deviceId, truck] of this.byDevice) {
      if (listed.has(deviceId)) continue;
      this.hide(truck);
      this.byDevice.delete(deviceId);
      removed = true;
    }
    const changed = this.move(positions);
    if (removed && !changed) this.changed();
  }

  /** A batch of pushed positions: each device's record moved in place, one re-cluster, then one image drawn. */
  apply(positions: readonly DeviceLocationEvent[]) {
    this.move(positions);
  }

  /** The controls or the driver filter changed: which devices show is decided again. */
  setDisplay(display: TruckDisplay, options: TruckLayerOptions) {
    this.display = display;
    this.options = options;
    for (const truck of this.byDevice.values()) {
      if (this.isAllowed(truck.position)) this.show(truck);
      else this.hide(truck);
    }
    this.changed();
  }

  setSelected(deviceId: number | null) {
    if (deviceId === this.selectedId) return;
    this.selectedId = deviceId;
    this.changed();
  }

  /** Where a device's marker is, in map coordinates, when it shows. */
  coordinateOf(deviceId: number) {
    const truck = this.byDevice.get(deviceId);
    return truck ? [truck.x, truck.y] : null;
  }

  /** The devices shown (controls and driver filter), clustered or not. */
  shownDeviceIds(): number[] {
    return [...this.shown].map((truck) => truck.position.deviceId);
  }

  /** The current clusters. */
  clusters(): readonly TruckCluster[] {
    return this.clusterPool.slice(0, this.clusterCount);
  }

  /** How a device is drawn now, or null when it is not (hidden, unknown, or in a cluster). */
  markerOf(deviceId: number): TruckMarker | null {
    const truck = this.byDevice.get(deviceId);
    if (!truck?.shown || truck.clustered) return null;
    const resolution = this.map?.getView().getResolution();
    return this.marker(truck, resolution !== undefined && this.labelsAt(resolution));
  }

  /**
   * What a click at a pixel picks: a cluster (drawn on top), else the nearest truck drawn within its
   * marker and the click tolerance, the selected one first.
   */
  hitAt(pixel: readonly number[]): { deviceId: number } | { cluster: TruckCluster } | null {
    const view = this.map?.getView();
    const size = this.map?.getSize();
    const resolution = view?.getResolution();
    const center = view?.getCenter();
    if (!view || !size || !resolution || !center) return null;
    // The pixel's map coordinate (the inverse of OpenLayers' coordinate-to-pixel transform).
    const right = (pixel[0]! - size[0]! / 2) * resolution;
    const up = (size[1]! / 2 - pixel[1]!) * resolution;
    const rotation = view.getRotation();
    const x = center[0]! + right * Math.cos(rotation) - up * Math.sin(rotation);
    const y = center[1]! + right * Math.sin(rotation) + up * Math.cos(rotation);
    const within = (candidateX: number, candidateY: number, radius: number) => {
      const distance = Math.hypot(candidateX - x, candidateY - y) / resolution;
      return distance <= radius + HIT_TOLERANCE ? distance : Number.POSITIVE_INFINITY;
    };
    for (let index = this.clusterCount - 1; index >= 0; index--) {
      const cluster = this.clusterPool[index]!;
      if (within(cluster.x, cluster.y, clusterRadius(cluster.members.length)) < Number.POSITIVE_INFINITY) return { cluster };
    }
    const selected = this.selectedId === null ? undefined : this.byDevice.get(this.selectedId);
    if (selected?.shown && within(selected.x, selected.y, SELECTED_RADIUS) < Number.POSITIVE_INFINITY) {
      return { deviceId: selected.position.deviceId };
    }
    let nearest: Truck | null = null;
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (const truck of this.shown) {
      if (truck.clustered) continue;
      const distance = within(truck.x, truck.y, MARKER_RADIUS);
      if (distance < nearestDistance) {
        nearest = truck;
        nearestDistance = distance;
      }
    }
    return nearest ? { deviceId: nearest.position.deviceId } : null;
  }

  /** Moves (or adds) each device's truck; answers whether any did, having re-clustered and asked for an image if so. */
  private move(positions: readonly DeviceLocationEvent[]): boolean {
    let changed = false;
    for (const position of positions) {
      let truck = this.byDevice.get(position.deviceId);
      if (truck?.position === position) continue;
      // Spec 1 §9: a fix of poor accuracy does not move the marker; the last good one stays.
      if (!accurateEnough(position)) continue;
      if (truck && isLater(truck.position.timestamp, position.timestamp)) continue;
      changed = true;
      scratch[0] = position.longitude;
      scratch[1] = position.latitude;
      toMap(scratch, scratch, 2);
      if (truck) {
        truck.position = position;
        truck.x = scratch[0]!;
        truck.y = scratch[1]!;
      } else {
        truck = { position, x: scratch[0]!, y: scratch[1]!, sector: 0, shown: false, clustered: false };
        this.byDevice.set(position.deviceId, truck);
      }
      truck.sector = COMPASS_SECTORS.indexOf(compassSector(position.heading) ?? 'N');
      if (this.isAllowed(position)) this.show(truck);
      else this.hide(truck);
    }
    if (changed) this.changed();
    return changed;
  }

  private show(truck: Truck) {
    if (truck.shown) return;
    truck.shown = true;
    this.shown.add(truck);
  }

  private hide(truck: Truck) {
    if (!truck.shown) return;
    truck.shown = false;
    truck.clustered = false;
    this.shown.delete(truck);
  }

  private isAllowed(position: DeviceLocationEvent) {
    const typeShown = position.deviceType === 'mobile' ? this.display.mobileLocations : this.display.trailerLocations;
    return typeShown && this.options.allowed(position);
  }

  /** The trucks changed: clustered again, and a new image asked for (after the one being drawn). */
  private changed() {
    this.recluster();
    this.redraw(false);
  }

  /**
   * Asks for an image of the trucks as they are. A new view (`viewChanged`: moved, zoomed, resized)
   * starts it over at once; moved trucks wait for the image being drawn, then draw again, so a
   * steady stream of batches still completes an image each time.
   */
  private redraw(viewChanged: boolean) {
    this.stale = true;
    if (viewChanged) this.drawing = null;
    if (this.frame === 0 && this.map) this.frame = requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = () => {
    this.frame = 0;
    const map = this.map;
    if (!map) return;
    const view = map.getView();
    // While the view moves the layer shows its last image moved along; drawing waits for it to settle.
    if (view.getInteracting() || view.getAnimating()) {
      this.frame = requestAnimationFrame(this.onFrame);
      return;
    }
    if (!this.drawing) {
      if (!this.stale) return;
      this.drawing = this.plan(map);
      if (!this.drawing) return;
    }
    if (this.drawSlice(this.drawing)) {
      this.finish(this.drawing);
      this.drawing = null;
      if (!this.stale) return;
    }
    this.frame = requestAnimationFrame(this.onFrame);
  };

  /** Decides which trucks an image of the current view draws and where, cleared and ready. */
  private plan(map: OlMap): Drawing | null {
    const view = map.getView();
    const size = map.getSize();
    const resolution = view.getResolution();
    if (!size || !resolution || size[0] === 0 || size[1] === 0) return null;
    this.stale = false;
    const extent = view.calculateExtent(size);
    const pixelRatio = DEVICE_PIXEL_RATIO;
    const width = Math.round(((extent[2]! - extent[0]!) / resolution) * pixelRatio);
    const height = Math.round(((extent[3]! - extent[1]!) / resolution) * pixelRatio);
    // The canvas the shown image does not use.
    const shownCanvas = this.source.complete?.getImage();
    let canvas = this.canvases.find((candidate) => candidate !== shownCanvas);
    if (!canvas) {
      canvas = canvasOf(width, height);
      this.canvases.push(canvas);
    }
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    // Kept in memory and read back (see drawSlice): a canvas in the CPU's memory.
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context?.clearRect(0, 0, width, height);
    this.prepareImages(pixelRatio);

    // Everything within a marker's reach of the image is drawn; the selected truck last, above the others.
    const margin = (SELECTED_RADIUS + 2) * resolution;
    const within = (x: number, y: number) =>
      x >= extent[0]! - margin && x <= extent[2]! + margin && y >= extent[1]! - margin && y <= extent[3]! + margin;
    const toImageX = (x: number) => ((x - extent[0]!) / resolution) * pixelRatio;
    const toImageY = (y: number) => ((extent[3]! - y) / resolution) * pixelRatio;
    const list = this.drawList;
    let count = 0;
    if (this.drawX.length < this.shown.size) {
      this.drawX = new Float64Array(this.shown.size * 2);
      this.drawY = new Float64Array(this.shown.size * 2);
    }
    const add = (truck: Truck) => {
      list[count] = truck;
      this.drawX[count] = toImageX(truck.x);
      this.drawY[count] = toImageY(truck.y);
      count++;
    };
    for (const truck of this.shown) {
      if (!truck.clustered && truck.position.deviceId !== this.selectedId && within(truck.x, truck.y)) add(truck);
    }
    const labels = this.labelsAt(resolution);
    const unselected = count;
    const selected = this.selectedId === null ? undefined : this.byDevice.get(this.selectedId);
    if (selected?.shown && within(selected.x, selected.y)) add(selected);
    list.length = count;

    if (this.clusterX.length < this.clusterCount) {
      this.clusterX = new Float64Array(this.clusterCount * 2);
      this.clusterY = new Float64Array(this.clusterCount * 2);
      this.clusterSize = new Int32Array(this.clusterCount * 2);
    }
    let clusters = 0;
    for (let index = 0; index < this.clusterCount; index++) {
      const cluster = this.clusterPool[index]!;
      if (!within(cluster.x, cluster.y)) continue;
      this.clusterX[clusters] = toImageX(cluster.x);
      this.clusterY[clusters] = toImageY(cluster.y);
      this.clusterSize[clusters] = cluster.members.length;
      clusters++;
    }
    return { canvas, context, extent, resolution, pixelRatio, count, labelFrom: labels ? 0 : unselected, clusters, next: 0 };
  }

  /**
   * Draws the next slice of an image; answers whether it is complete. Canvas draws are only recorded
   * when called and rasterised when the canvas is read, so a slice ends by reading one pixel (its
   * drawing done within this frame, not all at once when the image is shown), and the clock read
   * around it sizes the next slice.
   */
  private drawSlice(drawing: Drawing): boolean {
    const { context, count, labelFrom } = drawing;
    const labelsEnd = 2 * count - labelFrom;
    const total = labelsEnd + drawing.clusters;
    if (!context) {
      drawing.next = total;
      return true;
    }
    const started = performance.now();
    const end = Math.min(total, drawing.next + this.sliceSteps);
    let step = drawing.next;
    for (; step < end; step++) {
      if (step < count) this.drawArrow(context, this.drawList[step]!, this.drawX[step]!, this.drawY[step]!);
      else if (step < labelsEnd) {
        const index = labelFrom + step - count;
        this.drawLabel(context, drawing.pixelRatio, this.drawList[index]!, this.drawX[index]!, this.drawY[index]!);
      } else this.drawCluster(context, drawing.pixelRatio, step - labelsEnd);
    }
    context.getImageData(0, 0, 1, 1);
    const elapsed = performance.now() - started;
    const drawn = step - drawing.next;
    drawing.next = step;
    if (drawn >= this.sliceSteps / 2) {
      this.sliceSteps = Math.max(50, Math.min(5000, Math.round((drawn * SLICE_MS) / Math.max(elapsed, 0.5))));
    }
    return step >= total;
  }

  /** The complete image replaces the shown one. */
  private finish(drawing: Drawing) {
    this.source.complete = new ImageCanvas(drawing.extent, drawing.resolution, drawing.pixelRatio, drawing.canvas);
    this.source.changed();
  }

  private drawCluster(context: CanvasRenderingContext2D, pixelRatio: number, index: number) {
    const size = this.clusterSize[index]!;
    let image = this.clusterImages.get(size);
    if (!image) {
      image = clusterCanvas(size, pixelRatio);
      this.clusterImages.set(size, image);
    }
    context.drawImage(
      image,
      Math.round(this.clusterX[index]! - image.width / 2),
      Math.round(this.clusterY[index]! - image.height / 2),
    );
  }

  private drawArrow(context: CanvasRenderingContext2D, truck: Truck, x: number, y: number) {
    const { position } = truck;
    const withHeading = position.deviceType === 'mobile' ? this.display.mobileHeading : this.display.trailerHeading;
    const image =
      this.markerImages[
        markerIndex(position.deviceType, withHeading ? truck.sector : null, position.deviceId === this.selectedId)
      ]!;
    // Whole pixels: a copy without resampling.
    context.drawImage(image, Math.round(x - image.width / 2), Math.round(y - image.height / 2));
  }

  private drawLabel(context: CanvasRenderingContext2D, pixelRatio: number, truck: Truck, x: number, y: number) {
    const text = this.options.label(truck.position, this.display);
    const labelY = y + LABEL_OFFSET_Y * pixelRatio;
    context.strokeText(text, x, labelY);
    context.fillText(text, x, labelY);
  }

  /** Marker images for a pixel ratio, and the label font, set once per image rather than per truck. */
  private prepareImages(pixelRatio: number) {
    if (this.imagesPixelRatio !== pixelRatio) {
      this.imagesPixelRatio = pixelRatio;
      this.clusterImages.clear();
      this.markerImages = [];
      for (const type of ['mobile', 'trailer'] as const) {
        for (const sector of [...COMPASS_SECTORS.keys(), null]) {
          for (const selected of [false, true]) {
            this.markerImages[markerIndex(type, sector, selected)] = markerCanvas(
              selected ? COLORS.selected : COLORS[type],
              selected ? SELECTED_RADIUS : MARKER_RADIUS,
              sector,
              pixelRatio,
            );
          }
        }
      }
    }
    for (const canvas of this.canvases) {
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) continue;
      context.font = `600 ${12 * pixelRatio}px sans-serif`;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.lineWidth = 3 * pixelRatio;
      context.strokeStyle = '#fff';
      context.fillStyle = '#1a1b1e';
    }
  }

  private marker(truck: Truck, labels: boolean): TruckMarker {
    const { position } = truck;
    const selected = position.deviceId === this.selectedId;
    const withHeading = position.deviceType === 'mobile' ? this.display.mobileHeading : this.display.trailerHeading;
    return {
      type: position.deviceType,
      sector: withHeading ? truck.sector : null,
      selected,
      label: selected || labels ? this.options.label(position, this.display) : null,
    };
  }

  /** Whether names show at a resolution. */
  private labelsAt(resolution: number) {
    return (this.map?.getView().getZoomForResolution(resolution) ?? 0) >= LABEL_MIN_ZOOM;
  }

  /**
   * Gathers trucks on a grid of eps pixels at the current resolution: a cell holding at least min
   * weight trucks becomes one cluster at their centre. Linear in the trucks shown, over arrays kept
   * between batches, so it runs once per batch (OpenLayers' Cluster source is quadratic then).
   */
  private recluster() {
    const resolution = this.map?.getView().getResolution();
    if (!resolution) return;
    this.clusteredAtResolution = resolution;
    const cell = CLUSTER_EPS_PIXELS * resolution;
    const cellLast = this.cellLast;
    cellLast.clear();
    if (this.gridPrevious.length < this.shown.size) this.gridPrevious = new Int32Array(this.shown.size * 2);
    const previous = this.gridPrevious;
    const gridTrucks = this.gridTrucks;
    let count = 0;
    for (const truck of this.shown) {
      truck.clustered = false;
      if (truck.position.deviceId === this.selectedId) continue;
      const key = Math.floor(truck.x / cell) * GRID_ROW + Math.floor(truck.y / cell);
      previous[count] = cellLast.get(key) ?? -1;
      cellLast.set(key, count);
      gridTrucks[count] = truck;
      count++;
    }
    gridTrucks.length = count;
    let clusters = 0;
    for (const last of cellLast.values()) {
      let weight = 0;
      for (let index = last; index !== -1 && weight < CLUSTER_MIN_WEIGHT; index = previous[index]!) weight++;
      if (weight < CLUSTER_MIN_WEIGHT) continue;
      let cluster = this.clusterPool[clusters];
      if (!cluster) {
        cluster = { x: 0, y: 0, members: [] };
        this.clusterPool.push(cluster);
      }
      const { members } = cluster;
      members.length = 0;
      let sumX = 0;
      let sumY = 0;
      for (let index = last; index !== -1; index = previous[index]!) {
        const truck = gridTrucks[index]!;
        truck.clustered = true;
        members.push(truck.position.deviceId);
        sumX += truck.x;
        sumY += truck.y;
      }
      cluster.x = sumX / members.length;
      cluster.y = sumY / members.length;
      clusters++;
    }
    this.clusterCount = clusters;
  }
}

/** One marker image per device type, sector (or none: a dot) and selection; indexed, not keyed by a string made per draw. */
function markerIndex(type: DeviceType, sector: number | null, selected: boolean) {
  return ((type === 'mobile' ? 0 : 1) * 9 + (sector ?? 8)) * 2 + (selected ? 1 : 0);
}
