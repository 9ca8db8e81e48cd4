import {
  AppError,
  ErrorCode,
  type Me,
  type Role,
  type SessionReply,
  type VerificationStatus,
} from '@royal/shared';
import { getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedStatement } from '../../db/prepared';
import { photos, profiles, userCompliance, userRoles, users } from '../../db/schema';
import type { MemberActor } from '../auth';
import { selectList } from '../members';
import { latestIdStatusSql, presentCompliance } from '../verification';
import { type MePhotoRow, type ProfileRow, presentMe } from './presenter';

type MeRow = ProfileRow & {
  email: string;
  photos: MePhotoRow[];
  roles: Role[];
  termsVersion: string | null;
  privacyVersion: string | null;
  ageVerified: boolean | null;
  ageCheckSkippedAt: Date | null;
  latestIdStatus: VerificationStatus | null;
};

/**
 * Everything the member's own view needs, in one prepared statement whose rows come back as the
 * driver reads them (no ORM mapping on this hot path: the profile's columns are aliased to their
 * schema names, and the presenter accepts the driver's numeric string).
 */
const {
  profileVisibility: _visibility,
  showOnlineStatus: _online,
  locationSharing: _sharing,
  photoIds: _photoIds,
  ...ownProfileColumns
} = getTableColumns(profiles);

const meStatement = preparedStatement<MeRow, { userId: string }>(
  'me_by_user_id',
  (v) => sql`select ${selectList({
    ...ownProfileColumns,
    email: users.email,
    termsVersion: userCompliance.termsVersion,
    privacyVersion: userCompliance.privacyVersion,
    ageVerified: userCompliance.ageVerified,
    ageCheckSkippedAt: userCompliance.ageCheckSkippedAt,
    latestIdStatus: latestIdStatusSql('profiles'),
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
    termsVersion,
    privacyVersion,
    ageVerified,
    ageCheckSkippedAt,
    latestIdStatus,
    ...profile
  } = row;
  return presentMe({
    email,
    profile,
    photos: photoRows,
    roles,
    compliance: presentCompliance({
      termsVersion,
      privacyVersion,
      ageVerified: ageVerified ?? false,
      ageCheckSkippedAt,
      latestIdStatus,
    }),
  });
}

/** GET /api/session's reply: the member behind the session, or null (also embedded in pages). */
export async function sessionReply(ctx: AppContext, actor: MemberActor | null): Promise<SessionReply> {
  return { user: actor ? await loadMe(ctx, actor.id) : null };
}
