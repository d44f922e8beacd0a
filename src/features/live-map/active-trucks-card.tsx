import { Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { activeTrucks } from '#core/domain/live-map';
import { latestDevicePositionsQuery } from '#src/data/device-positions.ts';

/**
 * The home page's "active trucks" summary card, from the live positions (the same cached, pushed
 * list the live map reads): the driver phones reporting now and how many are on a load. It links to
 * the live map; a user who may not open it sees the card without figures.
 */
export function ActiveTrucksCard({ mayViewLiveMap }: { mayViewLiveMap: boolean }) {
  const { t } = useTranslation('home');
  const positions = useQuery({ ...latestDevicePositionsQuery, enabled: mayViewLiveMap });
  const figures = positions.data ? activeTrucks(positions.data, new Date()) : null;
  const body = (
    <Card withBorder padding="lg" h="100%" data-testid="active-trucks">
      <Title order={3} size="h5" mb="sm">
        {t('summary.activeTrucks')}
      </Title>
      {!mayViewLiveMap ? (
        <Text size="sm" c="dimmed">
          –
        </Text>
      ) : figures === null ? (
        <Skeleton h={28} w={40} />
      ) : (
        <Group gap="lg" align="flex-end">
          <Stack gap={2}>
            <Text fz={28} fw={700} data-testid="active-trucks-count">
              {figures.active}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2}>
              {t('summary.reporting')}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text fz={28} fw={700} data-testid="active-trucks-on-load">
              {figures.onLoad}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2}>
              {t('summary.onLoad')}
            </Text>
          </Stack>
        </Group>
      )}
    </Card>
  );
  if (!mayViewLiveMap) return body;
  return (
    // Named by its content (title and figures), as axe asks of a link with visible text.
    <UnstyledButton component={Link} to="/live-map" style={{ display: 'block' }}>
      {body}
    </UnstyledButton>
  );
}
