import { Checkbox, MultiSelect, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_STATUSES } from '#core/domain/load-rules';
import type { ColumnKey } from './columns.ts';
import { type LoadFilters, type SelectFilterField, type TextFilterField, UNASSIGNED } from './filter-loads.ts';
import type { ChoiceOption, LookupOptions } from './use-load-lookups.ts';

/** Long lists render at most this many options at a time; typing narrows them. */
const OPTIONS_SHOWN = 100;

export interface PageSelection {
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
}

/** Column titles, and under them each column's filter: text (dates as YYYY-MM-DD) or a multi-select. */
export const LoadTableHeader = memo(function LoadTableHeader({
  columns,
  filters,
  options,
  pageSelection,
  onText,
  onSelect,
}: {
  columns: readonly ColumnKey[];
  filters: LoadFilters;
  options: LookupOptions;
  pageSelection: PageSelection;
  onText: (field: TextFilterField, value: string) => void;
  onSelect: (field: SelectFilterField, values: string[]) => void;
}) {
  const { t } = useTranslation('loads');
  const titles: Record<Exclude<ColumnKey, 'select'>, string> = {
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
  };

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

  const text = (field: TextFilterField, isDate: boolean) => (
    <TextInput
      size="xs"
      miw={isDate ? 120 : 110}
      aria-label={t('filters.by', { column: titles[field] })}
      placeholder={isDate ? t('filters.datePlaceholder') : t('filters.textPlaceholder')}
      value={filters.text[field]}
      onChange={(event) => onText(field, event.currentTarget.value)}
      data-testid={`filter-${field}`}
    />
  );
  const choice = (field: SelectFilterField, title: string, data: ChoiceOption[]) => (
    <MultiSelect
      size="xs"
      miw={150}
      aria-label={t('filters.by', { column: title })}
      placeholder={filters.select[field].length ? undefined : t('filters.any')}
      data={data}
      value={filters.select[field]}
      onChange={(values) => onSelect(field, values)}
      searchable
      clearable
      limit={OPTIONS_SHOWN}
      nothingFoundMessage={t('filters.nothingFound')}
      data-testid={`filter-${field}`}
    />
  );

  const filterCell = (column: ColumnKey): ReactNode => {
    switch (column) {
      case 'date':
      case 'firstStopTime':
      case 'lastStopTime':
      case 'completedTime':
        return text(column, true);
      case 'orderNumber':
        return text(column, false);
      case 'cargo':
        return choice('cargo', titles.cargo, options.cargo);
      case 'origin':
        return choice('origin', titles.origin, options.places);
      case 'destination':
        return choice('destination', titles.destination, options.places);
      case 'driver':
        return choice('driver', titles.driver, withUnassigned.drivers);
      case 'tractor':
        return choice('tractor', titles.tractor, withUnassigned.tractors);
      case 'trailer':
        return choice('trailer', titles.trailer, withUnassigned.trailers);
      case 'status':
        return choice('status', titles.status, statuses);
      default:
        return null;
    }
  };

  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
            {column === 'select' ? (
              <Checkbox
                aria-label={t('selectPage')}
                checked={pageSelection.checked}
                indeterminate={pageSelection.indeterminate}
                onChange={(event) => pageSelection.onChange(event.currentTarget.checked)}
                data-testid="select-page"
              />
            ) : column === 'expander' ? (
              <VisuallyHidden>{titles.expander}</VisuallyHidden>
            ) : (
              titles[column]
            )}
          </Table.Th>
        ))}
      </Table.Tr>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} fw="normal">
            {filterCell(column)}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
});
