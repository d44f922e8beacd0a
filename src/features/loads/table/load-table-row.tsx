import { ActionIcon, Badge, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLink, IconPencil } from '@tabler/icons-react';
import { memo, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import type { LoadStatus } from '#core/domain/load-rules';
import { formatDurationShort } from '#core/domain/units';
import type { TouchedLoad } from '#src/data/touched-stops.ts';
import { ResourceSchedulingCell } from '../actions/resource-scheduling-cell.tsx';
import { LazyLoadEditor } from '../editor/lazy-load-editor.tsx';
import { DraftCompletenessWarning } from '../planning/draft-completeness-warning.tsx';
import type { ColumnKey } from './columns.ts';
import type { LoadRow } from './filter-loads.ts';
import { LoadStopsSummary } from './load-stops-summary.tsx';

const STATUS_COLORS: Record<LoadStatus, string> = {
  Open: 'gray',
  Assigned: 'blue',
  'In Transit': 'orange',
  Delivered: 'teal',
  Merged: 'grape',
};

export interface RowFormat {
  date: (ms: number) => string;
  dateTime: (ms: number) => string;
  time: (ms: number) => string;
  status: (status: LoadStatus) => string;
}

export interface LoadTableRowProps {
  row: LoadRow;
  columns: readonly ColumnKey[];
  table: 'loads' | 'drafts';
  format: RowFormat;
  selected: boolean;
  expanded: boolean;
  /** Set when a live update touched one of the load's stops (loads table only). */
  touched: TouchedLoad | undefined;
  canEdit: boolean;
  onSelect: (id: number, selected: boolean) => void;
  onExpand: (id: number) => void;
  /** The in-place editor closed itself (saved, or the user agreed to discard): collapse at once. */
  onEditorClosed: (id: number) => void;
  inlineEditorLeave: RefObject<((leave: () => void) => void) | null>;
  onEdit: (id: number) => void;
  onCopyLink: (order: Order) => void;
}

const dash = '–';

/** One load of the table, and under it, when expanded, its in-place editor (or its stops, read-only). */
export const LoadTableRow = memo(function LoadTableRow({
  row,
  columns,
  table,
  format,
  selected,
  expanded,
  touched,
  canEdit,
  onSelect,
  onExpand,
  onEditorClosed,
  inlineEditorLeave,
  onEdit,
  onCopyLink,
}: LoadTableRowProps) {
  const { t } = useTranslation('loads');
  const { order } = row;
  const label = row.orderNumbers || format.date(row.dateMs);
  const delivered = order.status === 'Delivered';
  const editable = canEdit && !delivered;
  const time = (ms: number | null) => (ms === null ? dash : format.dateTime(ms));

  const cell = (column: ColumnKey): ReactNode => {
    switch (column) {
      case 'select':
        return (
          <Group gap={2} wrap="nowrap">
            <Checkbox
              aria-label={t('row.select', { load: label })}
              checked={selected}
              onChange={(event) => onSelect(row.id, event.currentTarget.checked)}
              mr={4}
              data-testid="load-select"
            />
            {/* Native titles, not floating tooltips: a page holds 100 rows and re-renders them as filters change. */}
            <ActionIcon
              variant="subtle"
              aria-label={t('row.editLoad', { load: label })}
              title={delivered ? t('row.deliveredLocked') : t('row.edit')}
              disabled={!editable}
              onClick={() => onEdit(row.id)}
              data-testid="load-edit"
            >
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('row.copyLinkOf', { load: label })}
              title={t('row.copyLink')}
              disabled={row.id < 0}
              onClick={() => onCopyLink(order)}
              data-testid="load-copy-link"
            >
              <IconLink size={16} />
            </ActionIcon>
            {row.incomplete.length > 0 && <DraftCompletenessWarning missing={row.incomplete} load={label} />}
          </Group>
        );
      case 'date':
        return format.date(row.dateMs);
      case 'orderNumber':
        return (
          <Text size="sm" fw={500} data-testid="load-order-number">
            {row.orderNumbers || dash}
          </Text>
        );
      case 'cargo':
        return row.cargo || dash;
      case 'origin':
        return row.origin || dash;
      case 'destination':
        return row.destination || dash;
      case 'firstStopTime':
        return time(row.firstStopMs);
      case 'lastStopTime':
        return time(row.lastStopMs);
      case 'completedTime':
        return time(row.completedMs);
      case 'tripTime':
        return <span data-testid="load-trip-time">{row.tripMinutes === null ? dash : formatDurationShort(row.tripMinutes)}</span>;
      case 'resourceScheduling':
        return <ResourceSchedulingCell load={order} label={label} />;
      case 'driver':
        return <span data-testid="load-driver">{row.driver || dash}</span>;
      case 'tractor':
        return row.tractor || dash;
      case 'trailer':
        return row.trailer || dash;
      case 'status':
        return (
          <Badge variant="light" color={STATUS_COLORS[order.status]} data-testid="load-status">
            {format.status(order.status)}
          </Badge>
        );
      case 'expander':
        return (
          <ActionIcon
            variant="subtle"
            aria-expanded={expanded}
            aria-label={expanded ? t('row.collapse', { load: label }) : t('row.expand', { load: label })}
            onClick={() => onExpand(row.id)}
            data-testid="load-expand"
          >
            {expanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          </ActionIcon>
        );
    }
  };

  const tableRow = (
    <Table.Tr
      data-testid="load-row"
      data-load-id={row.id}
      data-touched={touched ? 'true' : undefined}
      bg={touched ? 'var(--mantine-color-red-light)' : selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      {columns.map((column) => (
        <Table.Td key={column} style={column === 'origin' || column === 'destination' ? { minWidth: 140 } : undefined}>
          {cell(column)}
        </Table.Td>
      ))}
    </Table.Tr>
  );

  return (
    <>
      {touched ? (
        <Tooltip label={t('row.touched', { time: format.time(touched.at) })} position="top-start" color="red" withArrow>
          {tableRow}
        </Tooltip>
      ) : (
        tableRow
      )}
      {expanded && (
        <Table.Tr data-testid="load-expanded" data-expanded-load-id={row.id}>
          <Table.Td colSpan={columns.length} p="md">
            {editable ? (
              <LazyLoadEditor
                load={order}
                isDraft={table === 'drafts'}
                variant="inline"
                onClose={() => onEditorClosed(row.id)}
                leaveGuard={inlineEditorLeave}
              />
            ) : (
              <LoadStopsSummary order={order} format={format} reason={delivered ? t('row.deliveredLocked') : t('row.readOnly')} />
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});
