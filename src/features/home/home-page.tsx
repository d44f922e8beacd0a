import { Card, Flex, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconChartBar,
  IconFileText,
  IconMap2,
  IconSettings,
  IconTool,
  IconTruckDelivery,
  IconAlertTriangle,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { canOpenPage, type HOME_TILES, showsSummaryCards, visibleHomeTiles } from '#core/domain/access';
import { loadsSummaryQuery, selfQuery } from '#src/data/session-queries.ts';
import { MAIN_PAGES } from '#src/features/access/pages.ts';
import { ActiveTrucksCard } from '#src/features/live-map/active-trucks-card.tsx';

type TileKey = (typeof HOME_TILES)[number]['key'];

const TILE_ICONS: Record<TileKey, typeof IconMap2> = {
  productionPlanning: IconBuildingFactory2,
  drafts: IconFileText,
  loads: IconTruckDelivery,
  reports: IconChartBar,
  liveMap: IconMap2,
  maintenance: IconTool,
  siteIssues: IconAlertTriangle,
  administration: IconSettings,
};

function tilePath(page: string) {
  return page === 'administration' ? '/manage-company' : (MAIN_PAGES.find((link) => link.page === page)?.to ?? '/');
}

function WeeklyLoadSummary({ organizationId, timezone }: { organizationId: number; timezone: string }) {
  const { t } = useTranslation('home');
  const summary = useQuery(loadsSummaryQuery(organizationId, timezone));
  const figures = [
    { key: 'completed', value: summary.data?.numberOfLoadsCompleted },
    { key: 'inTransit', value: summary.data?.numberOfLoadsInTransit },
    { key: 'upcoming', value: summary.data?.numberOfLoadsUpcoming },
  ] as const;
  return (
    <Card withBorder padding="lg" data-testid="weekly-load-summary">
      <Title order={3} size="h5" mb="sm">
        {t('summary.weeklyLoads')}
      </Title>
      {/* Three equal columns while every label's longest word fits, else a label moves to the next row:
          a long word ("Completadas") must not run into its neighbour. */}
      <Flex wrap="wrap" gap="xs">
        {figures.map((figure) => (
          <Stack gap={2} key={figure.key} flex="1 1 0" miw="min-content">
            {summary.isPending ? (
              <Skeleton h={28} w={40} />
            ) : (
              <Text fz={28} fw={700} data-testid={`summary-${figure.key}`}>
                {figure.value ?? '–'}
              </Text>
            )}
            <Text size="xs" c="dimmed" lh={1.2}>
              {t(`summary.${figure.key}`)}
            </Text>
          </Stack>
        ))}
      </Flex>
    </Card>
  );
}

/** A summary card whose figures arrive with its own feature (reports, live map, site issues). */
function SummaryFrame({ title }: { title: string }) {
  const { t } = useTranslation('home');
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {t('summary.comingSoon')}
      </Text>
    </Card>
  );
}

/**
 * Once the home screen is idle, loads the Loads screen's code and reads its week from the mirror (the
 * route's loader): it is where a dispatcher goes next, and a busy week takes a second to read.
 */
function usePreloadedLoadsScreen(enabled: boolean) {
  const router = useRouter();
  useEffect(() => {
    if (!enabled) return;
    const preload = () => void router.preloadRoute({ to: '/loads' }).catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, IDLE_FALLBACK_MS);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(preload, { timeout: IDLE_FALLBACK_MS });
    return () => cancelIdleCallback(idle);
  }, [enabled, router]);
}

/** Browsers without requestIdleCallback (Safari) preload after this long. */
const IDLE_FALLBACK_MS = 1_000;

export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const { data: self } = useQuery(selfQuery);
  const tiles = self ? visibleHomeTiles(self) : [];
  usePreloadedLoadsScreen(tiles.some((tile) => tile.key === 'loads'));
  if (!self) return null;
  return (
    <Stack gap="lg" p="md">
      <Title order={1} size="h2" data-testid="welcome">
        {t('home:welcome', { name: self.name, organization: self.organization.name })}
      </Title>
      {showsSummaryCards(self) && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <WeeklyLoadSummary organizationId={self.activeOrganizationId} timezone={self.contact.timezone} />
          <SummaryFrame title={t('home:summary.onTime')} />
          <ActiveTrucksCard mayViewLiveMap={canOpenPage(self, 'liveMap')} />
          <SummaryFrame title={t('home:summary.siteIssues')} />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" data-testid="home-tiles">
        {tiles.map((tile) => {
          const Icon = TILE_ICONS[tile.key];
          return (
            <UnstyledButton
              key={tile.key}
              component={Link}
              to={tilePath(tile.page)}
              data-testid={`tile-${tile.key}`}
              style={{ display: 'block' }}
            >
              <Card withBorder padding="lg" h="100%">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={44} variant="light" radius="md">
                    <Icon size={26} />
                  </ThemeIcon>
                  <Text fw={600}>{t(`home:tiles.${tile.key}`)}</Text>
                </Group>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
