import {
  CARD_EXIT_MS,
  type FeedCard,
  lockedProfileMessage,
  type MatchSummary,
  type SwipeDirection,
  swipeBlock,
} from '@royal/shared';
import { Crown, RotateCcw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { UpgradeDialog } from '@/components/ui/upgrade-dialog';
import { useCurrentMember } from '@/features/auth';
import { useFeed } from '../api/feed';
import { useResetFeed } from '../api/reset-feed';
import { isCardGone, useSwipe } from '../api/swipe';
import { useSeenProfiles } from '../seen-store';
import { MatchDialog } from './match-dialog';
import { SwipeActionButton } from './swipe-action-button';
import { SwipeCard } from './swipe-card';

/** When this many cards (or fewer) are left, the next feed page is fetched. */
export const PREFETCH_REMAINING = 5;

const KEY_DIRECTIONS: Readonly<Record<string, SwipeDirection>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
};

// The card fills the space between the top bar and the bottom navigation (small viewport height,
// so it does not jump when a phone's browser bars slide), at most 600 px, at least 352 px.
// --deck-chrome is what else takes height: the page padding, the gap and the action buttons.
const DECK_HEIGHT =
  'clamp(22rem, calc(100svh - var(--topbar-height) - var(--bottomnav-height) - env(safe-area-inset-top) - env(safe-area-inset-bottom) - var(--deck-chrome)), 37.5rem)';

function firstPhoto(card: FeedCard | undefined): string | null {
  if (!card) return null;
  return card.locked ? card.blurred_photo : (card.photos[0]?.url ?? null);
}

function isTypingTarget(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** /app: the swipe deck, one profile at a time. */
export function DiscoveryScreen() {
  const me = useCurrentMember();
  const block = swipeBlock(me);
  const hintId = useId();
  const regionRef = useRef<HTMLElement>(null);

  const feed = useFeed();
  const { seen, markSeen, clearSeen } = useSeenProfiles(me.id);
  // Cards that flew out while their swipe is still on its way to the server.
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [exiting, setExiting] = useState<{ id: string; direction: SwipeDirection } | null>(null);
  const [upgradeMessage, setUpgradeMessage] = useState<string | null>(null);
  const [match, setMatch] = useState<MatchSummary | null>(null);
  const exitTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const refocusTop = useRef(false);

  const swipe = useSwipe({ onMatch: setMatch });
  const reset = useResetFeed({
    onReset: () => {
      clearSeen();
      setPending(new Set());
    },
  });

  const cards = useMemo(() => {
    const unique = new Map<string, FeedCard>();
    for (const page of feed.data?.pages ?? []) {
      for (const card of page.items) if (!unique.has(card.id)) unique.set(card.id, card);
    }
    return [...unique.values()];
  }, [feed.data]);
  // The card flying out stays on top until its exit animation ends, even if the server was faster.
  const exitingId = exiting?.id;
  const visible = useMemo(
    () => cards.filter((card) => card.id === exitingId || (!seen.has(card.id) && !pending.has(card.id))),
    [cards, seen, pending, exitingId],
  );
  const top = visible[0];
  const next = visible[1];

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  useEffect(() => {
    if (visible.length <= PREFETCH_REMAINING && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [visible.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // The card after this one is already drawn behind it; warm its first photo anyway in case the
  // one behind changes (a page arrives) before it shows.
  const nextPhoto = firstPhoto(next);
  useEffect(() => {
    if (!nextPhoto || typeof Image === 'undefined') return;
    const image = new Image();
    image.src = nextPhoto;
  }, [nextPhoto]);

  useEffect(() => {
    const timers = exitTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  // Keep keyboard users on the deck: when the card they swiped leaves, focus the next one.
  const topId = top?.id;
  useEffect(() => {
    if (!topId || !refocusTop.current) return;
    refocusTop.current = false;
    regionRef.current?.querySelector<HTMLElement>('[data-top-card]')?.focus();
  }, [topId]);

  const requestSwipe = useCallback(
    (card: FeedCard, direction: SwipeDirection): boolean => {
      if (exiting) return false;
      if (card.locked && direction !== 'left') {
        setUpgradeMessage(lockedProfileMessage(card.required_tier));
        return false;
      }
      if (block) {
        setUpgradeMessage(block.message);
        return false;
      }
      const active = document.activeElement;
      refocusTop.current = active instanceof HTMLElement && active.dataset.cardId === card.id;

      setExiting({ id: card.id, direction });
      const timer = setTimeout(() => {
        exitTimers.current.delete(card.id);
        setPending((set) => new Set(set).add(card.id));
        setExiting((current) => (current?.id === card.id ? null : current));
      }, CARD_EXIT_MS);
      exitTimers.current.set(card.id, timer);

      // Success hides the member for the session (useSwipe marks them seen).
      swipe.mutateAsync({ target_id: card.id, direction }).then(
        () => undefined,
        (error: unknown) => {
          // Already answered or gone: nothing more can be done with this card, so it stays away.
          if (isCardGone(error)) {
            markSeen(card.id);
            return;
          }
          const pendingTimer = exitTimers.current.get(card.id);
          if (pendingTimer !== undefined) clearTimeout(pendingTimer);
          exitTimers.current.delete(card.id);
          setExiting((current) => (current?.id === card.id ? null : current));
          setPending((set) => {
            const nextSet = new Set(set);
            nextSet.delete(card.id);
            return nextSet;
          });
        },
      );
      return true;
    },
    [exiting, block, swipe, markSeen],
  );

  // Arrow keys swipe when the deck (or nothing in particular: the page) has focus.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandler.current = (event: KeyboardEvent) => {
    const direction = KEY_DIRECTIONS[event.key];
    if (!direction || !top || event.defaultPrevented || event.repeat) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (upgradeMessage !== null || match !== null) return;
    const target = event.target;
    const onPage =
      target === document.body ||
      target === document.documentElement ||
      (target instanceof HTMLElement && target.id === 'main-content') ||
      (target instanceof Node && regionRef.current?.contains(target));
    if (!onPage || isTypingTarget(target)) return;
    event.preventDefault();
    requestSwipe(top, direction);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  let body: ReactNode;
  if (feed.isPending) {
    body = <Spinner label="Loading profiles..." className="h-full" />;
  } else if (top) {
    body = null;
  } else if (feed.isError && (!feed.data || isFetchNextPageError)) {
    body = (
      <StatusPanel
        Icon={TriangleAlert}
        tone="danger"
        title="Error loading profiles"
        description={feed.error.message || 'Failed to fetch profiles'}
        className="h-full justify-center"
      >
        <Button onClick={() => (feed.data ? fetchNextPage() : feed.refetch())} disabled={feed.isFetching}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Try Again
        </Button>
      </StatusPanel>
    );
  } else if (hasNextPage || feed.isFetching) {
    body = <Spinner label="Loading profiles..." className="h-full" />;
  } else {
    body = (
      <StatusPanel
        Icon={Crown}
        tone="royal"
        title="No More Profiles"
        description="You've seen all available profiles in your tier range."
        className="h-full justify-center"
      >
        <Button variant="gold" onClick={() => reset.mutate()} disabled={reset.isPending}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {reset.isPending ? 'Starting Over...' : 'Start Over'}
        </Button>
      </StatusPanel>
    );
  }

  return (
    <section
      ref={regionRef}
      aria-labelledby={`${hintId}-title`}
      className="mx-auto flex w-full max-w-[420px] flex-col gap-3 [--deck-chrome:8.5rem] sm:-my-2 sm:[--deck-chrome:7.5rem]"
    >
      <h1 id={`${hintId}-title`} className="sr-only">
        Discover
      </h1>
      <p id={hintId} className="sr-only">
        Use the Left arrow key to pass, the Right arrow key to like and the Up arrow key to super like.
      </p>

      <div className="relative w-full" style={{ height: DECK_HEIGHT }}>
        {body ??
          [top, next].map(
            (card, index) =>
              card && (
                <div
                  key={card.id}
                  inert={index > 0}
                  aria-hidden={index > 0 || undefined}
                  className={
                    index === 0
                      ? 'absolute inset-0 z-20 transition-transform duration-300 ease-out'
                      : 'absolute inset-0 z-10 translate-y-3 scale-[0.95] transition-transform duration-300 ease-out'
                  }
                >
                  <SwipeCard
                    card={card}
                    isTop={index === 0}
                    exitDirection={index === 0 && exiting?.id === card.id ? exiting.direction : null}
                    onSwipeRequest={(direction) => requestSwipe(card, direction)}
                    onLockedTap={() =>
                      card.locked && setUpgradeMessage(lockedProfileMessage(card.required_tier))
                    }
                    hintId={index === 0 ? hintId : undefined}
                  />
                </div>
              ),
          )}
      </div>

      <div className="flex h-[4.5rem] items-center justify-center gap-6">
        {top && (
          <>
            <SwipeActionButton direction="left" onClick={() => requestSwipe(top, 'left')} />
            <SwipeActionButton direction="up" size="md" onClick={() => requestSwipe(top, 'up')} />
            <SwipeActionButton direction="right" onClick={() => requestSwipe(top, 'right')} />
          </>
        )}
      </div>

      <UpgradeDialog
        open={upgradeMessage !== null}
        onOpenChange={(open) => !open && setUpgradeMessage(null)}
        message={upgradeMessage ?? ''}
      />
      <MatchDialog match={match} onClose={() => setMatch(null)} />
    </section>
  );
}
