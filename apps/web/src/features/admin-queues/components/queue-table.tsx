import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { DataTable, type DataTableColumn, type DataTableProps, tableError } from '@/components/ui/data-table';

/**
 * A queue's open items as a table, and the one the admin opened (`renderOpen`, given a way to close
 * it). What differs between queues is their columns, source and dialog.
 */
export function QueueTable<Item extends { id: string }>({
  caption,
  columns,
  list,
  loadingLabel,
  empty,
  renderOpen,
}: {
  caption: string;
  columns: readonly DataTableColumn<Item>[];
  list: Pick<DataTableProps<Item>, 'rows' | 'error' | 'paging'>;
  loadingLabel: string;
  empty: { title: string; description: string; Icon: LucideIcon };
  renderOpen: (item: Item, close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState<Item | null>(null);
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rowKey={(item) => item.id}
        onOpenRow={setOpen}
        loadingLabel={loadingLabel}
        empty={empty}
        {...list}
      />
      {open && renderOpen(open, () => setOpen(null))}
    </>
  );
}

/** A queue read in one page (`{ items }`) as `QueueTable`'s list; a paged one is `cursorPagedTable`. */
export function queryTable<Item>(
  query: UseQueryResult<{ items: Item[] }>,
  failure: string,
): Pick<DataTableProps<Item>, 'rows' | 'error'> {
  return {
    rows: query.data?.items,
    error: tableError(query, failure),
  };
}

/** One of a tab's queues when the tab holds more than one: its heading, a line on it, its table. */
export function QueueSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h2 id={headingId} className="font-display text-2xl text-foreground">
          {title}
        </h2>
        <p className="mt-1 text-muted-foreground text-sm">{description}</p>
      </div>
      {children}
    </section>
  );
}
