import { type MatchListItem, type Me, type PermissionBlock, swipeBlock } from '@royal/shared';
import { MessageCircle, Search, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { StatusPanel } from '@/components/ui/status-panel';
import { TierBadge } from '@/components/ui/tier-badge';
import { paths } from '@/lib/paths';
import type { useMatches } from '../api/matches';
import { MatchRow } from './match-row';
import { UnblockLink } from './unblock-link';

const matchesQuery = (match: MatchListItem, query: string) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const { name, city, state } = match.member;
  return [name, city, state].some((text) => text.toLowerCase().includes(q));
};

/**
 * The list side of Messages (spec part 2, Messages screen): the heading, the member's messaging
 * status, the search box and the matches. From lg it is a column beside the chat and the list
 * scrolls within it; below lg it is the page, its list 600 px high as the spec draws it.
 */
export function MatchListPane({
  me,
  block,
  matches,
  loaded,
  openId,
  onOpen,
}: {
  me: Me;
  block: PermissionBlock | null;
  matches: ReturnType<typeof useMatches>;
  /** Every match of the pages loaded. */
  loaded: MatchListItem[];
  openId: string | null;
  onOpen: (matchId: string) => void;
}) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => loaded.filter((m) => matchesQuery(m, query)), [loaded, query]);
  // An empty list's next step is swiping, unless the member cannot swipe yet (an Observer).
  const cannotSwipe = swipeBlock(me);

  return (
    <>
      <header>
        <h1 className="font-display text-3xl text-foreground">Messages</h1>
        <p className="mt-1 text-muted-foreground">Connect with your matches</p>
      </header>

      <section
        aria-labelledby="messaging-permissions"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface p-4"
      >
        <div className="flex items-center gap-3">
          {block ? (
            <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-amber-500" />
          ) : (
            <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-500" />
          )}
          <div>
            <h2 id="messaging-permissions" className="font-semibold text-foreground">
              Messaging Permissions
            </h2>
            <p className="text-sm">
              <span className="text-muted-foreground">Messaging Status: </span>
              <span
                className={
                  block
                    ? 'font-semibold text-amber-700 dark:text-amber-300'
                    : 'font-semibold text-emerald-700 dark:text-emerald-300'
                }
              >
                {block ? 'Restricted' : 'Enabled'}
              </span>
            </p>
            {block && <p className="text-muted-foreground text-sm">{block.message}</p>}
          </div>
        </div>
        <div className="flex items-center gap-3">
          <TierBadge tier={me.tier_level} />
          {block && <UnblockLink block={block} />}
        </div>
      </section>

      <label className="relative block">
        <span className="sr-only">Search matches by name or city</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search by name or city..."
          className="min-h-11 w-full rounded-full border border-border bg-surface py-2 pr-4 pl-9 text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-gold-400"
        />
      </label>

      {matches.isPending && (
        <p className="py-10 text-center text-muted-foreground">Loading your matches...</p>
      )}

      {/* A refetch that failed (offline, say) while the list is on screen leaves it there. */}
      {matches.isError && !matches.data && (
        <LoadErrorPanel
          title="Failed to load matches"
          message={matches.error.message || 'Failed to fetch matches'}
          onRetry={() => matches.refetch()}
          retrying={matches.isFetching}
        />
      )}

      {matches.data && loaded.length === 0 && (
        <StatusPanel
          Icon={MessageCircle}
          title="No matches yet"
          description={cannotSwipe ? cannotSwipe.message : 'Start swiping to find your perfect matches'}
        >
          {cannotSwipe ? (
            <UnblockLink block={cannotSwipe} />
          ) : (
            <Button asChild>
              <Link to={paths.app}>Start swiping</Link>
            </Button>
          )}
        </StatusPanel>
      )}

      {matches.data && loaded.length > 0 && (
        <ul
          aria-label="Your matches"
          className="-mx-1 flex max-h-[600px] flex-col gap-2 overflow-y-auto px-1 py-1 lg:max-h-none lg:min-h-0 lg:flex-1"
        >
          {shown.map((match) => (
            <MatchRow
              key={match.id}
              match={match}
              selected={match.id === openId}
              onOpen={() => onOpen(match.id)}
            />
          ))}
          {shown.length === 0 && (
            <li className="py-6 text-center text-muted-foreground">No matches for “{query.trim()}”</li>
          )}
          {matches.hasNextPage && (
            <li className="flex justify-center py-2">
              <Button
                variant="outline"
                onClick={() => void matches.fetchNextPage()}
                disabled={matches.isFetchingNextPage}
              >
                {matches.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </li>
          )}
        </ul>
      )}
    </>
  );
}
