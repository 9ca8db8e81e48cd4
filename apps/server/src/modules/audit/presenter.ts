import type { AuditEntry } from '@royal/shared';
import type { AuditRow } from './queries';

/** A row for the admins: who, what, on whom, before → after (as the action recorded them), why, when, from where. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  const data = row.data ?? null;
  // The words an admin gave (a reason, or a decision's note) before the machine's reason code.
  const reason = [data?.reason, data?.note, data?.reason_code].find((value) => typeof value === 'string');
  return {
    id: String(row.id),
    actor: row.actorId ? { id: row.actorId, name: row.actorName } : null,
    action: row.action,
    target: { type: row.targetType, id: row.targetId, name: row.targetName },
    member_id: row.memberId,
    ...(data && 'before' in data ? { before: data.before } : {}),
    ...(data && 'after' in data ? { after: data.after } : {}),
    reason: typeof reason === 'string' ? reason : null,
    data,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}
