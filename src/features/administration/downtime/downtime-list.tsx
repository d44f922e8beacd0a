import { Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Downtime, DowntimeResourceType } from '#core/contract/master-data';
import { dateTimeFormat, timezoneName } from '#core/domain/date-format';
import { isRecurring } from '#core/domain/master-data/index';
import { instantOfWallClock } from '#core/domain/weeks';
import { mirrorDowntimeQuery, useDeleteDowntime } from '#src/data/master-data.ts';
import { errorMessage } from '../forms/use-record-form.ts';
import { ExplainedActionIcon, ExplainedButton } from '#src/ui/explained-button.tsx';
import type { AdminContext } from '../use-admin-context.ts';
import { DowntimeForm } from './downtime-form.tsx';
import { weekdayNames } from './downtime-values.ts';

/** A tractor's, trailer's or driver's downtime (spec 2 §2: a list about 70vw wide, with its add/edit modal). */
export function DowntimeList({
  context,
  resourceType,
  resourceId,
  resourceName,
  onClose,
}: {
  context: AdminContext;
  resourceType: DowntimeResourceType;
  resourceId: number;
  resourceName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('administration');
  const { data } = useQuery(mirrorDowntimeQuery);
  const rows = useMemo(
    () => data?.filter((row) => row.resourceType === resourceType && row.resourceId === resourceId),
    [data, resourceType, resourceId],
  );
  const remove = useDeleteDowntime(context.organizationId, resourceType, resourceId);
  const [form, setForm] = useState<{ row: Downtime | null } | null>(null);
  const [deleting, setDeleting] = useState<Downtime | null>(null);
  const days = useMemo(() => weekdayNames(i18n.language), [i18n.language]);
  const wide = useMediaQuery('(min-width: 64em)', true);
  const hoursFormat = useMemo(() => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }), [i18n.language]);
  // The start is a wall clock in the downtime's own zone: written in the product's format, with the zone named.
  const startText = (row: Downtime) => {
    const at = instantOfWallClock(`${row.startDate}T${row.startTime.slice(0, 5)}`, row.timezone);
    const when = at ? dateTimeFormat(i18n.language, row.timezone).dateTime(at) : `${row.startDate} ${row.startTime.slice(0, 5)}`;
    return `${when} · ${timezoneName(row.timezone, i18n.language)}`;
  };
  const repeats = (mask: string) =>
    isRecurring(mask) ? days.filter((_, day) => mask[day] === '1').join(', ') : t('downtime.oneTime');

  return (
    <>
      <Modal
        opened={form === null && deleting === null}
        onClose={onClose}
        title={t('downtime.title', { name: resourceName })}
        // About 70vw on a wide screen (spec 2 §2); below 1024 px the whole width, so its columns need no sideways scroll.
        size={wide ? '70vw' : '100%'}
        data-testid="downtime-list"
      >
        <Stack gap="sm">
          <Group justify="flex-end">
            <ExplainedButton
              needsConnection
              leftSection={<IconPlus size={16} />}
              onClick={() => setForm({ row: null })}
              data-testid="downtime-add"
            >
              {t('downtime.add')}
            </ExplainedButton>
          </Group>
          <Table.ScrollContainer minWidth={560} type="native">
            <Table verticalSpacing="xs" aria-busy={!rows}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('downtime.description')}</Table.Th>
                  <Table.Th>{t('downtime.begin')}</Table.Th>
                  <Table.Th>{t('downtime.duration')}</Table.Th>
                  <Table.Th>{t('downtime.repeats')}</Table.Th>
                  <Table.Th>{t('actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!rows && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Skeleton h={18} />
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows?.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text size="sm" c="dimmed" data-testid="downtime-none">
                        {t('downtime.none')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows?.map((row) => (
                  <Table.Tr key={row.id} data-testid="downtime-row">
                    <Table.Td style={{ whiteSpace: 'pre-line' }}>{row.description}</Table.Td>
                    <Table.Td>{startText(row)}</Table.Td>
                    <Table.Td>{t('downtime.hours', { hours: hoursFormat.format(row.durationMinutes / 60) })}</Table.Td>
                    <Table.Td>{repeats(row.recurrenceDaysOfWeek)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ExplainedActionIcon
                          needsConnection
                          label={t('rowActions.edit', { name: row.description })}
                          onClick={() => setForm({ row })}
                        >
                          <IconPencil size={18} />
                        </ExplainedActionIcon>
                        <ExplainedActionIcon
                          needsConnection
                          label={t('rowActions.delete', { name: row.description })}
                          color="red"
                          onClick={() => setDeleting(row)}
                          data-testid="downtime-delete"
                        >
                          <IconTrash size={18} />
                        </ExplainedActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Modal>
      {form && (
        <DowntimeForm
          context={context}
          resourceType={resourceType}
          resourceId={resourceId}
          row={form.row}
          onClose={() => setForm(null)}
        />
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('delete.title', { name: deleting?.description ?? '' })}
        centered
        data-testid="downtime-delete-confirmation"
      >
        <Text size="sm">{t('delete.message', { name: deleting?.description ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" data-autofocus onClick={() => setDeleting(null)}>
            {t('cancel')}
          </Button>
          <ExplainedButton
            needsConnection
            color="red"
            data-testid="downtime-delete-confirm"
            onClick={() => {
              if (!deleting) return;
              const row = deleting;
              setDeleting(null);
              // Optimistic (spec 2 §4): the row leaves the list now and comes back if refused.
              remove.mutate(row.id, {
                onSuccess: () => notifications.show({ color: 'green', message: t('toast.deleted', { name: row.description }) }),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: t('toast.notDeleted', { name: row.description }),
                    message: errorMessage(error),
                  }),
              });
            }}
          >
            {t('delete.confirm')}
          </ExplainedButton>
        </Group>
      </Modal>
    </>
  );
}
