import {
  AppError,
  type MatchSummary,
  type MemberProfile,
  type SwipeBody,
  type SwipeDirection,
  type SwipeReply,
  swipeReplySchema,
} from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Heart, type LucideIcon, Star, X } from 'lucide-react';
import { createElement } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCurrentMember } from '@/features/auth';
import { api } from '@/lib/api';
import { apiPaths, paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { markProfileSeen } from '../seen-store';

export function postSwipe(body: SwipeBody): Promise<SwipeReply> {
  return api.post(apiPaths.swipes, body, { schema: swipeReplySchema });
}

/** The toast after a recorded swipe (spec part 1 §4). */
export const SWIPE_TOASTS: Readonly<Record<SwipeDirection, { title: string; description: string }>> = {
  left: { title: 'Not Interested', description: 'Passed on this profile' },
  right: { title: 'Liked!', description: 'You liked this profile' },
  up: { title: 'Super Like!', description: 'You super liked this profile' },
};
export const SWIPE_FAILED_MESSAGE = 'Failed to record action. Please try again.';

/** Refusals whose server text tells the member something useful (tier, subscription, already swiped). */
const EXPLAINED_STATUSES = new Set([403, 404, 409]);

export function swipeErrorMessage(error: unknown): string {
  return error instanceof AppError && EXPLAINED_STATUSES.has(error.status)
    ? error.message
    : SWIPE_FAILED_MESSAGE;
}

const TOAST_ICONS: Readonly<Record<SwipeDirection, { Icon: LucideIcon; className: string }>> = {
  left: { Icon: X, className: 'size-5 text-rose-600 dark:text-rose-300' },
  right: { Icon: Heart, className: 'size-5 fill-current text-royal-600 dark:text-royal-300' },
  up: { Icon: Star, className: 'size-5 fill-current text-gold-600 dark:text-gold-300' },
};

/**
 * The spec's toast for a recorded swipe. A swipe that makes a match gets none: the match dialog
 * (which names the person) is its one announcement.
 */
export function showSwipeToast(reply: SwipeReply) {
  if (reply.match) return;
  const { title, description } = SWIPE_TOASTS[reply.direction];
  const { Icon, className } = TOAST_ICONS[reply.direction];
  toast(title, { description, icon: createElement(Icon, { 'aria-hidden': true, className }) });
}

export type UseSwipeOptions = {
  /** Called when a like completed a mutual match (show the MatchDialog). */
  onMatch?: (match: MatchSummary) => void;
  /**
   * Called instead of the error toast when the server refused a super like beyond the day's
   * allowance with no token left (show the offer of a Super Likes Pack).
   */
  onSuperLikeLimit?: () => void;
};

/** The server refused a super like: the day's allowance is used and no Super Likes Pack token is left. */
export function isSuperLikeLimit(error: unknown): boolean {
  return error instanceof AppError && error.code === 'SUPER_LIKE_LIMIT';
}

/**
 * POST /api/swipes with the spec's toasts: the swipe's own toast, or (when the reply carries a
 * match) none, for `onMatch` to open the match dialog; a failure shows an 'Error' toast. A cached profile page of the target learns
 * the swipe (and the match) at once, the deck hides the member for the session, and the interests
 * lists are refreshed when next shown.
 * Pass per-call callbacks to `mutate` to react to the result (the deck keeps or drops its card).
 */
export function useSwipe({ onMatch, onSuperLikeLimit }: UseSwipeOptions = {}) {
  const queryClient = useQueryClient();
  const me = useCurrentMember();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['swipe'],
    mutationFn: postSwipe,
    onSuccess: (reply, body) => {
      showSwipeToast(reply);
      if (spendsAllowance(body)) void queryClient.invalidateQueries({ queryKey: queryKeys.swipeAllowance });
      markProfileSeen(me.id, reply.target_id);
      queryClient.setQueryData<MemberProfile>(queryKeys.memberProfile(reply.target_id), (profile) =>
        profile
          ? { ...profile, my_swipe: reply.direction, match_id: reply.match?.id ?? profile.match_id }
          : profile,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.interests });
      if (reply.match) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
        onMatch?.(reply.match);
      }
    },
    onError: (error, body) => {
      if (spendsAllowance(body)) void queryClient.invalidateQueries({ queryKey: queryKeys.swipeAllowance });
      if (isSuperLikeLimit(error)) {
        if (onSuperLikeLimit) {
          onSuperLikeLimit();
          return;
        }
        toast.error('Error', {
          description: swipeErrorMessage(error),
          action: { label: BUY_SUPER_LIKES_LABEL, onClick: () => navigate(paths.boosts) },
        });
        return;
      }
      toast.error('Error', { description: swipeErrorMessage(error) });
    },
  });
}

/** A super like or a token like: it may use the day's allowance or a token, so the counts change. */
const spendsAllowance = (body: SwipeBody) => body.direction === 'up' || body.use_message_token === true;

export const BUY_SUPER_LIKES_LABEL = 'Get a Super Likes Pack';

/** The target cannot be swiped again (already answered, or the profile is gone). */
export function isCardGone(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'ALREADY_SWIPED' || error.code === 'PROFILE_NOT_FOUND');
}
