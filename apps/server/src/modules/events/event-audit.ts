import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { requestAddress, writeAudit } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import type { MemberActor } from '../../ports/auth';
import type { EventRow } from './find-event';

/** Who changed an event and from where: every manager's write is audited (issue 37). */
export type EventAuditor = { actor: MemberActor; ip: string | null };

/** The signed-in manager of a request and the address it came from. */
export function auditorOf(request: FastifyRequest): EventAuditor {
  return { actor: actorOf(request), ip: requestAddress(request) };
}

export type EventAuditAction =
  | 'event.create'
  | 'event.update'
  | 'event.cancel'
  | 'event.delete'
  | 'event.photo_add'
  | 'event.photo_remove'
  | 'event.bulk_invite';

type AuditedFields = Pick<
  EventRow,
  | 'name'
  | 'description'
  | 'venue'
  | 'address'
  | 'city'
  | 'timeZone'
  | 'dateTime'
  | 'tierRequired'
  | 'dressCode'
  | 'freakoffEnabled'
  | 'freakoffStartTime'
  | 'maxGuests'
  | 'status'
>;

/** The form's fields as the audit log keeps them: JSON values under the API's names. */
export function auditedEventFields(e: AuditedFields): Record<string, unknown> {
  return {
    name: e.name,
    description: e.description ?? null,
    venue: e.venue ?? null,
    address: e.address ?? null,
    city: e.city ?? null,
    time_zone: e.timeZone,
    date_time: e.dateTime.toISOString(),
    tiers_required: [...e.tierRequired],
    dress_code: e.dressCode ?? null,
    freakoff_enabled: e.freakoffEnabled,
    freakoff_start_time: e.freakoffStartTime?.toISOString() ?? null,
    max_guests: e.maxGuests,
    status: e.status,
  };
}

/** Only the fields an edit changed, before and after, so a row reads as the change it records. */
export function changedEventFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/** One audit row about an event, written in the transaction of the change it records. */
export async function auditEvent(
  tx: Db,
  by: EventAuditor,
  action: EventAuditAction,
  eventId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await writeAudit(tx, {
    actorId: by.actor.id,
    action,
    reasonCode: 'manager_action',
    targetType: 'event',
    targetId: eventId,
    data,
    ip: by.ip,
  });
}
