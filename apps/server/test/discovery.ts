import { randomUUID } from 'node:crypto';
import { AGE_MAX, AGE_MIN, type ProfileVisibility } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { boosts, photos, profiles, safetySettings, userBlocks } from '../src/db/schema';
import { request, type Session } from './app';
import { createMember, type MemberOptions, signedInMember, type TestMember } from './factories';

/**
 * Discovery filters on the viewer's preferred age range, so a test that gives its viewer and its
 * members an age no other test in the file uses sees only its own members in the feed.
 */
export function ageAllocator(start: number = AGE_MIN) {
  let next = start;
  return () => {
    if (next > AGE_MAX) throw new Error('ageAllocator: out of distinct ages in this file');
    const age = next;
    next += 1;
    return age;
  };
}

/** An approved photo row (storage keys are not read by discovery). */
export async function addPhoto(app: App, userId: string, position = 0) {
  const key = `test/${randomUUID()}`;
  const [row] = await app.ctx.db
    .insert(photos)
    .values({
      userId,
      position,
      keyLarge: `${key}-l`,
      keySmall: `${key}-s`,
      keyBlur: `${key}-b`,
      width: 800,
      height: 1000,
      status: 'approved',
    })
    .returning({ id: photos.id });
  if (!row) throw new Error('photo insert failed');
  return row.id;
}

export async function block(app: App, blockerId: string, blockedId: string) {
  await app.ctx.db.insert(userBlocks).values({ blockerId, blockedId });
}

export async function setVisibility(app: App, userId: string, profileVisibility: ProfileVisibility) {
  await app.ctx.db.update(safetySettings).set({ profileVisibility }).where(eq(safetySettings.userId, userId));
}

export async function hideOnlineStatus(app: App, userId: string) {
  await app.ctx.db
    .update(safetySettings)
    .set({ showOnlineStatus: false })
    .where(eq(safetySettings.userId, userId));
}

/** A profile boost, live until `activeUntil`. */
export async function boostProfile(app: App, userId: string, activeUntil: Date) {
  await app.ctx.db.insert(boosts).values({ userId, boostType: 'profile_boost', activeUntil });
}

/** Sets the exact point and the coarse cell to the same place (tests only). */
export async function placeAt(app: App, userId: string, lat: number, lng: number) {
  await app.ctx.db
    .update(profiles)
    .set({ lat, lng, geoLat: lat, geoLng: lng })
    .where(eq(profiles.userId, userId));
}

export async function profileCounts(app: App, userId: string) {
  const [row] = await app.ctx.db
    .select({ viewCount: profiles.viewCount, likeCount: profiles.likeCount })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row) throw new Error('no such profile');
  return row;
}

/** Two members who liked each other (through the swipe route), signed in, with their match. */
export async function matchedPair(
  app: App,
  options: { him?: MemberOptions; her?: MemberOptions } = {},
): Promise<{
  him: { member: TestMember; session: Session };
  her: { member: TestMember; session: Session };
  matchId: string;
  expiresAt: Date;
}> {
  const him = await signedInMember(app, { tier: 2, name: 'Matteo', ...options.him, userType: 'men' });
  const her = await signedInMember(app, { tier: 2, name: 'Sofia', ...options.her, userType: 'women' });
  const swipe = (session: Session, target_id: string) =>
    request(app, 'POST', '/api/swipes', { session, body: { target_id, direction: 'right' } });
  await swipe(him.session, her.member.id);
  const reply = await swipe(her.session, him.member.id);
  if (reply.statusCode !== 200 || !reply.json().match) throw new Error(`no match: ${reply.body}`);
  return { him, her, matchId: reply.json().match.id, expiresAt: new Date(reply.json().match.expires_at) };
}

/**
 * A signed-in tier-2 man who sees only women of one age (unique in the file, from `nextAge`), and one
 * such woman with an approved photo: a viewer whose feed holds exactly one card.
 */
export async function viewerWithOneCard(app: App, nextAge: () => number, viewer: MemberOptions = {}) {
  const age = nextAge();
  const signedIn = await signedInMember(app, {
    tier: 2,
    userType: 'men',
    age,
    ageRange: [age, age],
    ...viewer,
  });
  const woman = await createMember(app, { userType: 'women', age, tier: 1 });
  await addPhoto(app, woman.id);
  return { ...signedIn, woman };
}
