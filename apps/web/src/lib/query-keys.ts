/**
 * Every query key of the app in one place, so a mutation in one feature can invalidate another
 * feature's data (an upgrade refreshes `me`) without importing that feature.
 */
export const queryKeys = {
  me: ['me'] as const,
  signUpOptions: ['sign-up-options'] as const,
  referral: ['referral'] as const,
  memberSettings: ['member-settings'] as const,
  /** Settings → Security (decision 057). */
  twoFactor: ['two-factor'] as const,
  passkeys: ['passkeys'] as const,
  sessions: ['sessions'] as const,
  /** The member's latest data export (Settings, Account Management). */
  dataExport: ['data-export'] as const,
  notifications: ['notifications'] as const,
  /** The discovery feed (an infinite query of FeedPage). */
  discoveryFeed: ['discovery', 'feed'] as const,
  interests: ['interests'] as const,
  /** Every browse result list; `search(query)` is the one for a query string of filters. */
  searches: ['search'] as const,
  search: (query: string) => ['search', query] as const,
  /** Every member profile page; `memberProfile(id)` is one of them. */
  memberProfiles: ['member-profile'] as const,
  memberProfile: (id: string) => ['member-profile', id] as const,
  /** The member's matches (the Messages screen). */
  matches: ['matches'] as const,
  /**
   * Events: everything under `events`; the list (an infinite query of EventsPage), one event's card,
   * and under it what hangs off that event (its guests, the member's ticket, the door's arrivals).
   */
  events: ['events'] as const,
  eventsList: ['events', 'list'] as const,
  event: (id: string) => ['events', 'one', id] as const,
  eventGuests: (id: string) => ['events', 'one', id, 'guests'] as const,
  eventTicket: (id: string) => ['events', 'one', id, 'ticket'] as const,
  eventArrivals: (id: string) => ['events', 'one', id, 'arrivals'] as const,
  eventPhotos: (id: string) => ['events', 'one', id, 'photos'] as const,
  /** The members the member blocked (the Safety Center). */
  blocks: ['blocks'] as const,
  /** Safe places to meet in the member's city (the Safety Center). */
  safeLocations: ['safe-locations'] as const,
  /** The landing page's member counts and figures. */
  landingStats: ['landing-stats'] as const,
  /** Every open chat; `chat(matchId)` is one (an infinite query of MessagePage, newest page first). */
  chats: ['chat'] as const,
  chat: (matchId: string) => ['chat', matchId] as const,
  /** The member's own photos, every moderation state (Edit Profile, onboarding, Photo Appeals). */
  myPhotos: ['my-photos'] as const,
  /** The admin Photo Moderation queue: every tab; `moderation(tab)` is one. */
  moderationQueue: ['moderation'] as const,
  moderation: (tab: string) => ['moderation', tab] as const,
  /** The escrow wallet's balance, and its history (an infinite query of WalletHistoryPage). */
  wallet: ['wallet'] as const,
  walletHistory: ['wallet', 'history'] as const,
  sandboxCheckout: (id: string) => ['sandbox-checkout', id] as const,
  /** The member's plan, boosts and sponsor; and the sponsorships they give and receive. */
  subscription: ['subscription'] as const,
  /** Super likes left today and tokens: under `subscription`, so a paid boost refreshes it too. */
  swipeAllowance: ['subscription', 'swipe-allowance'] as const,
  sponsorships: ['sponsorships'] as const,
  /** The member's own verification (wizard status, Verified in <month year>). */
  myVerification: ['verification'] as const,
  /** The admin Verification tab's lists; `adminVerification(status)` is one sub-tab. */
  adminVerifications: ['admin-verification'] as const,
  /** The admin dashboard's Mailbox tab (the dev mailbox). */
  devMailbox: ['dev-mailbox'] as const,
  adminVerification: (status: string) => ['admin-verification', status] as const,
  /** Short-lived links to one request's images (refetched before they expire). */
  verificationLinks: (requestId: string) => ['verification-links', requestId] as const,
};
