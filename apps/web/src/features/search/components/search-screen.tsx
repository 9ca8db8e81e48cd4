import { browseWidenedHeading, type MemberCard, resultsCountLabel, widenedAt } from '@royal/shared';
import { Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { useMemberSettings } from '@/features/settings';
import { cn } from '@/lib/cn';
import { useSearch } from '../api/search';
import {
  type BrowseFilters,
  DEFAULT_FILTERS,
  filtersFromParams,
  hasActiveFilters,
  paramsFromFilters,
} from '../filters';
import { FilterPanel } from './filter-panel';
import { ResultCard } from './result-card';

/** How long the name box waits for typing to pause before it searches. */
const NAME_SEARCH_DELAY_MS = 300;

/** /search: browse members with filters kept in the URL, results loading as the list scrolls. */
export function SearchScreen() {
  const me = useCurrentMember();
  const settings = useMemberSettings();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const query = paramsFromFilters(filters).toString();
  const results = useSearch(query);
  const [panelOpen, setPanelOpen] = useState(false);
  const [name, setName] = useState(filters.q);

  const apply = (next: BrowseFilters) => setParams(paramsFromFilters(next), { replace: true });
  const change = (patch: Partial<BrowseFilters>) => apply({ ...filters, ...patch });

  // The name box follows the URL (Clear all, back/forward), and what is typed in it is written to the
  // URL once typing pauses. Only typing writes: a write that compared the box with the URL could fire
  // while a navigation was still rendering (navigations render as transitions) — after Clear all, the
  // page from before it put its filters back with an empty name. The write starts from the URL the
  // page last showed (kept by an effect, so only a committed render's).
  const urlName = filters.q;
  useEffect(() => setName(urlName), [urlName]);
  const shown = useRef({ setParams, urlName });
  useEffect(() => {
    shown.current = { setParams, urlName };
  }, [setParams, urlName]);
  const nameWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(nameWrite.current), []);
  const typeName = (typed: string) => {
    setName(typed);
    clearTimeout(nameWrite.current);
    nameWrite.current = setTimeout(() => {
      const { setParams: write, urlName: current } = shown.current;
      if (typed.trim() === current) return;
      write((params) => paramsFromFilters({ ...filtersFromParams(params), q: typed }), { replace: true });
    }, NAME_SEARCH_DELAY_MS);
  };

  const canFilterDistance = me.location.coordinates !== null && settings.data?.location_sharing !== false;
  const active = hasActiveFilters(filters);
  const firstPage = results.data?.pages[0];
  const members = results.data?.pages.flatMap((page) => page.items) ?? [];
  // Near first (decision 046): members within the preference, then a heading where it widens.
  const widened = results.data ? widenedAt(results.data.pages) : null;
  const nearer = widened ? members.slice(0, widened.index) : members;
  const further = widened ? members.slice(widened.index) : [];

  // Infinite scroll: the next page loads when the end of the list comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-display text-3xl text-foreground">Browse</h1>

      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="search"
            aria-label="Search by name"
            placeholder="Search by name..."
            value={name}
            maxLength={60}
            onChange={(e) => typeName(e.target.value)}
            className="min-h-11 w-full rounded-full border border-border bg-surface py-2 pr-4 pl-10 text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <Button
          variant={panelOpen ? 'primary' : 'outline'}
          size="icon"
          aria-expanded={panelOpen}
          aria-controls="browse-filters"
          aria-label={panelOpen ? 'Hide filters' : 'Show filters'}
          onClick={() => setPanelOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-5" />
        </Button>
      </div>

      {active && (
        <div className="flex items-center justify-between gap-3 rounded-2xl border border-accent/60 bg-accent/10 px-4 py-2">
          <span className="font-semibold text-accent-foreground text-sm dark:text-gold-200">
            Filters active
          </span>
          <Button
            variant="ghost"
            className="min-h-9 px-3"
            onClick={() => {
              // The name box empties with the URL (above); a write of what was typed is dropped.
              clearTimeout(nameWrite.current);
              apply({ ...DEFAULT_FILTERS });
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Clear all
          </Button>
        </div>
      )}

      <div id="browse-filters" hidden={!panelOpen}>
        {panelOpen && (
          <FilterPanel
            filters={filters}
            onChange={change}
            maxVisibleTier={me.capabilities.max_visible_tier}
            canFilterDistance={canFilterDistance}
          />
        )}
      </div>

      {results.isPending && <Spinner label="Searching..." />}

      {results.isError && !results.data && (
        <LoadErrorPanel
          title="Search failed"
          message={results.error.message}
          onRetry={() => results.refetch()}
          retrying={results.isFetching}
        />
      )}

      {firstPage && (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3" aria-live="polite">
            <h2 className="font-semibold text-foreground text-lg">
              {resultsCountLabel(firstPage.total ?? 0, firstPage.total_capped)}
            </h2>
            <span className="text-muted-foreground text-sm">
              Showing up to Tier {firstPage.max_visible_tier}
            </span>
          </div>

          {members.length === 0 ? (
            <StatusPanel
              Icon={SearchX}
              title="No results found"
              description="Try adjusting your search filters"
            />
          ) : (
            <>
              {nearer.length > 0 && (
                <ResultsGrid label="Results" members={nearer} dimmed={results.isPlaceholderData} />
              )}
              {widened && (
                <>
                  <h3 className="flex items-center gap-3 text-center font-semibold text-muted-foreground text-sm">
                    <span aria-hidden="true" className="h-px min-w-6 flex-1 bg-border" />
                    {browseWidenedHeading(widened.withinMiles, nearer.length > 0)}
                    <span aria-hidden="true" className="h-px min-w-6 flex-1 bg-border" />
                  </h3>
                  <ResultsGrid
                    label={`Results further than ${widened.withinMiles} miles`}
                    members={further}
                    dimmed={results.isPlaceholderData}
                  />
                </>
              )}
            </>
          )}
          <div ref={sentinel} aria-hidden="true" />
          {isFetchingNextPage && <Spinner label="Loading more..." />}
        </>
      )}
    </div>
  );
}

/** One grid of result cards: more per row as the width allows, two on phones, up to four beside the side rail. */
function ResultsGrid({ label, members, dimmed }: { label: string; members: MemberCard[]; dimmed: boolean }) {
  return (
    <ul
      aria-label={label}
      className={cn(
        'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4',
        dimmed && 'opacity-60 transition-opacity',
      )}
    >
      {members.map((member) => (
        <ResultCard key={member.id} member={member} />
      ))}
    </ul>
  );
}
