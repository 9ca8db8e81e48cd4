import { useCallback, useState } from 'react';

// Profiles swiped in this tab, per signed-in member, so they stay hidden for the session even when
// the feed's cached pages are shown again (leaving /app and coming back).
const seenByMember = new Map<string, ReadonlySet<string>>();

export function useSeenProfiles(memberId: string) {
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => seenByMember.get(memberId) ?? new Set());

  const markSeen = useCallback(
    (profileId: string) => {
      const next = new Set(seenByMember.get(memberId));
      next.add(profileId);
      seenByMember.set(memberId, next);
      setSeen(next);
    },
    [memberId],
  );

  const clearSeen = useCallback(() => {
    seenByMember.delete(memberId);
    setSeen(new Set());
  }, [memberId]);

  return { seen, markSeen, clearSeen };
}
