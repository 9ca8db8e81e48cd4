import { AppError, ErrorCode, type Me, type Role } from '@royal/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { photos, profiles, userCompliance, userRoles, users } from '../../db/schema';
import { presentMe } from './presenter';

/** Loads everything the member's own view needs in parallel: one query per table, no loops. */
export async function loadMe(ctx: AppContext, userId: string, knownEmail?: string): Promise<Me> {
  const { db } = ctx;
  const [profile, photoRows, roleRows, compliance, email] = await Promise.all([
    db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .then((rows) => rows[0]),
    db
      .select({ id: photos.id, status: photos.status })
      .from(photos)
      .where(eq(photos.userId, userId))
      .orderBy(asc(photos.position)),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db
      .select()
      .from(userCompliance)
      .where(eq(userCompliance.userId, userId))
      .then((rows) => rows[0]),
    knownEmail ??
      db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .then((rows) => rows[0]?.email),
  ]);
  if (!profile || !email) throw new AppError(ErrorCode.PROFILE_NOT_FOUND);
  return presentMe({
    email,
    profile,
    photos: photoRows,
    roles: roleRows.map((r) => r.role as Role),
    compliance,
  });
}
