import { Alert, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteNotice } from '#core/contract/routing';
import { routeSpacing } from '#core/domain/geo/route-gaps';
import { DEFAULT_UNIT_SYSTEM, distanceUnitLabel, type LatLng, roundDistance, type UnitSystem } from '#core/domain/units';
import { selfQuery } from '#src/data/session-queries.ts';

/** The signed-in user's unit system (gaps are shown and judged in it). */
export function useUnitSystem(): UnitSystem {
  return useQuery(selfQuery).data?.contact.units ?? DEFAULT_UNIT_SYSTEM;
}

/**
 * A route's number of points and largest gap between consecutive points (spec 1 §5, spec 3 §2),
 * the gap in red with `warning` when `tooLarge` says it is.
 */
export function RouteSpacingFacts({
  points,
  tooLarge,
  warning,
}: {
  points: readonly LatLng[];
  tooLarge: (points: readonly LatLng[], system: UnitSystem) => boolean;
  warning: string;
}) {
  const { t, i18n } = useTranslation('routes');
  const units = useUnitSystem();
  const spacing = routeSpacing(points, units);
  const flagged = points.length > 1 && tooLarge(points, units);
  const gap = `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(roundDistance(spacing.largestGap))} ${distanceUnitLabel(units)}`;
  return (
    <>
      <Group gap="lg" data-testid="route-spacing">
        <Text size="sm" data-testid="route-point-count">
          {t('spacing.points', { count: spacing.pointCount })}
        </Text>
        <Text size="sm" c={flagged ? 'red' : undefined} fw={flagged ? 700 : undefined} data-testid="route-largest-gap">
          {t('spacing.largestGap', { gap })}
        </Text>
      </Group>
      {flagged && (
        <Alert color="red" variant="light" data-testid="route-gap-warning">
          {warning}
        </Alert>
      )}
    </>
  );
}

/** What the routing answer said about the route (spec 1 §8: notices are shown; failures only logged). */
export function RouteNotices({ notices }: { notices: readonly RouteNotice[] }) {
  const { t } = useTranslation('routes');
  if (notices.length === 0) return null;
  // Written out so the key extractor sees every notice's text.
  const texts: Record<RouteNotice, string> = {
    avoidAreasNotHonoured: t('notices.avoidAreasNotHonoured'),
    pointsNotMatched: t('notices.pointsNotMatched'),
    routeSplit: t('notices.routeSplit'),
    estimatedPath: t('notices.estimatedPath'),
  };
  return (
    <Alert color="yellow" variant="light" data-testid="route-notices">
      <List size="sm">
        {notices.map((notice) => (
          <List.Item key={notice}>{texts[notice]}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
