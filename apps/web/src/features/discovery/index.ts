// Public surface of the discovery feature; the profile page and interests reuse the swipe action,
// its toasts and the match celebration from here.
export { getSwipeAllowance, swipeAllowanceQueryOptions, useSwipeAllowance } from './api/allowance';
export { feedQueryOptions, getFeedPage, leadPhotoUrl, useFeed } from './api/feed';
export { resetFeed, useResetFeed } from './api/reset-feed';
export {
  BUY_SUPER_LIKES_LABEL,
  isCardGone,
  isSuperLikeLimit,
  postSwipe,
  SWIPE_FAILED_MESSAGE,
  SWIPE_TOASTS,
  showSwipeToast,
  swipeErrorMessage,
  type UseSwipeOptions,
  useSwipe,
} from './api/swipe';
export { MatchDialog, type MatchDialogProps } from './components/match-dialog';
export { SuperLikesLeft } from './components/super-likes-left';
export { SwipeActionButton, type SwipeActionButtonProps } from './components/swipe-action-button';
export { TokenLikeButton } from './components/token-like-button';
export { overlayStrengths, swipeDirectionFor } from './gesture';
