/**
 * Which members' cached entries were dropped since a read began, for caches that a read fills after
 * a database round trip (the actor cache): a read that was under way when its member was dropped is
 * answered, but what it read may be from before the change (a sign-out, a new plan), so it must not
 * be kept.
 */
export function createDropLedger(maxTracked: number) {
  /** Counts the drops. */
  let epoch = 0;
  /** Reads started before it are never kept: who was dropped when was forgotten since. */
  let floor = 0;
  const droppedAt = new Map<string, number>();
  return {
    /** Records that these members' entries were dropped. */
    drop(userIds: readonly string[]) {
      epoch += 1;
      if (droppedAt.size >= maxTracked) {
        droppedAt.clear();
        floor = epoch;
      }
      for (const userId of userIds) droppedAt.set(userId, epoch);
    },
    /** Taken before a read starts, for `mayKeep`. */
    mark: () => epoch,
    /** Whether a read started at `mark` may keep what it read of this member. */
    mayKeep: (userId: string, mark: number) => mark >= floor && (droppedAt.get(userId) ?? 0) <= mark,
    clear() {
      droppedAt.clear();
    },
  };
}
