import { and, eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  accounts,
  dataExports,
  datePlanWatches,
  eventRsvps,
  invites,
  matches,
  notifications,
  outboxEmails,
  photos,
  profiles,
  profileViews,
  pushSubscriptions,
  safetySettings,
  sessions,
  supportRequests,
  swipeActions,
  userBlocks,
  users,
  verificationRequests,
  waitlist,
} from '../../db/schema';
import type { Work } from '../../db/transaction';

const sameAddress = (column: AnyPgColumn, email: string) => sql`lower(${column}) = ${email.toLowerCase()}`;

// The one home of Delete Account's SQL (decision 052): what is pseudonymised, what is deleted, and
// the storage keys of the objects to delete once the transaction has committed.

export const DELETED_MEMBER_NAME = 'Deleted member';

/** A unique address nobody can receive mail at (RFC 2606 `.invalid`), so the real one is free again. */
export const deletedEmailOf = (userId: string) => `deleted+${userId}@deleted.invalid`;

/** Every storage key of the member's photos, ID and selfie images and export archives. */
export async function storedKeysOf(work: Work, userId: string): Promise<string[]> {
  const [photoRows, idRows, exportRows] = await Promise.all([
    work.tx
      .select({ a: photos.keyLarge, b: photos.keySmall, c: photos.keyBlur, d: photos.keyFace })
      .from(photos)
      .where(eq(photos.userId, userId)),
    work.tx
      .select({ a: verificationRequests.idKey, b: verificationRequests.selfieKey })
      .from(verificationRequests)
      .where(eq(verificationRequests.userId, userId)),
    work.tx.select({ a: dataExports.storageKey }).from(dataExports).where(eq(dataExports.userId, userId)),
  ]);
  const keys = [...photoRows.flatMap((r) => [r.a, r.b, r.c, r.d]), ...exportRows.map((r) => r.a)].filter(
    (k): k is string => Boolean(k),
  );
  const idKeys = idRows.flatMap((r) => [r.a, r.b]).filter((k): k is string => Boolean(k));
  return [...keys, ...idKeys.map((k) => `id:${k}`)];
}

/**
 * Pseudonymises the member's user and profile rows and deletes every row that carries their name,
 * e-mail, words, phone, coordinates or photos. Messages and ledger entries stay, attached to the
 * pseudonymised id (retention). Returns the ids of the matches it ended.
 */
export async function scrubMember(work: Work, userId: string) {
  const { tx } = work;
  // The address as it is at this moment, under the user row's lock: the member's mail, waitlist
  // and invite rows are found by it.
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return [];
  const { email } = user;
  await tx
    .update(users)
    .set({ name: DELETED_MEMBER_NAME, email: deletedEmailOf(userId), image: null, emailVerified: false })
    .where(eq(users.id, userId));
  await tx
    .update(profiles)
    .set({
      name: DELETED_MEMBER_NAME,
      bio: null,
      prompts: [],
      lifestyleTags: [],
      city: sql`default`,
      state: sql`default`,
      lat: null,
      lng: null,
      geoLat: null,
      geoLng: null,
      height: null,
      bodyType: null,
      ethnicity: null,
      birthDate: null,
      onboardedAt: null,
      inviteCode: null,
      ghostMode: true,
    })
    .where(eq(profiles.userId, userId));
  await tx.delete(safetySettings).where(eq(safetySettings.userId, userId));
  // Their devices: nothing more is pushed to them (what was queued finds no device and goes nowhere).
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  // Their watches over dates: a shared position, a code word's hash, the status page's link.
  await tx.delete(datePlanWatches).where(eq(datePlanWatches.userId, userId));
  await tx.delete(photos).where(eq(photos.userId, userId));
  await tx
    .delete(swipeActions)
    .where(or(eq(swipeActions.swiperId, userId), eq(swipeActions.targetId, userId)));
  await tx
    .delete(profileViews)
    .where(or(eq(profileViews.viewerId, userId), eq(profileViews.viewedId, userId)));
  // Others' notices about the member carry their name in the text.
  await tx
    .delete(notifications)
    .where(or(eq(notifications.userId, userId), eq(notifications.actorId, userId)));
  await tx.delete(userBlocks).where(eq(userBlocks.blockerId, userId));
  await tx.delete(eventRsvps).where(eq(eventRsvps.userId, userId));
  await tx.delete(supportRequests).where(eq(supportRequests.userId, userId));
  await tx.delete(dataExports).where(eq(dataExports.userId, userId));
  await tx
    .update(verificationRequests)
    .set({ idKey: null, selfieKey: null })
    .where(eq(verificationRequests.userId, userId));
  // Mail to the member (their address, their name) and the address in the waitlist and invites.
  await tx.delete(outboxEmails).where(sameAddress(outboxEmails.toAddress, email));
  await tx.delete(waitlist).where(sameAddress(waitlist.email, email));
  await tx
    .update(invites)
    .set({ email: null })
    .where(or(sameAddress(invites.email, email), eq(invites.usedBy, userId)));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  return endOpenMatches(work, userId);
}

/** Ends the member's open matches; the other side hears `match.updated` unmatched, as after a block. */
async function endOpenMatches(work: Work, userId: string) {
  const ended = await work.tx
    .update(matches)
    .set({ status: 'unmatched' })
    .where(and(eq(matches.status, 'active'), or(eq(matches.user1Id, userId), eq(matches.user2Id, userId))))
    .returning({ id: matches.id, user1Id: matches.user1Id, user2Id: matches.user2Id });
  for (const match of ended) {
    work.publish({
      kind: 'deliver',
      userIds: [match.user1Id, match.user2Id],
      event: { type: 'match.updated', payload: { id: match.id, status: 'unmatched' } },
    });
  }
  return ended.map((m) => m.id);
}
