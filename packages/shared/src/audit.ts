// The audit trail's vocabulary (issue 37): every action a row may record, once, so the writers and
// the Audit Log tab's filter cannot drift apart. New actions are `<thing>.<verb>`; the first three
// predate that rule and stay as written, since rows already carry them and the log is append-only.

/** Every action the audit trail records, with the words the Audit Log tab shows for it. */
export const AUDIT_ACTION_LABELS = {
  member_tier_change: 'Tier change',
  member_verified_change: 'Verify toggle',
  second_factor_reset: 'Two-factor reset',
  'photo.approved': 'Photo approved',
  'photo.rejected': 'Photo rejected',
  'photo.held': 'Photo held for review',
  'photo.appeal_submitted': 'Photo appeal submitted',
  'photo.appeal_approved': 'Photo appeal approved',
  'photo.appeal_rejected': 'Photo appeal rejected',
  'verification.approved': 'Verification approved',
  'verification.rejected': 'Verification rejected',
  'verification.image_viewed': 'ID image viewed',
  'report.actioned': 'Report actioned',
  'report.dismissed': 'Report dismissed',
  'support_request.close': 'Support request closed',
  'waitlist.approve': 'Waitlist application approved',
  'waitlist.decline': 'Waitlist application declined',
  'member.suspend': 'Member suspended',
  'member.ban': 'Member banned',
  'member.lift': 'Suspension or ban lifted',
  'enforcement.appeal_submitted': 'Suspension or ban appealed',
  'enforcement.appeal_upheld': 'Appeal upheld',
  'enforcement.appeal_lifted': 'Appeal granted: lifted',
  'date_plan.claim_upheld': 'No-show claim upheld',
  'date_plan.claim_rejected': 'No-show claim rejected',
  // Event actions are added here by their own change.
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The actions, in the order the filter offers them. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The words for an action; an action this build does not know (a newer server's) shows as written. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
