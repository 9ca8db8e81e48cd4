import {
  AGE_MAX,
  AGE_MIN,
  BROWSE_LIFESTYLE_FILTERS,
  DISTANCE_MAX,
  DISTANCE_MIN,
  DISTANCE_STEP,
  LOOKING_FOR,
  LOOKING_FOR_LABELS,
  type LookingFor,
  type TierLevel,
  tierName,
  USER_TYPE_LABELS,
  USER_TYPES,
  type UserType,
} from '@royal/shared';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { RangeSlider } from '@/components/ui/range-slider';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { type BrowseFilters, DISTANCE_SLIDER_START } from '../filters';

export type FilterPanelProps = {
  filters: BrowseFilters;
  onChange: (patch: Partial<BrowseFilters>) => void;
  maxVisibleTier: TierLevel;
  /** The member has a location and shares it: distance can be filtered. */
  canFilterDistance: boolean;
};

const SELECT =
  'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring';

function Field({
  label,
  htmlFor,
  value,
  children,
}: {
  label: string;
  htmlFor?: string;
  value?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={htmlFor} className="font-semibold text-foreground text-sm">
          {label}
        </label>
        {value && <span className="text-muted-foreground text-sm">{value}</span>}
      </div>
      {children}
    </div>
  );
}

/** The browse filter panel (spec part 1 §2): sliders, selects, lifestyle chips and quick filters. */
export function FilterPanel({ filters, onChange, maxVisibleTier, canFilterDistance }: FilterPanelProps) {
  const ids = { userType: useId(), tier: useId(), lookingFor: useId(), verified: useId(), online: useId() };
  const tiers = Array.from({ length: maxVisibleTier + 1 }, (_, i) => i as TierLevel);
  return (
    <section
      aria-label="Filters"
      className="grid gap-5 rounded-3xl border border-border bg-surface p-4 shadow-[0_12px_32px_-24px_rgba(44,20,80,0.45)] sm:grid-cols-2 sm:p-5"
    >
      <Field label="Age Range" value={`${filters.ageRange[0]} – ${filters.ageRange[1]}`}>
        <RangeSlider
          label={['Minimum age', 'Maximum age']}
          value={filters.ageRange}
          min={AGE_MIN}
          max={AGE_MAX}
          step={1}
          onChange={([min = AGE_MIN, max = AGE_MAX]) => onChange({ ageRange: [min, max] })}
        />
      </Field>

      <Field
        label="Max Distance"
        value={filters.maxDistance === null ? 'Any distance' : `${filters.maxDistance} miles`}
      >
        <RangeSlider
          label={['Max Distance']}
          value={[filters.maxDistance ?? DISTANCE_SLIDER_START]}
          min={DISTANCE_MIN}
          max={DISTANCE_MAX}
          step={DISTANCE_STEP}
          onChange={([miles = DISTANCE_SLIDER_START]) => onChange({ maxDistance: miles })}
          disabled={!canFilterDistance}
        />
        {!canFilterDistance && (
          <p className="text-muted-foreground text-xs">
            Set your location and turn Location Sharing on in{' '}
            <Link to={paths.settings} className="font-semibold text-primary underline dark:text-gold-300">
              Settings
            </Link>{' '}
            to filter by distance.
          </p>
        )}
      </Field>

      <Field label="User Type" htmlFor={ids.userType}>
        <select
          id={ids.userType}
          className={SELECT}
          value={filters.userType ?? ''}
          onChange={(e) => onChange({ userType: (e.target.value || null) as UserType | null })}
        >
          <option value="">All</option>
          {USER_TYPES.map((type) => (
            <option key={type} value={type}>
              {USER_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>

      <Field label="Tier Level" htmlFor={ids.tier}>
        <select
          id={ids.tier}
          className={SELECT}
          value={filters.tier ?? ''}
          onChange={(e) =>
            onChange({ tier: e.target.value === '' ? null : (Number(e.target.value) as TierLevel) })
          }
        >
          <option value="">All tiers</option>
          {tiers.map((tier) => (
            <option key={tier} value={tier}>
              Tier {tier} · {tierName(tier)}
            </option>
          ))}
        </select>
      </Field>

      <Field label="Looking For" htmlFor={ids.lookingFor}>
        <select
          id={ids.lookingFor}
          className={SELECT}
          value={filters.lookingFor ?? ''}
          onChange={(e) => onChange({ lookingFor: (e.target.value || null) as LookingFor | null })}
        >
          <option value="">All</option>
          {LOOKING_FOR.map((value) => (
            <option key={value} value={value}>
              {LOOKING_FOR_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>

      <div className="flex flex-col gap-1">
        <span className="font-semibold text-foreground text-sm">Quick filters</span>
        <QuickFilter
          id={ids.verified}
          label="Verified Only"
          checked={filters.verified}
          onChange={(verified) => onChange({ verified })}
        />
        <QuickFilter
          id={ids.online}
          label="Online Now"
          checked={filters.online}
          onChange={(online) => onChange({ online })}
        />
      </div>

      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-2 font-semibold text-foreground text-sm">Lifestyle Preferences</legend>
        <div className="flex flex-wrap gap-2">
          {BROWSE_LIFESTYLE_FILTERS.map(({ label, tag }) => {
            const on = filters.tags.includes(tag);
            return (
              <button
                key={tag}
                type="button"
                aria-pressed={on}
                onClick={() =>
                  onChange({ tags: on ? filters.tags.filter((t) => t !== tag) : [...filters.tags, tag] })
                }
                className={cn(
                  'min-h-11 cursor-pointer rounded-full border px-4 font-medium text-sm transition',
                  on
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-surface text-foreground hover:bg-surface-muted',
                )}
              >
                {label}
              </button>
            );
          })}
        </div>
      </fieldset>
    </section>
  );
}

function QuickFilter({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-foreground text-sm">
        {label}
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}
