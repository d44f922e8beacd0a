/**
 * The resource table's rows as pure functions (spec 2 §2 "Generic resource table"): each
 * row's cell texts are computed once per row list, and search, column filters and sort work over
 * those texts, so a table of 5,000 rows answers each keystroke without formatting anything again.
 */

export interface ResourceColumn<Row> {
  key: string;
  /** Translation key of the header, in the namespace the table is given. */
  labelKey: string;
  /** What the cell shows; search, filters and the sort read the same text. */
  text: (row: Row) => string;
  /** Numbers sort by value, not by their formatted text. */
  sortValue?: (row: Row) => number | null;
  /** Offers a filter of the column's distinct values. */
  filterable?: boolean;
  /** Kept on narrow screens (768 px); the others show only from 1024 px. */
  essential?: boolean;
}

export interface PreparedRow<Row> {
  row: Row;
  texts: string[];
  /** Every cell's text, lower-cased and joined, for the search box. */
  searchText: string;
  enabled: boolean;
}

export interface TableSort {
  column: string;
  direction: 'asc' | 'desc';
}

export interface TableQuery {
  search: string;
  /** Per column key, the distinct values kept (empty or absent: all). */
  filters: Record<string, string[]>;
  sort: TableSort | null;
}

export const EMPTY_QUERY: TableQuery = { search: '', filters: {}, sort: null };

/** Rows without an `enabled` field (customers) count as enabled. */
function isEnabled(row: unknown): boolean {
  return (row as { enabled?: unknown }).enabled !== false;
}

export function prepareRows<Row>(rows: readonly Row[], columns: readonly ResourceColumn<Row>[]): PreparedRow<Row>[] {
  return rows.map((row) => {
    const texts = columns.map((column) => column.text(row));
    return { row, texts, searchText: texts.join('\u0000').toLocaleLowerCase(), enabled: isEnabled(row) };
  });
}

/** The values a column's filter offers: each distinct non-empty text once, in collation order. */
export function distinctValues<Row>(
  prepared: readonly PreparedRow<Row>[],
  columns: readonly ResourceColumn<Row>[],
  columnKey: string,
  collator: Intl.Collator,
): string[] {
  const index = columns.findIndex((column) => column.key === columnKey);
  if (index < 0) return [];
  const values = new Set<string>();
  for (const entry of prepared) {
    const text = entry.texts[index];
    if (text) values.add(text);
  }
  return [...values].sort(collator.compare);
}

export function hasActiveQuery(query: TableQuery): boolean {
  return query.search.trim() !== '' || Object.values(query.filters).some((values) => values.length > 0);
}

/**
 * The rows the search and filters keep, in the chosen order (ties and no sort keep the given
 * order). Each sort key is read once per row, not once per comparison.
 */
export function queryRows<Row>(
  prepared: readonly PreparedRow<Row>[],
  columns: readonly ResourceColumn<Row>[],
  query: TableQuery,
  collator: Intl.Collator,
): PreparedRow<Row>[] {
  const needle = query.search.trim().toLocaleLowerCase();
  const filters = Object.entries(query.filters)
    .filter(([, values]) => values.length > 0)
    .map(([key, values]) => ({ index: columns.findIndex((column) => column.key === key), values: new Set(values) }))
    .filter((filter) => filter.index >= 0);
  const kept = prepared.filter(
    (entry) =>
      (needle === '' || entry.searchText.includes(needle)) &&
      filters.every((filter) => filter.values.has(entry.texts[filter.index] ?? '')),
  );
  const sort = query.sort;
  const sortIndex = sort ? columns.findIndex((column) => column.key === sort.column) : -1;
  if (!sort || sortIndex < 0) return kept;
  const column = columns[sortIndex]!;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = kept.map((entry, position) => ({
    entry,
    position,
    number: column.sortValue ? column.sortValue(entry.row) : null,
    text: entry.texts[sortIndex] ?? '',
  }));
  keyed.sort((a, b) => {
    if (column.sortValue) {
      // Empty values go last in either direction.
      if (a.number === null || b.number === null) {
        return (a.number === b.number ? 0 : a.number === null ? 1 : -1) || a.position - b.position;
      }
      return sign * (a.number - b.number) || a.position - b.position;
    }
    return sign * collator.compare(a.text, b.text) || a.position - b.position;
  });
  return keyed.map((item) => item.entry);
}

/** Header click: ascending, then descending, then back to the rows' own order. */
export function nextSort(current: TableSort | null, column: string): TableSort | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The page size remembered for a table, falling back to the default for anything not offered. */
export function pageSizeOf(remembered: number | undefined): number {
  return remembered !== undefined && (PAGE_SIZES as readonly number[]).includes(remembered) ? remembered : DEFAULT_PAGE_SIZE;
}

/** The page shown: the requested one, moved back when filtering left fewer pages. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return {
    rows: rows.slice((current - 1) * pageSize, current * pageSize),
    page: current,
    pageCount,
    first: rows.length === 0 ? 0 : (current - 1) * pageSize + 1,
    last: Math.min(rows.length, current * pageSize),
  };
}
