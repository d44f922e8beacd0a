import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Drawer,
  EmptyState,
  Group,
  Modal,
  MultiSelect,
  Pagination,
  Popover,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconCalendarX,
  IconCloudUpload,
  IconDatabaseOff,
  IconInfoCircle,
  IconMessageDots,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selfQuery } from '#src/data/session-queries.ts';
import { useSavePreferences } from '#src/features/loads/table/use-save-preferences.ts';
import { CREATED_MARK_MS, clearCreated, pageOfIndex, useCreatedRecord } from './just-created.ts';
import justCreatedClasses from '#src/ui/just-created.module.css';
import type { TableActions } from './row-actions.ts';
import {
  distinctValues,
  EMPTY_QUERY,
  hasActiveQuery,
  nextSort,
  PAGE_SIZES,
  pageOf,
  pageSizeOf,
  type PreparedRow,
  prepareRows,
  queryRows,
  type ResourceColumn,
  type TableQuery,
} from './table-rows.ts';
import { WriteActionIcon, WriteButton } from './write-action.tsx';

const SKELETON_ROWS = 10;
/** Mantine's ActionIcon at its default size (md). */
const ACTION_ICON_SIZE = '1.75rem';

export interface ResourceTableProps<Row extends { id: number }> {
  /** The key of the page size in preferences (`tables.{table}.pageSize`) and of the test ids. */
  table: string;
  title: string;
  /** Undefined while loading. */
  rows: readonly Row[] | undefined;
  columns: readonly ResourceColumn<Row>[];
  actions: TableActions;
  /** How a row is named in questions and toasts. */
  itemName: (row: Row) => string;
  onCreate?: () => void;
  onEdit?: (row: Row) => void;
  onDowntime?: (row: Row) => void;
  onContactPreferences?: (row: Row) => void;
  /** Rows offering downtime when the table does (users: drivers only); all by default. */
  hasDowntime?: (row: Row) => boolean;
  /** Rows shown red, with the reason read out beside the first cell (contacts nothing reaches). */
  warning?: (row: Row) => string | null;
  /** Deletes the row; a rejection's message is shown in the confirmation (the server's "in use"). */
  onDelete?: (row: Row) => Promise<void>;
  /** Edits and deletes queue while offline (the page's collection is in QUEUED_OFFLINE). */
  worksOffline?: boolean;
  /** A change of the row waiting to be sent, said beside its first cell. */
  pending?: (row: Row) => string | null;
}

/**
 * The one table of every administration list (spec 2 §2): search, sort, distinct-value column
 * filters, pages of 5, 10 or 25 remembered per table, the row counter, greyed disabled rows and the
 * actions the user's permissions allow. Below 1024 px only the essential columns show, so it fits
 * a tablet without scrolling sideways.
 */
export function ResourceTable<Row extends { id: number }>(props: ResourceTableProps<Row>) {
  const { table, title, rows, columns, actions, itemName } = props;
  const { t, i18n } = useTranslation('administration');
  const { data: self } = useQuery(selfQuery);
  const savePreferences = useSavePreferences();
  const wide = useMediaQuery('(min-width: 64em)', true);
  const [query, setQuery] = useState<TableQuery>(EMPTY_QUERY);
  const [page, setPage] = useState(1);
  const [infoOpen, setInfoOpen] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const pageSize = pageSizeOf(self?.preferences.tables?.[table]?.pageSize);

  const collator = useMemo(() => new Intl.Collator(i18n.language, { numeric: true, sensitivity: 'base' }), [i18n.language]);
  const prepared = useMemo(() => (rows ? prepareRows(rows, columns) : undefined), [rows, columns]);
  const deferredQuery = useDeferredValue(query);
  const found = useMemo(
    () => (prepared ? timedQueryRows(prepared, columns, deferredQuery, collator) : []),
    [prepared, columns, deferredQuery, collator],
  );
  const filterOptions = useMemo(
    () =>
      columns
        .filter((column) => column.filterable)
        .map((column) => ({ column, values: prepared ? distinctValues(prepared, columns, column.key, collator) : [] })),
    [prepared, columns, collator],
  );
  const shownColumns = columns.map((column, index) => ({ column, index })).filter(({ column }) => wide || column.essential);
  const current = pageOf(found, page, pageSize);
  const loading = prepared === undefined;
  const filtering = hasActiveQuery(query);
  const hasRowActions = actions.edit || actions.delete || actions.downtime || actions.contactPreferences;

  // A record just created here is brought into view (the search cleared if it hides it, its page
  // shown, scrolled to) and glows teal for a moment, as a load just created does.
  const created = useCreatedRecord(table);
  useEffect(() => {
    if (created === null || !prepared) return;
    const index = found.findIndex((entry) => entry.row.id === created);
    if (index === -1) {
      if (filtering && prepared.some((entry) => entry.row.id === created)) setQuery(EMPTY_QUERY);
      return;
    }
    const target = pageOfIndex(index, pageSize);
    if (target !== current.page) setPage(target);
  }, [created, prepared, found, filtering, pageSize, current.page]);
  const createdShown = created !== null && current.rows.some((entry) => entry.row.id === created);
  useEffect(() => {
    if (!createdShown || created === null) return;
    document.querySelector(`[data-testid="${table}-row"][data-record-id="${created}"]`)?.scrollIntoView?.({ block: 'center' });
    const timer = setTimeout(() => clearCreated(table, created), CREATED_MARK_MS);
    return () => clearTimeout(timer);
  }, [createdShown, created, table]);

  const pageControlLabels = {
    first: t('pageControl.first'),
    previous: t('pageControl.previous'),
    next: t('pageControl.next'),
    last: t('pageControl.last'),
  };
  const changeQuery = (change: Partial<TableQuery>) => {
    setQuery((previous) => ({ ...previous, ...change }));
    setPage(1);
  };
  const changePageSize = (value: string | null) => {
    const size = Number(value);
    if (!size) return;
    setPage(1);
    void savePreferences((preferences) => ({ ...preferences, tables: { ...preferences.tables, [table]: { pageSize: size } } }));
  };

  const createButton =
    actions.create && props.onCreate ? (
      <WriteButton leftSection={<IconPlus size={16} />} onClick={props.onCreate} testId={`${table}-create`}>
        {t('create')}
      </WriteButton>
    ) : null;

  return (
    <Stack gap="sm" p="md" data-testid={`${table}-page`}>
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="xs">
          <Tooltip label={t('notificationCriteria.open')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('notificationCriteria.open')}
              onClick={() => setInfoOpen(true)}
              data-testid="notification-criteria-open"
            >
              <IconInfoCircle size={20} />
            </ActionIcon>
          </Tooltip>
          {createButton}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          w={{ base: '100%', xs: 260 }}
          leftSection={<IconSearch size={16} />}
          aria-label={t('search')}
          placeholder={t('search')}
          value={query.search}
          onChange={(event) => changeQuery({ search: event.currentTarget.value })}
          data-testid={`${table}-search`}
        />
        <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${table}-count`}>
          {loading ? '' : t('rowCount', { count: found.length })}
        </Text>
        {filterOptions.map(({ column, values }) => (
          <MultiSelect
            key={column.key}
            w={{ base: '100%', xs: 200 }}
            aria-label={t('filterBy', { column: t(column.labelKey) })}
            placeholder={(query.filters[column.key]?.length ?? 0) > 0 ? undefined : t(column.labelKey)}
            data={values}
            value={query.filters[column.key] ?? []}
            onChange={(selected) => changeQuery({ filters: { ...query.filters, [column.key]: selected } })}
            searchable
            clearable
            limit={100}
            nothingFoundMessage={t('nothingFound')}
            data-testid={`${table}-filter-${column.key}`}
          />
        ))}
      </Group>
      <Table
        stickyHeader
        stickyHeaderOffset="var(--app-shell-header-offset, 0rem)"
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={loading}
        data-testid={`${table}-table`}
        style={{ tableLayout: 'auto', wordBreak: 'break-word' }}
      >
        <Table.Thead>
          <Table.Tr>
            {shownColumns.map(({ column }) => {
              const sorted = query.sort?.column === column.key ? query.sort.direction : null;
              const SortIcon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
              return (
                <Table.Th
                  key={column.key}
                  // Titles wrap between words only ("Weight", not "Weigh|t"); cells may break long values.
                  style={{ wordBreak: 'normal' }}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  <UnstyledButton
                    onClick={() => changeQuery({ sort: nextSort(query.sort, column.key) })}
                    fw={700}
                    fz="sm"
                    data-testid={`${table}-sort-${column.key}`}
                  >
                    <Group gap={4} wrap="nowrap">
                      {t(column.labelKey)}
                      <SortIcon size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            {hasRowActions && (
              <Table.Th>
                <Text fw={700} fz="sm">
                  {t('actions')}
                </Text>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <Table.Tr key={index} data-testid="skeleton-row">
                {shownColumns.map(({ column }) => (
                  <Table.Td key={column.key}>
                    <Skeleton h={18} />
                  </Table.Td>
                ))}
                {hasRowActions && <Table.Td />}
              </Table.Tr>
            ))}
          {!loading && found.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={shownColumns.length + (hasRowActions ? 1 : 0)}>
                <EmptyState
                  icon={<IconDatabaseOff size={32} />}
                  title={filtering ? t('noMatches') : t('noRecords')}
                  data-testid={`${table}-no-records`}
                >
                  {filtering ? (
                    <Button variant="light" mt="sm" onClick={() => changeQuery(EMPTY_QUERY)}>
                      {t('clearSearch')}
                    </Button>
                  ) : (
                    createButton && <Group mt="sm">{createButton}</Group>
                  )}
                </EmptyState>
              </Table.Td>
            </Table.Tr>
          )}
          {current.rows.map((entry) => {
            const warning = props.warning?.(entry.row) ?? null;
            const pending = props.pending?.(entry.row) ?? null;
            return (
              <Table.Tr
                key={entry.row.id}
                data-testid={`${table}-row`}
                data-record-id={entry.row.id}
                data-just-created={entry.row.id === created || undefined}
                className={entry.row.id === created ? justCreatedClasses.justCreated : undefined}
                data-enabled={entry.enabled}
                data-warning={warning !== null || undefined}
                data-pending={pending !== null || undefined}
                bg={warning !== null ? 'var(--mantine-color-red-1)' : entry.enabled ? undefined : 'var(--mantine-color-gray-1)'}
                c={warning !== null ? 'red.9' : entry.enabled ? undefined : 'dimmed'}
              >
                {shownColumns.map(({ column, index }, position) => (
                  // A long value (a trailer's cargo types) wraps within 20rem and shows two lines, the rest on hover.
                  <Table.Td key={column.key} maw="20rem">
                    <Text inherit span lineClamp={2} title={entry.texts[index] || undefined}>
                      {entry.texts[index]}
                    </Text>
                    {position === 0 && warning !== null && <RowWarning warning={warning} table={table} />}
                    {position === 0 && pending !== null && (
                      <Tooltip label={pending}>
                        <IconCloudUpload
                          size={14}
                          aria-label={pending}
                          role="img"
                          color="var(--mantine-color-blue-8)"
                          style={{ marginInlineStart: 4 }}
                          data-testid={`${table}-pending`}
                        />
                      </Tooltip>
                    )}
                  </Table.Td>
                ))}
                {hasRowActions && (
                  <Table.Td>
                    <RowActions
                      actions={actions}
                      name={itemName(entry.row)}
                      table={table}
                      onEdit={props.onEdit && (() => props.onEdit?.(entry.row))}
                      downtimeSlot={props.onDowntime !== undefined}
                      onDowntime={
                        props.onDowntime && (props.hasDowntime?.(entry.row) ?? true)
                          ? () => props.onDowntime?.(entry.row)
                          : undefined
                      }
                      onContactPreferences={props.onContactPreferences && (() => props.onContactPreferences?.(entry.row))}
                      onDelete={props.onDelete && (() => setDeleting(entry.row))}
                      worksOffline={props.worksOffline}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid={`${table}-showing`}>
          {t('showing', { first: current.first, last: current.last, count: found.length })}
        </Text>
        <Group gap="sm">
          <Select
            w={130}
            aria-label={t('pageSize')}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: t('perPage', { size }) }))}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={changePageSize}
            data-testid={`${table}-page-size`}
          />
          {current.pageCount > 1 && (
            <Pagination
              total={current.pageCount}
              value={current.page}
              onChange={setPage}
              getItemProps={(number) => ({ 'aria-label': t('page', { page: number }) })}
              getControlProps={(control) => ({ 'aria-label': pageControlLabels[control] })}
            />
          )}
        </Group>
      </Group>
      <NotificationCriteriaDrawer opened={infoOpen} onClose={() => setInfoOpen(false)} />
      {props.onDelete && (
        <DeleteConfirmation
          worksOffline={props.worksOffline}
          name={deleting ? itemName(deleting) : ''}
          opened={deleting !== null}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            if (deleting) await props.onDelete?.(deleting);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Search, filter and sort over every row, recorded as the User Timing measure `admin:query` so
 * `npm run bench` can read what it costs in the browser (goal ≤ 50 ms for 5,000 users).
 */
function timedQueryRows<Row>(
  prepared: readonly PreparedRow<Row>[],
  columns: readonly ResourceColumn<Row>[],
  query: TableQuery,
  collator: Intl.Collator,
) {
  const start = performance.now();
  const found = queryRows(prepared, columns, query, collator);
  performance.measure('admin:query', { start, end: performance.now(), detail: { rows: prepared.length } });
  return found;
}

/**
 * A warned row's reason behind a small button: a tap or a click opens it (a hover-only tooltip
 * cannot be reached by touch), and it is named by the reason for screen readers.
 */
function RowWarning({ warning, table }: { warning: string; table: string }) {
  return (
    <Popover position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={warning}
          ms={4}
          style={{ verticalAlign: 'middle' }}
          data-testid={`${table}-warning`}
        >
          <IconAlertTriangle size={14} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown maw={320}>
        <Text size="sm" data-testid={`${table}-warning-text`}>
          {warning}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}

function RowActions({
  actions,
  name,
  table,
  onEdit,
  downtimeSlot,
  onDowntime,
  onContactPreferences,
  onDelete,
  worksOffline,
}: {
  worksOffline?: boolean;
  actions: TableActions;
  name: string;
  table: string;
  onEdit?: () => void;
  /** The table offers downtime: rows without it (users who are not drivers) keep its place, so icons line up. */
  downtimeSlot: boolean;
  onDowntime?: () => void;
  onContactPreferences?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation('administration');
  return (
    <Group gap={4} wrap="nowrap">
      {actions.edit && onEdit && (
        <WriteActionIcon
          label={t('rowActions.edit', { name })}
          onClick={onEdit}
          worksOffline={worksOffline}
          testId={`${table}-edit`}
        >
          <IconPencil size={18} />
        </WriteActionIcon>
      )}
      {actions.downtime &&
        (onDowntime ? (
          <Tooltip label={t('rowActions.downtime', { name })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('rowActions.downtime', { name })}
              onClick={onDowntime}
              data-testid={`${table}-downtime`}
            >
              <IconCalendarX size={18} />
            </ActionIcon>
          </Tooltip>
        ) : (
          downtimeSlot && <Box w={ACTION_ICON_SIZE} h={ACTION_ICON_SIZE} style={{ flexShrink: 0 }} aria-hidden />
        ))}
      {actions.contactPreferences && onContactPreferences && (
        <Tooltip label={t('rowActions.contactPreferences', { name })}>
          <ActionIcon
            variant="subtle"
            aria-label={t('rowActions.contactPreferences', { name })}
            onClick={onContactPreferences}
            data-testid={`${table}-contact-preferences`}
          >
            <IconMessageDots size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {actions.delete && onDelete && (
        <WriteActionIcon
          label={t('rowActions.delete', { name })}
          color="red"
          onClick={onDelete}
          worksOffline={worksOffline}
          testId={`${table}-delete`}
        >
          <IconTrash size={18} />
        </WriteActionIcon>
      )}
    </Group>
  );
}

function DeleteConfirmation({
  name,
  opened,
  onClose,
  onConfirm,
  worksOffline,
}: {
  worksOffline?: boolean;
  name: string;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation('administration');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('delete.title', { name })} centered data-testid="delete-confirmation">
      <Stack gap="sm">
        <Text size="sm">{t('delete.message', { name })}</Text>
        {error && (
          <Alert color="red" role="alert" data-testid="delete-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {t('cancel')}
          </Button>
          <WriteButton
            color="red"
            loading={busy}
            worksOffline={worksOffline}
            testId="delete-confirm"
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
                close();
              } catch (cause) {
                setError(cause instanceof Error ? cause.message : String(cause));
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('delete.confirm')}
          </WriteButton>
        </Group>
      </Stack>
    </Modal>
  );
}

function NotificationCriteriaDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactNode {
  const { t } = useTranslation('administration');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('notificationCriteria.title')}
      data-testid="notification-criteria"
    >
      <Stack gap="sm">
        <Text size="sm">{t('notificationCriteria.intro')}</Text>
        <Text size="sm">{t('notificationCriteria.filters')}</Text>
        <Text size="sm">{t('notificationCriteria.preferences')}</Text>
        <Text size="sm">{t('notificationCriteria.disabled')}</Text>
      </Stack>
    </Drawer>
  );
}
