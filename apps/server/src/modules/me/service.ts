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
import { batcherPerContext } from '../../db/batcher';
import { preparedStatement } from '../../db/prepared';
import { photos, profiles, userCompliance, userRoles, users } from '../../db/schema';
import type { MemberActor } from '../auth';
import { selectList } from '../members';
import { latestIdStatusSql, presentCompliance } from '../verification';
import { type MePhotoRow, type ProfileRow, presentMe } from './presenter';

type MeRow = ProfileRow & {
  email: string;
  emailConfirmed: boolean;
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
 * schema names, and the presenter accepts the driver's numeric string). It reads several members at
 * once: the views asked for in the same turn of the event loop share one statement (readMeRows).
 */
const {
  profileVisibility: _visibility,
  showOnlineStatus: _online,
  locationSharing: _sharing,
  photoIds: _photoIds,
  ...ownProfileColumns
} = getTableColumns(profiles);

const meStatement = preparedStatement<MeRow, { userIds: string[] }>(
  'me_by_user_ids',
  (v) => sql`select ${selectList({
    ...ownProfileColumns,
    email: users.email,
    emailConfirmed: users.emailVerified,
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
    where ${profiles.userId} = any(${v.userIds}::uuid[])`,
  // A primary-key read whatever the ids: on the ordinary connections PostgreSQL found the generic
  // plan's guess of ten ids dearer than one id's custom plan and planned every view afresh (about a
  // millisecond each, more than the read).
  { genericPlan: true },
);

/** Most member views one statement reads (a busy instance's turn rarely holds more). */
const ME_BATCH_SIZE = 64;

/**
 * Reads are batched like swipes (decision 021, decision 024): a view asked for while the database
 * is reading others waits for that statement and goes with the next one. Nothing is kept: each view
 * is read by a statement that starts after it was asked for, so it shows every write that committed
 * before the request.
 */
const readMeRows = batcherPerContext(
  async (ctx: AppContext, userIds: string[]) => {
    const rows = await meStatement.run(ctx.database, { userIds: [...new Set(userIds)] });
    const byId = new Map(rows.map((row) => [row.userId, row]));
    return userIds.map((id) => byId.get(id) ?? null);
  },
  { maxSize: ME_BATCH_SIZE },
);

/** The member's own view. */
export async function loadMe(ctx: AppContext, userId: string): Promise<Me> {
  const row = await readMeRows(ctx, userId);
  if (!row) throw new AppError(ErrorCode.PROFILE_NOT_FOUND);
  const {
    email,
    emailConfirmed,
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
    emailConfirmed,
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
