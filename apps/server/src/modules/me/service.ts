import { AppError, ErrorCode, type Me, type Role } from '@royal/shared';
import { getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedStatement } from '../../db/prepared';
import { photos, profiles, userCompliance, userRoles, users } from '../../db/schema';
import { selectList } from '../members';
import { type MePhotoRow, type ProfileRow, presentMe } from './presenter';

type MeRow = ProfileRow & {
  email: string;
  photos: MePhotoRow[];
  roles: Role[];
  termsAcceptedAt: Date | null;
  privacyAcceptedAt: Date | null;
  ageVerified: boolean | null;
};

/**
 * Everything the member's own view needs, in one prepared statement whose rows come back as the
 * driver reads them (no ORM mapping on this hot path: the profile's columns are aliased to their
 * schema names, and the presenter accepts the driver's numeric string).
 */
const meStatement = preparedStatement<MeRow, { userId: string }>(
  'me_by_user_id',
  (v) => sql`select ${selectList({
    ...getTableColumns(profiles),
    email: users.email,
    termsAcceptedAt: userCompliance.termsAcceptedAt,
    privacyAcceptedAt: userCompliance.privacyAcceptedAt,
    ageVerified: userCompliance.ageVerified,
  })},
      (select coalesce(json_agg(json_build_object('id', ${photos.id}, 'status', ${photos.status})
          order by ${photos.position}, ${photos.createdAt}), '[]'::json)
        from ${photos} where ${photos.userId} = ${profiles.userId}) as "photos",
      array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${profiles.userId}) as "roles"
    from ${profiles}
    join ${users} on ${users.id} = ${profiles.userId}
    left join ${userCompliance} on ${userCompliance.userId} = ${profiles.userId}
    where ${profiles.userId} = ${v.userId}::uuid`,
);

export async function loadMe(ctx: AppContext, userId: string): Promise<Me> {
  const [row] = await meStatement.run(ctx.database, { userId });
  if (!row) throw new AppError(ErrorCode.PROFILE_NOT_FOUND);
  const {
    email,
    photos: photoRows,
    roles,
    termsAcceptedAt,
    privacyAcceptedAt,
    ageVerified,
    ...profile
  } = row;
  return presentMe({
    email,
    profile,
    photos: photoRows,
    roles,
    compliance: { termsAcceptedAt, privacyAcceptedAt, ageVerified: ageVerified ?? false },
  });
}
