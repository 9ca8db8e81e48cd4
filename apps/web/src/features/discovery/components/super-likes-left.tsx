import { type SwipeAllowance, superLikesLeftLabel } from '@royal/shared';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * "Super likes left today: N · T tokens", shown where the super like button is (deck and profile
 * page). Until the allowance has arrived the line is there, empty: what is under it does not move
 * when it comes, and a page rendered ahead of the app already has the line's classes (lib/cn.ts).
 */
export function SuperLikesLeft({
  allowance,
  className,
}: {
  allowance: SwipeAllowance | undefined;
  className?: string;
}) {
  const classes = cn('flex items-center justify-center gap-1.5 text-muted-foreground text-xs', className);
  if (!allowance) return <p aria-hidden="true" className={classes} />;
  return (
    <p data-testid="super-likes-left" className={classes}>
      <Star aria-hidden="true" className="size-3.5 shrink-0 fill-current text-gold-500" />
      <span>{superLikesLeftLabel(allowance)}</span>
    </p>
  );
}
