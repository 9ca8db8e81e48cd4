import type { WaitlistApplication, WaitlistCity } from '@royal/shared';
import type { waitlist } from '../../db/schema';

type Row = Pick<
  typeof waitlist.$inferSelect,
  | 'id'
  | 'fullName'
  | 'email'
  | 'city'
  | 'reason'
  | 'referralCode'
  | 'status'
  | 'createdAt'
  | 'decidedAt'
  | 'declineNote'
>;

export const waitlistColumns = (t: typeof waitlist) => ({
  id: t.id,
  fullName: t.fullName,
  email: t.email,
  city: t.city,
  reason: t.reason,
  referralCode: t.referralCode,
  status: t.status,
  createdAt: t.createdAt,
  decidedAt: t.decidedAt,
  declineNote: t.declineNote,
});

export function presentApplication(row: Row): WaitlistApplication {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    city: row.city as WaitlistCity,
    reason: row.reason,
    referral_code: row.referralCode,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decline_note: row.declineNote,
  };
}
