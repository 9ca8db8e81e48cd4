import type { LatestDataExport } from '@royal/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dataExports } from '../../db/schema';
import type { MemberActor } from '../auth';
import { presentDataExport } from './presenter';

/** The member's latest export (the Settings page), or null if they never asked for one. */
export async function latestDataExport(
  ctx: AppContext,
  { actor, now = new Date() }: { actor: MemberActor; now?: Date },
): Promise<LatestDataExport> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, actor.id))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return { export: row ? presentDataExport(ctx, row, now) : null };
}
