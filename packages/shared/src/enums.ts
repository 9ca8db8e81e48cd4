// Every enumeration of the spec, stored values first, then the human labels the UI shows.
// Stored values are lower snake_case; labels are the spec's display text.

export const USER_TYPES = ['men', 'women'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Readonly<Record<UserType, string>> = { men: 'Men', women: 'Women' };

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Readonly<Record<Gender, string>> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
};

/** left = pass, right = like, up = super like (a super like is also a favorite). */
export const SWIPE_DIRECTIONS = ['left', 'right', 'up'] as const;
export type SwipeDirection = (typeof SWIPE_DIRECTIONS)[number];
export const SWIPE_DIRECTION_LABELS: Readonly<Record<SwipeDirection, string>> = {
  left: 'Pass',
  right: 'Like',
  up: 'Super Like',
};

export const MATCH_STATUSES = ['active', 'expired', 'unmatched'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const NOTIFICATION_TYPES = ['match', 'message', 'like', 'event', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

// The spec has two readings (Edit Profile vs Settings page); DESIGN.md picks the Edit Profile values.
export const LOOKING_FOR = ['short_term', 'long_term', 'uncomplicated', 'luxury_experiences'] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];
export const LOOKING_FOR_LABELS: Readonly<Record<LookingFor, string>> = {
  short_term: 'Short-term',
  long_term: 'Long-term',
  uncomplicated: 'Uncomplicated',
  luxury_experiences: 'Luxury Experiences',
};

export const COMPENSATION_PREFERENCES = ['allowances', 'pay_per_meet', 'treat_me_right', 'custom'] as const;
export type CompensationPreference = (typeof COMPENSATION_PREFERENCES)[number];
export const COMPENSATION_PREFERENCE_LABELS: Readonly<Record<CompensationPreference, string>> = {
  allowances: 'Allowances',
  pay_per_meet: 'Pay Per Meet',
  treat_me_right: 'Treat Me Right',
  custom: 'Custom',
};

/**
 * The spec's Settings page gives other words for the same two answers (part 2 §3). Each is mapped
 * here, once, to the Edit Profile value it is closest to (decision 048): the API takes them and
 * stores the mapped value; nothing is stored, shown or returned in the Settings page's words.
 */
export const LOOKING_FOR_FROM_SETTINGS_PAGE = {
  uncomplicated: 'uncomplicated',
  serious: 'long_term',
  casual: 'short_term',
  // Company without a commitment: the nearest of the four is "no strings".
  friends: 'uncomplicated',
} as const satisfies Readonly<Record<string, LookingFor>>;
export const COMPENSATION_FROM_SETTINGS_PAGE = {
  treat_me_right: 'treat_me_right',
  // An arrangement that benefits both: the regular allowance.
  mutual_benefit: 'allowances',
  // Being treated to dinners and trips rather than paid.
  experiences: 'treat_me_right',
  // Nothing fixed in advance: agreed case by case.
  no_expectations: 'custom',
} as const satisfies Readonly<Record<string, CompensationPreference>>;

export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'plus_size', 'muscular'] as const;
export type BodyType = (typeof BODY_TYPES)[number];
export const BODY_TYPE_LABELS: Readonly<Record<BodyType, string>> = {
  slim: 'Slim',
  athletic: 'Athletic',
  average: 'Average',
  curvy: 'Curvy',
  plus_size: 'Plus Size',
  muscular: 'Muscular',
};

export const ETHNICITIES = [
  'asian',
  'black',
  'hispanic',
  'white',
  'mixed',
  'other',
  'prefer_not_to_say',
] as const;
export type Ethnicity = (typeof ETHNICITIES)[number];
export const ETHNICITY_LABELS: Readonly<Record<Ethnicity, string>> = {
  asian: 'Asian',
  black: 'Black',
  hispanic: 'Hispanic',
  white: 'White',
  mixed: 'Mixed',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};

// The spec's "24 options from 5'0" to 6'11"" is exactly every inch in that range (12 + 12).
// The display string is the stored value, so no label map is needed.
export const HEIGHTS = [
  `5'0"`,
  `5'1"`,
  `5'2"`,
  `5'3"`,
  `5'4"`,
  `5'5"`,
  `5'6"`,
  `5'7"`,
  `5'8"`,
  `5'9"`,
  `5'10"`,
  `5'11"`,
  `6'0"`,
  `6'1"`,
  `6'2"`,
  `6'3"`,
  `6'4"`,
  `6'5"`,
  `6'6"`,
  `6'7"`,
  `6'8"`,
  `6'9"`,
  `6'10"`,
  `6'11"`,
] as const;
export type Height = (typeof HEIGHTS)[number];

export const DRESS_CODES = [
  'casual_elegant',
  'cocktail_attire',
  'black_tie_optional',
  'black_tie',
  'white_tie',
] as const;
export type DressCode = (typeof DRESS_CODES)[number];
export const DRESS_CODE_LABELS: Readonly<Record<DressCode, string>> = {
  casual_elegant: 'Casual Elegant',
  cocktail_attire: 'Cocktail Attire',
  black_tie_optional: 'Black Tie Optional',
  black_tie: 'Black Tie',
  white_tie: 'White Tie',
};

export const LIFESTYLE_TAGS = [
  'fine_dining',
  'travel',
  'luxury_shopping',
  'wine_tasting',
  'art_galleries',
  'theater',
  'sporting_events',
  'beach',
  'mountains',
  'city_life',
  'nightlife',
  'fitness',
  'yoga',
  'spa_days',
  'private_jets',
  'yachts',
  'exclusive_clubs',
  'charity_events',
  'business_networking',
  'overnight_ok',
  'discretion_required',
  'same_day_available',
  'weekends_only',
  'international_travel',
] as const;
export type LifestyleTag = (typeof LIFESTYLE_TAGS)[number];
export const LIFESTYLE_TAG_LABELS: Readonly<Record<LifestyleTag, string>> = {
  fine_dining: 'Fine Dining',
  travel: 'Travel',
  luxury_shopping: 'Luxury Shopping',
  wine_tasting: 'Wine Tasting',
  art_galleries: 'Art Galleries',
  theater: 'Theater',
  sporting_events: 'Sporting Events',
  beach: 'Beach',
  mountains: 'Mountains',
  city_life: 'City Life',
  nightlife: 'Nightlife',
  fitness: 'Fitness',
  yoga: 'Yoga',
  spa_days: 'Spa Days',
  private_jets: 'Private Jets',
  yachts: 'Yachts',
  exclusive_clubs: 'Exclusive Clubs',
  charity_events: 'Charity Events',
  business_networking: 'Business Networking',
  overnight_ok: 'Overnight OK',
  discretion_required: 'Discretion Required',
  same_day_available: 'Same-day Available',
  weekends_only: 'Weekends Only',
  international_travel: 'International Travel',
};

export type BrowseLifestyleFilter = { label: string; tag: LifestyleTag };

// Each browse chip maps to exactly one stored tag so the search query is just a list of tags
// (a profile matches when it has any of them). "Events" has no tag of its own; charity_events is
// the closest to the galas and parties this product is about (sporting_events is the other candidate).
export const BROWSE_LIFESTYLE_FILTERS: readonly BrowseLifestyleFilter[] = [
  { label: 'Travel', tag: 'travel' },
  { label: 'Overnight OK', tag: 'overnight_ok' },
  { label: 'Discretion', tag: 'discretion_required' },
  { label: 'Fine Dining', tag: 'fine_dining' },
  { label: 'Events', tag: 'charity_events' },
  { label: 'Shopping', tag: 'luxury_shopping' },
  { label: 'Nightlife', tag: 'nightlife' },
];

// The safety center's "tier_restricted" is the same setting as the settings page's "tier_only";
// DESIGN.md keeps tier_only.
export const PROFILE_VISIBILITY = ['public', 'tier_only', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITY)[number];
export const PROFILE_VISIBILITY_LABELS: Readonly<Record<ProfileVisibility, string>> = {
  public: 'Public',
  tier_only: 'My tier and above',
  private: 'Private',
};

export const TRANSFER_TYPES = ['general', 'gift', 'sponsorship'] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
export const TRANSFER_TYPE_LABELS: Readonly<Record<TransferType, string>> = {
  general: 'General',
  gift: 'Gift',
  sponsorship: 'Sponsorship',
};

// Ledger entry kinds. Withdrawals are two-phase: withdrawal_hold, then withdrawal (posted) or
// withdrawal_void (released back); escrow works the same with escrow_hold / escrow_release.
// balance_carried_forward stands for entries past the 7-year retention (decision 054); it has no
// history row, so members never see it, but the label keeps every type nameable.
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal_hold',
  'withdrawal',
  'withdrawal_void',
  'transfer',
  'subscription',
  'boost',
  'escrow_hold',
  'escrow_release',
  'refund',
  'balance_carried_forward',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  deposit: 'Deposit',
  withdrawal_hold: 'Withdrawal pending',
  withdrawal: 'Withdrawal',
  withdrawal_void: 'Withdrawal cancelled',
  transfer: 'Transfer',
  subscription: 'Subscription',
  boost: 'Boost',
  escrow_hold: 'Escrow hold',
  escrow_release: 'Escrow release',
  refund: 'Refund',
  balance_carried_forward: 'Balance carried forward',
};

export const PHOTO_MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PhotoModerationStatus = (typeof PHOTO_MODERATION_STATUSES)[number];
export const PHOTO_MODERATION_STATUS_LABELS: Readonly<Record<PhotoModerationStatus, string>> = {
  pending: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const APPEAL_STATUSES = ['none', 'submitted', 'approved', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export const VERIFICATION_TYPES = ['selfie', 'id', 'background_check'] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/**
 * A request is decided (approved or rejected) by an admin, or expires undecided: its images are
 * deleted ID_UNDECIDED_RETENTION_DAYS after it was submitted (ours; the spec has the first three).
 */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const ID_TYPES = ['drivers_license', 'passport', 'state_id'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Readonly<Record<IdType, string>> = {
  drivers_license: "Driver's License",
  passport: 'Passport',
  state_id: 'State ID',
};

export const EVENT_STATUSES = ['upcoming', 'active', 'freakoff', 'ended', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_LABELS: Readonly<Record<EventStatus, string>> = {
  upcoming: 'Upcoming',
  active: 'Active',
  freakoff: 'Freakoff',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export const BOOST_TYPES = ['profile_boost', 'super_likes', 'message_tokens', 'after_dark_pass'] as const;
export type BoostType = (typeof BOOST_TYPES)[number];
export type BoostDefinition = {
  type: BoostType;
  name: string;
  priceCents: number;
  description: string;
};
export const BOOSTS: Readonly<Record<BoostType, BoostDefinition>> = {
  profile_boost: {
    type: 'profile_boost',
    name: 'Profile Boost',
    priceCents: 499,
    description: 'Visibility for 24 hours',
  },
  super_likes: {
    type: 'super_likes',
    name: 'Super Likes Pack',
    priceCents: 999,
    description: '10 super like tokens',
  },
  message_tokens: {
    type: 'message_tokens',
    name: 'Message Tokens',
    priceCents: 799,
    description: '5 tokens to contact higher tiers',
  },
  after_dark_pass: {
    type: 'after_dark_pass',
    name: 'After Dark Pass',
    priceCents: 1299,
    description: 'Single event pass for Freakoff Mode access',
  },
};

export const SAFE_LOCATION_TYPES = ['restaurant', 'cafe', 'hotel_lobby', 'mall', 'library'] as const;
export type SafeLocationType = (typeof SAFE_LOCATION_TYPES)[number];
export const SAFE_LOCATION_TYPE_LABELS: Readonly<Record<SafeLocationType, string>> = {
  restaurant: 'Restaurant',
  cafe: 'Cafe',
  hotel_lobby: 'Hotel Lobby',
  mall: 'Mall',
  library: 'Library',
};

export type City = { name: string; state: string; lat: number; lng: number };
/** A launch city, with its IANA time zone (a safe place's "open now" is its local time). */
export type LaunchCity = City & { timeZone: string };

/** The ten launch cities: demo seed locations and the waitlist's city choices. */
export const CITIES: readonly LaunchCity[] = [
  { name: 'Los Angeles', state: 'CA', lat: 34.0522, lng: -118.2437, timeZone: 'America/Los_Angeles' },
  { name: 'Miami', state: 'FL', lat: 25.7617, lng: -80.1918, timeZone: 'America/New_York' },
  { name: 'Dubai', state: 'UAE', lat: 25.2048, lng: 55.2708, timeZone: 'Asia/Dubai' },
  { name: 'New York', state: 'NY', lat: 40.7128, lng: -74.006, timeZone: 'America/New_York' },
  { name: 'Atlanta', state: 'GA', lat: 33.749, lng: -84.388, timeZone: 'America/New_York' },
  { name: 'Las Vegas', state: 'NV', lat: 36.1699, lng: -115.1398, timeZone: 'America/Los_Angeles' },
  { name: 'Houston', state: 'TX', lat: 29.7604, lng: -95.3698, timeZone: 'America/Chicago' },
  { name: 'Dallas', state: 'TX', lat: 32.7767, lng: -96.797, timeZone: 'America/Chicago' },
  { name: 'Washington', state: 'DC', lat: 38.9072, lng: -77.0369, timeZone: 'America/New_York' },
  { name: 'San Diego', state: 'CA', lat: 32.7157, lng: -117.1611, timeZone: 'America/Los_Angeles' },
];

// Stored as the displayed "City, ST" text because the waitlist only needs the choice, not a location.
export const WAITLIST_CITIES = [
  'Los Angeles, CA',
  'Miami, FL',
  'Dubai, UAE',
  'New York, NY',
  'Atlanta, GA',
  'Las Vegas, NV',
  'Houston, TX',
  'Dallas, TX',
  'Washington, DC',
  'San Diego, CA',
] as const;
export type WaitlistCity = (typeof WAITLIST_CITIES)[number];

export const WAITLIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

// Mirrors the payment provider's lifecycle (Stripe names) so webhook states map one to one.
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const REPORT_REASONS = [
  'harassment',
  'fake_profile',
  'scam',
  'inappropriate_content',
  'underage',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  harassment: 'Harassment',
  fake_profile: 'Fake profile',
  scam: 'Scam or fraud',
  inappropriate_content: 'Inappropriate content',
  underage: 'Appears to be under age',
  other: 'Other',
};

export const REPORT_STATUSES = ['open', 'reviewing', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a support request is about; 'bug' is the Help dialog's Report an Issue. */
export const SUPPORT_TOPICS = [
  'account',
  'billing',
  'verification',
  'wallet',
  'safety',
  'bug',
  'other',
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_TOPIC_LABELS: Readonly<Record<SupportTopic, string>> = {
  account: 'My account or profile',
  billing: 'Plans and billing',
  verification: 'Verification',
  wallet: 'Escrow wallet',
  safety: 'Safety or privacy',
  bug: 'A problem with the app',
  other: 'Something else',
};

export const SUPPORT_REQUEST_STATUSES = ['open', 'closed'] as const;
export type SupportRequestStatus = (typeof SUPPORT_REQUEST_STATUSES)[number];

export const LANGUAGES = ['en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = { 'en-US': 'English (US)' };

/** Only text today; kept as an enumeration so new kinds are an additive change. */
export const MESSAGE_TYPES = ['text'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
