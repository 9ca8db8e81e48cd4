import { type TierLevel, tierName, tierShortName } from '@royal/shared';
import { Crown, Eye, Gem, Sparkles, Star } from 'lucide-react';
import { cn } from '@/lib/cn';

// Every tier on the brand palette, climbing from ivory through royal purple to gold: the higher the
// tier, the richer the pill. The icons differ too, so colour is never the only cue.
const TIER_STYLES: Readonly<Record<TierLevel, { className: string; Icon: typeof Crown }>> = {
  0: {
    className:
      'border-royal-200 bg-ivory text-royal-800 dark:border-royal-400/60 dark:bg-royal-950/70 dark:text-royal-100',
    Icon: Eye,
  },
  1: {
    className:
      'border-royal-300 bg-royal-100 text-royal-900 dark:border-royal-400 dark:bg-royal-800 dark:text-royal-50',
    Icon: Star,
  },
  2: {
    className:
      'border-royal-500 bg-royal-700 text-ivory dark:border-royal-300/70 dark:bg-royal-600 dark:text-white',
    Icon: Sparkles,
  },
  3: {
    className:
      'border-gold-500 bg-royal-900 text-gold-200 dark:border-gold-400 dark:bg-royal-950 dark:text-gold-200',
    Icon: Gem,
  },
  4: {
    className:
      'border-gold-500 bg-gradient-to-r from-gold-200 via-gold-300 to-gold-400 text-royal-950 dark:border-gold-200',
    Icon: Crown,
  },
};

export type TierBadgeProps = {
  tier: TierLevel;
  /**
   * `auto` (default) shows the short name on narrow screens and the full name from `sm` up;
   * `compact` is `auto` that also drops to the icon alone below 360 px (below 420 px for Verified
   * Viber, a tier with no shorter name; the name stays for screen
   * readers and as a tooltip); `short` and `full` force one of them; `fit` is the short name where
   * the nearest container is at least 16rem wide and the icon alone in a narrower one (a row whose
   * member's name needs the room), the name again kept for screen readers and as a tooltip.
   */
  label?: 'auto' | 'compact' | 'short' | 'full' | 'fit';
  className?: string;
};

/** A member's tier as a pill on the brand palette: the tier table's name, its short name where space is tight. */
export function TierBadge({ tier, label = 'auto', className }: TierBadgeProps) {
  const { className: colours, Icon } = TIER_STYLES[tier];
  // A tier whose short name is its whole name (Verified Viber) says it once.
  const oneName = tierShortName(tier) === tierName(tier);
  return (
    <span
      data-tier={tier}
      title={label === 'compact' || label === 'fit' ? tierName(tier) : undefined}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-semibold text-xs leading-5',
        colours,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" strokeWidth={2.25} />
      {label === 'short' && tierShortName(tier)}
      {label === 'fit' && <span className="sr-only @3xs:not-sr-only">{tierShortName(tier)}</span>}
      {label === 'full' && tierName(tier)}
      {label === 'auto' && oneName && tierName(tier)}
      {label === 'auto' && !oneName && (
        <>
          <span className="sm:hidden">{tierShortName(tier)}</span>
          <span className="hidden sm:inline">{tierName(tier)}</span>
        </>
      )}
      {/* The one long name needs more room before it shows beside the top bar's icons. */}
      {label === 'compact' && oneName && <span className="max-[419.98px]:sr-only">{tierName(tier)}</span>}
      {label === 'compact' && !oneName && (
        <>
          <span className="max-[359px]:sr-only sm:hidden">{tierShortName(tier)}</span>
          <span className="hidden sm:inline">{tierName(tier)}</span>
        </>
      )}
    </span>
  );
}
