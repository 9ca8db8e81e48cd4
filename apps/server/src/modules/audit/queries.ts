import type { AuditQuery } from '@royal/shared';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  events,
  photos,
  profiles,
  reports,
  supportRequests,
  verificationRequests,
  waitlist,
} from '../../db/schema';

// The audit trail's reads (the table is append-only: db/sql/audit_log_is_append_only.sql).

/** `target_id` is text (any kind of thing); as a uuid only when it is one, so a join never fails on it. */
const targetUuid = sql<
  string | null
>`(case when ${auditLog.targetId} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${auditLog.targetId}::uuid end)`;
const targetOfType = (type: string) =>
  sql`(case when ${auditLog.targetType} = ${type} then ${targetUuid} end)`;

/**
 * One page of rows, newest first (by id: rows are numbered as they are written), before `beforeId`,
 * in one statement that also names who acted and whom it concerned: the member themselves, the owner
 * of a photo or verification request, the member reported, the member who asked for support,
 * the waitlist applicant, or the event. Each join is by primary key, made for the page's rows only.
 */
export async function auditRows(db: Db, query: AuditQuery, beforeId: number | null, limit: number) {
  const actor = alias(profiles, 'actor');
  const member = alias(profiles, 'member');
  const conditions: (SQL | undefined)[] = [
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
    query.target_id ? eq(auditLog.targetId, query.target_id) : undefined,
    query.member_id ? eq(auditLog.memberId, query.member_id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    beforeId === null ? undefined : lt(auditLog.id, beforeId),
  ];
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: actor.name,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      memberId: auditLog.memberId,
      targetName: sql<string | null>`coalesce(${member.name}, ${waitlist.fullName}, ${events.name})`,
      data: auditLog.data,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.userId, auditLog.actorId))
    .leftJoin(photos, eq(photos.id, targetOfType('photo')))
    .leftJoin(reports, eq(reports.id, targetOfType('report')))
    .leftJoin(verificationRequests, eq(verificationRequests.id, targetOfType('verification_request')))
    .leftJoin(supportRequests, eq(supportRequests.id, targetOfType('support_request')))
    .leftJoin(waitlist, eq(waitlist.id, targetOfType('waitlist_application')))
    .leftJoin(events, eq(events.id, targetOfType('event')))
    .leftJoin(
      member,
      eq(
        member.userId,
        sql`coalesce(${targetOfType('user')}, ${photos.userId}, ${reports.reportedId}, ${verificationRequests.userId}, ${supportRequests.userId})`,
      ),
    )
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
}

export type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];
