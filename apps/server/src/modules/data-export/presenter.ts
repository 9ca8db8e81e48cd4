import type { DataExport } from '@royal/shared';
import type { dataExports } from '../../db/schema';
import { downloadPath } from './links';

type DataExportRow = typeof dataExports.$inferSelect;

/** An export as its member sees it: a ready one past its expiry reads as expired before the purge runs. */
export function presentDataExport(
  ctx: Parameters<typeof downloadPath>[0],
  row: DataExportRow,
  now: Date,
): DataExport {
  const lapsed = row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now);
  const status = lapsed ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    requested_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    download_url: status === 'ready' ? downloadPath(ctx, row.id) : null,
  };
}
