import { messageTokenLikeLabel } from '@royal/shared';
import { Check, MessageCircleHeart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSwipeAllowance } from '../api/allowance';
import { useSwipe } from '../api/swipe';

/**
 * Likes a member above your tier by spending one message token, where their profile is shown as
 * restricted (the deck's locked card has its own). They are told as with any like and stay masked
 * until they like back. Shown only while the member holds tokens (the server spends the token); once
 * liked — now or before (`liked`) — it says so instead.
 */
export function TokenLikeButton({
  targetId,
  liked: likedBefore = false,
}: {
  targetId: string;
  liked?: boolean;
}) {
  const allowance = useSwipeAllowance();
  const swipe = useSwipe();
  const [likedNow, setLikedNow] = useState(false);
  const tokens = allowance.data?.message_tokens ?? 0;

  if (likedBefore || likedNow) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Check aria-hidden="true" className="size-4" />
        You've liked this member
      </p>
    );
  }
  if (tokens === 0) return null;
  return (
    <Button
      variant="outline"
      disabled={swipe.isPending}
      onClick={() =>
        swipe.mutate(
          { target_id: targetId, direction: 'right', use_message_token: true },
          { onSuccess: () => setLikedNow(true) },
        )
      }
    >
      <MessageCircleHeart aria-hidden="true" className="size-4 shrink-0" />
      {messageTokenLikeLabel(tokens)}
    </Button>
  );
}
