import type { AuditQuery } from '@royal/shared';
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, profiles } from '../../db/schema';

// The audit trail's reads (the table is append-only: db/sql/audit_log_is_append_only.sql).

/** One page of rows, newest first (by id: rows are numbered as they are written), before `beforeId`. */
export async function auditRows(db: Db, query: AuditQuery, beforeId: number | null, limit: number) {
  const conditions: (SQL | undefined)[] = [
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
    query.target_id ? eq(auditLog.targetId, query.target_id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    beforeId === null ? undefined : lt(auditLog.id, beforeId),
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
}

export type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

/** Names of the members a page mentions (actors and member targets), by id. */
export async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.userId, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.userId, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
