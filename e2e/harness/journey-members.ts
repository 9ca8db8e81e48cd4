import { eq } from 'drizzle-orm';
import type { App } from '../../apps/server/src/app';
import { boosts, photos, profiles, userCompliance } from '../../apps/server/src/db/schema';
import { renderPortrait } from '../../apps/server/src/db/seed/portraits';
import { processImage, storePhotoVariants } from '../../apps/server/src/modules/photos/pipeline';

export const JOURNEY_PASSWORD = 'Journey-Velvet-2026';
export type JourneyMember = { email: string; name: string; id: string };

/**
 * Members made for the journeys. They sign up through the real API; then, as the product would after
 * a purchase, each gets a live profile boost, which ranks them first among the cards of their kind:
 * Julian and Valentina (tier 2, opposite types) meet on each other's first card; Seraphina (tier 3,
 * most recently active) is the first locked teaser a tier-1 man is shown.
 */
export async function createJourneyMembers(app: App, origin: string): Promise<JourneyMember[]> {
  const stamp = Date.now().toString(36);
  const hourAgo = new Date(Date.now() - 3_600_000);
  const specs = [
    {
      name: 'Julian',
      userType: 'men',
      gender: 'male',
      initial: 'J',
      hueShift: -20,
      longHair: false,
      tier: 2,
      lastActive: hourAgo,
    },
    {
      name: 'Valentina',
      userType: 'women',
      gender: 'female',
      initial: 'V',
      hueShift: 25,
      longHair: true,
      tier: 2,
      lastActive: hourAgo,
    },
    {
      name: 'Seraphina',
      userType: 'women',
      gender: 'female',
      initial: 'S',
      hueShift: 35,
      longHair: true,
      tier: 3,
      lastActive: new Date(),
    },
  ] as const;
  const members: JourneyMember[] = [];
  for (const spec of specs) {
    const email = `${spec.name.toLowerCase()}-${stamp}@journey.test`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin },
      payload: { email, password: JOURNEY_PASSWORD },
    });
    if (res.statusCode !== 201) throw new Error(`journey sign-up failed: ${res.body}`);
    const id = (res.json() as { user: { id: string } }).user.id;
    const { db, storage } = app.ctx;
    await db
      .update(profiles)
      .set({
        name: spec.name,
        age: 31,
        bio: `${spec.name} loves late dinners, gallery openings and spontaneous weekends away.`,
        userType: spec.userType,
        gender: spec.gender,
        city: 'Miami',
        state: 'FL',
        tierLevel: spec.tier,
        lastActive: spec.lastActive,
        tierSubscriptionActive: true,
        verified: true,
        ageRangeMin: 21,
        ageRangeMax: 45,
      })
      .where(eq(profiles.userId, id));
    await db
      .update(userCompliance)
      .set({ termsAcceptedAt: new Date(), privacyAcceptedAt: new Date() })
      .where(eq(userCompliance.userId, id));
    for (const variant of [0, 1]) {
      const image = await processImage(
        await renderPortrait({
          initial: spec.initial,
          hueShift: spec.hueShift,
          variant,
          longHair: spec.longHair,
        }),
      );
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
    await db
      .insert(boosts)
      .values({ userId: id, boostType: 'profile_boost', activeUntil: new Date(Date.now() + 86_400_000) });
    members.push({ email, name: spec.name, id });
  }
  return members;
}
