import type { AuditEntry } from '@royal/shared';
import type { AuditRow } from './queries';

/** A row for the admins: who, what, on whom, before → after (as the action recorded them), why, when, from where. */
export function presentAuditEntry(row: AuditRow, names: Map<string, string>): AuditEntry {
  const data = row.data ?? null;
  const reason = data?.reason ?? data?.reason_code;
  return {
    id: String(row.id),
    actor: row.actorId ? { id: row.actorId, name: names.get(row.actorId) ?? null } : null,
    action: row.action,
    target: {
      type: row.targetType,
      id: row.targetId,
      name: row.targetId ? (names.get(row.targetId) ?? null) : null,
    },
    ...(data && 'before' in data ? { before: data.before } : {}),
    ...(data && 'after' in data ? { after: data.after } : {}),
    reason: typeof reason === 'string' ? reason : null,
    data,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}
