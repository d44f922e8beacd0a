import { Button, Group, Pagination, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { hasPermission } from '#core/domain/access';
import { weekContaining } from '#core/domain/weeks';
import { inputFromOrder, useLoads, useMirrorList, useSaveLoad } from '#src/data/loads.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import { NewLoadModal } from './new-load-modal.tsx';

/** Spec 1 §9: loads tables show 100 rows a page by default. */
const PAGE_SIZE = 100;

interface DriverRow {
  id: number;
  name: string;
  enabled: boolean;
  driverInfo: { defaultTractorId: number | null; defaultTrailerId: number | null };
}

/** How notices and the queue name a load: its first order number, else its date. */
export function loadLabel(order: Order, formatDate: (iso: string) => string) {
  return order.stops.find((stop) => stop.orderNumber)?.orderNumber ?? formatDate(order.date);
}

/**
 * This week's loads from the offline mirror, with driver assignment. A first, small surface over
 * the sync layer; the loads issue replaces it with the full table and editor.
 */
export function LoadsPage() {
  const { t, i18n } = useTranslation('loads');
  const { data: self } = useQuery(selfQuery);
  const timezone = self?.contact.timezone ?? 'America/Chicago';
  const week = weekContaining(new Date(), timezone);
  const filter = { startDate: week.start.toISOString(), endDate: week.end.toISOString(), isDraft: false };
  const loads = useLoads(filter, self?.activeOrganizationId ?? 0);
  const drivers = (useMirrorList<DriverRow>('drivers').data ?? []).sort((a, b) => a.name.localeCompare(b.name));
  const locations = new Map(
    (useMirrorList<{ id: number; name: string }>('locations').data ?? []).map((row) => [row.id, row.name]),
  );
  const saveLoad = useSaveLoad();
  const [creating, setCreating] = useState(false);
  const [page, setPage] = useState(1);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone }).format(new Date(iso));
  if (!self) return null;
  const canEdit = hasPermission(self, 'EditOrder');

  // Spec 1 §4: choosing a driver fills tractor and trailer from the driver's defaults; clearing clears them.
  const assignDriver = (order: Order, driverId: number | null) => {
    const driver = drivers.find((candidate) => candidate.id === driverId);
    const input = {
      ...inputFromOrder(order),
      transportedByUserId: driver?.id ?? null,
      tractorId: driver?.driverInfo.defaultTractorId ?? null,
      trailerId: driver?.driverInfo.defaultTrailerId ?? null,
    };
    saveLoad(order, input, loadLabel(order, formatDate));
  };

  const origin = (order: Order) => order.stops.find((stop) => stop.type === 'Origin')?.organizationLocationId;
  const destination = (order: Order) => order.stops.findLast((stop) => stop.type === 'Destination')?.organizationLocationId;

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {hasPermission(self, 'CreateOrder') && !self.organization.isCarrier && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} data-testid="new-load">
            {t('newLoad')}
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="loads-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.orderNumber')}</Table.Th>
              <Table.Th>{t('columns.date')}</Table.Th>
              <Table.Th>{t('columns.origin')}</Table.Th>
              <Table.Th>{t('columns.destination')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.driver')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loads.isPending &&
              Array.from({ length: 5 }, (_, row) => (
                <Table.Tr key={`skeleton-${row}`}>
                  {Array.from({ length: 6 }, (_, cell) => (
                    <Table.Td key={`cell-${cell}`}>
                      <Skeleton h={20} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {loads.data?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((order) => (
              <Table.Tr key={order.id} data-testid="load-row" data-load-id={order.id}>
                <Table.Td>{loadLabel(order, formatDate)}</Table.Td>
                <Table.Td>{formatDate(order.date)}</Table.Td>
                <Table.Td>{locations.get(origin(order) ?? 0) ?? '–'}</Table.Td>
                <Table.Td>{locations.get(destination(order) ?? 0) ?? '–'}</Table.Td>
                <Table.Td data-testid="load-status">{t(`status.${order.status.replace(' ', '')}`)}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('columns.driver')}
                    data-testid="driver-select"
                    placeholder={t('noDriver')}
                    clearable
                    searchable
                    disabled={
                      !canEdit || order.status === 'Delivered' || order.transportingOrganizationId !== self.activeOrganizationId
                    }
                    value={order.transportedByUserId ? String(order.transportedByUserId) : null}
                    data={drivers
                      .filter((driver) => driver.enabled || driver.id === order.transportedByUserId)
                      .map((driver) => ({ value: String(driver.id), label: driver.name }))}
                    onChange={(value) => assignDriver(order, value ? Number(value) : null)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(loads.data?.length ?? 0) > PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination total={Math.ceil((loads.data?.length ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
      {loads.data?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('noRecords')}
        </Text>
      )}
      <NewLoadModal opened={creating} onClose={() => setCreating(false)} timezone={timezone} />
    </Stack>
  );
}
