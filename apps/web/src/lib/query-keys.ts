/**
 * Every query key of the app in one place, so a mutation in one feature can invalidate another
 * feature's data (an upgrade refreshes `me`) without importing that feature.
 */
export const queryKeys = {
  me: ['me'] as const,
  memberSettings: ['member-settings'] as const,
  notifications: ['notifications'] as const,
};
