import type { Me } from '@royal/shared';

/**
 * The members' own views (GET /api/me, the session embedded in pages), kept for a moment per member
 * (decision 025; modules/me/views.ts implements it).
 */
export interface MemberViews {
  /** The member's view: kept, or read with `load` (and kept unless dropped meanwhile). */
  read(userId: string, load: () => Promise<Me>): Promise<Me>;
  /** Drops these members' views on this instance only (the bus tells the others). */
  forget(userIds: readonly string[]): void;
  /** Drops these members' views on every instance, resolving once the message is on the bus. */
  invalidate(userIds: readonly string[]): Promise<void>;
  close(): void;
}
