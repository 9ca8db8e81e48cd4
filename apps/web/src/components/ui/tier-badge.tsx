import { type TierLevel, tierName, tierShortName } from '@royal/shared';
import { Crown, Eye, Gem, ShieldCheck, Star } from 'lucide-react';
import { cn } from '@/lib/cn';

const TIER_STYLES: Readonly<Record<TierLevel, { className: string; Icon: typeof Crown }>> = {
  0: {
    className:
      'border-stone-300 bg-stone-100 text-stone-800 dark:border-stone-600 dark:bg-stone-800/60 dark:text-stone-100',
    Icon: Eye,
  },
  1: {
    className:
      'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-900/40 dark:text-sky-100',
    Icon: Star,
  },
  2: {
    className:
      'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-100',
    Icon: ShieldCheck,
  },
  3: {
    className:
      'border-royal-300 bg-royal-50 text-royal-800 dark:border-royal-500 dark:bg-royal-800/60 dark:text-royal-100',
    Icon: Gem,
  },
  4: {
    className:
      'border-gold-400 bg-gradient-to-r from-gold-100 via-gold-200 to-gold-300 text-gold-900 dark:border-gold-300 dark:text-royal-950',
    Icon: Crown,
  },
};

export type TierBadgeProps = {
  tier: TierLevel;
  /**
   * `auto` (default) shows the short name on narrow screens and the full name from `sm` up;
   * `short` and `full` force one of them.
   */
  label?: 'auto' | 'short' | 'full';
  className?: string;
};

/** A member's tier as a coloured pill: the tier table's name, its short name where space is tight. */
export function TierBadge({ tier, label = 'auto', className }: TierBadgeProps) {
  const { className: colours, Icon } = TIER_STYLES[tier];
  return (
    <span
      data-tier={tier}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-semibold text-xs leading-5',
        colours,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" strokeWidth={2.25} />
      {label === 'short' && tierShortName(tier)}
      {label === 'full' && tierName(tier)}
      {label === 'auto' && (
        <>
          <span className="sm:hidden">{tierShortName(tier)}</span>
          <span className="hidden sm:inline">{tierName(tier)}</span>
        </>
      )}
    </span>
  );
}
