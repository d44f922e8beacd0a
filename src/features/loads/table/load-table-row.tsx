import { ActionIcon, Badge, Checkbox, Group, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLink, IconPencil } from '@tabler/icons-react';
import { memo, type ReactNode, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import type { LoadStatus } from '#core/domain/load-rules';
import { formatDurationShort } from '#core/domain/units';
import type { TouchedLoad } from '#src/data/touched-stops.ts';
import type { LoadConflict } from '#core/domain/planning/index';
import { ResourceSchedulingCell } from '../actions/resource-scheduling-cell.tsx';
import { ConflictMark } from '../conflicts/conflict-notes.tsx';
import { LazyLoadEditor } from '../editor/lazy-load-editor.tsx';
import { DraftCompletenessWarning } from '../planning/draft-completeness-warning.tsx';
import type { ColumnKey } from './columns.ts';
import type { LoadRow } from './filter-loads.ts';
import { useColumnTitles } from './load-table-header.tsx';
import { LoadStopsSummary } from './load-stops-summary.tsx';
import justCreatedClasses from '#src/ui/just-created.module.css';
import classes from './loads-table.module.css';

const STATUS_COLORS: Record<LoadStatus, string> = {
  Open: 'gray',
  Assigned: 'blue',
  'In Transit': 'orange',
  Delivered: 'teal',
  Merged: 'grape',
};

export interface RowFormat {
  date: (ms: number) => string;
  /** The date without its year: the week navigator shows the year. */
  shortDate: (ms: number) => string;
  dateTime: (ms: number) => string;
  /**
   * What fits a narrow column of a week's table: the time alone on the load's own day (`dayMs`),
   * with the weekday otherwise; the cell's title has the full date.
   */
  timeOnDay: (ms: number, dayMs: number) => string;
  /** A time with its weekday: where the Date column is folded or hidden, a time alone would not say which day. */
  weekdayTime: (ms: number) => string;
  time: (ms: number) => string;
  status: (status: LoadStatus) => string;
}

export interface LoadTableRowProps {
  row: LoadRow;
  columns: readonly { key: ColumnKey; width: number }[];
  /** Columns that did not fit the table's width: the expansion shows their values. */
  folded: readonly ColumnKey[];
  table: 'loads' | 'drafts';
  format: RowFormat;
  selected: boolean;
  expanded: boolean;
  /** Set when a live update touched one of the load's stops (loads table only). */
  touched: TouchedLoad | undefined;
  /** Created here a moment ago: marked (not the live update's red) so the eye finds it. */
  justCreated?: boolean;
  canEdit: boolean;
  onSelect: (id: number, selected: boolean) => void;
  onExpand: (id: number) => void;
  /** The in-place editor closed itself (saved, or the user agreed to discard): collapse at once. */
  onEditorClosed: (id: number) => void;
  inlineEditorLeave: RefObject<((leave: () => void) => void) | null>;
  onEdit: (id: number) => void;
  onCopyLink: (order: Order) => void;
  /** The load's planning conflicts, computed once per week for the whole table. */
  conflicts: readonly LoadConflict[] | undefined;
  conflictLabel: (id: number) => string;
}

const dash = '–';

/** Text of a narrow cell: two lines at most, the whole of it on hover (a native title: 100 rows). */
function Clamped({ text, testId, strong }: { text: string; testId?: string; strong?: boolean }) {
  return (
    <Text inherit lineClamp={2} title={text || undefined} fw={strong ? 600 : undefined} data-testid={testId}>
      {text || dash}
    </Text>
  );
}

/** One load of the table, and under it, when expanded, its in-place editor (or its stops, read-only). */
export const LoadTableRow = memo(function LoadTableRow({
  row,
  columns,
  folded,
  table,
  format,
  selected,
  expanded,
  touched,
  justCreated,
  canEdit,
  onSelect,
  onExpand,
  onEditorClosed,
  inlineEditorLeave,
  onEdit,
  onCopyLink,
  conflicts,
  conflictLabel,
}: LoadTableRowProps) {
  const { t } = useTranslation('loads');
  const expanderRef = useRef<HTMLButtonElement>(null);
  const { order } = row;
  const label = row.orderNumbers || format.date(row.dateMs);
  const delivered = order.status === 'Delivered';
  const editable = canEdit && !delivered;
  const dateShown = columns.some((column) => column.key === 'date');
  const time = (ms: number | null, testId: string) =>
    ms === null ? (
      dash
    ) : (
      <span title={format.dateTime(ms)} data-testid={testId}>
        {dateShown ? format.timeOnDay(ms, row.dateMs) : format.weekdayTime(ms)}
      </span>
    );

  const cell = (column: ColumnKey): ReactNode => {
    switch (column) {
      case 'select':
        return (
          <Group gap={2} wrap="nowrap">
            <Checkbox
              aria-label={t('row.select', { load: label })}
              checked={selected}
              onChange={(event) => onSelect(row.id, event.currentTarget.checked)}
              mr={2}
              data-testid="load-select"
            />
            {/* Native titles, not floating tooltips: a page holds 100 rows and re-renders them as filters change. */}
            <ActionIcon
              variant="subtle"
              size="md"
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
              size="md"
              aria-label={t('row.copyLinkOf', { load: label })}
              title={t('row.copyLink')}
              disabled={row.id < 0}
              onClick={() => onCopyLink(order)}
              data-testid="load-copy-link"
            >
              <IconLink size={16} />
            </ActionIcon>
            {row.incomplete.length > 0 && <DraftCompletenessWarning missing={row.incomplete} load={label} />}
            {conflicts && conflicts.length > 0 && <ConflictMark conflicts={conflicts} labelOf={conflictLabel} load={label} />}
          </Group>
        );
      case 'date':
        return (
          <Text inherit span title={format.date(row.dateMs)} style={{ whiteSpace: 'nowrap' }}>
            {format.shortDate(row.dateMs)}
          </Text>
        );
      case 'orderNumber':
        return <Clamped text={row.orderNumbers} strong testId="load-order-number" />;
      case 'cargo':
        return <Clamped text={row.cargo} />;
      case 'origin':
        return <Clamped text={row.origin} />;
      case 'destination':
        return <Clamped text={row.destination} />;
      case 'firstStopTime':
        return time(row.firstStopMs, 'load-first-stop-time');
      case 'lastStopTime':
        return time(row.lastStopMs, 'load-last-stop-time');
      case 'completedTime':
        return time(row.completedMs, 'load-completed-time');
      case 'tripTime':
        return (
          <Text inherit span style={{ whiteSpace: 'nowrap' }} data-testid="load-trip-time">
            {row.tripMinutes === null ? dash : formatDurationShort(row.tripMinutes)}
          </Text>
        );
      case 'resourceScheduling':
        return <ResourceSchedulingCell load={order} label={label} />;
      case 'driver':
        return <Clamped text={row.driver} testId="load-driver" />;
      case 'tractor':
        return <Clamped text={row.tractor} />;
      case 'trailer':
        return <Clamped text={row.trailer} />;
      case 'status':
        return (
          <Badge variant="light" color={STATUS_COLORS[order.status]} tt="none" px={6} maw="100%" data-testid="load-status">
            {format.status(order.status)}
          </Badge>
        );
      case 'expander':
        return (
          <ActionIcon
            ref={expanderRef}
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
      data-just-created={justCreated ? 'true' : undefined}
      className={justCreated ? justCreatedClasses.justCreated : undefined}
      bg={touched ? 'var(--mantine-color-red-light)' : selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      {columns.map(({ key }) => (
        <Table.Td key={key}>{cell(key)}</Table.Td>
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
        <Table.Tr data-testid="load-expanded" data-expanded-load-id={row.id} data-own-tab-order>
          <Table.Td colSpan={columns.length} p="sm">
            <Stack gap="sm" className={classes.expansion}>
              {folded.length > 0 && <FoldedColumns columns={folded} cell={cell} />}
              {editable ? (
                <LazyLoadEditor
                  load={order}
                  isDraft={table === 'drafts'}
                  variant="inline"
                  onClose={() => {
                    onEditorClosed(row.id);
                    // Focus was in the editor, which goes: back to the row's own expander.
                    requestAnimationFrame(() => expanderRef.current?.focus());
                  }}
                  leaveGuard={inlineEditorLeave}
                />
              ) : (
                <LoadStopsSummary
                  order={order}
                  format={format}
                  reason={delivered ? t('row.deliveredLocked') : t('row.readOnly')}
                />
              )}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});

/** The values of the columns the table's width folded away, labelled, at the top of the expansion. */
function FoldedColumns({ columns, cell }: { columns: readonly ColumnKey[]; cell: (column: ColumnKey) => ReactNode }) {
  const titles = useColumnTitles();
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" verticalSpacing={4} data-testid="load-folded-columns">
      {columns.map((column) =>
        column === 'select' || column === 'expander' ? null : (
          <div key={column} data-folded-column={column}>
            <Text size="xs" c="dimmed">
              {titles[column]}
            </Text>
            <div>{cell(column)}</div>
          </div>
        ),
      )}
    </SimpleGrid>
  );
}
