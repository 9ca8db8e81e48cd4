import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_EXPORT_LINK_HOURS, DATA_EXPORT_READY_TITLE } from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dataExports } from '../../db/schema';
import { queueEmail, renderMail } from '../mail';
import { notify } from '../notifications';
import { writeArchive } from './archive';
import { emailOf } from './contents';
import { downloadUrl, exportToken, tokenHash } from './links';

const HOUR_MS = 3_600_000;
/** A claim older than this belongs to a run that died: another run may take the request. */
const CLAIM_LEASE_MS = 15 * 60_000;
/** Archives one run builds at most, so stopping an instance never waits long for the job. */
const RUN_LIMIT = 20;

export type ExportRun = { ready: number; failed: number };

/**
 * Takes the oldest pending request no live run holds: FOR UPDATE SKIP LOCKED, so two instances
 * never take the same one, and a claim time, so the archive is built outside any transaction (the
 * embedded database has one connection) while other runs leave the request alone.
 */
async function claimNext(ctx: AppContext, now: Date) {
  const staleBefore = new Date(now.getTime() - CLAIM_LEASE_MS);
  const { rows } = await ctx.db.execute<{ id: string; userId: string }>(sql`
    update ${dataExports} set claimed_at = ${now.toISOString()}::timestamptz
    where ${dataExports.id} = (
      select id from ${dataExports}
      where status = 'pending' and (claimed_at is null or claimed_at < ${staleBefore.toISOString()}::timestamptz)
      order by created_at
      limit 1
      for update skip locked)
    returning ${dataExports.id} as "id", ${dataExports.userId} as "userId"`);
  return rows[0] ?? null;
}

/**
 * The data export job: builds every pending request's archive into a temporary file, stores it,
 * and then, in one unit of work, marks it ready for DATA_EXPORT_LINK_HOURS, notifies the member and
 * queues the e-mail with the download link. A request that cannot be built is marked failed (and
 * does not count against the member's one export a day). `now` is injectable for tests.
 */
export async function buildPendingExports(
  ctx: AppContext,
  now: () => Date = () => new Date(),
): Promise<ExportRun> {
  const run: ExportRun = { ready: 0, failed: 0 };
  for (let i = 0; i < RUN_LIMIT; i += 1) {
    const claimed = await claimNext(ctx, now());
    if (!claimed) return run;
    const ok = await buildOne(ctx, claimed, now).catch((error: unknown) => {
      ctx.log.error({ err: error, exportId: claimed.id }, 'data export could not be built');
      return false;
    });
    if (ok) run.ready += 1;
    else {
      run.failed += 1;
      await ctx.db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'pending')));
    }
  }
  return run;
}

async function buildOne(
  ctx: AppContext,
  claimed: { id: string; userId: string },
  now: () => Date,
): Promise<boolean> {
  const folder = await mkdtemp(join(tmpdir(), 'rc-export-'));
  const key = `exports/${claimed.userId}/${randomUUID()}.zip`;
  let stored = false;
  try {
    const file = join(folder, 'export.zip');
    if (!(await writeArchive(ctx, claimed.userId, file))) return false;
    const { size } = await stat(file);
    await ctx.storage.putFile(key, file, 'application/zip');
    stored = true;
    const email = await emailOf(ctx, claimed.userId);
    const readyAt = now();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS);
    const marked = await ctx.transact(async (work) => {
      const [row] = await work.tx
        .update(dataExports)
        .set({
          status: 'ready',
          readyAt,
          expiresAt,
          storageKey: key,
          tokenHash: tokenHash(exportToken(ctx, claimed.id)),
          byteSize: size,
        })
        .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      if (!row) return false;
      await notify(work, [
        {
          userId: claimed.userId,
          type: 'system',
          title: DATA_EXPORT_READY_TITLE,
          message: `Download it from Settings or from the link we e-mailed you before ${expiresAt.toUTCString()}.`,
          link: '/settings',
        },
      ]);
      if (email) await queueEmail(work.tx, readyEmail(email, downloadUrl(ctx, claimed.id), expiresAt));
      return true;
    });
    if (!marked) await ctx.storage.delete(key);
    return marked;
  } catch (error) {
    if (stored) await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function readyEmail(to: string, link: string, expiresAt: Date) {
  return {
    to,
    // A security mail: the member asked for it, and it leads to all their data.
    ...renderMail({
      title: DATA_EXPORT_READY_TITLE,
      paragraphs: [
        'The archive of your Royal Circle data you asked for is ready.',
        `Download it here (you will need to be signed in): ${link}`,
        `The link works until ${expiresAt.toUTCString()}; the archive is then deleted.`,
        'If you did not ask for this export, sign in, change your password and contact support.',
      ],
      action: { label: 'Download your data', url: link },
      kind: 'security',
    }),
  };
}
