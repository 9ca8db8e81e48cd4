import type { Photo } from '@royal/shared';
import { ChevronLeft, ChevronRight, Eye } from 'lucide-react';
import { type MouseEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { blurredPhotoUrl } from '@/lib/photos';
import { CrownMark } from './crown';
import { BLURRED_PHOTO, SCREENSHOT_NOTICE, usePhotoBlur } from './photo-blur';

/** Two taps closer together than this (in time and space) are a double tap. */
export const DOUBLE_TAP_MS = 280;
const DOUBLE_TAP_SLOP_PX = 30;
/** A horizontal swipe longer than this moves to the next photo (when swipe navigation is on). */
const SWIPE_NAV_PX = 50;
const ZOOM_SCALE = 2;

type Zone = 'prev' | 'middle' | 'next';
type Point = { x: number; y: number };

export type PhotoCarouselProps = {
  photos: readonly Photo[];
  /** The member's name, for alt texts ("Ava's photo 2 of 4"). */
  name: string;
  /** Progress bars at the top (discovery card) or dots at the bottom (profile page). */
  indicator: 'bars' | 'dots';
  /** Load the current photo at once (the card on screen); otherwise lazily. */
  priority?: boolean;
  /** Horizontal swipes move through photos. Off on the discovery card, where a drag swipes the card. */
  swipeNavigation?: boolean;
  className?: string;
  /** Drawn over the photo (name, badges), under the arrow buttons. */
  children?: ReactNode;
  /**
   * The photo shown, when something beside the carousel also picks it (the deck's details panel's
   * thumbnails); with `onIndexChange` the carousel's own taps and arrows move it. Uncontrolled without.
   */
  index?: number;
  onIndexChange?: (index: number) => void;
};

const wrap = (index: number, length: number) => ((index % length) + length) % length;

/**
 * A member's photos, one at a time. A tap on the left or right third (or the arrow buttons) moves
 * back or forward, wrapping around; a double tap zooms in 2x around the tapped point and a second
 * one zooms out. A single tap waits DOUBLE_TAP_MS to tell it from a double tap; the arrow buttons
 * (and keyboard) act at once. Another member's photo that 'Blur photos until tapped' keeps blurred
 * (photo-blur.tsx) takes its first tap (or its Show photo button) to show; later taps act as above.
 */
export function PhotoCarousel({
  photos,
  name,
  indicator,
  priority = false,
  swipeNavigation = false,
  className,
  children,
  index: shownIndex,
  onIndexChange,
}: PhotoCarouselProps) {
  const count = photos.length;
  const [ownIndex, setOwnIndex] = useState(0);
  const index = shownIndex ?? ownIndex;
  const [zoom, setZoom] = useState<Point | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  const pendingTap = useRef<ReturnType<typeof setTimeout> | null>(null);
  const swipeStart = useRef<Point | null>(null);
  const swiped = useRef(false);

  const current = count > 0 ? photos[wrap(index, count)] : undefined;
  // The photo whose full image has arrived; until then its blurred variant holds the place.
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const placeholder = current ? blurredPhotoUrl(current.url) : null;
  const blur = usePhotoBlur(current?.url);

  useEffect(
    () => () => {
      if (pendingTap.current !== null) clearTimeout(pendingTap.current);
    },
    [],
  );

  // Warm the cache with the next photo, so a tap shows it without a wait.
  const nextUrl = count > 1 ? photos[wrap(index + 1, count)]?.url : undefined;
  useEffect(() => {
    if (!priority || !nextUrl || typeof Image === 'undefined') return;
    const image = new Image();
    image.decoding = 'async';
    image.src = nextUrl;
  }, [priority, nextUrl]);

  function clearPending() {
    if (pendingTap.current !== null) clearTimeout(pendingTap.current);
    pendingTap.current = null;
  }

  function go(step: number) {
    if (count < 2) return;
    setZoom(null);
    const next = wrap(index + step, count);
    setOwnIndex(next);
    onIndexChange?.(next);
  }

  function onSurfaceClick(event: MouseEvent<HTMLDivElement>) {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    if (blur.blurred) {
      // The reveal is this tap's whole effect: it neither turns the photo nor starts a double tap.
      clearPending();
      lastTap.current = null;
      blur.reveal();
      return;
    }
    const zone = (event.target as HTMLElement).closest<HTMLElement>('[data-zone]')?.dataset.zone as
      | Zone
      | undefined;
    const now = Date.now();
    const previous = lastTap.current;
    const isDouble =
      previous !== null &&
      now - previous.at < DOUBLE_TAP_MS &&
      Math.abs(event.clientX - previous.x) < DOUBLE_TAP_SLOP_PX &&
      Math.abs(event.clientY - previous.y) < DOUBLE_TAP_SLOP_PX;

    if (isDouble && current) {
      clearPending();
      lastTap.current = null;
      const rect = event.currentTarget.getBoundingClientRect();
      const x = rect.width > 0 ? ((event.clientX - rect.left) / rect.width) * 100 : 50;
      const y = rect.height > 0 ? ((event.clientY - rect.top) / rect.height) * 100 : 50;
      setZoom((z) => (z ? null : { x: clamp(x), y: clamp(y) }));
      return;
    }

    lastTap.current = { at: now, x: event.clientX, y: event.clientY };
    clearPending();
    if (zone === 'prev' || zone === 'next') {
      const step = zone === 'next' ? 1 : -1;
      pendingTap.current = setTimeout(() => {
        pendingTap.current = null;
        go(step);
      }, DOUBLE_TAP_MS);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!swipeNavigation || !event.isPrimary) return;
    swipeStart.current = { x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!swipeNavigation || !start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) > SWIPE_NAV_PX && Math.abs(dx) > Math.abs(dy)) {
      swiped.current = true;
      clearPending();
      go(dx < 0 ? 1 : -1);
    }
  }

  // On the discovery card (bars) the name and bio cover the lower half: the arrows sit higher (and
  // smaller and higher still on short landscape screens), clear of the text.
  const arrowClass = cn(
    'absolute z-20 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-black/40 text-white shadow-md backdrop-blur-sm transition hover:bg-black/60',
    indicator === 'bars'
      ? 'top-[28%] [@media(max-height:500px)]:top-[20%] [@media(max-height:500px)]:size-9'
      : 'top-1/2',
  );

  return (
    <div className={cn('relative overflow-hidden bg-royal-950', className)}>
      {current && placeholder && loadedId !== current.id && (
        <img
          key={`${current.id}-blur`}
          src={placeholder}
          alt=""
          aria-hidden="true"
          decoding="async"
          draggable={false}
          className="absolute inset-0 size-full scale-110 select-none object-cover object-[50%_20%] blur-lg"
        />
      )}
      {current ? (
        <img
          key={current.id}
          onLoad={() => setLoadedId(current.id)}
          src={current.url}
          // biome-ignore lint/a11y/noRedundantAlt: "photo N of M" says where in the set this one is
          alt={`${name}'s photo ${wrap(index, count) + 1} of ${count}`}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          // A portrait's face is in its upper part: where the box is wider than the photo (a phone
          // on its side, a 320 px screen), the crop keeps the top, so the face stays above the
          // name and badges drawn over the lower part.
          data-blurred={blur.blurred || undefined}
          className={cn(
            'absolute inset-0 size-full select-none object-cover object-[50%_20%] transition-transform duration-200 ease-out',
            blur.blurred && BLURRED_PHOTO,
          )}
          style={
            zoom ? { transform: `scale(${ZOOM_SCALE})`, transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined
          }
        />
      ) : (
        // The crown sits in the upper half: the name and bio drawn over the photo's lower part
        // never cover it (no letter behind text).
        <div
          role="img"
          aria-label={`${name} has no photos yet`}
          className="absolute inset-0 flex items-start justify-center bg-gradient-to-br from-royal-600 via-royal-800 to-royal-950 pt-[22%]"
        >
          <CrownMark className="w-1/3 opacity-40" />
        </div>
      )}

      {/* Pointer taps only: keyboard users have the arrow buttons below. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: tap zones mirror the arrow buttons */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the arrow buttons are the keyboard path */}
      <div
        data-photo-surface=""
        className={cn('absolute inset-0 z-10 flex', swipeNavigation && 'touch-pan-y')}
        onClick={onSurfaceClick}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div data-zone="prev" className="h-full w-1/3" />
        <div data-zone="middle" className="h-full w-1/3" />
        <div data-zone="next" className="h-full w-1/3" />
      </div>

      {children}

      {blur.blurred && (
        // In the photo's upper part, clear of the deck card's caption and narrow enough to pass
        // between the arrows; only the button takes taps: the rest reach the tap zones (which reveal too).
        <div className="pointer-events-none absolute inset-x-0 top-[18%] z-20 flex flex-col items-center gap-2 px-6 text-center [@media(max-height:500px)]:top-[12%]">
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              blur.reveal();
            }}
            className="pointer-events-auto inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-black/55 px-4 font-semibold text-sm text-white shadow-md backdrop-blur-sm transition hover:bg-black/70"
          >
            <Eye aria-hidden="true" className="size-4" />
            Show photo
          </button>
          <p className="max-w-52 rounded-lg bg-black/45 px-2 py-1 text-white text-xs leading-snug">
            {SCREENSHOT_NOTICE}
          </p>
        </div>
      )}

      {count > 1 && indicator === 'bars' && (
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-3 top-3 z-20 flex gap-1">
          {photos.map((photo, i) => (
            <span
              key={photo.id}
              data-active={i === wrap(index, count) || undefined}
              className={cn(
                'h-1 flex-1 rounded-full shadow-sm transition-colors',
                i === wrap(index, count) ? 'bg-white' : 'bg-white/40',
              )}
            />
          ))}
        </div>
      )}
      {count > 1 && indicator === 'dots' && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-3 z-20 flex justify-center gap-1.5"
        >
          {photos.map((photo, i) => (
            <span
              key={photo.id}
              data-active={i === wrap(index, count) || undefined}
              className={cn(
                'size-2 rounded-full shadow transition-all',
                i === wrap(index, count) ? 'w-5 bg-gold-300' : 'bg-white/60',
              )}
            />
          ))}
        </div>
      )}

      {count > 1 && (
        <>
          <button
            type="button"
            aria-label="Previous photo"
            className={cn(arrowClass, 'left-2')}
            onClick={(event) => {
              event.stopPropagation();
              go(-1);
            }}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next photo"
            className={cn(arrowClass, 'right-2')}
            onClick={(event) => {
              event.stopPropagation();
              go(1);
            }}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </>
      )}
    </div>
  );
}

function clamp(percent: number) {
  return Math.min(100, Math.max(0, Math.round(percent)));
}
