import {
  ADMIN_LOAD_USERS_FAILED_TEXT,
  ADMIN_MEMBER_SORT_DEFAULT,
  type AdminMemberRow,
  type AdminMemberSort,
  type AdminMemberSortColumn,
  adminMemberSortParts,
  groupedInteger,
  relativeTime,
} from '@royal/shared';
import { BadgeCheck, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  cursorPagedTable,
  DataTable,
  type DataTableColumn,
  type TableSort,
} from '@/components/ui/data-table';
import { TierBadge } from '@/components/ui/tier-badge';
import { type MemberFilters as Filters, useAdminMembers } from '../api/members';
import { dayOf } from './dates';
import { MemberDialog } from './member-dialog';
import { MemberFilters } from './member-filters';

/** The search box waits this long after the last key before the list follows it. */
export const SEARCH_PAUSE_MS = 300;
/** The URL search parameter that holds the open member: the dialog can be linked to. */
export const MEMBER_PARAM = 'member';

const NO_FILTERS: Filters = {
  q: '',
  tier: null,
  verified: null,
  suspended: null,
  joinedFrom: '',
  joinedTo: '',
  sort: ADMIN_MEMBER_SORT_DEFAULT,
};

function YesNo({ yes, label }: { yes: boolean; label: string }) {
  return yes ? (
    <span className="inline-flex items-center gap-1 text-foreground">
      <BadgeCheck aria-hidden="true" className="size-4 text-primary dark:text-gold-300" />
      {label}
    </span>
  ) : (
    <span className="text-muted-foreground">No</span>
  );
}

/** The name, and whether the member is suspended or banned now (a word, not a colour alone). */
function MemberName({ member }: { member: AdminMemberRow }) {
  return (
    <>
      {member.name}
      {member.suspended && (
        <span className="rounded-full border border-danger px-2 py-0.5 font-semibold text-danger text-xs">
          Suspended
        </span>
      )}
    </>
  );
}

const COLUMNS: readonly DataTableColumn<AdminMemberRow>[] = [
  { id: 'name', header: 'Name', cell: (m) => <MemberName member={m} />, rowHeader: true, sort: {} },
  { id: 'email', header: 'E-mail', cell: (m) => m.email },
  {
    id: 'tier',
    header: 'Tier',
    cell: (m) => <TierBadge tier={m.tier_level} label="short" />,
    sort: { first: 'desc' },
  },
  { id: 'verified', header: 'Verified', cell: (m) => <YesNo yes={m.verified} label="Verified" /> },
  {
    id: 'subscription',
    header: 'Subscription',
    cell: (m) => <YesNo yes={m.tier_subscription_active} label="Active" />,
  },
  { id: 'joined', header: 'Joined', cell: (m) => dayOf(m.created_at), sort: { first: 'desc' } },
  {
    id: 'last_active',
    header: 'Last active',
    cell: (m) => (m.last_active ? relativeTime(m.last_active) : '—'),
    sort: { first: 'desc' },
  },
  { id: 'views', header: 'Views', cell: (m) => groupedInteger(m.view_count), align: 'end' },
  { id: 'likes', header: 'Likes', cell: (m) => groupedInteger(m.like_count), align: 'end' },
];

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The admin dashboard's Users tab (spec part 2 §2): search by name or e-mail, filter by tier,
 * verified, suspended and sign-up date, sorted by the server, paged by cursor; a row opens the
 * member's detail (at `?member=<id>`, so it can be linked) with the tier dropdown and the verify
 * toggle.
 */
export function UsersTab() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState(NO_FILTERS);
  const q = useDebounced(search, SEARCH_PAUSE_MS);
  const members = useAdminMembers({ ...filters, q });
  const openId = params.get(MEMBER_PARAM);

  const { column, direction } = adminMemberSortParts(filters.sort);
  const showMember = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(MEMBER_PARAM, id);
        else next.delete(MEMBER_PARAM);
        return next;
      },
      // Opening is a step the Back button undoes; closing is not one more step.
      { replace: id === null },
    );

  return (
    <div className="flex flex-col gap-4">
      <MemberFilters
        search={search}
        onSearchChange={setSearch}
        filters={filters}
        onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
        onClear={() => {
          setSearch('');
          setFilters((current) => ({ ...NO_FILTERS, sort: current.sort }));
        }}
      />
      <DataTable
        caption="Users"
        columns={COLUMNS}
        rowKey={(m) => m.id}
        sort={{ key: column, direction }}
        onSortChange={(sort: TableSort) =>
          setFilters((current) => ({
            ...current,
            sort: `${sort.key as AdminMemberSortColumn}_${sort.direction}` as AdminMemberSort,
          }))
        }
        onOpenRow={(m) => showMember(m.id)}
        loadingLabel="Loading users..."
        empty={{
          title: 'No users found',
          description: 'No user matches this search and these filters.',
          Icon: Users,
        }}
        {...cursorPagedTable(members, ADMIN_LOAD_USERS_FAILED_TEXT)}
      />
      {openId && <MemberDialog memberId={openId} onClose={() => showMember(null)} />}
    </div>
  );
}
