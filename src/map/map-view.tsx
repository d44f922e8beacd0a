import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import { fromLonLat } from 'ol/proj';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

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
}

/**
 * The one map every screen draws on (DESIGN §6): the base map under the screen's own layers, the
 * product's controls, kept sized to its box. Screens import it lazily, so no screen without a map
 * loads OpenLayers.
 */
export function MapView({ label, height = 240, testId = 'map', onReady }: MapViewProps) {
  const target = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  const { t } = useTranslation('common');
  const zoomInLabel = t('map.zoomIn');
  const zoomOutLabel = t('map.zoomOut');

  // Made again when the language changes: OpenLayers sets its controls' titles only when it makes them.
  useEffect(() => {
    if (!target.current) return;
    const map = new OlMap({
      target: target.current,
      view: new View({ center: fromLonLat([-95.7, 37.1]), zoom: 3, maxZoom: MAX_ZOOM }),
      controls: defaultControls({
        attribution: false,
        rotate: false,
        zoomOptions: { zoomInTipLabel: zoomInLabel, zoomOutTipLabel: zoomOutLabel },
      }),
    });
    const cleanup = ready.current(map);
    // The map's box may change size after mount (modal animation, a pane opening).
    const observer = new ResizeObserver(() => map.updateSize());
    observer.observe(target.current);
    return () => {
      observer.disconnect();
      cleanup?.();
      map.setTarget(undefined);
    };
  }, [zoomInLabel, zoomOutLabel]);

  return (
    <div
      ref={target}
      role="region"
      aria-label={label}
      data-testid={testId}
      style={{ width: '100%', height, background: '#eef2f5', borderRadius: 4 }}
    />
  );
}
