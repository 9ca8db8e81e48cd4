import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import {
  boosts,
  escrowWallets,
  matches,
  messages,
  peerTransfers,
  photos,
  profiles,
  reports,
  safetySettings,
  sessions,
  sponsorships,
  subscriptions,
  supportRequests,
  swipeActions,
  userBlocks,
  userCompliance,
  userRoles,
  users,
  verificationRequests,
  walletTransactions,
  withdrawals,
} from '../../db/schema';
import { microsecondKey } from '../../lib/cursor';
import { messageColumns, shownText } from '../messaging';

// Every query of an export (decision 051): what is about the member, read by their id alone. Other
// members appear only by id and name, as the member saw them; nothing else of theirs is selected.
// Long lists (swipes, messages, wallet history) are read a page at a time, so a member with years of
// history is never held in memory at once.

type Ctx = Pick<AppContext, 'db' | 'messageKeys' | 'log'>;
type Json = Record<string, unknown>;

const PAGE = 500;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

const other = alias(profiles, 'other');

/** The member's account, profile, roles, consents and photo list (profile.json). */
export async function profileOf(ctx: Ctx, userId: string): Promise<Json | null> {
  const [account] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!account || !profile) return null;
  const roles = await ctx.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return {
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      email_verified: account.emailVerified,
      created_at: iso(account.createdAt),
    },
    profile: {
      name: profile.name,
      user_type: profile.userType,
      gender: profile.gender,
      birth_date: profile.birthDate,
      age: profile.age,
      bio: profile.bio,
      prompts: profile.prompts,
      city: profile.city,
      state: profile.state,
      // The point the member set (a city centre, or their position snapped to ~1 km). The coarse,
      // jittered cell shown to others is derived from it and not part of the export.
      location: profile.lat !== null && profile.lng !== null ? { lat: profile.lat, lng: profile.lng } : null,
      body_type: profile.bodyType,
      height: profile.height,
      ethnicity: profile.ethnicity,
      looking_for: profile.lookingFor,
      compensation_preference: profile.compensationPreference,
      age_range: [profile.ageRangeMin, profile.ageRangeMax],
      distance_preference_miles: profile.distancePreference,
      travel_willing: profile.travelWilling,
      discretion_required: profile.discretionRequired,
      open_to_companions_only: profile.openToCompanionsOnly,
      lifestyle_tags: profile.lifestyleTags,
      ghost_mode: profile.ghostMode,
      tier_level: profile.tierLevel,
      tier_subscription_active: profile.tierSubscriptionActive,
      tier_subscription_ends_at: iso(profile.tierSubscriptionEndsAt),
      is_sponsored: profile.isSponsored,
      verified: profile.verified,
      verified_at: iso(profile.verifiedAt),
      popularity_score: profile.popularityScore,
      rating_avg: profile.ratingAvg,
      rating_count: profile.ratingCount,
      view_count: profile.viewCount,
      like_count: profile.likeCount,
      invite_code: profile.inviteCode,
      last_active: iso(profile.lastActive),
      onboarded_at: iso(profile.onboardedAt),
      created_at: iso(profile.createdAt),
      updated_at: iso(profile.updatedAt),
    },
    roles: roles.map((r) => r.role),
  };
}

/** The member's photos in order, every moderation state, with the key of the stored large variant. */
export function photosOf(ctx: Ctx, userId: string) {
  return ctx.db
    .select({
      id: photos.id,
      position: photos.position,
      keyLarge: photos.keyLarge,
      width: photos.width,
      height: photos.height,
      status: photos.status,
      rejectionReason: photos.rejectionReason,
      appealStatus: photos.appealStatus,
      appealReason: photos.appealReason,
      createdAt: photos.createdAt,
    })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

/** safety_settings, emergency contact included (settings.json). */
export async function settingsOf(ctx: Ctx, userId: string): Promise<Json | null> {
  const [row] = await ctx.db.select().from(safetySettings).where(eq(safetySettings.userId, userId));
  if (!row) return null;
  return {
    profile_visibility: row.profileVisibility,
    incognito_mode: row.incognitoMode,
    location_sharing: row.locationSharing,
    read_receipts: row.readReceipts,
    safe_meeting_notifications: row.safeMeetingNotifications,
    auto_block_suspicious: row.autoBlockSuspicious,
    push_notifications: row.pushNotifications,
    match_notifications: row.matchNotifications,
    message_notifications: row.messageNotifications,
    party_invites: row.partyInvites,
    show_online_status: row.showOnlineStatus,
    dark_mode: row.darkMode,
    language: row.language,
    // Null until the member chose (their profile's discretion_required stands in meanwhile).
    discreet_notifications: row.discreetNotifications,
    quiet_hours: {
      enabled: row.quietHoursEnabled,
      start: row.quietHoursStart,
      end: row.quietHoursEnd,
      zone: row.quietHoursZone,
    },
    blur_photos: row.blurPhotos,
    emergency_contact: {
      name: row.emergencyContactName,
      phone: row.emergencyContactPhone,
      email: row.emergencyContactEmail,
    },
    updated_at: iso(row.updatedAt),
  };
}

/** The member's own swipes, a page at a time (swipes.json). */
export async function* swipesOf(ctx: Ctx, userId: string): AsyncGenerator<Json[]> {
  let after: string | null = null;
  for (;;) {
    const page = await ctx.db
      .select({
        targetId: swipeActions.targetId,
        targetName: other.name,
        direction: swipeActions.direction,
        createdAt: swipeActions.createdAt,
      })
      .from(swipeActions)
      .leftJoin(other, eq(other.userId, swipeActions.targetId))
      .where(and(eq(swipeActions.swiperId, userId), after ? gt(swipeActions.targetId, after) : undefined))
      .orderBy(asc(swipeActions.targetId))
      .limit(PAGE);
    yield page.map((s) => ({
      member: { id: s.targetId, name: s.targetName },
      direction: s.direction,
      created_at: iso(s.createdAt),
    }));
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    after = last.targetId;
  }
}

/** The member's matches, each with the other member's id and name only. */
function matchRows(ctx: Ctx, userId: string) {
  const otherId = sql<string>`case when ${matches.user1Id} = ${userId} then ${matches.user2Id} else ${matches.user1Id} end`;
  return ctx.db
    .select({
      id: matches.id,
      otherId,
      otherName: other.name,
      status: matches.status,
      createdAt: matches.createdAt,
      expiresAt: matches.expiresAt,
      lastMessageAt: matches.lastMessageAt,
    })
    .from(matches)
    .leftJoin(other, eq(other.userId, otherId))
    .where(or(eq(matches.user1Id, userId), eq(matches.user2Id, userId)))
    .orderBy(asc(matches.createdAt), asc(matches.id));
}

export async function matchesOf(ctx: Ctx, userId: string): Promise<Json[]> {
  return (await matchRows(ctx, userId)).map((m) => ({
    id: m.id,
    member: { id: m.otherId, name: m.otherName },
    status: m.status,
    created_at: iso(m.createdAt),
    expires_at: iso(m.expiresAt),
    last_message_at: iso(m.lastMessageAt),
  }));
}

/**
 * The messages the member sent and received, decrypted, chat by chat and a page at a time. Every one
 * of their messages belongs to one of their matches, so the walk is by match (messages_match_created_idx).
 */
export async function* messagesOf(ctx: Ctx, userId: string): AsyncGenerator<Json[]> {
  const chats = await matchRows(ctx, userId);
  for (const chat of chats) {
    let after: { key: string; id: string } | null = null;
    for (;;) {
      const page = await ctx.db
        .select({
          key: microsecondKey(messages.createdAt),
          ...messageColumns,
          messageType: messages.messageType,
        })
        .from(messages)
        .where(
          and(
            eq(messages.matchId, chat.id),
            // The member is one of the chat's two members; this holds it for every row all the same.
            or(eq(messages.senderId, userId), eq(messages.receiverId, userId)),
            after
              ? sql`(${messages.createdAt}, ${messages.id}) > (${after.key}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(PAGE);
      yield page.map((m) => ({
        id: m.id,
        match_id: m.matchId,
        direction: m.senderId === userId ? 'sent' : 'received',
        member: { id: m.senderId === userId ? m.receiverId : m.senderId, name: chat.otherName },
        text: shownText(ctx, m),
        message_type: m.messageType,
        read: m.readStatus,
        created_at: iso(m.createdAt),
      }));
      const last = page.at(-1);
      if (page.length < PAGE || !last) break;
      after = { key: last.key, id: last.id };
    }
  }
}

/** The wallet's balances, transfers and withdrawals (the long history comes from walletHistoryOf). */
export async function walletOf(ctx: Ctx, userId: string): Promise<Json> {
  const [wallet] = await ctx.db
    .select({ balance: escrowWallets.currentBalanceCents, held: escrowWallets.heldCents })
    .from(escrowWallets)
    .where(eq(escrowWallets.userId, userId));
  const transfers = await ctx.db
    .select()
    .from(peerTransfers)
    .where(or(eq(peerTransfers.senderId, userId), eq(peerTransfers.receiverId, userId)))
    .orderBy(asc(peerTransfers.createdAt));
  const payouts = await ctx.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(asc(withdrawals.createdAt));
  return {
    balance_cents: wallet?.balance ?? 0,
    held_cents: wallet?.held ?? 0,
    transfers: transfers.map((t) => ({
      id: t.id,
      direction: t.senderId === userId ? 'sent' : 'received',
      member_id: t.senderId === userId ? t.receiverId : t.senderId,
      amount_cents: t.amountCents,
      transfer_type: t.transferType,
      message: t.message,
      status: t.status,
      release_at: iso(t.releaseAt),
      created_at: iso(t.createdAt),
    })),
    withdrawals: payouts.map((w) => ({
      id: w.id,
      amount_cents: w.amountCents,
      status: w.status,
      provider: w.provider,
      created_at: iso(w.createdAt),
      updated_at: iso(w.updatedAt),
    })),
  };
}

/** The member's side of every money movement (their ledger legs, as the wallet history shows them). */
export async function* walletHistoryOf(ctx: Ctx, userId: string): AsyncGenerator<Json[]> {
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const page = await ctx.db
      .select({ key: microsecondKey(walletTransactions.createdAt), row: walletTransactions })
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.userId, userId),
          after
            ? sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) > (${after.key}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(walletTransactions.createdAt), asc(walletTransactions.id))
      .limit(PAGE);
    yield page.map(({ row: w }) => ({
      id: w.id,
      amount_cents: w.amountCents,
      transaction_type: w.transactionType,
      counterparty_id: w.counterpartyId,
      transfer_type: w.transferType,
      message: w.message,
      transfer_id: w.transferId,
      status: w.status,
      created_at: iso(w.createdAt),
    }));
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    after = { key: last.key, id: last.row.id };
  }
}

/** Plans, boosts and sponsorships the member paid for or received (subscriptions.json). */
export async function subscriptionsOf(ctx: Ctx, userId: string): Promise<Json> {
  const plans = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  const bought = await ctx.db
    .select()
    .from(boosts)
    .where(eq(boosts.userId, userId))
    .orderBy(asc(boosts.createdAt));
  const sponsored = await ctx.db
    .select()
    .from(sponsorships)
    .where(or(eq(sponsorships.sponsorId, userId), eq(sponsorships.sponsoredId, userId)))
    .orderBy(asc(sponsorships.createdAt));
  return {
    subscriptions: plans.map((s) => ({
      id: s.id,
      tier_level: s.tierLevel,
      status: s.status,
      provider: s.provider,
      current_period_end: iso(s.currentPeriodEnd),
      cancel_at_period_end: s.cancelAtPeriodEnd,
      created_at: iso(s.createdAt),
      updated_at: iso(s.updatedAt),
    })),
    boosts: bought.map((b) => ({
      id: b.id,
      boost_type: b.boostType,
      quantity: b.quantity,
      remaining: b.remaining,
      active_until: iso(b.activeUntil),
      created_at: iso(b.createdAt),
    })),
    sponsorships: sponsored.map((s) => ({
      id: s.id,
      role: s.sponsorId === userId ? 'sponsor' : 'sponsored',
      member_id: s.sponsorId === userId ? s.sponsoredId : s.sponsorId,
      price_cents: s.priceCents,
      started_at: iso(s.createdAt),
      paid_until: iso(s.paidUntil),
      ended_at: iso(s.revokedAt),
      end_reason: s.endReason,
    })),
  };
}

/** Reports the member filed (never reports against them). */
export async function reportsFiledBy(ctx: Ctx, userId: string): Promise<Json[]> {
  const rows = await ctx.db
    .select({
      id: reports.id,
      reportedId: reports.reportedId,
      reportedName: other.name,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .leftJoin(other, eq(other.userId, reports.reportedId))
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt));
  return rows.map((r) => ({
    id: r.id,
    member: { id: r.reportedId, name: r.reportedName },
    reason: r.reason,
    details: r.details,
    status: r.status,
    created_at: iso(r.createdAt),
  }));
}

/** Members the member blocked. */
export async function blocksBy(ctx: Ctx, userId: string): Promise<Json[]> {
  const rows = await ctx.db
    .select({
      blockedId: userBlocks.blockedId,
      blockedName: other.name,
      reason: userBlocks.reason,
      createdAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .leftJoin(other, eq(other.userId, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(asc(userBlocks.createdAt));
  return rows.map((b) => ({
    member: { id: b.blockedId, name: b.blockedName },
    reason: b.reason,
    created_at: iso(b.createdAt),
  }));
}

/** Verification and compliance: statuses and dates only, never an image or its key. */
export async function verificationOf(ctx: Ctx, userId: string): Promise<Json> {
  const requests = await ctx.db
    .select({
      id: verificationRequests.id,
      type: verificationRequests.verificationType,
      status: verificationRequests.status,
      idType: verificationRequests.idType,
      rejectionReason: verificationRequests.rejectionReason,
      createdAt: verificationRequests.createdAt,
      reviewedAt: verificationRequests.reviewedAt,
    })
    .from(verificationRequests)
    .where(eq(verificationRequests.userId, userId))
    .orderBy(asc(verificationRequests.createdAt));
  const [compliance] = await ctx.db.select().from(userCompliance).where(eq(userCompliance.userId, userId));
  return {
    requests: requests.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      id_type: r.idType,
      rejection_reason: r.rejectionReason,
      submitted_at: iso(r.createdAt),
      reviewed_at: iso(r.reviewedAt),
    })),
    compliance: compliance
      ? {
          terms_version: compliance.termsVersion,
          terms_accepted_at: iso(compliance.termsAcceptedAt),
          privacy_version: compliance.privacyVersion,
          privacy_accepted_at: iso(compliance.privacyAcceptedAt),
          age_verified: compliance.ageVerified,
          age_verification_date: iso(compliance.ageVerificationDate),
          age_check_skipped_at: iso(compliance.ageCheckSkippedAt),
        }
      : null,
  };
}

/** The member's sessions (never their tokens). */
export async function sessionsOf(ctx: Ctx, userId: string): Promise<Json[]> {
  const rows = await ctx.db
    .select({
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  return rows.map((s) => ({
    created_at: iso(s.createdAt),
    last_used_at: iso(s.updatedAt),
    expires_at: iso(s.expiresAt),
    ip_address: s.ipAddress,
    user_agent: s.userAgent,
  }));
}

export async function supportRequestsOf(ctx: Ctx, userId: string): Promise<Json[]> {
  const rows = await ctx.db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId))
    .orderBy(asc(supportRequests.createdAt));
  return rows.map((r) => ({
    id: r.id,
    topic: r.topic,
    message: r.message,
    status: r.status,
    created_at: iso(r.createdAt),
  }));
}

/** The e-mail address the ready notice goes to. */
export async function emailOf(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
