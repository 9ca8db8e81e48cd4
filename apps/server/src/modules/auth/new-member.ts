import { SIGNUP_DEFAULTS } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { queueEmail } from '../../adapters/mail/outbox';
import type { Db } from '../../db/client';
import { profiles, safetySettings, userCompliance, userRoles, users } from '../../db/schema';
import type { NewAuthUser } from './auth';

/**
 * Every account gets its profile (with the spec's sign-up defaults), its role and its settings in one
 * transaction. Better Auth has already written the user row; if ours fails we remove that row again,
 * so no account is ever left half-made.
 */
export async function createMemberRecords(db: Db, user: NewAuthUser) {
  try {
    await db.transaction(async (tx) => {
      const d = SIGNUP_DEFAULTS;
      await tx.insert(profiles).values({
        userId: user.id,
        name: d.name,
        age: d.age,
        bio: d.bio,
        gender: d.gender,
        userType: d.user_type,
        city: d.city,
        state: d.state,
        tierLevel: d.tier_level,
        popularityScore: d.popularity_score,
        ratingAvg: d.rating_avg,
        ageRangeMin: d.age_range[0],
        ageRangeMax: d.age_range[1],
        distancePreference: d.distance_preference,
        lookingFor: d.looking_for,
        compensationPreference: d.compensation_preference,
        discretionRequired: d.discretion_required,
      });
      await tx.insert(userRoles).values({ userId: user.id, role: 'user' });
      await tx.insert(safetySettings).values({ userId: user.id });
      await tx.insert(userCompliance).values({ userId: user.id });
      await queueEmail(tx, welcomeEmail(user.email));
    });
  } catch (error) {
    await db.delete(users).where(eq(users.id, user.id));
    throw error;
  }
}

function welcomeEmail(to: string) {
  return {
    to,
    subject: 'Welcome to the Royal Circle',
    text: [
      'Welcome to the Royal Circle — where luxury meets love.',
      '',
      'Your account is ready. Complete your profile and verification to unlock every tier benefit.',
      '',
      'If you did not create this account, reply to this e-mail and we will remove it.',
    ].join('\n'),
  };
}
