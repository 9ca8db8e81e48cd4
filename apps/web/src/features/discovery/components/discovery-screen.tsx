import {
  CARD_EXIT_MS,
  type FeedCard,
  lockedProfileMessage,
  type MatchSummary,
  messageTokenLikeLabel,
  nextSuperLikeSource,
  nextTier,
  SUPER_LIKE_LIMIT_TEXT,
  type SwipeDirection,
  swipeBlock,
  swipeUnlockTier,
  type TierLevel,
  tierName,
} from '@royal/shared';
import { Crown, MessageCircleHeart, RotateCcw, Star } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { CardSkeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { TierPlan } from '@/components/ui/tier-plan';
import { UpgradeDialog, type UpgradeDialogProps } from '@/components/ui/upgrade-dialog';
import { useCurrentMember } from '@/features/auth';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { TOAST_AVOID } from '@/lib/toast-lane';
import { useSwipeAllowance } from '../api/allowance';
import { useFeed } from '../api/feed';
import { useResetFeed } from '../api/reset-feed';
import { BUY_SUPER_LIKES_LABEL, isCardGone, useSwipe } from '../api/swipe';
import { useSeenProfiles } from '../seen-store';
import { DeckDetails, DeckDetailsSkeleton } from './deck-details';
import { MatchDialog } from './match-dialog';
import { SuperLikesLeft } from './super-likes-left';
import { SwipeActionButton } from './swipe-action-button';
import { SwipeCard } from './swipe-card';
import { announceWideningAtStart, firstWidening, WideningNotice } from './widening-notice';

/** When this many cards (or fewer) are left, the next feed page is fetched. */
export const PREFETCH_REMAINING = 5;

const KEY_DIRECTIONS: Readonly<Record<string, SwipeDirection>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
};

// The card fills the space between the top bar and the bottom navigation (small viewport height,
// so it does not jump when a phone's browser bars slide), at most 600 px, at least --deck-min (240
// px upright: a 320×568 phone keeps its buttons above the navigation; 160 px on its side, where a
// 568×320 phone has 196 px between the bars). --deck-chrome is what else takes height: the page
// padding, the gap and the action buttons (beside the card on short landscape screens).
const DECK_HEIGHT =
  'clamp(var(--deck-min), calc(100svh - var(--topbar-height) - var(--bottomnav-space) - env(safe-area-inset-top) - env(safe-area-inset-bottom) - var(--deck-chrome)), 37.5rem)';
/** A phone on its side: the buttons stand beside the card, and only the page's slim margin is left. */
const SHORT_LANDSCAPE_DECK =
  '[@media(max-height:500px)]:flex-row [@media(max-height:500px)]:items-center [@media(max-height:500px)]:[--deck-chrome:1rem] [@media(max-height:500px)]:[--deck-min:10rem]';

type UpgradePrompt = Pick<UpgradeDialogProps, 'message' | 'tier' | 'title' | 'action'> & {
  /** A locked card the member could like with a message token instead. */
  tokenLike?: FeedCard;
};

/** The day's super likes are used and no token is left: the Super Likes Pack is the way on. */
export const SUPER_LIKE_OFFER: UpgradePrompt = {
  title: 'No Super Likes Left',
  message: SUPER_LIKE_LIMIT_TEXT,
  action: { label: BUY_SUPER_LIKES_LABEL, to: paths.boosts, Icon: Star },
};

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
  const [upgrade, setUpgrade] = useState<UpgradePrompt | null>(null);
  const [match, setMatch] = useState<MatchSummary | null>(null);
  const exitTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const refocusTop = useRef(false);

  const swipe = useSwipe({ onMatch: setMatch, onSuperLikeLimit: () => setUpgrade(SUPER_LIKE_OFFER) });
  // Said once, before the first card beyond the member's distance preference (deck-order.ts).
  const [wideningSeen, setWideningSeen] = useState(false);
  const reset = useResetFeed({
    onReset: () => {
      clearSeen();
      setPending(new Set());
      setWideningSeen(false);
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
  const widening = useMemo(() => firstWidening(feed.data?.pages), [feed.data]);
  const widensHere = widening !== null && !wideningSeen && top?.id === widening.cardId;
  const widensAtStart = widensHere && widening.atStart;
  // The notice stands in for the card it precedes, without the card's actions.
  const noticeShown = widensHere && !widening.atStart;
  useEffect(() => {
    if (!widensAtStart || !widening) return;
    setWideningSeen(true);
    announceWideningAtStart(widening.withinMiles);
  }, [widensAtStart, widening]);
  // The top card's photo on show, shared by the card and the details panel's thumbnails; a new top
  // card starts at its first photo.
  const [shownPhoto, setShownPhoto] = useState<{ cardId: string; index: number } | null>(null);
  const photoIndex = top && shownPhoto?.cardId === top.id ? shownPhoto.index : 0;
  const showPhoto = useCallback((index: number) => top && setShownPhoto({ cardId: top.id, index }), [top]);
  // Asked for once there is a card to act on (an empty deck shows no super like button).
  const allowance = useSwipeAllowance(block === null && top !== undefined);
  const messageTokens = allowance.data?.message_tokens ?? 0;

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
    (card: FeedCard, direction: SwipeDirection, useMessageToken = false): boolean => {
      if (exiting) return false;
      if (card.locked && direction !== 'left' && !useMessageToken) {
        setUpgrade({
          message: lockedProfileMessage(card.required_tier),
          tier: card.required_tier,
          ...(messageTokens > 0 && !block ? { tokenLike: card } : {}),
        });
        return false;
      }
      if (block) {
        setUpgrade({ message: block.message, tier: swipeUnlockTier(me) ?? 1 });
        return false;
      }
      // The same rule as the server's: without an allowance or a token left, offer the pack instead.
      if (direction === 'up' && allowance.data && nextSuperLikeSource(allowance.data) === null) {
        setUpgrade(SUPER_LIKE_OFFER);
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
      const body = { target_id: card.id, direction, ...(useMessageToken ? { use_message_token: true } : {}) };
      swipe.mutateAsync(body).then(
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
    [exiting, block, me, swipe, markSeen, messageTokens, allowance.data],
  );

  // Arrow keys swipe when the deck (or nothing in particular: the page) has focus.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandler.current = (event: KeyboardEvent) => {
    const direction = KEY_DIRECTIONS[event.key];
    if (!direction || !top || event.defaultPrevented || event.repeat) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (upgrade !== null || match !== null || noticeShown) return;
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
  // `data-keys-live` says the arrow keys are listened to: a page the server rendered is on screen
  // (and may be live) before this part of it has hydrated (decision 017).
  const [keysLive, setKeysLive] = useState(false);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    setKeysLive(true);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  // After a dialog closes, focus goes back to the deck (the card on top, or the deck itself when the
  // last one is gone) instead of the page body.
  const returnFocusToDeck = useCallback((event: Event) => {
    event.preventDefault();
    const region = regionRef.current;
    (region?.querySelector<HTMLElement>('[data-top-card]') ?? region)?.focus();
  }, []);

  const higherTier = nextTier(me.tier_level);
  const lockActions = block !== null;

  let body: ReactNode;
  // Cards are on their way (the first page, or the next one after the last card): skeletons.
  let awaitingCards = false;
  // The end of the deck: a panel in place of the cards, with no card actions under it.
  let ended = false;
  if (feed.isPending) {
    awaitingCards = true;
    body = <CardSkeleton label="Loading profiles..." />;
  } else if (noticeShown && widening) {
    body = <WideningNotice withinMiles={widening.withinMiles} onContinue={() => setWideningSeen(true)} />;
  } else if (top) {
    body = null;
  } else if (feed.isError && (!feed.data || isFetchNextPageError)) {
    body = (
      <LoadErrorPanel
        title="Error loading profiles"
        message={feed.error.message || 'Failed to fetch profiles'}
        onRetry={() => (feed.data ? fetchNextPage() : feed.refetch())}
        retrying={feed.isFetching}
        className="h-full justify-center"
      />
    );
  } else if (hasNextPage || feed.isFetching) {
    awaitingCards = true;
    body = <CardSkeleton label="Loading profiles..." />;
  } else {
    ended = true;
    body = (
      <StatusPanel
        Icon={Crown}
        tone="royal"
        title="No More Profiles"
        description="You've seen all available profiles in your tier range."
        // At least the deck's height, and taller when it must be: on a short phone the offer of the
        // next tier then lies below the fold of the page, where scrolling finds it, instead of hidden
        // inside a panel that scrolled on its own (at 320 × 568 it showed no sign of being there).
        className="flex-1 justify-center"
      >
        <Button {...TOAST_AVOID} variant="gold" onClick={() => reset.mutate()} disabled={reset.isPending}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {reset.isPending ? 'Starting Over...' : 'Start Over'}
        </Button>
        {higherTier !== null && (
          <div className="mt-2 w-full max-w-80 lg:hidden">
            <HigherTierOffer tier={higherTier} />
          </div>
        )}
      </StatusPanel>
    );
  }

  return (
    // Clipped, so a dragged card never slides under the top bar or the navigation. The end of the deck
    // has no card to drag: unclipped, its panel's shadow fades out instead of ending in a straight edge.
    // The padding below (taken back by the margin) leaves the action buttons' glow room to fade out
    // above the clip's edge (a 1440 px screen showed it cut in a straight line under the buttons).
    <div
      className={cn(
        '-mx-4 -mb-6 px-4 pb-6 sm:-mx-6 sm:px-6 lg:mx-0 lg:px-0',
        !ended && 'overflow-clip [overflow-clip-margin:1rem]',
      )}
    >
      <div className="mx-auto flex w-full max-w-[420px] flex-col gap-8 lg:max-w-none lg:flex-row lg:items-start lg:justify-center">
        <section
          ref={regionRef}
          data-keys-live={keysLive || undefined}
          tabIndex={-1}
          aria-labelledby={`${hintId}-title`}
          className={cn(
            // From sm the deck takes back 8 px of the page's margin above and below, except on a phone on
            // its side, whose slim margin it needs to clear the bars.
            'flex w-full flex-col gap-3 outline-none [--deck-chrome:9.75rem] [--deck-min:15rem] sm:[--deck-chrome:8.75rem] lg:w-[420px] lg:shrink-0 [@media(min-width:40rem)_and_(min-height:501px)]:-my-2',
            SHORT_LANDSCAPE_DECK,
          )}
        >
          <h1 id={`${hintId}-title`} className="sr-only">
            Discover
          </h1>
          <p id={hintId} className="sr-only">
            Use the Left arrow key to pass, the Right arrow key to like and the Up arrow key to super like.
          </p>

          <div
            className={ended ? 'flex w-full flex-col' : 'relative w-full'}
            style={ended ? { minHeight: DECK_HEIGHT } : { height: DECK_HEIGHT }}
          >
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
                        onLockedTap={() => requestSwipe(card, 'right')}
                        messageTokens={block ? 0 : messageTokens}
                        onTokenLike={() => requestSwipe(card, 'right', true)}
                        hintId={index === 0 ? hintId : undefined}
                        photoIndex={index === 0 ? photoIndex : undefined}
                        onPhotoIndexChange={index === 0 ? showPhoto : undefined}
                      />
                    </div>
                  ),
              )}
          </div>

          <div className="flex shrink-0 flex-col items-center gap-1" hidden={ended || noticeShown}>
            <div
              {...TOAST_AVOID}
              className="flex h-[4.5rem] shrink-0 items-center justify-center gap-6 [@media(max-height:500px)]:h-auto [@media(max-height:500px)]:flex-col [@media(max-height:500px)]:gap-3"
            >
              {top && (
                <>
                  <SwipeActionButton direction="left" onClick={() => requestSwipe(top, 'left')} />
                  <SwipeActionButton
                    direction="up"
                    size="md"
                    locked={lockActions || top.locked}
                    onClick={() => requestSwipe(top, 'up')}
                  />
                  <SwipeActionButton
                    direction="right"
                    locked={lockActions || top.locked}
                    onClick={() => requestSwipe(top, 'right')}
                  />
                </>
              )}
            </div>
            {top && !lockActions && <SuperLikesLeft allowance={allowance.data} className="h-4" />}
          </div>
        </section>

        {/* Desktop: the profile's details beside the deck (phones tap the name for the profile page).
            With nothing to show beside it (the top tier's empty deck) the deck stands alone, centred. */}
        {!noticeShown && (awaitingCards || top || higherTier !== null) && (
          // The panel takes the rest of the column beside the card (decision 043), up to a width its
          // photos row and two columns of details still read well at.
          <aside aria-label="Profile details" className="hidden w-full min-w-0 max-w-2xl lg:block lg:flex-1">
            {top ? (
              <DeckDetails card={top} viewer={me} photoIndex={photoIndex} onShowPhoto={showPhoto} />
            ) : awaitingCards ? (
              <DeckDetailsSkeleton />
            ) : (
              higherTier !== null && (
                <div className="rounded-3xl border border-border bg-surface p-6 shadow-card">
                  <HigherTierOffer tier={higherTier} />
                </div>
              )
            )}
          </aside>
        )}
      </div>

      <UpgradeDialog
        open={upgrade !== null}
        onOpenChange={(open) => !open && setUpgrade(null)}
        message={upgrade?.message ?? ''}
        tier={upgrade?.tier}
        title={upgrade?.title}
        action={upgrade?.action}
        alternative={
          upgrade?.tokenLike && (
            <Button
              variant="outline"
              onClick={() => {
                const card = upgrade.tokenLike;
                setUpgrade(null);
                if (card) requestSwipe(card, 'right', true);
              }}
            >
              <MessageCircleHeart aria-hidden="true" className="size-4 shrink-0" />
              {messageTokenLikeLabel(messageTokens)}
            </Button>
          )
        }
        onCloseAutoFocus={returnFocusToDeck}
      />
      <MatchDialog match={match} onClose={() => setMatch(null)} onCloseAutoFocus={returnFocusToDeck} />
    </div>
  );
}

/** Below the top tier: who else a higher plan would show, its price and benefits, and Upgrade. */
function HigherTierOffer({ tier }: { tier: TierLevel }) {
  return (
    <div className="flex flex-col gap-3 text-left">
      <p className="text-center text-muted-foreground text-sm">
        {tierName(tier)} members are shown to {tierName(tier)} and above. Upgrade to see them too.
      </p>
      <TierPlan tier={tier} />
      <Button variant="outline" asChild>
        <Link to={paths.subscription}>
          <Crown aria-hidden="true" className="size-4" />
          See {tierName(tier)}
        </Link>
      </Button>
    </div>
  );
}
