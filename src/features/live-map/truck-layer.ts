import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import { getTransform } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Icon from 'ol/style/Icon';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { accurateEnough } from '#core/domain/geo/trail';
import { COMPASS_SECTORS, compassSector } from '#core/domain/tracking/heading';
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
const LABEL_STYLE_CACHE_MAX = 5000;

type DeviceType = DeviceLocationEvent['deviceType'];

/** Longitude/latitude to the map's Web Mercator, looked up once (fromLonLat looks it up per call). */
const toMap = getTransform('EPSG:4326', 'EPSG:3857')!;
/** One coordinate array every move is written through (the point copies it). */
const scratch = [0, 0];

/**
 * A heading arrow drawn once per colour, size and sector, already turned: the layer then blits it
 * without a rotation per marker (a rotated draw costs several times an upright one without a GPU).
 * A triangle's tip points to the sector's direction, clockwise from north.
 */
function arrowCanvas(color: string, radius: number, sector: number): HTMLCanvasElement {
  const size = Math.ceil(2 * (radius + 2));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  context.translate(size / 2, size / 2);
  context.rotate((sector * Math.PI) / 4);
  context.beginPath();
  for (const degrees of [-90, 30, 150]) {
    const angle = (degrees * Math.PI) / 180;
    context.lineTo(Math.cos(angle) * radius, Math.sin(angle) * radius);
  }
  context.closePath();
  context.fillStyle = color;
  context.fill();
  context.strokeStyle = '#fff';
  context.lineWidth = 2;
  context.stroke();
  return canvas;
}

const markerStyles: Style[] = [];
/** One style per device type, sector (or none: a dot) and selection, shared by every truck; indexed, not keyed by a string made per draw. */
function markerStyle(type: DeviceType, sector: number | null, selected: boolean): Style {
  const index = ((type === 'mobile' ? 0 : 1) * 9 + (sector ?? 8)) * 2 + (selected ? 1 : 0);
  let style = markerStyles[index];
  if (!style) {
    const color = selected ? COLORS.selected : COLORS[type];
    const radius = selected ? 12 : 9;
    style = new Style({
      image:
        sector === null
          ? new CircleStyle({ radius: radius - 2, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 2 }) })
          : new Icon({ img: arrowCanvas(color, radius, sector) }),
      zIndex: selected ? 2 : 1,
    });
    markerStyles[index] = style;
  }
  return style;
}

const labelStyles = new Map<string, Style>();
function labelStyle(text: string): Style {
  let style = labelStyles.get(text);
  if (!style) {
    if (labelStyles.size > LABEL_STYLE_CACHE_MAX) labelStyles.clear();
    style = new Style({
      text: new Text({
        text,
        font: '600 12px sans-serif',
        offsetY: 18,
        fill: new Fill({ color: '#1a1b1e' }),
        stroke: new Stroke({ color: '#fff', width: 3 }),
      }),
    });
    labelStyles.set(text, style);
  }
  return style;
}

const clusterStyles = new Map<number, Style>();
function clusterStyle(count: number): Style {
  let style = clusterStyles.get(count);
  if (!style) {
    style = new Style({
      image: new CircleStyle({
        radius: count < 10 ? 12 : count < 100 ? 15 : 18,
        fill: new Fill({ color: 'rgba(25, 113, 194, 0.85)' }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
      text: new Text({ text: String(count), font: 'bold 12px sans-serif', fill: new Fill({ color: '#fff' }) }),
      zIndex: 3,
    });
    clusterStyles.set(count, style);
  }
  return style;
}

export interface TruckLayerOptions {
  /** The driver's (or device's) name a truck carries, and its speed text when shown. */
  label: (position: DeviceLocationEvent, display: TruckDisplay) => string;
  /** Whether the driver filter lets a device show. */
  allowed: (position: DeviceLocationEvent) => boolean;
}

/**
 * A truck's point, moved without an event: a change event per move would run up through its
 * feature, the source and the layer thousands of times a batch; the layer tells its source once
 * instead. Its revision still counts each move, so what OpenLayers caches by revision (extent,
 * simplified geometry) is computed again.
 */
export class MovingPoint extends Point {
  private moves = 0;

  moveTo(x: number, y: number) {
    this.flatCoordinates[0] = x;
    this.flatCoordinates[1] = y;
    this.moves++;
  }

  override getRevision(): number {
    return super.getRevision() + this.moves;
  }
}

/** What the layer holds per device, read by the style function and the grid without a property lookup. */
interface Truck {
  readonly feature: Feature<MovingPoint>;
  readonly point: MovingPoint;
  position: DeviceLocationEvent;
  time: number;
  /** Index in COMPASS_SECTORS (a missing heading points north). */
  sector: number;
  /** Which of the truck layers draws it. */
  readonly band: number;
  shown: boolean;
  clustered: boolean;
}

/**
 * Trucks are drawn by this many image layers, each drawing the devices whose id falls in its band:
 * after a batch each redraws in its own animation frame, so drawing thousands of arrows (tens of
 * milliseconds without a GPU) is split. Two, measured: four kept updates off long tasks more often
 * but cost a dropped frame per band each second (p95 33 ms), and every layer is composited each
 * frame while panning (eight dropped panning frames too).
 */
export const TRUCK_BANDS = 2;

/** Web Mercator spans ±2.0e7 m; 2^26 cells a row is more than a grid of 2.4 m cells needs. */
const GRID_ROW = 67_108_864;

/**
 * The live map's trucks (MAP-NOTES.md): one feature per device, made once and moved in place — its
 * point's coordinates written silently, then one change of the source per batch — in a source
 * without a spatial index (nothing to re-insert per move), drawn by an image layer (panning moves
 * the drawn image; a batch redraws it once). Clustering (spec 1 §9: eps 4 px, min weight 3) is
 * computed once per batch and per zoom change on a pixel grid, into a small source of pooled
 * cluster markers; the trucks a cluster holds are not drawn. Never a React component per marker,
 * never a source rebuilt per update.
 */
export class TruckLayer {
  readonly trucks = new VectorSource<Feature<MovingPoint>>({ useSpatialIndex: false });
  private readonly clusters = new VectorSource<Feature<MovingPoint>>({ useSpatialIndex: false });
  /** One image layer per band, all over the one source of trucks. */
  readonly truckLayers: readonly VectorImageLayer<VectorSource<Feature<MovingPoint>>>[];
  readonly clusterLayer: VectorLayer<VectorSource<Feature<MovingPoint>>>;
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
  /** Cluster markers made once and reused; the first `clusterCount` are in the cluster source. */
  private readonly clusterPool: Feature<MovingPoint>[] = [];
  private clusterCount = 0;
  private labelsResolution = 0;
  private labelsShown = false;
  /** The next band to redraw after a batch (TRUCK_BANDS: none), and the animation frame that will. */
  private nextBand = TRUCK_BANDS;
  private bandFrame = 0;

  constructor(private options: TruckLayerOptions) {
    this.truckLayers = Array.from(
      { length: TRUCK_BANDS },
      (_, band) =>
        new VectorImageLayer({
          source: this.trucks,
          style: (feature, resolution) => this.truckStyle(feature as Feature<MovingPoint>, resolution, band),
          properties: { name: 'trucks' },
          zIndex: 20,
        }),
    );
    this.clusterLayer = new VectorLayer({
      source: this.clusters,
      style: (feature) => clusterStyle((feature.get('members') as number[]).length),
      properties: { name: 'truck-clusters' },
      zIndex: 21,
    });
  }

  attach(map: OlMap): () => void {
    this.map = map;
    for (const truckLayer of this.truckLayers) map.addLayer(truckLayer);
    map.addLayer(this.clusterLayer);
    const onMoveEnd = () => {
      if (map.getView().getResolution() !== this.clusteredAtResolution) this.redraw();
    };
    map.on('moveend', onMoveEnd);
    this.redraw();
    return () => {
      map.un('moveend', onMoveEnd);
      this.cancelBands();
      for (const truckLayer of this.truckLayers) map.removeLayer(truckLayer);
      map.removeLayer(this.clusterLayer);
      this.map = null;
    };
  }

  /** The whole latest list (a read, or the cache after a reload): adds, moves, and drops devices no longer listed. */
  setAll(positions: readonly DeviceLocationEvent[]) {
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
    if (removed && !changed) this.redraw();
  }

  /** A batch of pushed positions: each device's feature moved in place; one re-cluster, then each band's layer told once. */
  apply(positions: readonly DeviceLocationEvent[]) {
    this.move(positions);
  }

  /** The controls or the driver filter changed: which devices show is decided again. */
  setDisplay(display: TruckDisplay, options: TruckLayerOptions) {
    this.display = display;
    this.options = options;
    const added: Feature<MovingPoint>[] = [];
    for (const truck of this.byDevice.values()) {
      if (this.isAllowed(truck.position)) this.show(truck, added);
      else this.hide(truck);
    }
    if (added.length > 0) this.trucks.addFeatures(added);
    this.redraw();
  }

  setSelected(deviceId: number | null) {
    if (deviceId === this.selectedId) return;
    this.selectedId = deviceId;
    this.redraw();
  }

  /** Whether a layer is one of those drawing trucks (for hit detection). */
  isTruckLayer(layer: unknown) {
    return this.truckLayers.includes(layer as VectorImageLayer<VectorSource<Feature<MovingPoint>>>);
  }

  /** Where a device's marker is, in map coordinates, when it shows. */
  coordinateOf(deviceId: number) {
    return this.byDevice.get(deviceId)?.point.getCoordinates() ?? null;
  }

  /** Moves (or adds) each device's truck; answers whether any did, having redrawn once if so. */
  private move(positions: readonly DeviceLocationEvent[]): boolean {
    const added: Feature<MovingPoint>[] = [];
    let changed = false;
    for (const position of positions) {
      let truck = this.byDevice.get(position.deviceId);
      if (truck?.position === position) continue;
      // Spec 1 §9: a fix of poor accuracy does not move the marker; the last good one stays.
      if (!accurateEnough(position)) continue;
      const time = Date.parse(position.timestamp);
      if (truck && truck.time > time) continue;
      changed = true;
      scratch[0] = position.longitude;
      scratch[1] = position.latitude;
      toMap(scratch, scratch, 2);
      if (truck) {
        truck.point.moveTo(scratch[0]!, scratch[1]!);
        truck.position = position;
        truck.time = time;
      } else {
        const point = new MovingPoint([scratch[0]!, scratch[1]!]);
        const feature = new Feature(point);
        feature.setId(position.deviceId);
        truck = {
          feature,
          point,
          position,
          time,
          sector: 0,
          band: position.deviceId % TRUCK_BANDS,
          shown: false,
          clustered: false,
        };
        this.byDevice.set(position.deviceId, truck);
      }
      truck.sector = COMPASS_SECTORS.indexOf(compassSector(position.heading) ?? 'N');
      if (this.isAllowed(position)) this.show(truck, added);
      else this.hide(truck);
    }
    if (added.length > 0) this.trucks.addFeatures(added);
    if (changed) {
      this.recluster();
      this.redrawInBands();
    }
    return changed;
  }

  private show(truck: Truck, added: Feature<MovingPoint>[]) {
    if (truck.shown) return;
    truck.shown = true;
    this.shown.add(truck);
    added.push(truck.feature);
  }

  private hide(truck: Truck) {
    if (!truck.shown) return;
    truck.shown = false;
    truck.clustered = false;
    this.shown.delete(truck);
    this.trucks.removeFeature(truck.feature);
  }

  private isAllowed(position: DeviceLocationEvent) {
    const typeShown = position.deviceType === 'mobile' ? this.display.mobileLocations : this.display.trailerLocations;
    return typeShown && this.options.allowed(position);
  }

  /** Clusters again, then one change of the trucks' source: every band draws at once (a zoom, a control, a selection). */
  private redraw() {
    this.cancelBands();
    this.recluster();
    this.trucks.changed();
  }

  /** After a batch: the first band's layer is told now, each next one in the next animation frame. */
  private redrawInBands() {
    this.nextBand = 0;
    if (this.bandFrame === 0) this.redrawNextBand();
  }

  private readonly redrawNextBand = () => {
    this.bandFrame = 0;
    if (this.nextBand >= TRUCK_BANDS) return;
    this.truckLayers[this.nextBand++]!.changed();
    if (this.nextBand < TRUCK_BANDS) this.bandFrame = requestAnimationFrame(this.redrawNextBand);
  };

  private cancelBands() {
    if (this.bandFrame !== 0) cancelAnimationFrame(this.bandFrame);
    this.bandFrame = 0;
    this.nextBand = TRUCK_BANDS;
  }

  private truckStyle(feature: Feature<MovingPoint>, resolution: number, band: number): Style | Style[] | undefined {
    const truck = this.byDevice.get(feature.getId() as number);
    if (!truck || truck.clustered) return undefined;
    const { position } = truck;
    const selected = position.deviceId === this.selectedId;
    // The selected truck is drawn by the last band's layer, above every other truck.
    if ((selected ? TRUCK_BANDS - 1 : truck.band) !== band) return undefined;
    const withHeading = position.deviceType === 'mobile' ? this.display.mobileHeading : this.display.trailerHeading;
    const marker = markerStyle(position.deviceType, withHeading ? truck.sector : null, selected);
    if (!selected && !this.labelsAt(resolution)) return marker;
    return [marker, labelStyle(this.options.label(position, this.display))];
  }

  /** Whether names show at a resolution, worked out once per resolution rather than per truck drawn. */
  private labelsAt(resolution: number) {
    if (resolution !== this.labelsResolution) {
      this.labelsResolution = resolution;
      this.labelsShown = (this.map?.getView().getZoomForResolution(resolution) ?? 0) >= LABEL_MIN_ZOOM;
    }
    return this.labelsShown;
  }

  /**
   * Gathers trucks on a grid of eps pixels at the current resolution: a cell holding at least min
   * weight trucks becomes one cluster marker at their centre. Linear in the trucks shown, over
   * arrays kept between batches, so it runs once per batch instead of per feature change
   * (OpenLayers' Cluster source is quadratic then).
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
      const flat = truck.point.getFlatCoordinates();
      const key = Math.floor(flat[0]! / cell) * GRID_ROW + Math.floor(flat[1]! / cell);
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
      const members: number[] = [];
      let sumX = 0;
      let sumY = 0;
      for (let index = last; index !== -1; index = previous[index]!) {
        const truck = gridTrucks[index]!;
        truck.clustered = true;
        members.push(truck.position.deviceId);
        const flat = truck.point.getFlatCoordinates();
        sumX += flat[0]!;
        sumY += flat[1]!;
      }
      let marker = this.clusterPool[clusters];
      if (marker) marker.getGeometry()!.moveTo(sumX / members.length, sumY / members.length);
      else {
        marker = new Feature(new MovingPoint([sumX / members.length, sumY / members.length]));
        this.clusterPool.push(marker);
      }
      marker.set('members', members, true);
      clusters++;
    }
    // As many markers as before: moved in place, one change. Otherwise the few derived markers are
    // put in again (the trucks' source never is).
    if (clusters === this.clusterCount) {
      if (clusters > 0) this.clusters.changed();
    } else {
      this.clusters.clear(true);
      this.clusters.addFeatures(this.clusterPool.slice(0, clusters));
      this.clusterCount = clusters;
    }
  }
}
