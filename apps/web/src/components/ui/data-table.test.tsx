import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type TableSort,
  useLocalSort,
} from './data-table';

type Person = { id: string; name: string; joined: string; likes: number | null };
type Key = 'name' | 'joined' | 'likes' | 'action';

const PEOPLE: Person[] = [
  { id: 'a', name: 'Bea', joined: '2026-02-01', likes: 3 },
  { id: 'b', name: 'Ada', joined: '2026-03-01', likes: null },
  { id: 'c', name: 'Cleo', joined: '2026-01-01', likes: 10 },
];

const COLUMNS: DataTableColumn<Person, Key>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, rowHeader: true, sort: { value: (p) => p.name } },
  { id: 'joined', header: 'Joined', cell: (p) => p.joined, sort: { first: 'desc', value: (p) => p.joined } },
  {
    id: 'likes',
    header: 'Likes',
    cell: (p) => p.likes ?? '—',
    align: 'end',
    sort: { value: (p) => p.likes },
  },
  { id: 'action', header: 'Action', cell: (p) => <button type="button">Poke {p.name}</button> },
];

const EMPTY = { title: 'No users found' };
const table = (props: Partial<DataTableProps<Person, Key>> = {}) => (
  <DataTable caption="Users" columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} empty={EMPTY} {...props} />
);
const bodyNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

function LocalTable({ initial }: { initial: TableSort<Key> | null }) {
  const sorted = useLocalSort(PEOPLE, COLUMNS, initial);
  return <DataTable caption="Users" columns={COLUMNS} rowKey={(p) => p.id} empty={EMPTY} {...sorted} />;
}

describe('DataTable', () => {
  it('is a captioned table in a scroll box of its own, with column and row headers', () => {
    render(table());
    const grid = screen.getByRole('table', { name: 'Users' });
    expect(screen.getByRole('region', { name: 'Users' })).toContainElement(grid);
    expect(screen.getByRole('region', { name: 'Users' })).toHaveAttribute('tabindex', '0');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Joined', 'Likes', 'Action']);
    expect(bodyNames()).toEqual(['Bea', 'Ada', 'Cleo']);
    // Without onSortChange nothing pretends to sort.
    expect(within(grid).queryByRole('button', { name: /Name/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
  });

  it('sorts through its headers: aria-sort on each sortable column, first press in the column’s own direction, then the other way', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const { rerender } = render(table({ sort: { key: 'joined', direction: 'desc' }, onSortChange }));
    expect(screen.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Action' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Joined' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'joined', direction: 'asc' });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'asc' });

    rerender(table({ sort: { key: 'name', direction: 'asc' }, onSortChange }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'none');
    // The server sorts: the table shows the rows as given.
    expect(bodyNames()).toEqual(['Bea', 'Ada', 'Cleo']);
  });

  it('sorts a local list with useLocalSort, rows without a value last either way', async () => {
    const user = userEvent.setup();
    render(<LocalTable initial={null} />);
    expect(bodyNames()).toEqual(['Bea', 'Ada', 'Cleo']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(bodyNames()).toEqual(['Ada', 'Bea', 'Cleo']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(bodyNames()).toEqual(['Cleo', 'Bea', 'Ada']);
    await user.click(screen.getByRole('button', { name: 'Joined' }));
    expect(bodyNames()).toEqual(['Ada', 'Bea', 'Cleo']);
    await user.click(screen.getByRole('button', { name: 'Likes' }));
    expect(bodyNames()).toEqual(['Bea', 'Cleo', 'Ada']);
    await user.click(screen.getByRole('button', { name: 'Likes' }));
    expect(bodyNames()).toEqual(['Cleo', 'Bea', 'Ada']);
  });

  it('opens a row from its row-header button, a click on the row, and not from a control inside it; arrows move between rows', async () => {
    const user = userEvent.setup();
    const onOpenRow = vi.fn();
    render(table({ onOpenRow }));
    await user.click(screen.getByRole('button', { name: 'Ada' }));
    expect(onOpenRow).toHaveBeenLastCalledWith(PEOPLE[1]);
    await user.click(screen.getByRole('cell', { name: '2026-01-01' }));
    expect(onOpenRow).toHaveBeenLastCalledWith(PEOPLE[2]);
    expect(onOpenRow).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Poke Bea' }));
    expect(onOpenRow).toHaveBeenCalledTimes(2);

    screen.getByRole('button', { name: 'Bea' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Ada' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Cleo' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Cleo' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Ada' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Bea' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenLastCalledWith(PEOPLE[0]);
  });

  it('holds the place with skeleton rows while loading, and says when nothing matched', () => {
    const { rerender } = render(table({ rows: undefined, skeletonRows: 4 }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('table').querySelectorAll('tbody tr')).toHaveLength(4);
    expect(screen.queryAllByRole('rowheader')).toEqual([]);

    rerender(
      table({
        rows: [],
        empty: { title: 'No users found', description: 'Try another search.' },
        paging: { shown: 0, hasMore: false, onLoadMore: vi.fn(), loadingMore: false },
      }),
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('cell', { name: /No users found/ })).toHaveTextContent('Try another search.');
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('shows a failure in place of the rows, or under them when a later page failed; Try Again retries', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const error = { title: 'Failed to load users', message: 'Server error', onRetry, retrying: false };
    const { rerender } = render(table({ rows: undefined, error }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Failed to load users' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(table({ error }));
    expect(bodyNames()).toEqual(['Bea', 'Ada', 'Cleo']);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load users Server error');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('pages a cursor list with Load More and says how many are shown', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const paged = (paging: { hasMore: boolean; loadingMore: boolean; total?: number }) =>
      table({ paging: { shown: PEOPLE.length, onLoadMore, ...paging } });
    const { rerender } = render(paged({ hasMore: true, loadingMore: false }));
    expect(screen.getByText('Showing 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender(paged({ hasMore: true, loadingMore: true, total: 9 }));
    expect(screen.getByText('Showing 3 of 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    rerender(paged({ hasMore: false, loadingMore: false }));
    expect(screen.queryByRole('button', { name: /Load More/ })).toBeNull();
  });
});
