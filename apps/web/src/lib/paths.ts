import { generatePath } from 'react-router';

/**
 * Every path of the app in one place: the screens' URL patterns (the router in app/routes.tsx), the
 * links between screens, and the API paths the fetchers call. Nothing else writes a path literal.
 */

/** Screen URLs (spec parts 1 and 2). Patterns with `:params` are filled in by the builders below. */
export const paths = {
  home: '/',
  landing: '/landing',
  waitlist: '/waitlist',
  /** A date's status for a member's emergency contact: the link they were sent, no account. */
  dateStatus: '/date-status/:token',
  signIn: '/signin',
  /** Password recovery: ask for a link, then set a new password from it (decision 056). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Where an e-mailed confirmation link lands (sign-up, or a new address from Settings). */
  confirmEmail: '/confirm-email',
  /** First-run questions after sign-up (a required step: see features/auth requiredStepPath). */
  onboarding: '/onboarding',
  /** The member home: the discovery deck. */
  app: '/app',
  search: '/search',
  interests: '/interests',
  messages: '/messages',
  /** One chat: the conversation pane beside the list from lg (1024 px), a full screen below it. */
  chat: '/messages/:matchId',
  /** The route of the Messages screen: the list alone, or with the chat its URL names. */
  messagesScreen: '/messages/:matchId?',
  more: '/more',
  profileEdit: '/profile/edit',
  profile: '/profile/:userId',
  events: '/events',
  /** One event: photos, place, guests, the member's ticket and Freakoff choice. */
  eventDetails: '/events/:id',
  /** The door screen of one event (admins and promoters): scan or type a ticket code. */
  eventCheckIn: '/events/:id/check-in',
  /** The event form: "Create New Event" here, "Edit Event" at `event` (the spec's "same screen"). */
  eventNew: '/event/new',
  event: '/event/:eventId',
  admin: '/admin',
  subscription: '/subscription',
  /** /subscription on its One-Time Boosts tab. */
  boosts: '/subscription?tab=boosts',
  safety: '/safety',
  settings: '/settings',
  migration: '/migration',
  /** The payment sandbox's TEST MODE checkout page (the default provider's "hosted" page). */
  sandboxCheckout: '/sandbox/checkout/:checkoutId',
  /** The payment sandbox's TEST MODE plan management (the provider's portal). */
  sandboxPortal: '/sandbox/portal',
  /** The verification wizard's own page (Edit Profile's 'Verify' opens the same wizard). */
  verify: '/verify',
} as const;

/** The sandbox checkout page of one checkout. */
export const sandboxCheckoutPath = (checkoutId: string) =>
  generatePath(paths.sandboxCheckout, { checkoutId });

/** One event's page (details and ticket). */
export const eventDetailsPath = (eventId: string) => generatePath(paths.eventDetails, { id: eventId });

/** The form that edits an event (managers). */
export const eventEditPath = (eventId: string) => generatePath(paths.event, { eventId });

/** The check-in screen of an event (managers). */
export const eventCheckInPath = (eventId: string) => generatePath(paths.eventCheckIn, { id: eventId });

/** A member in the admin dashboard's Users tab (their detail open). */
export const adminMemberPath = (memberId: string) =>
  `${paths.admin}?${new URLSearchParams({ tab: 'users', member: memberId })}`;

/** A member's profile page. */
export const profilePath = (memberId: string) => generatePath(paths.profile, { userId: memberId });

/** The chat of a match: its own URL, so a reload, a shared link and the back button find it. */
export const chatPath = (matchId: string) => generatePath(paths.chat, { matchId });

/** Where a "Message" button goes: the chat when there is a match, otherwise the member's profile. */
export const messagePath = (memberId: string, matchId: string | null) =>
  matchId ? chatPath(matchId) : profilePath(memberId);

const API = '/api';
const NOTIFICATIONS = `${API}/notifications`;

/** The API paths the fetchers call (see docs/CONTRACTS.md for what each answers). */
export const apiPaths = {
  signIn: `${API}/auth/sign-in`,
  signUp: `${API}/auth/sign-up`,
  /** A suspended or banned member's one appeal, with the cookie their refused sign-in set. */
  appeal: `${API}/auth/appeal`,
  /** Whether sign-up asks for an invite code. */
  signUpOptions: `${API}/sign-up-options`,
  /** Apply to join (signed out). */
  waitlist: `${API}/waitlist`,
  /** The member's own referral code (the More screen). */
  referral: `${API}/me/referral`,
  signOut: `${API}/auth/sign-out`,
  changePassword: `${API}/auth/change-password`,
  confirmEmail: `${API}/auth/confirm-email`,
  resendConfirmation: `${API}/auth/confirm-email/resend`,
  forgotPassword: `${API}/auth/forgot-password`,
  resetPassword: `${API}/auth/reset-password`,
  changeEmail: `${API}/auth/change-email`,
  /** Two-factor and passkeys (decision 057). */
  twoFactor: `${API}/auth/two-factor`,
  twoFactorEnrol: `${API}/auth/two-factor/enrol`,
  twoFactorConfirm: `${API}/auth/two-factor/confirm`,
  twoFactorDisable: `${API}/auth/two-factor/disable`,
  twoFactorBackupCodes: `${API}/auth/two-factor/backup-codes`,
  signInSecondFactor: `${API}/auth/sign-in/second-factor`,
  passkeys: `${API}/auth/passkeys`,
  passkeyOptions: `${API}/auth/passkeys/options`,
  passkey: (id: string) => `${API}/auth/passkeys/${encodeURIComponent(id)}`,
  passkeySignInOptions: `${API}/auth/passkey/options`,
  passkeySignIn: `${API}/auth/passkey/sign-in`,
  memberSessions: `${API}/me/sessions`,
  memberSession: (id: string) => `${API}/me/sessions/${encodeURIComponent(id)}`,
  signOutOtherSessions: `${API}/me/sessions/sign-out-others`,
  me: `${API}/me`,
  onboarding: `${API}/me/onboarding`,
  profile: `${API}/me/profile`,
  myPhotos: `${API}/me/photos`,
  myPhoto: (id: string) => `${API}/me/photos/${encodeURIComponent(id)}`,
  myPhotoOrder: `${API}/me/photos/order`,
  myPhotoAppeal: (id: string) => `${API}/me/photos/${encodeURIComponent(id)}/appeal`,
  /** One tab of the admin Photo Moderation queue. */
  moderationPhotos: (status: string) => `${API}/admin/photos?status=${encodeURIComponent(status)}`,
  moderationDecision: (id: string) => `${API}/admin/photos/${encodeURIComponent(id)}/decision`,
  photoAppeals: `${API}/admin/photo-appeals`,
  /** The dev mailbox: the outbox's latest e-mails (admins, demo mode only). */
  devMailbox: `${API}/dev/mailbox`,
  /** The admins' demo tools: whether they are on here, /migration, and Create Sample Profiles. */
  devToolsStatus: `${API}/admin/dev/status`,
  devMigration: `${API}/admin/dev/migration`,
  devSampleProfiles: `${API}/admin/dev/sample-profiles`,
  photoAppealDecision: (id: string) => `${API}/admin/photo-appeals/${encodeURIComponent(id)}/decision`,
  /** Who is signed in: 200 with `user: null` when nobody is (the start-up check). */
  session: `${API}/session`,
  memberSettings: `${API}/me/settings`,
  /** Export My Data: POST asks for an archive, GET reads the latest one. */
  dataExport: `${API}/me/data-export`,
  deleteAccount: `${API}/me/delete`,
  notifications: NOTIFICATIONS,
  notification: (id: string) => `${NOTIFICATIONS}/${encodeURIComponent(id)}`,
  notificationRead: (id: string) => `${NOTIFICATIONS}/${encodeURIComponent(id)}/read`,
  notificationsReadAll: `${NOTIFICATIONS}/read-all`,
  /** One page of the discovery feed; the first page without a cursor. */
  discoveryFeed: (cursor: string | null) =>
    `${API}/discovery/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  discoveryReset: `${API}/discovery/reset`,
  swipes: `${API}/swipes`,
  swipeAllowance: `${API}/discovery/allowance`,
  interests: `${API}/interests`,
  /** The landing page's member counts and figures (public). */
  landingStats: `${API}/public/stats`,
  favorite: (memberId: string) => `${API}/favorites/${encodeURIComponent(memberId)}`,
  member: (memberId: string) => `${API}/members/${encodeURIComponent(memberId)}`,
  /** The members you blocked (GET), and a new block (POST); `block(id)` lifts one. */
  blocks: `${API}/blocks`,
  block: (id: string) => `${API}/blocks/${encodeURIComponent(id)}`,
  reports: `${API}/reports`,
  safeLocations: `${API}/safe-locations`,
  /** A question for the team, or a problem with the app (the Help dialog). */
  supportRequests: `${API}/support-requests`,
  /** Events (decision 058): one page of the list (the first without a cursor); POST creates one. */
  events: (cursor: string | null = null) =>
    `${API}/events${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  /** One event: GET reads, PATCH edits, DELETE deletes. */
  event: (id: string) => `${API}/events/${encodeURIComponent(id)}`,
  /** The member's RSVP: POST takes a seat (or a waiting-list place), DELETE gives it up. */
  eventRsvp: (id: string) => `${API}/events/${encodeURIComponent(id)}/rsvp`,
  eventGuests: (id: string) => `${API}/events/${encodeURIComponent(id)}/guests`,
  eventTicket: (id: string) => `${API}/events/${encodeURIComponent(id)}/ticket`,
  /** The member's RSVP as an iCalendar file (a download link, not a fetch). */
  eventCalendar: (id: string) => `${API}/events/${encodeURIComponent(id)}/calendar.ics`,
  eventFreakoff: (id: string) => `${API}/events/${encodeURIComponent(id)}/freakoff`,
  /** Managers: the door (check a ticket in, who has arrived) and invitations. */
  eventCheckIn: (id: string) => `${API}/events/${encodeURIComponent(id)}/check-in`,
  eventArrivals: (id: string) => `${API}/events/${encodeURIComponent(id)}/arrivals`,
  eventBulkInvite: (id: string) => `${API}/events/${encodeURIComponent(id)}/bulk-invite`,
  /** An event's photos: GET lists them, POST adds one (multipart, managers). */
  eventPhotos: (id: string) => `${API}/events/${encodeURIComponent(id)}/photos`,
  /** One event photo: DELETE removes it (managers); its `url` serves it. */
  eventPhoto: (id: string, photoId: string) =>
    `${API}/events/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`,
  /** Web push: the server's VAPID key, and this device's subscription (POST on, DELETE off). */
  pushKey: `${API}/push/key`,
  pushSubscriptions: `${API}/push/subscriptions`,
  matches: `${API}/matches`,
  /** One page of a chat: the newest without a cursor, older ones with a page's older_cursor. */
  chatMessages: (matchId: string, cursor: string | null = null) =>
    `${API}/matches/${encodeURIComponent(matchId)}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  chatRead: (matchId: string) => `${API}/matches/${encodeURIComponent(matchId)}/read`,
  realtime: `${API}/realtime`,
  /** A chat's date plans (GET, newest first) and a new proposal (POST). */
  datePlans: (matchId: string) => `${API}/matches/${encodeURIComponent(matchId)}/date-plans`,
  /** One plan's answers: accept, counter, decline, cancel, check-in, claim, dispute. */
  datePlanAction: (id: string, action: string) => `${API}/date-plans/${encodeURIComponent(id)}/${action}`,
  datePlanCheckInCode: (id: string) => `${API}/date-plans/${encodeURIComponent(id)}/check-in-code`,
  /** What the member shared of a plan and their safety timer; its verbs: share, timer, timer/ok, timer/location, sos. */
  dateWatch: (id: string, verb = 'watch') => `${API}/date-plans/${encodeURIComponent(id)}/${verb}`,
  /** A date's status for the member's emergency contact (public: the link they were sent). */
  dateStatus: (token: string) => `${API}/date-status/${encodeURIComponent(token)}`,
  /** Browse results for a query string of filters (see features/search/filters.ts). */
  search: (query: string) => `${API}/search${query ? `?${query}` : ''}`,
  myLocation: `${API}/me/location`,
  wallet: `${API}/wallet`,
  /** One page of the wallet history; the newest without a cursor. */
  walletHistory: (cursor: string | null) =>
    `${API}/wallet/transactions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  deposits: `${API}/wallet/deposits`,
  withdrawals: `${API}/wallet/withdrawals`,
  transfers: `${API}/wallet/transfers`,
  transferCancel: (id: string) => `${API}/wallet/transfers/${encodeURIComponent(id)}/cancel`,
  checkoutState: (id: string) => `${API}/payments/checkouts/${encodeURIComponent(id)}`,
  sandboxCheckout: (id: string) => `${API}/payments/sandbox/checkouts/${encodeURIComponent(id)}`,
  sandboxCheckoutComplete: (id: string) =>
    `${API}/payments/sandbox/checkouts/${encodeURIComponent(id)}/complete`,
  sandboxPortal: `${API}/payments/sandbox/portal`,
  subscription: `${API}/subscription`,
  subscriptionCheckout: `${API}/subscription/checkout`,
  subscriptionPortal: `${API}/subscription/portal`,
  boostCheckout: `${API}/boosts/checkout`,
  sponsorships: `${API}/sponsorships`,
  sponsorship: (id: string) => `${API}/sponsorships/${encodeURIComponent(id)}`,
  sponsorshipQuote: (userId: string) => `${API}/sponsorships/quote?user_id=${encodeURIComponent(userId)}`,
  compliance: `${API}/compliance`,
  complianceAccept: (document: 'terms' | 'privacy') => `${API}/compliance/${document}`,
  complianceSkipAge: `${API}/compliance/age/skip`,
  complianceId: `${API}/compliance/id`,
  myVerification: `${API}/verification`,
  verificationRequests: `${API}/verification/requests`,
  verificationLinks: (requestId: string) =>
    `${API}/verification/requests/${encodeURIComponent(requestId)}/links`,
  adminVerificationRequests: (status: string) =>
    `${API}/admin/verification-requests?status=${encodeURIComponent(status)}`,
  /** The admin queues (issue 37): counts, claims, and each queue's list and decisions. */
  adminQueueCounts: `${API}/admin/queues`,
  adminQueueClaim: (queue: string, id: string, verb: 'claim' | 'release') =>
    `${API}/admin/queues/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/${verb}`,
  adminOpenReports: `${API}/admin/reports?status=open`,
  adminReportHistory: (id: string) => `${API}/admin/reports/${encodeURIComponent(id)}/history`,
  adminReportDecision: (id: string) => `${API}/admin/reports/${encodeURIComponent(id)}/decide`,
  /** Disputed no-show claims on date plans (issue 39), and an admin's decision on one. */
  adminDatePlanDisputes: `${API}/admin/date-plans/disputes`,
  adminDatePlanDecision: (id: string) => `${API}/admin/date-plans/${encodeURIComponent(id)}/decide`,
  /** A queue's page: `query` is its filter and order, `cursor` the page after the last one read. */
  adminSupportRequests: (query: string, cursor: string | null) =>
    `${API}/admin/support-requests?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  adminSupportRequestClose: (id: string) => `${API}/admin/support-requests/${encodeURIComponent(id)}/close`,
  adminWaitlist: (query: string, cursor: string | null) =>
    `${API}/admin/waitlist?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  adminWaitlistDecision: (id: string, verb: 'approve' | 'decline') =>
    `${API}/admin/waitlist/${encodeURIComponent(id)}/${verb}`,
  /** The audit log: `query` holds its filters and the page's cursor. */
  adminAudit: (query: string) => `${API}/admin/audit${query ? `?${query}` : ''}`,
  /** The Users tab (issue 37): `query` holds the search, filters, order and the page's cursor. */
  adminMembers: (query: string) => `${API}/admin/members${query ? `?${query}` : ''}`,
  adminMember: (id: string) => `${API}/admin/members/${encodeURIComponent(id)}`,
  /** The dashboard's summary cards. */
  adminSummary: `${API}/admin/summary`,
  /** Suspensions and bans (decision 060): a member's, the verbs, and the appeals queue. */
  adminMemberEnforcement: (id: string) => `${API}/admin/members/${encodeURIComponent(id)}/enforcement`,
  adminEnforce: (id: string, verb: 'suspend' | 'ban' | 'lift') =>
    `${API}/admin/members/${encodeURIComponent(id)}/${verb}`,
  adminEnforcementAppeals: `${API}/admin/enforcement-appeals`,
  adminEnforcementAppealDecision: (id: string) =>
    `${API}/admin/enforcement-appeals/${encodeURIComponent(id)}/decide`,
  adminVerificationDecision: (requestId: string, action: 'approve' | 'reject') =>
    `${API}/admin/verification-requests/${encodeURIComponent(requestId)}/${action}`,
  /** One analytics chart over a UTC day range; `csv` is the same figures as a download. */
  adminAnalytics: (chart: string, range: { from: string; to: string }, format: 'json' | 'csv' = 'json') =>
    `${API}/admin/analytics/${encodeURIComponent(chart)}?${new URLSearchParams({ ...range, ...(format === 'csv' ? { format } : {}) })}`,
} as const;
