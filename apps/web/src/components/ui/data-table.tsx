import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ChevronsUpDown, type LucideIcon, RotateCcw, SearchX } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { LoadErrorPanel } from './load-error-panel';
import { Skeleton } from './skeleton';

export type SortDirection = 'asc' | 'desc';
/** The order a table shows: the id of the column it is sorted by, and which way. */
export type TableSort<K extends string = string> = { key: K; direction: SortDirection };

export type DataTableColumn<Row, K extends string = string> = {
  /** Stable id; for a sortable column it is also the sort key handed to `onSortChange`. */
  id: K;
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * Makes the header a sort button. `first` is the direction of the first press (dates and counts
   * read best newest or largest first); `value` sorts a local list (see `useLocalSort`), unused when
   * the server sorts.
   */
  sort?: { first?: SortDirection; value?: (row: Row) => string | number | null };
  /** The cell that names the row: a row header, and the row's open button when rows open. */
  rowHeader?: boolean;
  align?: 'start' | 'end';
  className?: string;
};

export type DataTablePaging = {
  /** Rows shown so far, and the total when the server counts it. */
  shown: number;
  total?: number;
  hasMore: boolean;
  onLoadMore: () => void;
  loadingMore: boolean;
};

export type DataTableProps<Row, K extends string = string> = {
  /** Names the table for screen readers (and the scroll box); hidden unless `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: readonly DataTableColumn<Row, K>[];
  /** Undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  sort?: TableSort<K> | null;
  onSortChange?: (sort: TableSort<K>) => void;
  /** The list failed: in place of the rows when there are none, under them when a later page failed. */
  error?: { title: string; message: string; onRetry: () => void; retrying: boolean } | null;
  empty: { title: string; description?: string; Icon?: LucideIcon };
  /** Makes every row open (a detail dialog): its row-header cell becomes a button, a click anywhere opens. */
  onOpenRow?: (row: Row) => void;
  paging?: DataTablePaging;
  /** Placeholder rows while the first page loads. */
  skeletonRows?: number;
  loadingLabel?: string;
  className?: string;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const OPEN_BUTTON = 'data-table-open';
// A click on one of these inside a row is the control's own, not a request to open the row.
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="switch"], [role="combobox"]';

const cellClass = (column: { align?: 'start' | 'end'; className?: string }) =>
  cn('whitespace-nowrap px-3 py-2.5', column.align === 'end' ? 'text-right' : 'text-left', column.className);

/** The next order after pressing `column`'s header: its first direction, then the other way. */
export function nextSort<K extends string>(
  current: TableSort<K> | null | undefined,
  column: DataTableColumn<never, K>,
) {
  if (current?.key === column.id)
    return { key: column.id, direction: current.direction === 'asc' ? 'desc' : 'asc' } as TableSort<K>;
  return { key: column.id, direction: column.sort?.first ?? 'asc' } as TableSort<K>;
}

/**
 * Arrow keys move between the rows' open buttons (a long list is one Tab stop after another
 * otherwise); Home and End go to the first and last row.
 */
function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>) {
  const target = event.target as HTMLElement;
  if (!target.hasAttribute(OPEN_BUTTON)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${OPEN_BUTTON}]`)];
  const at = buttons.indexOf(target);
  const to = {
    ArrowDown: at + 1,
    ArrowUp: at - 1,
    Home: 0,
    End: buttons.length - 1,
  }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  buttons[Math.max(0, Math.min(buttons.length - 1, to))]?.focus();
}

/**
 * A table for the admin lists: sortable headers (buttons with aria-sort), rows that open, skeleton
 * rows while loading, empty and error states, and paging for a cursor API (Load More, with how many
 * are shown). Sorting is controlled: the server sorts a long list (`sort`, `onSortChange`), a short
 * local list sorts itself with `useLocalSort`. Wider than its space (a tablet), it scrolls sideways
 * inside its own box instead of widening the page.
 */
export function DataTable<Row, K extends string = string>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  error,
  empty,
  onOpenRow,
  paging,
  skeletonRows = 5,
  loadingLabel = 'Loading...',
  className,
}: DataTableProps<Row, K>) {
  const captionId = useId();
  const loading = rows === undefined && !error;
  if (rows === undefined && error) return <LoadErrorPanel {...error} />;

  const openFromRow = (row: Row) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (!onOpenRow || (event.target as HTMLElement).closest(INTERACTIVE)) return;
    onOpenRow(row);
  };
  const EmptyIcon = empty.Icon ?? SearchX;

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls a sideways-scrolling box only once it has focus (axe: scrollable-region-focusable)
        tabIndex={0}
        className="overflow-x-auto rounded-2xl border border-border bg-surface focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full border-collapse text-foreground text-sm" aria-busy={loading || undefined}>
          <caption
            id={captionId}
            className={showCaption ? 'px-3 pt-3 text-left font-semibold text-foreground' : 'sr-only'}
          >
            {caption}
          </caption>
          <thead className="border-border border-b bg-surface-muted text-muted-foreground text-xs uppercase tracking-wide">
            <tr>
              {columns.map((column) => {
                const active = sort?.key === column.id ? sort.direction : null;
                const sortable = Boolean(column.sort && onSortChange);
                const Arrow = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ChevronsUpDown;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sortable ? (active ? ARIA_SORT[active] : 'none') : undefined}
                    className={cn(cellClass(column), 'font-semibold')}
                  >
                    {sortable && onSortChange ? (
                      <button
                        type="button"
                        onClick={() => onSortChange(nextSort(sort, column as DataTableColumn<never, K>))}
                        className={cn(
                          '-mx-1.5 inline-flex min-h-9 cursor-pointer items-center gap-1 rounded-lg px-1.5 uppercase tracking-wide hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                          active && 'text-foreground',
                        )}
                      >
                        {column.header}
                        <Arrow aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          {loading ? (
            <tbody aria-hidden="true">
              {Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be known by
                <tr key={i} className="border-border border-b last:border-0">
                  {columns.map((column) => (
                    <td key={column.id} className={cellClass(column)}>
                      <Skeleton className="h-4 w-full min-w-12" />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ) : (
            <tbody onKeyDown={moveBetweenRows}>
              {rows?.length === 0 && (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-10 text-center">
                    <EmptyIcon aria-hidden="true" className="mx-auto size-8 text-muted-foreground" />
                    <p className="mt-2 font-semibold text-foreground">{empty.title}</p>
                    {empty.description && <p className="mt-1 text-muted-foreground">{empty.description}</p>}
                  </td>
                </tr>
              )}
              {rows?.map((row) => (
                // The row's own button (in its row header) is the keyboard's way in; a click
                // anywhere else on the row is the mouse's shortcut to the same thing.
                <tr
                  key={rowKey(row)}
                  onClick={onOpenRow ? openFromRow(row) : undefined}
                  className={cn(
                    'border-border border-b last:border-0',
                    onOpenRow && 'cursor-pointer transition-colors hover:bg-surface-muted',
                  )}
                >
                  {columns.map((column) => {
                    const content = column.cell(row);
                    if (!column.rowHeader)
                      return (
                        <td key={column.id} className={cellClass(column)}>
                          {content}
                        </td>
                      );
                    return (
                      <th key={column.id} scope="row" className={cn(cellClass(column), 'font-semibold')}>
                        {onOpenRow ? (
                          <button
                            type="button"
                            {...{ [OPEN_BUTTON]: '' }}
                            onClick={() => onOpenRow(row)}
                            className="-mx-1.5 inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-lg px-1.5 text-left hover:text-primary focus-visible:outline-2 focus-visible:outline-ring dark:hover:text-gold-300"
                          >
                            {content}
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </section>
      {loading && (
        <p role="status" className="sr-only">
          {loadingLabel}
        </p>
      )}
      {rows !== undefined && error && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface px-4 py-3"
        >
          <p className="text-sm">
            <span className="font-semibold text-danger">{error.title}</span>{' '}
            <span className="text-muted-foreground">{error.message}</span>
          </p>
          <Button variant="outline" onClick={error.onRetry} disabled={error.retrying}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Try Again
          </Button>
        </div>
      )}
      {paging && rows !== undefined && rows.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-muted-foreground text-sm">
            {paging.total === undefined
              ? `Showing ${paging.shown}`
              : `Showing ${paging.shown} of ${paging.total}`}
          </p>
          {paging.hasMore && (
            <Button variant="outline" onClick={paging.onLoadMore} disabled={paging.loadingMore}>
              {paging.loadingMore ? 'Loading...' : 'Load More'}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function compareValues(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

/** `rows` in `sort`'s order by its column's `sort.value`; rows without a value go last either way. */
export function sortRows<Row, K extends string>(
  rows: readonly Row[],
  columns: readonly DataTableColumn<Row, K>[],
  sort: TableSort<K> | null,
): readonly Row[] {
  const value = columns.find((column) => column.id === sort?.key)?.sort?.value;
  if (!sort || !value) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return compareValues(x, y);
    return sign * compareValues(x, y);
  });
}

/** Sorting for a short list the client holds whole: hand the result's fields to `DataTable`. */
export function useLocalSort<Row, K extends string>(
  rows: readonly Row[] | undefined,
  columns: readonly DataTableColumn<Row, K>[],
  initial: TableSort<K> | null = null,
) {
  const [sort, setSort] = useState(initial);
  const sorted = useMemo(() => (rows ? sortRows(rows, columns, sort) : undefined), [rows, columns, sort]);
  return { rows: sorted, sort, onSortChange: setSort };
}

/**
 * A cursor-paged list (an infinite query of `{ items }` pages) as the table shows it: the rows read
 * so far, Load More, and a failure titled `failure` (in place of the rows, or under them).
 */
export function cursorPagedTable<Item>(
  query: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>>,
  failure: string,
): Pick<DataTableProps<Item>, 'rows' | 'error'> & { paging: DataTablePaging } {
  const rows = query.data?.pages.flatMap((page) => page.items);
  return {
    rows,
    paging: {
      shown: rows?.length ?? 0,
      hasMore: query.hasNextPage,
      onLoadMore: () => void query.fetchNextPage(),
      loadingMore: query.isFetchingNextPage,
    },
    error: tableError(query, failure),
  };
}

/** A list query's failure as the table shows it (its text, the server's message, Try Again), or null. */
export function tableError(
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch' | 'isFetching'>,
  failure: string,
): DataTableProps<unknown>['error'] {
  return query.isError
    ? {
        title: failure,
        message: errorMessage(query.error),
        onRetry: () => void query.refetch(),
        retrying: query.isFetching,
      }
    : null;
}
