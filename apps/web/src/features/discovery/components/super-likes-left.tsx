import { type SwipeAllowance, superLikesLeftLabel } from '@royal/shared';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** "Super likes left today: N · T tokens", shown where the super like button is (deck and profile page). */
export function SuperLikesLeft({ allowance, className }: { allowance: SwipeAllowance; className?: string }) {
  return (
    <p
      data-testid="super-likes-left"
      className={cn('flex items-center justify-center gap-1.5 text-muted-foreground text-xs', className)}
    >
      <Star aria-hidden="true" className="size-3.5 shrink-0 fill-current text-gold-500" />
      <span>{superLikesLeftLabel(allowance)}</span>
    </p>
  );
}
