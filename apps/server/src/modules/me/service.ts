import { AppError, ErrorCode, type Me, type Role } from '@royal/shared';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { photos, profiles, userCompliance, userRoles, users } from '../../db/schema';
import { type MePhotoRow, presentMe } from './presenter';

const prepared = new WeakMap<Db, ReturnType<typeof prepareMeQuery>>();

/** Everything the member's own view needs, in one prepared statement. */
function prepareMeQuery(db: Db) {
  return db
    .select({
      profile: getTableColumns(profiles),
      email: users.email,
      photos: sql<
        MePhotoRow[]
      >`(select coalesce(json_agg(json_build_object('id', ${photos.id}, 'status', ${photos.status})
          order by ${photos.position}, ${photos.createdAt}), '[]'::json)
        from ${photos} where ${photos.userId} = ${profiles.userId})`,
      roles: sql<
        Role[]
      >`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${profiles.userId})`,
      termsAcceptedAt: userCompliance.termsAcceptedAt,
      privacyAcceptedAt: userCompliance.privacyAcceptedAt,
      ageVerified: userCompliance.ageVerified,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(userCompliance, eq(userCompliance.userId, profiles.userId))
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .prepare('me_by_user_id');
}

export async function loadMe(ctx: AppContext, userId: string): Promise<Me> {
  let query = prepared.get(ctx.db);
  if (!query) {
    query = prepareMeQuery(ctx.db);
    prepared.set(ctx.db, query);
  }
  const [row] = await query.execute({ userId });
  if (!row) throw new AppError(ErrorCode.PROFILE_NOT_FOUND);
  return presentMe({
    email: row.email,
    profile: row.profile,
    photos: row.photos,
    roles: row.roles,
    compliance: {
      termsAcceptedAt: row.termsAcceptedAt,
      privacyAcceptedAt: row.privacyAcceptedAt,
      ageVerified: row.ageVerified ?? false,
    },
  });
}
