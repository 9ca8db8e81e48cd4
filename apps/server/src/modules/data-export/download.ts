import { AppError, DATA_EXPORT_EXPIRED_TEXT, ErrorCode } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { StoredStream } from '../../adapters/storage/types';
import type { AppContext } from '../../context';
import { dataExports } from '../../db/schema';
import type { MemberActor } from '../auth';
import { exportToken, tokenHash, tokenMatches } from './links';

const NOT_FOUND = 'Data export not found';

export type ExportDownload = StoredStream & { filename: string };

/**
 * The archive behind a download link, for its owner alone (signed in) with the link's token, before
 * it expires. Anyone else, or a wrong token, finds nothing (404: the export's existence is not
 * confirmed); its owner with the right token after expiry is told it is gone (410).
 */
export async function openExportDownload(
  ctx: AppContext,
  {
    actor,
    exportId,
    token,
    now = new Date(),
  }: { actor: MemberActor; exportId: string; token: string; now?: Date },
): Promise<ExportDownload> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, actor.id)));
  // The purge clears the stored hash: an expired link is judged by the token it had.
  const expectedHash = row?.tokenHash ?? (row ? tokenHash(exportToken(ctx, row.id)) : null);
  if (!row || !tokenMatches(token, expectedHash)) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
  if (row.status === 'expired' || (row.expiresAt !== null && row.expiresAt <= now)) {
    throw new AppError(ErrorCode.GONE, DATA_EXPORT_EXPIRED_TEXT);
  }
  if (row.status !== 'ready' || !row.storageKey) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
  const object = await ctx.storage.getStream(row.storageKey);
  if (!object) throw new AppError(ErrorCode.GONE, DATA_EXPORT_EXPIRED_TEXT);
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { ...object, size: object.size ?? row.byteSize, filename: `royal-circle-data-${day}.zip` };
}
