/** A member's profile page. */
export const profilePath = (memberId: string) => `/profile/${encodeURIComponent(memberId)}`;

/** The chat of a match (the Messages screen opens it from the query string). */
export const chatPath = (matchId: string) => `/messages?match=${encodeURIComponent(matchId)}`;

/** Where a "Message" button goes: the chat when there is a match, otherwise the member's profile. */
export const messagePath = (memberId: string, matchId: string | null) =>
  matchId ? chatPath(matchId) : profilePath(memberId);
