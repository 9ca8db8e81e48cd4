import { SWIPE_DIRECTION_LABELS, type SwipeDirection } from '@royal/shared';
import { Heart, Lock, type LucideIcon, Star, X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type ActionStyle = { Icon: LucideIcon; circle: string; iconClass: string };

const ACTION_STYLES: Readonly<Record<SwipeDirection, ActionStyle>> = {
  left: {
    Icon: X,
    circle:
      'border border-rose-200 bg-surface text-rose-600 shadow-[0_10px_30px_-12px_rgba(225,29,72,0.55)] hover:bg-rose-50 dark:border-rose-900 dark:text-rose-300 dark:hover:bg-rose-950/50',
    iconClass: 'stroke-[3]',
  },
  up: {
    Icon: Star,
    circle:
      'bg-gradient-to-br from-gold-200 via-gold-400 to-gold-600 text-royal-950 shadow-[0_10px_30px_-10px_rgba(212,160,23,0.8)] hover:brightness-105',
    iconClass: 'fill-current',
  },
  right: {
    Icon: Heart,
    circle:
      'bg-gradient-to-br from-royal-500 via-royal-600 to-royal-800 text-white shadow-[0_12px_32px_-10px_rgba(83,38,146,0.85)] hover:brightness-110',
    iconClass: 'fill-current',
  },
};

// Under 360 px of height (a 568×320 phone on its side) the three stand one above the other beside the
// card, and all take the small size so they fit between the bars.
const SHORT = '[@media(max-height:360px)]:size-12';
const SIZES = { lg: `size-16 ${SHORT}`, md: `size-14 ${SHORT}`, sm: 'size-12' } as const;
const ICON_SIZES = { lg: 'size-7', md: 'size-6', sm: 'size-5' } as const;

export type SwipeActionButtonProps = Omit<ComponentProps<'button'>, 'children'> & {
  direction: SwipeDirection;
  size?: keyof typeof SIZES;
  /** A visible caption under the circle (profile page); it is then the button's name. */
  caption?: string;
  /**
   * The action needs a higher (or paid-up) tier: drawn muted with a padlock. It stays clickable, to
   * open the Upgrade dialog that explains it.
   */
  locked?: boolean;
};

const LOCKED_CIRCLE =
  'border border-border bg-surface-muted text-muted-foreground shadow-none hover:border-gold-400/60';

/** The round pass / super like / like button (discovery deck and profile page). */
export function SwipeActionButton({
  direction,
  size = 'lg',
  caption,
  locked = false,
  className,
  ...props
}: SwipeActionButtonProps) {
  const { Icon, circle, iconClass } = ACTION_STYLES[direction];
  const circleEl = (
    <span
      className={cn(
        'relative inline-flex items-center justify-center rounded-full transition group-active:scale-95 group-disabled:shadow-none',
        SIZES[size],
        locked ? LOCKED_CIRCLE : circle,
      )}
    >
      <Icon aria-hidden="true" className={cn(ICON_SIZES[size], !locked && iconClass)} />
      {locked && (
        <span
          aria-hidden="true"
          className="absolute -right-1 -bottom-1 flex size-6 items-center justify-center rounded-full bg-royal-950 text-gold-300 ring-2 ring-background"
        >
          <Lock className="size-3.5" />
        </span>
      )}
    </span>
  );
  const lockedProps = locked ? { 'data-locked': '', title: 'Upgrade to unlock' } : {};
  if (caption) {
    return (
      <button
        type="button"
        className={cn(
          'group inline-flex min-w-16 cursor-pointer flex-col items-center gap-1.5 rounded-2xl p-1 font-semibold text-foreground text-xs disabled:cursor-not-allowed disabled:opacity-55',
          className,
        )}
        {...lockedProps}
        {...props}
      >
        {circleEl}
        <span>{caption}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-label={SWIPE_DIRECTION_LABELS[direction]}
      className={cn(
        'group inline-flex shrink-0 cursor-pointer items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-55',
        className,
      )}
      {...lockedProps}
      {...props}
    >
      {circleEl}
    </button>
  );
}
