import {
  AppError,
  type Compliance,
  ErrorCode,
  PRIVACY_VERSION,
  TERMS_VERSION,
  type VerificationStatus,
} from '@royal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { userCompliance, verificationRequests } from '../../db/schema';
import type { MemberActor } from '../auth';
import { presentCompliance } from './presenter';

/**
 * The status of the member's latest request carrying an ID image, as a correlated subquery on the
 * outer query's `user_id` of `outerTable`. Written with explicit names: drizzle leaves columns
 * unqualified in a single-table select, where the inner `user_id` would silently match itself (and
 * return anyone's latest request). `nulls last` as verification_requests_user_created_idx is built
 * (created_at is never null): the index gives the order, so a statement kept with one plan (the
 * member's own view) reads one entry and sorts nothing.
 */
export const latestIdStatusSql = (outerTable: string) =>
  sql<VerificationStatus | null>`(select latest.status from ${verificationRequests} as latest
    where latest.user_id = ${sql.identifier(outerTable)}.user_id
    order by latest.created_at desc nulls last limit 1)`;

export async function loadCompliance(ctx: Pick<AppContext, 'db'>, userId: string): Promise<Compliance> {
  const [row] = await ctx.db
    .select({
      termsVersion: userCompliance.termsVersion,
      privacyVersion: userCompliance.privacyVersion,
      ageVerified: userCompliance.ageVerified,
      ageCheckSkippedAt: userCompliance.ageCheckSkippedAt,
      latestIdStatus: latestIdStatusSql('user_compliance'),
    })
    .from(userCompliance)
    .where(eq(userCompliance.userId, userId));
  return presentCompliance(
    row ?? {
      termsVersion: null,
      privacyVersion: null,
      ageVerified: false,
      ageCheckSkippedAt: null,
      latestIdStatus: null,
    },
  );
}

export type LegalDocument = 'terms' | 'privacy';
const CURRENT_VERSION: Readonly<Record<LegalDocument, string>> = {
  terms: TERMS_VERSION,
  privacy: PRIVACY_VERSION,
};

/**
 * Records that the member accepted a legal document at the current version (spec: upsert on
 * user_id with the time and version). The member must have read the version they accept, and the
 * Privacy Policy comes after the Terms. The actor cache is told, so the next request passes the gate.
 */
export async function acceptLegalDocument(
  ctx: AppContext,
  { actor, input }: { actor: MemberActor; input: { document: LegalDocument; version: string } },
): Promise<Compliance> {
  const current = CURRENT_VERSION[input.document];
  if (input.version !== current) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Version ${current} is the current version. Please read it before accepting.`,
    );
  }
  const now = new Date();
  await ctx.transact(async (work) => {
    if (input.document === 'privacy') {
      const [row] = await work.tx
        .select({ termsVersion: userCompliance.termsVersion })
        .from(userCompliance)
        .where(eq(userCompliance.userId, actor.id));
      if (row?.termsVersion !== TERMS_VERSION) {
        throw new AppError(ErrorCode.CONFLICT, 'Please accept the Terms of Service first');
      }
    }
    const fields =
      input.document === 'terms'
        ? { termsAcceptedAt: now, termsVersion: current }
        : { privacyAcceptedAt: now, privacyVersion: current };
    await work.tx
      .insert(userCompliance)
      .values({ userId: actor.id, ...fields })
      .onConflictDoUpdate({ target: userCompliance.userId, set: fields });
    work.publish({ kind: 'actor.invalidate', userIds: [actor.id] });
  });
  return loadCompliance(ctx, actor.id);
}

/** The member continues without the age check (allowed by the spec); they stay unverified. */
export async function skipAgeCheck(ctx: AppContext, { actor }: { actor: MemberActor }): Promise<Compliance> {
  await ctx.db
    .update(userCompliance)
    .set({ ageCheckSkippedAt: new Date() })
    .where(and(eq(userCompliance.userId, actor.id), isNull(userCompliance.ageCheckSkippedAt)));
  return loadCompliance(ctx, actor.id);
}
