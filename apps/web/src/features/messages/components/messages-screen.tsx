import { type MatchListItem, messageSendBlock, type PermissionBlock, swipeBlock } from '@royal/shared';
import { MessageCircle, Search, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { ModalContent } from '@/components/ui/modal';
import { StatusPanel } from '@/components/ui/status-panel';
import { TierBadge } from '@/components/ui/tier-badge';
import { useCurrentMember } from '@/features/auth';
import { paths } from '@/lib/paths';
import { useMatch, useMatches } from '../api/matches';
import { ChatDialog } from './chat-dialog';
import { MatchRow } from './match-row';

const matchesQuery = (match: MatchListItem, query: string) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const { name, city, state } = match.member;
  return [name, city, state].some((text) => text.toLowerCase().includes(q));
};

/** The way out of a restriction: verifying, or a tier or a renewed subscription. */
function UnblockLink({ block, className }: { block: PermissionBlock; className?: string }) {
  return block.code === 'VERIFICATION_REQUIRED' ? (
    <Button asChild variant="gold" className={className}>
      <Link to={paths.verify}>Get Verified</Link>
    </Button>
  ) : (
    <Button asChild variant="gold" className={className}>
      <Link to={paths.subscription}>Upgrade</Link>
    </Button>
  );
}

/** /messages: your matches, your messaging status, and the chat of the match in `?match=`. */
export function MessagesScreen() {
  const me = useCurrentMember();
  const matches = useMatches();
  const [query, setQuery] = useState('');
  const [params, setParams] = useSearchParams();
  const [restricted, setRestricted] = useState(false);
  const block = messageSendBlock(me);
  // An empty list's next step is swiping, unless the member cannot swipe yet (an Observer).
  const cannotSwipe = swipeBlock(me);
  const openId = params.get('match');
  const loaded = useMemo(() => matches.data?.pages.flatMap((page) => page.items) ?? [], [matches.data]);
  const loadedMatch = loaded.find((m) => m.id === openId) ?? null;
  // A chat asked for by link whose match is beyond the pages loaded: fetched on its own.
  const linked = useMatch(openId, matches.isSuccess && loadedMatch === null && !block);
  const openMatch = loadedMatch ?? linked.data ?? null;
  const shown = useMemo(() => loaded.filter((m) => matchesQuery(m, query)), [loaded, query]);

  const open = (matchId: string) => {
    if (block) {
      setRestricted(true);
      return;
    }
    setParams({ match: matchId });
  };
  const close = () => setParams({}, { replace: true });
  // A chat asked for by link (`?match=`, from Interests or a profile) that the member may not open
  // gets the same alert as a row click, instead of nothing at all.
  const alerting = block !== null && (restricted || openId !== null);
  const closeAlert = () => {
    setRestricted(false);
    if (openId) close();
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
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
            <ShieldAlert aria-hidden="true" className="size-6 text-amber-500" />
          ) : (
            <ShieldCheck aria-hidden="true" className="size-6 text-emerald-500" />
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

      {matches.isError && (
        <LoadErrorPanel
          title="Failed to load matches"
          message={matches.error.message || 'Failed to fetch matches'}
          onRetry={() => matches.refetch()}
          retrying={matches.isFetching}
        />
      )}

      {matches.isSuccess && loaded.length === 0 && (
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

      {matches.isSuccess && loaded.length > 0 && (
        <ul aria-label="Your matches" className="flex max-h-[600px] flex-col gap-2 overflow-y-auto pr-1">
          {shown.map((match) => (
            <MatchRow key={match.id} match={match} onOpen={() => open(match.id)} />
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

      {openMatch && !block && <ChatDialog key={openMatch.id} match={openMatch} onClose={close} />}

      <Dialog.Root open={alerting} onOpenChange={(isOpen) => !isOpen && closeAlert()}>
        <ModalContent>
          <Dialog.Title className="font-display text-foreground text-xl">
            Messaging is restricted
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-muted-foreground">{block?.message}</Dialog.Description>
          <div className="mt-5 flex justify-center gap-3">
            <Dialog.Close asChild>
              <Button variant="outline">Close</Button>
            </Dialog.Close>
            {block && <UnblockLink block={block} />}
          </div>
        </ModalContent>
      </Dialog.Root>
    </div>
  );
}
