import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * One row of the audit trail, written in the same transaction as the decision it records, so a
 * decision and its record commit (or vanish) together. `reasonCode` is a stable machine word
 * ('ai_confident_safe', 'admin_rejected', …) that reports can group by; free text goes in `data`.
 */
export async function writeAudit(
  tx: Db,
  entry: {
    actorId: string | null;
    action: string;
    reasonCode: string;
    targetType: string;
    targetId: string;
    /**
     * The member the row concerns when the target is not the member themselves (their photo, a
     * report against them, their request); a 'user' target is its own member.
     */
    memberId?: string | null;
    data?: Record<string, unknown>;
    /** The address an admin's request came from (`requestAddress`); absent for the system's own work. */
    ip?: string | null;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    memberId: entry.memberId ?? (entry.targetType === 'user' ? entry.targetId : null),
    data: { reason_code: entry.reasonCode, ...entry.data },
    ip: entry.ip ?? null,
  });
}

/**
 * The address an audited request came from, as Fastify reads it (behind a trusted proxy, the
 * forwarded client's: TRUST_PROXY); null when there is none to tell.
 */
export function requestAddress(request: { ip?: string | undefined }): string | null {
  return request.ip ? request.ip : null;
}
