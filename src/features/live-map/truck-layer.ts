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

const markerStyles = new Map<string, Style>();
/** One style per device type, sector (or none: a dot) and selection, shared by every truck. */
function markerStyle(type: DeviceType, sector: number | null, selected: boolean): Style {
  const key = `${type}:${sector}:${selected}`;
  let style = markerStyles.get(key);
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
    markerStyles.set(key, style);
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
 * The live map's trucks (MAP-NOTES.md): one feature per device, made once and moved in place — its
 * point's coordinates set, its position kept as a property set silently — in a source without a
 * spatial index (nothing to re-insert per move), drawn by an image layer (panning moves the drawn
 * image; a batch redraws it once). Clustering (spec 1 §9: eps 4 px, min weight 3) is computed once
 * per batch and per zoom change on a pixel grid, into a small source of cluster markers; the
 * trucks a cluster holds are not drawn. Never a React component per marker, never a source rebuilt
 * per update.
 */
export class TruckLayer {
  private readonly trucks = new VectorSource<Feature<Point>>({ useSpatialIndex: false });
  private readonly clusters = new VectorSource<Feature<Point>>({ useSpatialIndex: false });
  readonly truckLayer: VectorImageLayer<VectorSource<Feature<Point>>>;
  readonly clusterLayer: VectorLayer<VectorSource<Feature<Point>>>;
  private readonly features = new Map<number, Feature<Point>>();
  private readonly shown = new Set<number>();
  private readonly clustered = new Set<number>();
  private display: TruckDisplay = DEFAULT_TRUCK_DISPLAY;
  private selectedId: number | null = null;
  private map: OlMap | null = null;
  private clusteredAtResolution = 0;

  constructor(private options: TruckLayerOptions) {
    this.truckLayer = new VectorImageLayer({
      source: this.trucks,
      style: (feature, resolution) => this.truckStyle(feature as Feature<Point>, resolution),
      properties: { name: 'trucks' },
      zIndex: 20,
    });
    this.clusterLayer = new VectorLayer({ source: this.clusters, properties: { name: 'truck-clusters' }, zIndex: 21 });
  }

  attach(map: OlMap): () => void {
    this.map = map;
    map.addLayer(this.truckLayer);
    map.addLayer(this.clusterLayer);
    const onMoveEnd = () => {
      if (map.getView().getResolution() !== this.clusteredAtResolution) this.recluster();
    };
    map.on('moveend', onMoveEnd);
    this.recluster();
    return () => {
      map.un('moveend', onMoveEnd);
      map.removeLayer(this.truckLayer);
      map.removeLayer(this.clusterLayer);
      this.map = null;
    };
  }

  /** The whole latest list (a read, or the cache after a reload): adds, moves, and drops devices no longer listed. */
  setAll(positions: readonly DeviceLocationEvent[]) {
    const listed = new Set<number>();
    let removed = false;
    for (const position of positions) listed.add(position.deviceId);
    for (const deviceId of [...this.features.keys()]) {
      if (listed.has(deviceId)) continue;
      const feature = this.features.get(deviceId);
      if (feature && this.shown.delete(deviceId)) this.trucks.removeFeature(feature);
      this.features.delete(deviceId);
      removed = true;
    }
    this.apply(positions);
    if (removed) this.recluster();
  }

  /** A batch of pushed positions: each device's feature moved in place; one re-cluster after. */
  apply(positions: readonly DeviceLocationEvent[]) {
    const added: Feature<Point>[] = [];
    let changed = false;
    for (const position of positions) {
      let feature = this.features.get(position.deviceId);
      const held = feature?.get('position') as DeviceLocationEvent | undefined;
      if (held === position) continue;
      // Spec 1 §9: a fix of poor accuracy does not move the marker; the last good one stays.
      if (!accurateEnough(position)) continue;
      const time = Date.parse(position.timestamp);
      if (held && (feature!.get('time') as number) > time) continue;
      changed = true;
      if (!feature) {
        feature = new Feature({ geometry: new Point(toMap([position.longitude, position.latitude])) });
        feature.setId(position.deviceId);
        this.features.set(position.deviceId, feature);
      } else {
        scratch[0] = position.longitude;
        scratch[1] = position.latitude;
        feature.getGeometry()!.setCoordinates(toMap(scratch, scratch, 2));
      }
      feature.set('position', position, true);
      feature.set('time', time, true);
      const allowed = this.isAllowed(position);
      if (allowed && !this.shown.has(position.deviceId)) {
        this.shown.add(position.deviceId);
        added.push(feature);
      } else if (!allowed && this.shown.delete(position.deviceId)) {
        this.trucks.removeFeature(feature);
      }
    }
    if (added.length > 0) this.trucks.addFeatures(added);
    if (changed) this.recluster();
  }

  /** The controls or the driver filter changed: which devices show is decided again. */
  setDisplay(display: TruckDisplay, options: TruckLayerOptions) {
    this.display = display;
    this.options = options;
    const added: Feature<Point>[] = [];
    for (const [deviceId, feature] of this.features) {
      const allowed = this.isAllowed(feature.get('position') as DeviceLocationEvent);
      if (allowed && !this.shown.has(deviceId)) {
        this.shown.add(deviceId);
        added.push(feature);
      } else if (!allowed && this.shown.delete(deviceId)) {
        this.trucks.removeFeature(feature);
      }
    }
    if (added.length > 0) this.trucks.addFeatures(added);
    this.recluster();
    this.trucks.changed();
  }

  setSelected(deviceId: number | null) {
    if (deviceId === this.selectedId) return;
    this.selectedId = deviceId;
    this.recluster();
    this.trucks.changed();
  }

  /** Where a device's marker is, in map coordinates, when it shows. */
  coordinateOf(deviceId: number) {
    return this.features.get(deviceId)?.getGeometry()?.getCoordinates() ?? null;
  }

  private isAllowed(position: DeviceLocationEvent) {
    const typeShown = position.deviceType === 'mobile' ? this.display.mobileLocations : this.display.trailerLocations;
    return typeShown && this.options.allowed(position);
  }

  private truckStyle(feature: Feature<Point>, resolution: number): Style | Style[] | undefined {
    const position = feature.get('position') as DeviceLocationEvent;
    if (this.clustered.has(position.deviceId)) return undefined;
    const withHeading = position.deviceType === 'mobile' ? this.display.mobileHeading : this.display.trailerHeading;
    const marker = markerStyle(
      position.deviceType,
      withHeading ? COMPASS_SECTORS.indexOf(compassSector(position.heading) ?? 'N') : null,
      position.deviceId === this.selectedId,
    );
    const zoom = this.map?.getView().getZoomForResolution(resolution) ?? 0;
    if (zoom < LABEL_MIN_ZOOM && position.deviceId !== this.selectedId) return marker;
    return [marker, labelStyle(this.options.label(position, this.display))];
  }

  /**
   * Gathers trucks on a grid of eps pixels at the current resolution: a cell holding at least min
   * weight trucks becomes one cluster marker at their centre. Linear in the trucks shown, so it runs
   * once per batch instead of per feature change (OpenLayers' Cluster source is quadratic then).
   */
  private recluster() {
    const resolution = this.map?.getView().getResolution();
    if (!resolution) return;
    this.clusteredAtResolution = resolution;
    const cell = CLUSTER_EPS_PIXELS * resolution;
    const cells = new Map<number, number[]>();
    for (const deviceId of this.shown) {
      if (deviceId === this.selectedId) continue;
      const [x, y] = this.features.get(deviceId)!.getGeometry()!.getFlatCoordinates();
      // Web Mercator spans ±2.0e7 m; 2^26 cells a row is more than a grid of 2.4 m cells needs.
      const key = Math.floor(x! / cell) * 67_108_864 + Math.floor(y! / cell);
      const members = cells.get(key);
      if (members) members.push(deviceId);
      else cells.set(key, [deviceId]);
    }
    const clusterFeatures: Feature<Point>[] = [];
    const wasClustered = this.clustered.size;
    this.clustered.clear();
    for (const members of cells.values()) {
      if (members.length < CLUSTER_MIN_WEIGHT) continue;
      let sumX = 0;
      let sumY = 0;
      for (const deviceId of members) {
        this.clustered.add(deviceId);
        const [x, y] = this.features.get(deviceId)!.getGeometry()!.getFlatCoordinates();
        sumX += x!;
        sumY += y!;
      }
      const cluster = new Feature({ geometry: new Point([sumX / members.length, sumY / members.length]) });
      cluster.set('members', members, true);
      cluster.setStyle(clusterStyle(members.length));
      clusterFeatures.push(cluster);
    }
    // The cluster markers are few and derived: replaced as a whole (the trucks' source never is).
    if (clusterFeatures.length > 0 || this.clusters.getFeatures().length > 0) {
      this.clusters.clear(true);
      this.clusters.addFeatures(clusterFeatures);
    }
    if (wasClustered !== this.clustered.size || this.clustered.size > 0) this.trucks.changed();
  }
}
