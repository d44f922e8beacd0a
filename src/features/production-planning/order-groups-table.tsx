import { ActionIcon, Group, SegmentedControl, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderGroup } from '#core/contract/production-cards';
import { dateTimeFormat } from '#core/domain/date-format';
import { formatWeight } from '#core/domain/units';
import { type CalendarPeriod, PERIOD_MODES, type PeriodMode, periodOf, shiftPeriod } from '#core/domain/relative-period';
import { isoDateInZone } from '#core/domain/weeks';
import { useMirrorList } from '#src/data/loads.ts';
import { errorMessage } from '#src/features/administration/forms/use-record-form.ts';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { useTablePageSize } from '#src/features/administration/use-table-page-size.ts';
import { DateField } from '#src/ui/date-time-field.tsx';
import { ExplainedActionIcon } from '#src/ui/explained-button.tsx';
import { ResourceTable } from '#src/ui/resource-table.tsx';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { orderGroupsQuery, useUnlinkGroup } from './order-group-queries.ts';
import { periodLabel } from './range-label.ts';

/** The table's key: its page size is remembered under it (spec 3: `orderGroups`, 10 by default). */
export const ORDER_GROUPS_TABLE = 'orderGroups';

type GroupRow = OrderGroup & { id: number };

/** A stable numeric id per group for the table (its guid's first 13 hex digits). */
const rowId = (guid: string) => Number.parseInt(guid.replace(/-/g, '').slice(0, 13), 16) || 0;

/** The order groups (spec 3): the toolbar's range, the table of groups with their load counts, unlink. */
export function OrderGroupsTable({ context }: { context: AdminContext }) {
  const { t, i18n } = useTranslation('production-planning');
  const today = isoDateInZone(new Date(), context.timezone);
  const [mode, setMode] = useState<PeriodMode>('week');
  const [range, setRange] = useState<CalendarPeriod>(() => periodOf('week', today));
  const groups = useQuery(orderGroupsQuery(range));
  const unlink = useUnlinkGroup();
  const pageSize = useTablePageSize(ORDER_GROUPS_TABLE);
  const locations = useMirrorList('locations').data;
  const cargoTypes = useMirrorList('cargoTypes').data;
  const mayUnlink = context.self.permissions.includes('DeleteOrder');

  const columns = useMemo((): ResourceColumn<GroupRow>[] => {
    const placeName = new Map((locations ?? []).map((location) => [location.id, location.name]));
    const cargoName = new Map((cargoTypes ?? []).map((cargo) => [cargo.id, cargo.label]));
    const calendarDate = dateTimeFormat(i18n.language, 'UTC').calendarDate;
    const number = new Intl.NumberFormat(i18n.language);
    const places = (ids: number[]) => ids.map((id) => placeName.get(id) ?? `#${id}`).join(', ');
    const count = (key: string, labelKey: string, read: (group: OrderGroup) => number): ResourceColumn<GroupRow> => ({
      key,
      labelKey,
      text: (group) => String(read(group)),
      sortValue: read,
      essential: true,
    });
    // t('production-planning:groups.columns.dateRange'), t('production-planning:groups.columns.origin'),
    // t('production-planning:groups.columns.destination'), t('production-planning:groups.columns.cargo'),
    // t('production-planning:groups.columns.orderNumbers'), t('production-planning:groups.columns.lotIds'),
    // t('production-planning:groups.columns.drafts'), t('production-planning:groups.columns.scheduled'),
    // t('production-planning:groups.columns.delivered')
    return [
      {
        key: 'dateRange',
        labelKey: 'groups.columns.dateRange',
        text: (group) => {
          const [first, last] = [group.dateRange[0], group.dateRange.at(-1)];
          if (!first) return '';
          return first === last || !last ? calendarDate(first) : `${calendarDate(first)} – ${calendarDate(last)}`;
        },
        essential: true,
      },
      {
        key: 'origin',
        labelKey: 'groups.columns.origin',
        text: (group) => places(group.pickups),
        essential: true,
        filterable: true,
      },
      { key: 'destination', labelKey: 'groups.columns.destination', text: (group) => places(group.dropoffs), essential: true },
      {
        key: 'cargo',
        labelKey: 'groups.columns.cargo',
        text: (group) =>
          group.cargo
            .map((line) => {
              const name = cargoName.get(line.cargoTypeId) ?? `#${line.cargoTypeId}`;
              const amount =
                line.quantity !== null
                  ? number.format(line.quantity)
                  : formatWeight(line.weight ?? 0, context.weightUnit, i18n.language);
              return `${name} ${amount}`;
            })
            .join(', '),
      },
      { key: 'orderNumbers', labelKey: 'groups.columns.orderNumbers', text: (group) => group.orderNumbers.join(', ') },
      { key: 'lotIds', labelKey: 'groups.columns.lotIds', text: (group) => group.lotIds.join(', ') },
      count('drafts', 'groups.columns.drafts', (group) => group.numberOfDraftLoads),
      count('scheduled', 'groups.columns.scheduled', (group) => group.numberOfScheduledLoads),
      count('delivered', 'groups.columns.delivered', (group) => group.numberOfHistoricLoads),
    ];
  }, [locations, cargoTypes, context.weightUnit, i18n.language]);

  const rows = useMemo(() => groups.data?.data.map((group): GroupRow => ({ ...group, id: rowId(group.guid) })), [groups.data]);
  const nameOf = (group: GroupRow) => columns[0]?.text(group) ?? group.guid;

  const doUnlink = (group: GroupRow) =>
    unlink.mutate(group.guid, {
      onSuccess: () => notifications.show({ color: 'green', message: t('messages.unlinked', { group: nameOf(group) }) }),
      onError: (error) => notifications.show({ color: 'red', title: t('messages.notUnlinked'), message: errorMessage(error) }),
    });

  const toolbar = (
    <Group gap="xs" wrap="wrap" data-testid="groups-toolbar">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('groups.refresh')}
        onClick={() => void groups.refetch()}
        loading={groups.isFetching}
        data-testid="groups-refresh"
      >
        <IconRefresh size={18} aria-hidden />
      </ActionIcon>
      <SegmentedControl
        aria-label={t('groups.mode')}
        value={mode}
        onChange={(next) => {
          setMode(next as PeriodMode);
          // Custom starts from the period shown; day and week from today.
          if (next !== 'custom') setRange(periodOf(next as PeriodMode, today));
        }}
        // t('production-planning:groups.modes.day'), t('production-planning:groups.modes.week'), t('production-planning:groups.modes.custom')
        data={PERIOD_MODES.map((value) => ({ value, label: t(`groups.modes.${value}`) }))}
        data-testid="groups-mode"
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('groups.previous')}
        onClick={() => setRange((current) => shiftPeriod(current, mode, -1))}
        data-testid="groups-previous"
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Text size="sm" fw={600} miw={120} ta="center" aria-live="polite" data-testid="groups-label">
        {periodLabel(range, mode, today, i18n.language, t)}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('groups.next')}
        onClick={() => setRange((current) => shiftPeriod(current, mode, 1))}
        data-testid="groups-next"
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
      {mode === 'custom' && (
        <>
          <DateField
            aria-label={t('groups.from')}
            value={range.from}
            onChange={(value) =>
              value && setRange((current) => ({ ...current, from: value, to: [current.to, value].sort()[1] ?? value }))
            }
            w={150}
            data-testid="groups-from"
          />
          <DateField
            aria-label={t('groups.to')}
            value={range.to}
            minDate={range.from}
            onChange={(value) => value && setRange((current) => ({ ...current, to: value }))}
            w={150}
            data-testid="groups-to"
          />
        </>
      )}
    </Group>
  );

  return (
    <ResourceTable
      table={ORDER_GROUPS_TABLE}
      title={t('groups.title')}
      rows={groups.isError && !groups.data ? [] : rows}
      columns={columns}
      labelNamespace="production-planning"
      actions={{ create: false, edit: false, delete: false }}
      itemName={nameOf}
      rememberedPageSize={pageSize.rememberedPageSize}
      onPageSizeChange={pageSize.onPageSizeChange}
      headerActions={toolbar}
      rowActions={
        mayUnlink
          ? (group) => (
              <ExplainedActionIcon
                label={t('groups.unlink', { group: nameOf(group) })}
                color="red"
                disabledReason={group.isUnlinkable ? null : t('groups.unlinkForbidden')}
                needsConnection
                onClick={() => doUnlink(group)}
                data-testid="group-unlink"
              >
                <IconLinkOff size={18} aria-hidden />
              </ExplainedActionIcon>
            )
          : undefined
      }
    />
  );
}
