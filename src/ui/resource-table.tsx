import {
  ActionIcon,
  Alert,
  Button,
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
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconCloudUpload,
  IconDatabaseOff,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExplainedActionIcon, ExplainedButton } from './explained-button.tsx';
import { ResourcePage } from './resource-page.tsx';
import { CREATED_MARK_MS, clearCreated, pageOfIndex, useCreatedRecord } from './just-created.ts';
import justCreatedClasses from './just-created.module.css';
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
} from './resource-table-rows.ts';

const SKELETON_ROWS = 10;

/** What the user may do with the table's records (their permissions decide, not the table). */
export interface ResourceTableActions {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

export interface ResourceTableProps<Row extends { id: number }> {
  /** The key of the table (the record just created, the test ids). */
  table: string;
  title: string;
  /** Undefined while loading. */
  rows: readonly Row[] | undefined;
  columns: readonly ResourceColumn<Row>[];
  /** The translation namespace of the columns' `labelKey` (a key may name its own, `ns:key`). */
  labelNamespace: string;
  actions: ResourceTableActions;
  /** How a row is named in questions and toasts. */
  itemName: (row: Row) => string;
  /** The page size the user chose for this table (5, 10 or 25; 10 otherwise) and where a new choice goes. */
  rememberedPageSize?: number;
  onPageSizeChange?: (size: number) => void;
  /** Beside the title, before Create (an explanation's button). */
  headerActions?: ReactNode;
  onCreate?: () => void;
  onEdit?: (row: Row) => void;
  /** A row's own action icons, between Edit and Delete (downtime, contact preferences). */
  rowActions?: (row: Row) => ReactNode;
  /** Rows shown red, with the reason read out beside the first cell (contacts nothing reaches). */
  warning?: (row: Row) => string | null;
  /** Deletes the row; a rejection's message is shown in the confirmation (the server's "in use"). */
  onDelete?: (row: Row) => Promise<void>;
  /** Edits and deletes queue while offline; otherwise they need a connection and say so. */
  worksOffline?: boolean;
  /** Creating queues while offline (a provisional row shows at once); otherwise it needs a connection. */
  createsOffline?: boolean;
  /** A change of the row waiting to be sent, said beside its first cell. */
  pending?: (row: Row) => string | null;
}

/**
 * The one table of every list of records (spec 2 §2 "Generic resource table"; the administration
 * lists): search, sort, distinct-value column filters, pages of 5, 10 or 25, the row counter, greyed
 * disabled rows, and the create, edit and delete actions it is given. Below 1024 px only the
 * essential columns show, so it fits a tablet without scrolling sideways.
 */
export function ResourceTable<Row extends { id: number }>(props: ResourceTableProps<Row>) {
  const { table, title, rows, columns, actions, itemName } = props;
  const { t, i18n } = useTranslation();
  const { t: tLabel } = useTranslation(props.labelNamespace);
  const wide = useMediaQuery('(min-width: 64em)', true);
  const [query, setQuery] = useState<TableQuery>(EMPTY_QUERY);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const pageSize = pageSizeOf(props.rememberedPageSize);

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
  const hasRowActions = actions.edit || actions.delete || props.rowActions !== undefined;

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
    first: t('resourceTable.pageControl.first'),
    previous: t('resourceTable.pageControl.previous'),
    next: t('resourceTable.pageControl.next'),
    last: t('resourceTable.pageControl.last'),
  };
  const changeQuery = (change: Partial<TableQuery>) => {
    setQuery((previous) => ({ ...previous, ...change }));
    setPage(1);
  };
  const changePageSize = (value: string | null) => {
    const size = Number(value);
    if (!size) return;
    setPage(1);
    props.onPageSizeChange?.(size);
  };

  const createButton =
    actions.create && props.onCreate ? (
      <ExplainedButton
        needsConnection={!props.createsOffline}
        leftSection={<IconPlus size={16} />}
        onClick={props.onCreate}
        data-testid={`${table}-create`}
      >
        {t('resourceTable.create')}
      </ExplainedButton>
    ) : null;

  return (
    <ResourcePage
      title={title}
      actions={
        (props.headerActions || createButton) && (
          <>
            {props.headerActions}
            {createButton}
          </>
        )
      }
      data-testid={`${table}-page`}
    >
      <Group gap="sm" align="flex-end">
        <TextInput
          w={{ base: '100%', xs: 260 }}
          leftSection={<IconSearch size={16} />}
          aria-label={t('resourceTable.search')}
          placeholder={t('resourceTable.search')}
          value={query.search}
          onChange={(event) => changeQuery({ search: event.currentTarget.value })}
          data-testid={`${table}-search`}
        />
        <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${table}-count`}>
          {loading ? '' : t('resourceTable.rowCount', { count: found.length })}
        </Text>
        {filterOptions.map(({ column, values }) => (
          <MultiSelect
            key={column.key}
            w={{ base: '100%', xs: 200 }}
            aria-label={t('resourceTable.filterBy', { column: tLabel(column.labelKey) })}
            placeholder={(query.filters[column.key]?.length ?? 0) > 0 ? undefined : tLabel(column.labelKey)}
            data={values}
            value={query.filters[column.key] ?? []}
            onChange={(selected) => changeQuery({ filters: { ...query.filters, [column.key]: selected } })}
            searchable
            clearable
            limit={100}
            nothingFoundMessage={t('resourceTable.nothingFound')}
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
                      {tLabel(column.labelKey)}
                      <SortIcon size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            {hasRowActions && (
              <Table.Th>
                {/* One word: a narrow table would otherwise break it mid-word ("Acti ons"). */}
                <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('resourceTable.actions')}
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
                  title={filtering ? t('resourceTable.noMatches') : t('resourceTable.noRecords')}
                  data-testid={`${table}-no-records`}
                >
                  {filtering ? (
                    <Button variant="light" mt="sm" onClick={() => changeQuery(EMPTY_QUERY)}>
                      {t('resourceTable.clearSearch')}
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
                    <Group gap={4} wrap="nowrap">
                      {actions.edit && props.onEdit && (
                        <ExplainedActionIcon
                          label={t('resourceTable.edit', { name: itemName(entry.row) })}
                          onClick={() => props.onEdit?.(entry.row)}
                          needsConnection={!props.worksOffline}
                          data-testid={`${table}-edit`}
                        >
                          <IconPencil size={18} />
                        </ExplainedActionIcon>
                      )}
                      {props.rowActions?.(entry.row)}
                      {actions.delete && props.onDelete && (
                        <ExplainedActionIcon
                          label={t('resourceTable.delete', { name: itemName(entry.row) })}
                          color="red"
                          onClick={() => setDeleting(entry.row)}
                          needsConnection={!props.worksOffline}
                          data-testid={`${table}-delete`}
                        >
                          <IconTrash size={18} />
                        </ExplainedActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid={`${table}-showing`}>
          {t('resourceTable.showing', { first: current.first, last: current.last, count: found.length })}
        </Text>
        <Group gap="sm">
          <Select
            w={130}
            aria-label={t('resourceTable.pageSize')}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: t('resourceTable.perPage', { size }) }))}
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
              getItemProps={(number) => ({ 'aria-label': t('resourceTable.page', { page: number }) })}
              getControlProps={(control) => ({ 'aria-label': pageControlLabels[control] })}
            />
          )}
        </Group>
      </Group>
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
    </ResourcePage>
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
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('resourceTable.deleteTitle', { name })}
      centered
      data-testid="delete-confirmation"
    >
      <Stack gap="sm">
        <Text size="sm">{t('resourceTable.deleteMessage', { name })}</Text>
        {error && (
          <Alert color="red" role="alert" data-testid="delete-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {t('resourceTable.cancel')}
          </Button>
          <ExplainedButton
            color="red"
            loading={busy}
            needsConnection={!worksOffline}
            data-testid="delete-confirm"
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
            {t('resourceTable.deleteConfirm')}
          </ExplainedButton>
        </Group>
      </Stack>
    </Modal>
  );
}
