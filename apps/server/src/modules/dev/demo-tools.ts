import { AppError, ErrorCode, type MigrationResult, type SampleProfilesResult } from '@royal/shared';
import type { AppContext } from '../../context';
import { writeAudit } from '../../lib/audit';
import type { MemberActor } from '../../ports/auth';
import { type OnMemberWritten, writeGeneratedMembers, writeSeedCommunity } from '../../seed';

type AdminRequest = { admin: MemberActor; ip: string | null };

/**
 * The demo tools write members who share the seed's published password, so they exist only where
 * the demo logins do: demo mode (DESIGN.md). Anywhere else they are refused with their own code.
 */
function requireDemoMode(ctx: AppContext): void {
  if (!ctx.config.demoMode) throw new AppError(ErrorCode.DEMO_MODE_REQUIRED);
}

/** Each member's audit row, in the transaction that writes the member. */
function auditEach(action: string, { admin, ip }: AdminRequest): OnMemberWritten {
  return (tx, member) =>
    writeAudit(tx, {
      actorId: admin.id,
      action,
      reasonCode: 'demo_sample',
      targetType: 'user',
      targetId: member.id,
      data: { after: { email: member.email } },
      ip,
    });
}

/**
 * /migration's Start Migration: the seed's 50 sample members plus the ambassador, written by the
 * seed's own code; members who already exist (the seeded demo, an earlier run) are skipped.
 */
export async function migrateSampleMembers(ctx: AppContext, by: AdminRequest): Promise<MigrationResult> {
  requireDemoMode(ctx);
  const result = await writeSeedCommunity(ctx, auditEach('dev.migration_member', by));
  return { migrated: result.written, failed: result.failed, skipped: result.skipped };
}

/** The More menu's Create Sample Profiles: `count` new members drawn by the seed's rules. */
export async function createSampleProfiles(
  ctx: AppContext,
  by: AdminRequest & { count: number },
): Promise<SampleProfilesResult> {
  requireDemoMode(ctx);
  const result = await writeGeneratedMembers(ctx, by.count, auditEach('dev.sample_profile', by));
  return { created: result.written, failed: result.failed };
}

/** Whether the demo tools are available, for the web app to show or hide them. */
export function devToolsStatus(ctx: AppContext) {
  return { demo_mode: ctx.config.demoMode };
}
