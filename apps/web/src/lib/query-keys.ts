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
  /** Every chat's date plans; `datePlans(matchId)` is one chat's (newest first). */
  allDatePlans: ['date-plans'] as const,
  datePlans: (matchId: string) => ['date-plans', matchId] as const,
  /** The member's own check-in code for a plan: under no chat, so a plan's change does not refetch it. */
  datePlanCheckInCode: (id: string) => ['date-plan-code', id] as const,
  /** The member's safety watch over a plan (shared with the contact, the timer). */
  dateWatch: (id: string) => ['date-watch', id] as const,
  /** A date's status as the member's emergency contact reads it (no account). */
  dateStatus: (token: string) => ['date-status', token] as const,
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
  /** Whether the demo tools (Developer Tools, /migration) are on: demo mode. */
  devToolsStatus: ['dev-tools-status'] as const,
  adminVerification: (status: string) => ['admin-verification', status] as const,
  /** The admin queues: their counts and lists; a decision refreshes everything under `adminQueues`. */
  adminQueues: ['admin-queues'] as const,
  adminQueueCounts: ['admin-queues', 'counts'] as const,
  adminQueue: (queue: string) => ['admin-queues', 'list', queue] as const,
  adminReportHistory: (reportId: string) => ['admin-queues', 'report-history', reportId] as const,
  /** Disputed no-show claims on date plans: under `adminQueues`, so a decision refreshes them. */
  adminDatePlanDisputes: ['admin-queues', 'date-plan-disputes'] as const,
  /** An admin's claim on one item: outside `adminQueues`, so a decision's refresh does not claim it again. */
  adminClaim: (queue: string, id: string) => ['admin-claim', queue, id] as const,
  /** The audit log, every filter; `adminAudit(filters)` is one. */
  adminAuditAll: ['admin-audit'] as const,
  adminAudit: (filters: Record<string, string>) => ['admin-audit', filters] as const,
  /** One analytics chart over one range. */
  adminAnalytics: (chart: string, from: string, to: string) => ['admin-analytics', chart, from, to] as const,
  /**
   * The Users tab: every list and detail under `adminMembers`; `adminMemberList(filters)` is one
   * search, filter and order (an infinite query of AdminMembersPage), `adminMember(id)` one detail.
   */
  adminMembers: ['admin-members'] as const,
  adminMemberList: (filters: Record<string, string>) => ['admin-members', 'list', filters] as const,
  adminMember: (id: string) => ['admin-members', 'one', id] as const,
  /** The dashboard's summary cards. */
  adminSummary: ['admin-summary'] as const,
  /** A member's suspension or ban and history (the Users detail's enforcement panel). */
  adminEnforcement: (memberId: string) => ['admin-enforcement', memberId] as const,
  /** Short-lived links to one request's images (refetched before they expire). */
  verificationLinks: (requestId: string) => ['verification-links', requestId] as const,
};

/**
 * The roots of what a visitor may read signed out (the landing page's figures, a date's status for
 * an emergency contact), besides the session itself: kept when a sign-out drops every member query,
 * since a visitor's page may have asked for them while the session was still being checked.
 */
export const VISITOR_QUERY_ROOTS: ReadonlySet<unknown> = new Set([
  queryKeys.me[0],
  queryKeys.landingStats[0],
  queryKeys.dateStatus('')[0],
]);
