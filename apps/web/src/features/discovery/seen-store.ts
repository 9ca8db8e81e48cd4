import { useCallback, useSyncExternalStore } from 'react';

// Profiles swiped in this tab, per signed-in member, so they stay hidden for the session even when
// the feed's cached pages are shown again (leaving /app and coming back, or swiping from a profile
// page). The server excludes them from new pages anyway; this covers the pages already loaded.
const seenByMember = new Map<string, ReadonlySet<string>>();
const listeners = new Set<() => void>();
const NONE: ReadonlySet<string> = new Set();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function markProfileSeen(memberId: string, profileId: string) {
  const current = seenByMember.get(memberId);
  if (current?.has(profileId)) return;
  seenByMember.set(memberId, new Set(current).add(profileId));
  emit();
}

export function clearSeenProfiles(memberId: string) {
  if (!seenByMember.delete(memberId)) return;
  emit();
}

export function useSeenProfiles(memberId: string) {
  const seen = useSyncExternalStore(
    subscribe,
    () => seenByMember.get(memberId) ?? NONE,
    // A page rendered on the server (and its hydration) starts with nothing swiped in this tab.
    () => NONE,
  );
  const markSeen = useCallback((profileId: string) => markProfileSeen(memberId, profileId), [memberId]);
  const clearSeen = useCallback(() => clearSeenProfiles(memberId), [memberId]);
  return { seen, markSeen, clearSeen };
}
