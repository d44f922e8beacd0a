import { Checkbox, MultiSelect, Popover, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCalendarUser, IconFilter, IconFilterFilled } from '@tabler/icons-react';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_STATUSES } from '#core/domain/load-rules';
import type { ColumnKey } from './columns.ts';
import { type LoadFilters, type SelectFilterField, type TextFilterField, UNASSIGNED } from './filter-loads.ts';
import classes from './loads-table.module.css';
import type { ChoiceOption, LookupOptions } from './use-load-lookups.ts';

/** Long lists render at most this many options at a time; typing narrows them. */
const OPTIONS_SHOWN = 100;

export interface PageSelection {
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
}

const TEXT_FILTERS: Partial<Record<ColumnKey, { field: TextFilterField; isDate: boolean }>> = {
  date: { field: 'date', isDate: true },
  orderNumber: { field: 'orderNumber', isDate: false },
  firstStopTime: { field: 'firstStopTime', isDate: true },
  lastStopTime: { field: 'lastStopTime', isDate: true },
  completedTime: { field: 'completedTime', isDate: true },
};
const SELECT_FILTERS: Partial<Record<ColumnKey, SelectFilterField>> = {
  cargo: 'cargo',
  origin: 'origin',
  destination: 'destination',
  driver: 'driver',
  tractor: 'tractor',
  trailer: 'trailer',
  status: 'status',
};

/** The column titles; the full ones name filters and cells, the short ones fit the narrow headers. */
export function useColumnTitles() {
  const { t } = useTranslation('loads');
  return useMemo(
    (): Record<Exclude<ColumnKey, 'select'>, string> => ({
      date: t('columns.date'),
      orderNumber: t('columns.orderNumber'),
      cargo: t('columns.cargo'),
      origin: t('columns.origin'),
      destination: t('columns.destination'),
      firstStopTime: t('columns.firstStopTime'),
      lastStopTime: t('columns.lastStopTime'),
      completedTime: t('columns.completedTime'),
      tripTime: t('columns.tripTime'),
      resourceScheduling: t('columns.resourceScheduling'),
      driver: t('columns.driver'),
      tractor: t('columns.tractor'),
      trailer: t('columns.trailer'),
      status: t('columns.status'),
      expander: t('columns.details'),
    }),
    [t],
  );
}

/**
 * One header row: each column's title and, behind a filter button, its filter (text, dates as
 * YYYY-MM-DD, or a multi-select). A filter that narrows the rows shows a filled button, so a
 * narrow column needs no room for an input and the header stays one row.
 */
export const LoadTableHeader = memo(function LoadTableHeader({
  columns,
  filters,
  options,
  pageSelection,
  onText,
  onSelect,
}: {
  columns: readonly { key: ColumnKey; width: number }[];
  filters: LoadFilters;
  options: LookupOptions;
  pageSelection: PageSelection;
  onText: (field: TextFilterField, value: string) => void;
  onSelect: (field: SelectFilterField, values: string[]) => void;
}) {
  const { t } = useTranslation('loads');
  const titles = useColumnTitles();

  const withUnassigned = useMemo(() => {
    const none = { value: UNASSIGNED, label: t('filters.unassigned') };
    return {
      drivers: [none, ...options.drivers],
      tractors: [none, ...options.tractors],
      trailers: [none, ...options.trailers],
    };
  }, [options, t]);
  const statuses = useMemo(
    () => LOAD_STATUSES.map((status) => ({ value: status, label: t(`status.${status.replace(' ', '')}`) })),
    [t],
  );
  const choices: Record<SelectFilterField, ChoiceOption[]> = {
    cargo: options.cargo,
    origin: options.places,
    destination: options.places,
    driver: withUnassigned.drivers,
    tractor: withUnassigned.tractors,
    trailer: withUnassigned.trailers,
    status: statuses,
    customer: options.customers,
  };

  const filterOf = (column: Exclude<ColumnKey, 'select'>): { active: boolean; input: ReactNode } | null => {
    const label = t('filters.by', { column: titles[column] });
    const text = TEXT_FILTERS[column];
    if (text) {
      return {
        active: filters.text[text.field].trim() !== '',
        input: (
          <TextInput
            size="sm"
            data-autofocus
            aria-label={label}
            placeholder={text.isDate ? t('filters.datePlaceholder') : t('filters.textPlaceholder')}
            value={filters.text[text.field]}
            onChange={(event) => onText(text.field, event.currentTarget.value)}
            data-testid={`filter-${text.field}`}
          />
        ),
      };
    }
    const field = SELECT_FILTERS[column];
    if (!field) return null;
    return {
      active: filters.select[field].length > 0,
      input: (
        <MultiSelect
          size="sm"
          data-autofocus
          aria-label={label}
          placeholder={filters.select[field].length ? undefined : t('filters.any')}
          data={choices[field]}
          value={filters.select[field]}
          onChange={(values) => onSelect(field, values)}
          searchable
          clearable
          limit={OPTIONS_SHOWN}
          nothingFoundMessage={t('filters.nothingFound')}
          // Inside the popover, so picking an option is not a click outside it.
          comboboxProps={{ withinPortal: false }}
          data-testid={`filter-${field}`}
        />
      ),
    };
  };

  const headerCell = (column: ColumnKey): ReactNode => {
    if (column === 'select')
      return (
        <Checkbox
          aria-label={t('selectPage')}
          checked={pageSelection.checked}
          indeterminate={pageSelection.indeterminate}
          onChange={(event) => pageSelection.onChange(event.currentTarget.checked)}
          data-testid="select-page"
        />
      );
    if (column === 'expander') return <VisuallyHidden>{titles.expander}</VisuallyHidden>;
    if (column === 'resourceScheduling')
      return (
        <span title={titles.resourceScheduling} className={classes.headerIcon}>
          <IconCalendarUser size={18} aria-hidden />
          <VisuallyHidden>{titles.resourceScheduling}</VisuallyHidden>
        </span>
      );
    const filter = filterOf(column);
    const title = column === 'tripTime' ? t('columns.tripTimeShort') : titles[column];
    if (!filter)
      return (
        <Text inherit fw={700} lineClamp={2} title={titles[column]} className={classes.headerTitle}>
          {title}
        </Text>
      );
    // The title itself opens the column's filter: a narrow column has no room for a separate button.
    const FilterIcon = filter.active ? IconFilterFilled : IconFilter;
    return (
      <Popover position="bottom-start" width={260} shadow="md" trapFocus returnFocus withArrow>
        <Popover.Target>
          <UnstyledButton
            className={classes.headerButton}
            data-active={filter.active || undefined}
            title={titles[column]}
            aria-label={
              filter.active ? t('filters.byActive', { column: titles[column] }) : t('filters.by', { column: titles[column] })
            }
            data-testid={`filter-toggle-${column}`}
          >
            {title} <FilterIcon size={12} className={classes.headerFilterIcon} aria-hidden />
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>{filter.input}</Popover.Dropdown>
      </Popover>
    );
  };

  return (
    <Table.Thead className={classes.header}>
      <Table.Tr>
        {columns.map(({ key, width }) => (
          // The column is named by its title alone; the filter button inside keeps its own "Filter by …" label.
          <Table.Th key={key} w={width} aria-label={key === 'select' ? undefined : titles[key]}>
            {headerCell(key)}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
});
