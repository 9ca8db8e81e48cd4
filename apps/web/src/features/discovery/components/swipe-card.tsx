import {
  CARD_EXIT_MS,
  exclusiveMemberTitle,
  type FeedCard,
  type LockedCard,
  lockedProfileMessage,
  type MemberCard,
  messageTokenLikeLabel,
  milesLabel,
  type SwipeDirection,
  tierName,
} from '@royal/shared';
import { Crown, Lock, MapPin, MessageCircleHeart } from 'lucide-react';
import { type PointerEvent, useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PhotoCarousel } from '@/components/ui/photo-carousel';
import { TierBadge } from '@/components/ui/tier-badge';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { cn } from '@/lib/cn';
import { paths, profilePath } from '@/lib/paths';
import { overlayStrengths, swipeDirectionFor } from '../gesture';

/** Movement below this is still a tap, not a drag. */
const DRAG_SLOP_PX = 8;
const ROTATE_DEG_PER_PX = 0.06;
const MAX_ROTATE_DEG = 18;
const SPRING_BACK = 'transform 320ms cubic-bezier(0.175, 0.885, 0.32, 1.275)';

export type SwipeCardProps = {
  card: FeedCard;
  /** Only the top card takes gestures; the one behind is a preview. */
  isTop: boolean;
  /** Set by the deck while this card flies out; back to null (a failed swipe) springs it back. */
  exitDirection: SwipeDirection | null;
  /** A released drag asks to swipe; false (refused, e.g. a locked card) springs the card back. */
  onSwipeRequest: (direction: SwipeDirection) => boolean;
  /** Any tap on a locked card (it can only be passed, or liked with a message token). */
  onLockedTap: () => void;
  /** Message tokens the member holds: a locked card then offers to like with one. */
  messageTokens?: number;
  /** Like this locked card by spending a message token. */
  onTokenLike?: () => void;
  /** id of the visually hidden keyboard hint. */
  hintId?: string;
  /** The photo on show, when the deck's details panel picks it too (its thumbnails). */
  photoIndex?: number;
  onPhotoIndexChange?: (index: number) => void;
};

type Offset = { x: number; y: number };

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

function exitTransform(direction: SwipeDirection, { x, y }: Offset) {
  if (prefersReducedMotion()) return 'none';
  if (direction === 'up') return `translate3d(${x}px, -130%, 0)`;
  const sign = direction === 'right' ? 1 : -1;
  return `translate3d(${sign * 150}%, ${y}px, 0) rotate(${sign * 24}deg)`;
}

/**
 * One discovery card. The drag follows the pointer through a transform written in
 * requestAnimationFrame straight to the element (no React render per pointermove); past
 * SWIPE_THRESHOLD_PX the release asks the deck to swipe, otherwise the card springs back.
 */
/** The words that fade in while dragging, one per direction (spec part 1 §2). */
const SWIPE_OVERLAYS = [
  { direction: 'left', text: 'NOPE', className: 'top-10 right-6 rotate-12 border-rose-500 text-rose-500' },
  {
    direction: 'right',
    text: 'LIKE',
    className: 'top-10 left-6 -rotate-12 border-emerald-400 text-emerald-400',
  },
  {
    direction: 'up',
    text: 'SUPER LIKE',
    className: 'bottom-40 left-1/2 -translate-x-1/2 -rotate-6 border-gold-300 text-gold-300',
  },
] as const;

export function SwipeCard({
  card,
  isTop,
  exitDirection,
  onSwipeRequest,
  onLockedTap,
  messageTokens = 0,
  onTokenLike,
  hintId,
  photoIndex,
  onPhotoIndexChange,
}: SwipeCardProps) {
  const cardRef = useRef<HTMLElement>(null);
  const overlayRefs = useRef<Partial<Record<SwipeDirection, HTMLSpanElement | null>>>({});
  const offset = useRef<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; active: boolean } | null>(null);
  const frame = useRef<number | null>(null);
  const suppressClick = useRef(false);
  const wasExiting = useRef(false);
  // Between drags the card lets the page scroll vertically (pan-y) when there is a page to scroll;
  // when the deck fits the screen (phones) it keeps vertical touches too, so a swipe up can super like.
  const restingTouchAction = useRef('');

  useEffect(() => {
    const el = cardRef.current;
    if (!el) return;
    const update = () => {
      const scrollable = document.documentElement.scrollHeight > window.innerHeight + 1;
      restingTouchAction.current = scrollable ? '' : 'none';
      if (!drag.current?.active) el.style.touchAction = restingTouchAction.current;
    };
    // Read in the next frame, where the browser lays the page out anyway: read here, right after
    // React's commit, it forced a layout of the whole page inside the commit's task (about 15 ms on
    // a throttled phone as the deck first appears).
    const first = requestAnimationFrame(update);
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('resize', update);
    };
  }, []);

  function paint() {
    frame.current = null;
    const el = cardRef.current;
    if (!el) return;
    const { x, y } = offset.current;
    const rotate = Math.max(-MAX_ROTATE_DEG, Math.min(MAX_ROTATE_DEG, x * ROTATE_DEG_PER_PX));
    el.style.transform = `translate3d(${x}px, ${y}px, 0) rotate(${rotate}deg)`;
    setOverlays(overlayStrengths(x, y));
  }

  function setOverlays(strengths: Record<SwipeDirection, number>) {
    for (const direction of ['left', 'right', 'up'] as const) {
      const overlay = overlayRefs.current[direction];
      if (overlay) overlay.style.opacity = String(strengths[direction]);
    }
  }

  function schedulePaint() {
    if (frame.current === null) frame.current = requestAnimationFrame(paint);
  }

  function springBack() {
    const el = cardRef.current;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    offset.current = { x: 0, y: 0 };
    if (!el) return;
    el.style.transition = `${SPRING_BACK}, opacity 200ms ease-out`;
    el.style.transform = '';
    el.style.opacity = '';
    setOverlays({ left: 0, right: 0, up: 0 });
  }

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  // Fly out while the deck says so; a swipe the server refused brings the card back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the exit signal only
  useLayoutEffect(() => {
    const el = cardRef.current;
    if (!el) return;
    if (exitDirection === null) {
      if (wasExiting.current) springBack();
      wasExiting.current = false;
      return;
    }
    wasExiting.current = true;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    el.style.transition = `transform ${CARD_EXIT_MS}ms ease-in, opacity ${CARD_EXIT_MS}ms ease-in`;
    el.style.transform = exitTransform(exitDirection, offset.current);
    el.style.opacity = '0';
    setOverlays({ left: 0, right: 0, up: 0, [exitDirection]: 1 });
  }, [exitDirection]);

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    suppressClick.current = false;
    if (!isTop || exitDirection || !event.isPrimary || event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      active: false,
    };
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const state = drag.current;
    const el = cardRef.current;
    if (!state || !el || event.pointerId !== state.pointerId) return;
    const x = event.clientX - state.startX;
    const y = event.clientY - state.startY;
    if (!state.active) {
      if (Math.hypot(x, y) < DRAG_SLOP_PX) return;
      state.active = true;
      try {
        el.setPointerCapture(event.pointerId);
      } catch {
        // Synthetic or already-released pointers cannot be captured; the drag still works.
      }
      el.style.touchAction = 'none';
      el.style.transition = 'none';
      el.dataset.dragging = '';
    }
    offset.current = { x, y };
    schedulePaint();
  }

  function endDrag(event: PointerEvent<HTMLElement>, cancelled: boolean) {
    const state = drag.current;
    const el = cardRef.current;
    if (!state || event.pointerId !== state.pointerId) return;
    drag.current = null;
    if (!state.active || !el) return;
    el.style.touchAction = restingTouchAction.current;
    delete el.dataset.dragging;
    suppressClick.current = true;
    const x = event.clientX - state.startX;
    const y = event.clientY - state.startY;
    offset.current = { x, y };
    const direction = cancelled ? null : swipeDirectionFor(x, y);
    if (direction && onSwipeRequest(direction)) return;
    springBack();
  }

  const label = card.locked ? `Locked ${card.age}-year-old member` : `${card.name}, ${card.age}`;

  return (
    <article
      ref={cardRef}
      aria-roledescription="profile card"
      aria-label={label}
      aria-describedby={hintId}
      tabIndex={isTop ? 0 : -1}
      data-card-id={card.id}
      data-top-card={isTop || undefined}
      className="absolute inset-0 touch-pan-y select-none overflow-hidden rounded-[1.75rem] bg-royal-950 shadow-[0_30px_60px_-25px_rgba(27,11,51,0.7)] ring-1 ring-black/5 will-change-transform [container-type:size]"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, false)}
      onPointerCancel={(event) => endDrag(event, true)}
      onClickCapture={(event) => {
        if (suppressClick.current) {
          suppressClick.current = false;
          event.stopPropagation();
          event.preventDefault();
        }
      }}
      onTransitionEnd={(event) => {
        if (event.target === cardRef.current && !exitDirection && cardRef.current) {
          cardRef.current.style.transition = '';
        }
      }}
    >
      {card.locked ? (
        <LockedCardFace
          card={card}
          onTap={onLockedTap}
          isTop={isTop}
          messageTokens={messageTokens}
          onTokenLike={onTokenLike}
        />
      ) : (
        <MemberCardFace
          card={card}
          isTop={isTop}
          photoIndex={photoIndex}
          onPhotoIndexChange={onPhotoIndexChange}
        />
      )}
      {SWIPE_OVERLAYS.map(({ direction, text, className }) => (
        <SwipeOverlay
          key={direction}
          ref={(el) => {
            overlayRefs.current[direction] = el;
          }}
          className={className}
        >
          {text}
        </SwipeOverlay>
      ))}
    </article>
  );
}

function SwipeOverlay({
  ref,
  className,
  children,
}: {
  ref: (el: HTMLSpanElement | null) => void;
  className: string;
  children: string;
}) {
  return (
    <span
      ref={ref}
      aria-hidden="true"
      style={{ opacity: 0 }}
      className={cn(
        'pointer-events-none absolute z-30 whitespace-nowrap rounded-xl border-4 bg-black/20 px-3 py-1 font-black text-4xl tracking-widest backdrop-blur-[2px]',
        className,
      )}
    >
      {children}
    </span>
  );
}

function MemberCardFace({
  card,
  isTop,
  photoIndex,
  onPhotoIndexChange,
}: {
  card: MemberCard;
  isTop: boolean;
  photoIndex: number | undefined;
  onPhotoIndexChange: ((index: number) => void) | undefined;
}) {
  return (
    <PhotoCarousel
      photos={card.photos}
      name={card.name}
      indicator="bars"
      priority={isTop}
      className="size-full"
      index={photoIndex}
      onIndexChange={onPhotoIndexChange}
    >
      {/* A short card (a 320 px screen, a phone on its side: the card is its container) keeps the
          face clear: a shorter fade, a smaller name and no bio (the details have it). */}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-black/90 via-black/55 to-transparent px-5 pt-24 pb-5 text-white [@container(max-height:26rem)]:px-4 [@container(max-height:26rem)]:pt-10 [@container(max-height:26rem)]:pb-4">
        <div className="flex min-w-0 items-center gap-2">
          <TierBadge tier={card.tier_level} label="full" />
          {card.online && (
            <span className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full bg-black/40 px-2 py-0.5 font-semibold text-xs leading-5">
              <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
              Online now
            </span>
          )}
        </div>
        <h2 className="mt-2 flex min-w-0 items-center gap-2 font-display text-3xl leading-tight [@container(max-height:26rem)]:mt-1 [@container(max-height:26rem)]:text-2xl">
          <Link
            to={profilePath(card.id)}
            tabIndex={isTop ? 0 : -1}
            className="pointer-events-auto min-w-0 truncate rounded-md hover:underline"
          >
            {card.name}, <span className="font-sans font-light">{card.age}</span>
          </Link>
          {card.verified && <VerifiedMark className="text-sky-300" />}
        </h2>
        <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-white/90">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">
            {card.city}, {card.state}
            {card.distance_miles !== null && ` · ${milesLabel(card.distance_miles)} away`}
          </span>
        </p>
        {card.bio && (
          <p className="mt-2 line-clamp-2 text-sm text-white/85 leading-relaxed [@container(max-height:26rem)]:hidden">
            {card.bio}
          </p>
        )}
      </div>
    </PhotoCarousel>
  );
}

function LockedCardFace({
  card,
  onTap,
  isTop,
  messageTokens,
  onTokenLike,
}: {
  card: LockedCard;
  onTap: () => void;
  isTop: boolean;
  messageTokens: number;
  onTokenLike: (() => void) | undefined;
}) {
  const message = lockedProfileMessage(card.required_tier);
  return (
    <div className="relative size-full">
      {card.blurred_photo ? (
        <img
          src={card.blurred_photo}
          alt={`Blurred preview of a locked ${tierName(card.tier_level)} member`}
          loading={isTop ? 'eager' : 'lazy'}
          draggable={false}
          className="absolute inset-0 size-full scale-110 object-cover blur-md"
        />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-br from-royal-700 via-royal-900 to-night"
        />
      )}
      <div aria-hidden="true" className="absolute inset-0 bg-royal-950/45" />
      {/* Centred in the part above the masked name and bio, so its actions never cover them. */}
      <div className="absolute inset-x-0 top-0 bottom-36 flex flex-col items-center justify-center gap-3 px-6 text-center text-white">
        <span className="flex size-16 items-center justify-center rounded-full bg-black/45 ring-2 ring-gold-300/70 backdrop-blur">
          <Lock aria-hidden="true" className="size-7 text-gold-300" />
        </span>
        <p className="font-display text-2xl text-gold-200">{exclusiveMemberTitle(card.required_tier)}</p>
        <p className="max-w-64 text-sm text-white/85">{message}</p>
        {/* Above the card-wide button, so these two act on their own. */}
        <div className="relative z-20 mt-1 flex w-full max-w-72 flex-col gap-2">
          <Button variant="gold" asChild>
            <Link to={paths.subscription} tabIndex={isTop ? 0 : -1}>
              <Crown aria-hidden="true" className="size-4" />
              Upgrade to {tierName(card.required_tier)}
            </Link>
          </Button>
          {messageTokens > 0 && onTokenLike && (
            <Button variant="glass" className="px-4" tabIndex={isTop ? 0 : -1} onClick={onTokenLike}>
              <MessageCircleHeart aria-hidden="true" className="size-4 shrink-0" />
              {messageTokenLikeLabel(messageTokens)}
            </Button>
          )}
        </div>
      </div>
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent px-5 pt-20 pb-5"
      >
        <TierBadge tier={card.tier_level} label="full" />
        <div className="mt-3 flex items-center gap-2">
          <span className="h-7 w-36 rounded-lg bg-white/30" />
          <span className="font-display text-3xl text-white">{card.age}</span>
        </div>
        <span className="mt-2 block h-4 w-40 rounded bg-white/25" />
        <span className="mt-3 block h-3 w-full rounded bg-white/20" />
        <span className="mt-2 block h-3 w-3/4 rounded bg-white/20" />
      </div>
      <button
        type="button"
        tabIndex={isTop ? 0 : -1}
        onClick={onTap}
        aria-label={`Locked profile. ${message}`}
        className="absolute inset-0 z-10 cursor-pointer rounded-[1.75rem]"
      />
    </div>
  );
}
