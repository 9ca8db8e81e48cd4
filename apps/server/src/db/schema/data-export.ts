import { DATA_EXPORT_STATUSES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';

export const dataExportStatus = pgEnum('data_export_status', DATA_EXPORT_STATUSES);

/**
 * Export My Data (decision 051): one row per request. The job builds the archive into storage
 * (`storage_key`) and the member downloads it with a link whose token is never stored: only its
 * sha256 (`token_hash`) is. The purge deletes the archive when `expires_at` passes and marks the
 * row expired; the row stays, so the once-a-day rule and the Settings page can read it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatus('status').notNull().default('pending'),
    /** When the request was made (the once-a-day rule counts from it). */
    createdAt: createdAt(),
    /**
     * When a job run took the request: another run leaves it alone until the claim is old enough
     * to belong to a run that died (modules/data-export/build.ts).
     */
    claimedAt: tstz('claimed_at'),
    readyAt: tstz('ready_at'),
    expiresAt: tstz('expires_at'),
    storageKey: text('storage_key'),
    /** sha256 (hex) of the download link's token. */
    tokenHash: text('token_hash'),
    byteSize: bigint('byte_size', { mode: 'number' }),
  },
  (t) => [
    // The member's latest export (the Settings page, the once-a-day rule).
    index('data_exports_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // The job's work list: requests not built yet, oldest first.
    index('data_exports_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The purge: ready archives by expiry.
    index('data_exports_ready_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'ready'`),
  ],
);
