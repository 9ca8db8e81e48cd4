import type { Me } from '@royal/shared';

/**
 * What a signed-in member must do before the app, in order — the one place that decides. The gate
 * (terms, privacy, age check) comes first; onboarding (issue 10) slots in after it here.
 */
export type MemberStep = 'terms' | 'privacy' | 'age';

export function nextMemberStep(me: Me): MemberStep | null {
  const step = me.compliance.next_step;
  return step === 'done' ? null : step;
}

/**
 * True while the API refuses the member's routes (terms or privacy not accepted): screens and route
 * loaders must not ask for anything yet. The age check does not block the API.
 */
export function isHeldAtGate(me: Me | null | undefined): boolean {
  return me != null && !(me.compliance.terms_accepted && me.compliance.privacy_accepted);
}
