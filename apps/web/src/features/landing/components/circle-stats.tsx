import { CITIES, groupedInteger, type LandingStats } from '@royal/shared';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useLandingStats } from '../api/landing-stats';

type Figure = { key: keyof Omit<LandingStats, 'cities' | 'counted_at'>; label: string };

const FIGURES: readonly Figure[] = [
  { key: 'members', label: 'Members' },
  { key: 'verified_members', label: 'Verified members' },
  { key: 'matches', label: 'Matches made' },
  { key: 'events_held', label: 'Events held' },
];

/** A number in a slot of its final height: the skeleton and the figure take the same room. */
function Count({ value, className, skeleton }: { value?: number; className: string; skeleton: string }) {
  return (
    <span className={className}>
      {value === undefined ? <Skeleton className={skeleton} /> : groupedInteger(value)}
    </span>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-3xl border border-white/15 bg-royal-950/50 p-5 backdrop-blur-md sm:p-6">
      <h3 className="font-display text-gold-100 text-lg">{title}</h3>
      {children}
    </div>
  );
}

/**
 * The circle in numbers, counted from the database (GET /api/public/stats, cached there): the
 * figures and the members in each launch city. Drawn at its final size while loading (the labels and
 * cities are known; only the numbers wait), left out when the figures cannot be had (never zeros in
 * their place) or when there is nobody to count yet. A figure of zero is left out too.
 */
export function CircleStats() {
  const { data, isError } = useLandingStats();
  if (isError || data?.members === 0) return null;
  const figures = data ? FIGURES.filter(({ key }) => data[key] > 0) : FIGURES;
  const inCity = (name: string, state: string) =>
    data?.cities.find((city) => city.city === name && city.state === state)?.members;

  return (
    <section
      aria-labelledby="circle-stats-title"
      aria-busy={!data}
      className="mx-auto w-full max-w-5xl px-5 pb-16"
    >
      <h2 id="circle-stats-title" className="text-center font-display text-2xl text-ivory sm:text-3xl">
        The Circle Today
      </h2>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(({ key, label }) => (
          <div
            key={key}
            className="flex flex-col items-center rounded-3xl border border-white/15 bg-royal-950/50 px-3 py-5 backdrop-blur-md"
          >
            <dt className="order-2 mt-1 text-royal-100 text-xs uppercase tracking-wider">{label}</dt>
            <dd className="order-1">
              <Count
                value={data?.[key]}
                className="flex h-10 items-center font-display text-3xl text-gold-foil sm:h-12 sm:text-4xl"
                skeleton="h-8 w-16"
              />
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4">
        <Panel title="Members by City">
          <ul className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-5">
            {CITIES.map(({ name, state }) => {
              const members = inCity(name, state);
              return (
                <li
                  key={`${name}, ${state}`}
                  className="flex min-h-9 items-center justify-between gap-2 text-sm"
                >
                  <span className="truncate text-royal-100">{name}</span>
                  <Count
                    value={members}
                    className="flex h-5 items-center font-semibold text-gold-200 tabular-nums"
                    skeleton="h-4 w-8"
                  />
                </li>
              );
            })}
          </ul>
        </Panel>
      </div>
    </section>
  );
}
