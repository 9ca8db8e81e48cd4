import { SWIPE_THRESHOLD_PX, type SwipeDirection } from '@royal/shared';

/**
 * The swipe a drag ends in: a mostly vertical upward drag past the threshold is a super like,
 * otherwise past the threshold to the right a like and to the left a pass; null springs back.
 */
export function swipeDirectionFor(
  dx: number,
  dy: number,
  threshold = SWIPE_THRESHOLD_PX,
): SwipeDirection | null {
  if (-dy > threshold && -dy > Math.abs(dx)) return 'up';
  if (dx > threshold) return 'right';
  if (dx < -threshold) return 'left';
  return null;
}

/** Overlay strengths (0–1) while dragging: NOPE, LIKE and SUPER LIKE fade in with the distance. */
export function overlayStrengths(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX) {
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  const upward = -dy > Math.abs(dx);
  return {
    left: upward ? 0 : clamp(-dx / threshold),
    right: upward ? 0 : clamp(dx / threshold),
    up: upward ? clamp(-dy / threshold) : 0,
  };
}
