import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { Component, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StandardRoute } from '#core/contract/standard-routes';
import { useRoutedPath } from '#src/data/routing.ts';
import type { StopsMapPoint } from '#src/map/stops-map.tsx';

// Lazy so that OpenLayers stays out of the table's chunk and loads only when a map shows.
const StopsMap = lazy(() => import('#src/map/stops-map.tsx').then((module) => ({ default: module.StopsMap })));

/** Catches a map that fails to load (offline without the chunk) or to draw; the form keeps working. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface MapLocation {
  id: number;
  name: string;
  customGeofence?: { latitude: number; longitude: number } | null;
}

/**
 * The stops' markers: one per stop whose location has a position (the location's geofence centre),
 * joined by the routed path through them, or by straight lines while no route is known.
 */
export function StopsMapPanel({
  stops,
  locations,
  standardRoutes,
}: {
  stops: { sequence: number; organizationLocationId: number | null }[];
  locations: Map<number, MapLocation>;
  /** The organization's standard routes (the mirror's): a leg one joins follows it. */
  standardRoutes?: readonly StandardRoute[];
}) {
  const { t } = useTranslation('load-editor');
  const points = stops.flatMap((stop): (StopsMapPoint & { locationId: number })[] => {
    const location = stop.organizationLocationId === null ? undefined : locations.get(stop.organizationLocationId);
    const position = location?.customGeofence;
    if (!location || !position || !Number.isFinite(position.latitude) || !Number.isFinite(position.longitude)) return [];
    return [
      {
        sequence: stop.sequence,
        latitude: position.latitude,
        longitude: position.longitude,
        title: location.name,
        locationId: location.id,
      },
    ];
  });
  // The map redraws only when a marker really changes, not on every keystroke in the form.
  const key = JSON.stringify(points);
  const stablePoints = useMemo(() => points, [key]);
  const inSequence = useMemo(() => [...stablePoints].sort((a, b) => a.sequence - b.sequence), [stablePoints]);
  const route = useRoutedPath(inSequence, standardRoutes);
  const routePath = useMemo(() => route && [...route], [route]);
  const unavailable = (
    <Alert color="gray" variant="light" data-testid="map-unavailable">
      {t('map.unavailable')}
    </Alert>
  );
  return (
    // How many points the drawn path has (0: straight lines), for tests: the map itself is a canvas.
    <Stack gap="md" data-testid="stops-map-panel" data-route-points={routePath?.length ?? 0}>
      <MapBoundary fallback={unavailable}>
        <Suspense fallback={<Skeleton h={240} />}>
          <StopsMap points={stablePoints} route={routePath} label={t('map.label')} />
        </Suspense>
        {stablePoints.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('map.noPositions')}
          </Text>
        )}
      </MapBoundary>
    </Stack>
  );
}
