import 'ol/ol.css';
import { Alert, Button } from '@mantine/core';
import { QueryClientContext } from '@tanstack/react-query';
import Collection from 'ol/Collection';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import type BaseLayer from 'ol/layer/Base';
import LayerGroup from 'ol/layer/Group';
import { fromLonLat } from 'ol/proj';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapConfig } from '#core/contract/map';
import { createBaseLayers } from './base-layers.ts';
import { type BaseMapChoice, chooseBaseMap } from './base-map-choice.ts';
import { canKeepArchives, type KeptArchive, keepArchive, keptArchive } from '../data/kept-map-archive.ts';
import { readMapConfig } from '../data/map-config.ts';

/** Spec 1 §9: max zoom 18. */
export const MAX_ZOOM = 18;

export interface MapViewProps {
  /** The region's accessible name. */
  label: string;
  height?: number | string;
  testId?: string;
  /**
   * Called once the map exists, to add the screen's own layers and interactions over the base map;
   * the cleanup it answers runs before the map is made again (a language change) or unmounted.
   */
  onReady: (map: OlMap) => (() => void) | undefined;
  /** Offer "keep this region offline" when the server has a regional archive (default true). */
  offerOfflineRegion?: boolean;
}

type KeepState = 'idle' | 'keeping' | 'kept' | 'failed';

/**
 * The one map every screen draws on (DESIGN §6): the base map (README "Base map": a region kept on
 * the device, a style, raster tiles, a regional archive, or the embedded boundaries and places)
 * under the screen's own layers, the product's controls, kept sized to its box. Screens import it
 * lazily, so no screen without a map loads OpenLayers.
 */
export function MapView({ label, height = 240, testId = 'map', onReady, offerOfflineRegion = true }: MapViewProps) {
  const target = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  const queryClient = useContext(QueryClientContext);
  const { t, i18n } = useTranslation('common');
  const zoomInLabel = t('map.zoomIn');
  const zoomOutLabel = t('map.zoomOut');
  const language = i18n.language?.slice(0, 2) || 'en';
  const [unavailable, setUnavailable] = useState(false);
  const [config, setConfig] = useState<MapConfig | null>(null);
  const [kept, setKept] = useState<KeptArchive | null>(null);
  const [keepState, setKeepState] = useState<KeepState>('idle');
  // Bumped when a region was just kept, so the base map is chosen again (now from the device).
  const [baseRevision, setBaseRevision] = useState(0);

  // Made again when the language changes: OpenLayers sets its controls' titles only when it makes them.
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let map: OlMap;
    const base = new LayerGroup({ properties: { baseMap: 'group' } });
    try {
      map = new OlMap({
        target: element,
        layers: [base],
        // North stays up: headings, geofence boxes and the live map's pre-turned arrows read against it,
        // and two fingers on a tablet zoom without turning the map by accident.
        view: new View({ center: fromLonLat([-95.7, 37.1]), zoom: 3, maxZoom: MAX_ZOOM, enableRotation: false }),
        controls: defaultControls({
          // Shown only while a base map with a licence notice (OpenStreetMap data) draws.
          attributionOptions: { collapsible: true, collapsed: true },
          rotate: false,
          zoomOptions: { zoomInTipLabel: zoomInLabel, zoomOutTipLabel: zoomOutLabel },
        }),
      });
    } catch {
      setUnavailable(true);
      return;
    }
    const cleanup = ready.current(map);
    // The map's box may change size after mount (modal animation, a pane opening).
    const observer = new ResizeObserver(() => map.updateSize());
    observer.observe(element);

    let disposed = false;
    const drawBase = async () => {
      const [known, device] = await Promise.all([readMapConfig(queryClient), keptArchive()]);
      if (disposed) return;
      setConfig(known);
      setKept(device);
      const online = typeof navigator === 'undefined' || navigator.onLine;
      const choice: BaseMapChoice = chooseBaseMap(known, device, online);
      let layers: BaseLayer[];
      let drawn = choice.kind;
      try {
        layers = await createBaseLayers(choice, { kept: device, language });
      } catch {
        // A style or archive that cannot be read: the embedded base map still shows where things are.
        drawn = 'embedded';
        layers = await createBaseLayers({ kind: 'embedded' }, { kept: null, language });
      }
      if (disposed) return;
      base.setLayers(new Collection(layers));
      element.dataset.baseMap = drawn === 'archive' && choice.kind === 'archive' ? `archive-${choice.from}` : drawn;
    };
    drawBase().catch(() => {
      // Not even the embedded base map: the screen's layers still draw over the plain background.
      if (!disposed) element.dataset.baseMap = 'none';
    });
    return () => {
      disposed = true;
      observer.disconnect();
      cleanup?.();
      map.setTarget(undefined);
    };
  }, [zoomInLabel, zoomOutLabel, language, queryClient, baseRevision]);

  if (unavailable) {
    return (
      <Alert color="gray" variant="light" data-testid="map-unavailable" role="status">
        {t('map.unavailable')}
      </Alert>
    );
  }

  const archive = config?.archive ?? null;
  const regionKept = keepState === 'kept' || (archive !== null && kept?.version === archive.version);
  const keep = async () => {
    if (!archive) return;
    setKeepState('keeping');
    try {
      await keepArchive(archive);
      setKeepState('kept');
      setBaseRevision((revision) => revision + 1);
    } catch {
      setKeepState('failed');
    }
  };

  return (
    // The wrapper takes the height too, so a map sized to its pane (height 100%) fills it.
    <div style={{ position: 'relative', height }}>
      <div
        ref={target}
        role="region"
        aria-label={label}
        data-testid={testId}
        style={{ width: '100%', height, background: '#dde6ee', borderRadius: 4 }}
      />
      {offerOfflineRegion && archive && canKeepArchives() && (
        <Button
          size="compact-xs"
          variant={regionKept ? 'light' : 'white'}
          color={keepState === 'failed' ? 'red' : undefined}
          loading={keepState === 'keeping'}
          disabled={regionKept}
          onClick={() => void keep()}
          data-testid="map-keep-offline"
          style={{ position: 'absolute', top: 8, right: 8 }}
        >
          {regionKept ? t('map.regionKept') : keepState === 'failed' ? t('map.keepRegionFailed') : t('map.keepRegion')}
        </Button>
      )}
    </div>
  );
}
