import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';

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
