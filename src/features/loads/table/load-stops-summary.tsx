import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Order, Stop } from '#core/contract/orders';
import type { RowFormat } from './load-table-row.tsx';
import { useLoadLookups } from './use-load-lookups.ts';

/**
 * What an expanded row shows when the load cannot be edited in place (Delivered, spec 1 §4, or
 * no permission to edit): its stops, read-only.
 */
export function LoadStopsSummary({ order, format, reason }: { order: Order; format: RowFormat; reason: string }) {
  const { t } = useTranslation('loads');
  const { lookups } = useLoadLookups();
  const stopType = (type: Stop['type']) => {
    switch (type) {
      case 'Origin':
        return t('stopTypes.origin');
      case 'Destination':
        return t('stopTypes.destination');
      case 'Weigh':
        return t('stopTypes.weigh');
      case 'Waypoint':
        return t('stopTypes.waypoint');
    }
  };
  const place = (stop: Stop) => {
    const location = lookups.locations.get(stop.organizationLocationId ?? 0);
    if (!location) return '–';
    const subs = stop.organizationSubLocationIds.map((id) => location.subLocations.get(id)).filter(Boolean);
    return subs.length ? `${location.name} › ${subs.join(', ')}` : location.name;
  };
  const instant = (iso: string | null) => (iso ? format.dateTime(Date.parse(iso)) : '–');
  return (
    <Stack gap="xs" data-testid="load-read-only">
      <Text size="sm" c="dimmed">
        {reason}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('stops.type')}</Table.Th>
              <Table.Th>{t('stops.location')}</Table.Th>
              <Table.Th>{t('stops.arrival')}</Table.Th>
              <Table.Th>{t('stops.completed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...order.stops]
              .sort((a, b) => a.sequence - b.sequence)
              .map((stop) => (
                <Table.Tr key={stop.id}>
                  <Table.Td>{stop.sequence}</Table.Td>
                  <Table.Td>{stopType(stop.type)}</Table.Td>
                  <Table.Td>{place(stop)}</Table.Td>
                  <Table.Td>{instant(stop.arrivalTime)}</Table.Td>
                  <Table.Td>{instant(stop.completedAt)}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
