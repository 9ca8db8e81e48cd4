import { ID_UNDECIDED_RETENTION_DAYS, MATCH_EXPIRY_MS } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../../apps/server/src/app';
import {
  boosts,
  matches,
  photos,
  profiles,
  reports,
  verificationRequests,
  waitlist,
} from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/password-hash';
import { createMemberDirectly, enrolTotpDirectly } from '../../apps/server/src/modules/auth';
import { processImage, storePhotoVariants } from '../../apps/server/src/modules/photos';
import { purgeVerificationImages } from '../../apps/server/src/modules/verification';
import { describePerson, renderPortrait } from '../../apps/server/src/seed/portraits';
import { fundWallet } from '../../apps/server/test/fund-wallet';

export const JOURNEY_PASSWORD = 'Journey-Velvet-2026';
export type JourneyMember = { email: string; name: string; id: string };

/**
 * Members made for the journeys, written by the app's one new-member writer; then, as the product
 * would after a purchase, each gets a live profile boost, which ranks them first among the cards of their kind:
 * Julian and Valentina (tier 2, opposite types) meet on each other's first card; Seraphina (tier 3,
 * most recently active) is the first locked teaser a tier-1 man is shown.
 */
export async function createJourneyMembers(app: App): Promise<JourneyMember[]> {
  const stamp = Date.now().toString(36);
  const hourAgo = new Date(Date.now() - 3_600_000);
  const specs = [
    {
      name: 'Julian',
      userType: 'men',
      gender: 'male',
      tier: 2,
      lastActive: hourAgo,
    },
    {
      name: 'Valentina',
      userType: 'women',
      gender: 'female',
      tier: 2,
      lastActive: hourAgo,
    },
    {
      name: 'Seraphina',
      userType: 'women',
      gender: 'female',
      tier: 3,
      lastActive: new Date(),
    },
  ] as const;
  const passwordHash = await hashPassword(JOURNEY_PASSWORD);
  const members: JourneyMember[] = [];
  for (const [index, spec] of specs.entries()) {
    const member = await writeJourneyMember(app, { ...spec, stamp, index, passwordHash });
    await app.ctx.db.insert(boosts).values({
      userId: member.id,
      boostType: 'profile_boost',
      activeUntil: new Date(Date.now() + 86_400_000),
    });
    members.push(member);
  }
  return members;
}

type JourneySpec = {
  name: string;
  userType: 'men' | 'women';
  gender: 'male' | 'female';
  tier: 0 | 1 | 2 | 3 | 4;
  /** Default: verified, through the compliance gate, with a live subscription (from tier 1). */
  verified?: boolean;
  /** The subscription ended yesterday (tier kept). */
  lapsed?: boolean;
  compliant?: boolean;
  /** Default: a member ('user') only. */
  roles?: readonly ('user' | 'admin' | 'promoter')[];
  lastActive: Date;
  stamp: string;
  index: number;
  passwordHash: string;
};

/** What the members one set-up function writes share: a stamp for their addresses, one password hash, when they were last active. */
async function memberBatch(activeMsAgo: number) {
  return {
    stamp: Date.now().toString(36),
    passwordHash: await hashPassword(JOURNEY_PASSWORD),
    lastActive: new Date(Date.now() - activeMsAgo),
  };
}

const DAY_MS = 86_400_000;

/** One journey member through the app's one new-member writer, with two drawn photos. */
async function writeJourneyMember(app: App, spec: JourneySpec): Promise<JourneyMember> {
  const { db, storage, secrets } = app.ctx;
  const yearAhead = new Date(Date.now() + 365 * 86_400_000);
  const email = `${spec.name.toLowerCase()}-${spec.stamp}@journey.test`;
  const { id } = await createMemberDirectly(
    db,
    { locationKey: secrets.locationJitter },
    {
      email,
      name: spec.name,
      passwordHash: spec.passwordHash,
      ...(spec.roles ? { roles: spec.roles } : {}),
      ...(spec.compliant === false ? {} : { acceptedTermsAt: new Date() }),
      profile: {
        age: 31,
        bio: `${spec.name} loves late dinners, gallery openings and spontaneous weekends away.`,
        userType: spec.userType,
        gender: spec.gender,
        city: 'Miami',
        state: 'FL',
        tierLevel: spec.tier,
        lastActive: spec.lastActive,
        tierSubscriptionActive: spec.tier > 0 && !spec.lapsed,
        tierSubscriptionEndsAt:
          spec.tier > 0 ? (spec.lapsed ? new Date(Date.now() - 86_400_000) : yearAhead) : null,
        verified: spec.verified ?? true,
        ageRangeMin: 21,
        ageRangeMax: 45,
      },
    },
  );
  // Drawn like the seed's members; the name as key keeps each journey member's face the same every run.
  const look = describePerson({ key: spec.name, index: spec.index, userType: spec.userType, age: 31 });
  for (const variant of [0, 1]) {
    const image = await processImage(await renderPortrait(look, variant));
    const keys = await storePhotoVariants(storage, id, image);
    await db.insert(photos).values({
      userId: id,
      position: variant,
      ...keys,
      width: image.width,
      height: image.height,
      status: 'approved',
    });
  }
  return { email, name: spec.name, id };
}

export type ChatPair = { him: JourneyMember; her: JourneyMember; matchId: string };

/**
 * Lorenzo and Isabella (tier 2, verified), already matched an hour ago and not yet written to: the
 * messaging journey's pair. Not boosted, so they stay out of the way of the discovery journeys.
 */
export function createChatPair(app: App): Promise<ChatPair> {
  return createMatchedPair(app, { him: 'Lorenzo', her: 'Isabella', index: 3 });
}

/** Giulio and Carla, matched: she reports and blocks him from their chat (safety.spec.ts). */
export function createSafetyPair(app: App): Promise<ChatPair> {
  return createMatchedPair(app, { him: 'Giulio', her: 'Carla', index: 40 });
}

/** Marco and Elena, matched: she makes her profile private and public again (settings.spec.ts). */
export function createSettingsPair(app: App): Promise<ChatPair> {
  return createMatchedPair(app, { him: 'Marco', her: 'Elena', index: 41 });
}

/** Dante and Bianca, matched, with money in their wallets: they plan two dates (date-plans.spec.ts). */
export async function createDatePair(app: App): Promise<ChatPair> {
  const pair = await createMatchedPair(app, { him: 'Dante', her: 'Bianca', index: 47 });
  for (const member of [pair.him, pair.her]) await fundWallet(app, member.id, DATE_PAIR_WALLET_CENTS);
  return pair;
}

/** Enough for the two dates' deposits of the journey, at tier 2's smallest deposit ($250). */
export const DATE_PAIR_WALLET_CENTS = 100_000;

/** Two matched members for the security journey: he turns on two-factor and adds a passkey. */
export function createSecurityPair(app: App): Promise<ChatPair> {
  return createMatchedPair(app, { him: 'Dario', her: 'Noemi', index: 45 });
}

/** Two matched members for the export-and-delete journey: she exports her data, then leaves. */
export function createLeavingPair(app: App): Promise<ChatPair> {
  return createMatchedPair(app, { him: 'Luca', her: 'Sofia', index: 43 });
}

/** A verified tier-2 man and woman active a day ago, matched an hour ago (neither has written yet). */
async function createMatchedPair(
  app: App,
  { him: himName, her: herName, index }: { him: string; her: string; index: number },
): Promise<ChatPair> {
  const { stamp, passwordHash, lastActive: dayAgo } = await memberBatch(DAY_MS);
  const person = (name: string, gender: 'male' | 'female', at: number) =>
    writeJourneyMember(app, {
      name,
      userType: gender === 'male' ? 'men' : 'women',
      gender,
      tier: 2,
      lastActive: dayAgo,
      stamp,
      index: at,
      passwordHash,
    });
  const him = await person(himName, 'male', index);
  const her = await person(herName, 'female', index + 1);
  return { him, her, matchId: await matchJourneyMembers(app, him, her) };
}

/** Matches two journey members an hour ago (neither has written yet). */
async function matchJourneyMembers(app: App, him: JourneyMember, her: JourneyMember): Promise<string> {
  const [user1Id, user2Id] = him.id < her.id ? [him.id, her.id] : [her.id, him.id];
  const matchedAt = new Date(Date.now() - 3_600_000);
  const [match] = await app.ctx.db
    .insert(matches)
    .values({
      user1Id,
      user2Id,
      createdAt: matchedAt,
      expiresAt: new Date(matchedAt.getTime() + MATCH_EXPIRY_MS),
    })
    .returning({ id: matches.id });
  if (!match) throw new Error('the journey members were not matched');
  return match.id;
}

/**
 * For the verification journey, one per viewport: a tier-1 man who has not passed the compliance
 * gate and is not verified (so he cannot message yet), already matched with a verified tier-2
 * woman. Signing in, he meets the gate as a new member does.
 */
export async function createVerificationCandidates(app: App): Promise<Record<'phone' | 'desktop', ChatPair>> {
  const { stamp, passwordHash, lastActive: dayAgo } = await memberBatch(DAY_MS);
  const pair = async (himName: string, herName: string, index: number) => {
    const him = await writeJourneyMember(app, {
      name: himName,
      userType: 'men',
      gender: 'male',
      tier: 1,
      verified: false,
      compliant: false,
      lastActive: dayAgo,
      stamp,
      index,
      passwordHash,
    });
    const her = await writeJourneyMember(app, {
      name: herName,
      userType: 'women',
      gender: 'female',
      tier: 2,
      lastActive: dayAgo,
      stamp,
      index: index + 1,
      passwordHash,
    });
    return { him, her, matchId: await matchJourneyMembers(app, him, her) };
  };
  return { phone: await pair('Dorian', 'Celeste', 5), desktop: await pair('Matteo', 'Giulia', 7) };
}

export type RestrictedMembers = ChatPair & { lapsed: JourneyMember };

/**
 * For the screenshots of a restricted chat, both matched with Camila (tier 2, verified): Leandro, a
 * tier-1 man through the compliance gate but not verified, and Massimo, a verified tier-1 man whose
 * subscription ended yesterday; each reads the chat but its composer is closed, for its own reason.
 * Opening the chat changes nothing (no messages), so they serve every run. Active a week
 * ago and not boosted, so they stay out of the discovery journeys' first cards.
 */
export async function createRestrictedMembers(app: App): Promise<RestrictedMembers> {
  const base = await memberBatch(7 * DAY_MS);
  const him = await writeJourneyMember(app, {
    ...base,
    name: 'Leandro',
    userType: 'men',
    gender: 'male',
    tier: 1,
    verified: false,
    index: 9,
  });
  const her = await writeJourneyMember(app, {
    ...base,
    name: 'Camila',
    userType: 'women',
    gender: 'female',
    tier: 2,
    index: 10,
  });
  const lapsed = await writeJourneyMember(app, {
    ...base,
    name: 'Massimo',
    userType: 'men',
    gender: 'male',
    tier: 1,
    lapsed: true,
    index: 11,
  });
  await matchJourneyMembers(app, lapsed, her);
  return { him, her, lapsed, matchId: await matchJourneyMembers(app, him, her) };
}

export type WalletTrio = {
  payer: JourneyMember;
  payee: JourneyMember;
  newcomer: JourneyMember;
  /** Federico (tier 1: one super like a day) buys boosts and uses them. */
  booster: JourneyMember;
};

/**
 * Bianca (tier 2) for the events journey and screens: she RSVPs to the promoter's new event, shows
 * her ticket at the door and, once checked in, is asked about Freakoff. Active a week ago and not
 * boosted, so she stays out of the discovery journeys' first cards.
 */
export async function createEventGuest(app: App): Promise<JourneyMember> {
  return writeJourneyMember(app, {
    ...(await memberBatch(7 * DAY_MS)),
    name: 'Bianca',
    userType: 'women',
    gender: 'female',
    tier: 2,
    index: 17,
  });
}

/**
 * The wallet journey's members: Alessandro (tier 2) deposits and sends to Giulia (tier 2, not
 * matched with him, so no cool-off); Matteo (tier 0) subscribes to tier 2; Federico (tier 1) buys a
 * Super Likes Pack and Message Tokens and spends them. Not boosted and active a
 * week ago, so they stay out of the discovery journeys' first cards.
 */
export async function createWalletTrio(app: App): Promise<WalletTrio> {
  const base = await memberBatch(7 * DAY_MS);
  return {
    payer: await writeJourneyMember(app, {
      ...base,
      name: 'Alessandro',
      userType: 'men',
      gender: 'male',
      tier: 2,
      index: 5,
    }),
    payee: await writeJourneyMember(app, {
      ...base,
      name: 'Giulia',
      userType: 'women',
      gender: 'female',
      tier: 2,
      index: 6,
    }),
    newcomer: await writeJourneyMember(app, {
      ...base,
      name: 'Matteo',
      userType: 'men',
      gender: 'male',
      tier: 0,
      index: 7,
    }),
    booster: await writeJourneyMember(app, {
      ...base,
      name: 'Federico',
      userType: 'men',
      gender: 'male',
      tier: 1,
      index: 8,
    }),
  };
}

/**
 * Aurelio (tier 1, not verified): his age check at the gate and his verification wizard were both
 * submitted ID_UNDECIDED_RETENTION_DAYS and a day ago and nobody reviewed them, so the purge job (run
 * here, as its schedule would) marked them expired. The admin's Expired list shows both; he is past
 * the gate and may verify again. Nothing a journey does changes him, so he serves every run. Active a
 * week ago and not boosted, so he stays out of the discovery journeys' first cards.
 */
export async function createExpiredVerificationMember(app: App): Promise<JourneyMember> {
  const member = await writeJourneyMember(app, {
    name: 'Aurelio',
    userType: 'men',
    gender: 'male',
    tier: 1,
    verified: false,
    lastActive: new Date(Date.now() - 7 * 86_400_000),
    stamp: Date.now().toString(36),
    index: 12,
    passwordHash: await hashPassword(JOURNEY_PASSWORD),
  });
  const submittedAt = new Date(Date.now() - (ID_UNDECIDED_RETENTION_DAYS + 1) * 86_400_000);
  const purgeAfter = new Date(submittedAt.getTime() + ID_UNDECIDED_RETENTION_DAYS * 86_400_000);
  // Pending requests as submitted then (their images are gone either way once they expire).
  await app.ctx.db.insert(verificationRequests).values(
    (['id', 'selfie'] as const).map((verificationType) => ({
      userId: member.id,
      verificationType,
      idType: 'passport' as const,
      createdAt: submittedAt,
      purgeAfter,
    })),
  );
  await purgeVerificationImages(app.ctx);
  return member;
}

export type Issue31Members = {
  /** Rafael writes Beatrice several messages: her one notice counts them. */
  notice: ChatPair;
  /** Enzo writes Chiara past the per-member send rate. */
  flood: ChatPair;
  /** Marco (him) writes Sofia (her), who blocks him while his chat is open. */
  block: ChatPair;
  /** Vittorio sends Ginevra a transfer, held since they matched; she blocks him and it comes back. */
  returned: ChatPair;
  /** Leonardo sends Elena (not matched, own plan in force) two transfers that make $500 in a day. */
  largeSender: JourneyMember;
  receiver: JourneyMember;
  /** Ottavia (Vault Verified, sponsoring enabled) asks to sponsor Elena, who pays for her own plan. */
  sponsor: JourneyMember;
  /** Cesare (Vault Verified, sponsoring enabled) sponsors Noemi (no plan of her own); his plan lapses. */
  lapsingSponsor: JourneyMember;
  unpaid: JourneyMember;
  /** Bruno (Observer) pays two Tier 2 checkouts opened side by side. */
  doublePayer: JourneyMember;
};

/**
 * The members of the issue 31 screens (e2e/journeys/issue-31-screens.spec.ts): one pair or member
 * per state, so the states are made side by side without meeting. Active a week ago and not
 * boosted, so they stay out of the discovery journeys' first cards.
 */
export async function createIssue31Members(app: App): Promise<Issue31Members> {
  const { stamp, passwordHash, lastActive: weekAgo } = await memberBatch(7 * DAY_MS);
  let index = 13;
  const member = (name: string, gender: 'male' | 'female', tier: JourneySpec['tier'], extra = {}) =>
    writeJourneyMember(app, {
      name,
      userType: gender === 'male' ? 'men' : 'women',
      gender,
      tier,
      lastActive: weekAgo,
      stamp,
      index: index++,
      passwordHash,
      ...extra,
    });
  const pair = async (himName: string, herName: string): Promise<ChatPair> => {
    const him = await member(himName, 'male', 2);
    const her = await member(herName, 'female', 2);
    return { him, her, matchId: await matchJourneyMembers(app, him, her) };
  };
  const sponsorOf = async (name: string, gender: 'male' | 'female') => {
    const vault = await member(name, gender, 4);
    await app.ctx.db.update(profiles).set({ canSponsor: true }).where(eq(profiles.userId, vault.id));
    return vault;
  };
  return {
    notice: await pair('Rafael', 'Beatrice'),
    flood: await pair('Enzo', 'Chiara'),
    block: await pair('Marco', 'Sofia'),
    returned: await pair('Vittorio', 'Ginevra'),
    largeSender: await member('Leonardo', 'male', 2),
    receiver: await member('Elena', 'female', 2),
    sponsor: await sponsorOf('Ottavia', 'female'),
    lapsingSponsor: await sponsorOf('Cesare', 'male'),
    unpaid: await member('Noemi', 'female', 2, { lapsed: true }),
    doublePayer: await member('Bruno', 'male', 0),
  };
}

/** The admin journey's own authenticator secret (base32), so its codes never collide with the demo admin's. */
export const JOURNEY_ADMIN_TOTP_SECRET = 'JOURNEYADMINDESKTOTPSECRET234567';

export type AdminDesk = {
  /** An admin with two-factor on (JOURNEY_ADMIN_TOTP_SECRET). */
  admin: JourneyMember;
  /** A tier-1 member the admin finds by e-mail, moves to another tier, suspends; she appeals. */
  member: JourneyMember;
  /** A member reported (for harassment) by `reporter`: the report the admin decides. */
  reported: JourneyMember;
  reporter: JourneyMember;
  /** A pending waitlist application the admin approves. */
  applicant: { name: string; email: string };
};

/**
 * The admin journey's desk: its own admin (with two-factor, as every admin must have) and members,
 * an open report and a pending waitlist application, so that no other journey's queue items or
 * members are touched. Active a week ago and never boosted: out of the discovery journeys' way.
 */
export async function createAdminDesk(app: App): Promise<AdminDesk> {
  const base = await memberBatch(7 * DAY_MS);
  const admin = await writeJourneyMember(app, {
    ...base,
    name: 'Ottavia',
    userType: 'women',
    gender: 'female',
    tier: 4,
    index: 21,
    roles: ['user', 'admin'],
  });
  await enrolTotpDirectly(app.ctx.db, app.ctx.config.authSecret, admin.id, JOURNEY_ADMIN_TOTP_SECRET);
  const member = await writeJourneyMember(app, {
    ...base,
    name: 'Chiara',
    userType: 'women',
    gender: 'female',
    tier: 1,
    index: 22,
  });
  const reported = await writeJourneyMember(app, {
    ...base,
    name: 'Massimo',
    userType: 'men',
    gender: 'male',
    tier: 2,
    index: 23,
  });
  const reporter = await writeJourneyMember(app, {
    ...base,
    name: 'Ludovica',
    userType: 'women',
    gender: 'female',
    tier: 2,
    index: 24,
  });
  await app.ctx.db.insert(reports).values({
    reporterId: reporter.id,
    reportedId: reported.id,
    reason: 'harassment',
    details: 'He kept messaging after I said no, from a second account too.',
  });
  const applicant = { name: 'Beatrice Fontana', email: `beatrice-${base.stamp}@journey.test` };
  await app.ctx.db.insert(waitlist).values({
    fullName: applicant.name,
    email: applicant.email,
    city: 'Miami, FL',
    reason: 'A friend in the circle told me about the gallery evenings; I host supper clubs myself.',
  });
  return { admin, member, reported, reporter, applicant };
}
