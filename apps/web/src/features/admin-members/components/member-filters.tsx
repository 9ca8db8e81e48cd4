import { ADMIN_MEMBER_QUERY_MAX, TIER_LEVELS, type TierLevel, tierLabel } from '@royal/shared';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LabelledDate, LabelledSelect, TableSearchBox } from '@/components/ui/data-table-filters';
import type { MemberFilters as Filters } from '../api/members';

export const TIER_OPTIONS = TIER_LEVELS.map((tier) => ({ value: String(tier), label: tierLabel(tier) }));
const TIER_FILTER = [{ value: '', label: 'All tiers' }, ...TIER_OPTIONS];
const VERIFIED_FILTER = [
  { value: '', label: 'All users' },
  { value: 'true', label: 'Verified' },
  { value: 'false', label: 'Not verified' },
];
const SUSPENDED_FILTER = [
  { value: '', label: 'All users' },
  { value: 'true', label: 'Suspended or banned' },
  { value: 'false', label: 'In good standing' },
];
/** A yes/no filter's select value and back: '' is either. */
const flagValue = (flag: boolean | null) => (flag === null ? '' : String(flag));
const flagOf = (value: string) => (value === '' ? null : value === 'true');

export type MemberFiltersProps = {
  /** The search box's text as typed (the list follows it after a pause). */
  search: string;
  onSearchChange: (text: string) => void;
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
  onClear: () => void;
};

/** The Users tab's search box and filters: tier, verified, suspended and the sign-up dates. */
export function MemberFilters({ search, onSearchChange, filters, onChange, onClear }: MemberFiltersProps) {
  const any =
    search.trim() !== '' ||
    filters.tier !== null ||
    filters.verified !== null ||
    filters.suspended !== null ||
    filters.joinedFrom !== '' ||
    filters.joinedTo !== '';
  return (
    // As many 10rem cells a row as the column holds (960–1072 px of content on a desktop, about 720 on
    // a tablet), wrapping instead of widening the page.
    // A <form role="search">, not <search>: jsdom and browsers before 2023 do not know that element.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <form
      role="search"
      aria-label="Find users"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] items-end gap-3"
    >
      <TableSearchBox
        label="Search by name or email"
        value={search}
        onChange={onSearchChange}
        maxLength={ADMIN_MEMBER_QUERY_MAX}
        className="sm:col-span-2"
      />
      <LabelledSelect
        label="Tier"
        value={filters.tier === null ? '' : String(filters.tier)}
        onChange={(value) => onChange({ tier: value === '' ? null : (Number(value) as TierLevel) })}
        options={TIER_FILTER}
      />
      <LabelledSelect
        label="Verified"
        value={flagValue(filters.verified)}
        onChange={(value) => onChange({ verified: flagOf(value) })}
        options={VERIFIED_FILTER}
      />
      <LabelledSelect
        label="Suspended"
        value={flagValue(filters.suspended)}
        onChange={(value) => onChange({ suspended: flagOf(value) })}
        options={SUSPENDED_FILTER}
      />
      <LabelledDate
        label="Joined from"
        value={filters.joinedFrom}
        max={filters.joinedTo}
        onChange={(joinedFrom) => onChange({ joinedFrom })}
      />
      <LabelledDate
        label="Joined to"
        value={filters.joinedTo}
        min={filters.joinedFrom}
        onChange={(joinedTo) => onChange({ joinedTo })}
      />
      <Button variant="ghost" onClick={onClear} disabled={!any} className="justify-self-start">
        <X aria-hidden="true" className="size-4" />
        Clear Filters
      </Button>
    </form>
  );
}
