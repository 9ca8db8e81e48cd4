import { type APPEAL_OUTCOMES, ENFORCEMENT_REASON_LABELS, type EnforcementAction } from '@royal/shared';
import { Facts } from '@/features/admin-queues';

/** When something happened, as the admin's clock shows it. */
export const whenText = (iso: string) => new Date(iso).toLocaleString();

/** "Suspended until 8 Mar 2026, 12:00" or "Banned". */
export function actionHeadline(action: EnforcementAction): string {
  if (action.kind === 'ban') return 'Banned';
  return `Suspended until ${whenText(action.until ?? action.created_at)}`;
}

const APPEAL_WORDS: Readonly<Record<(typeof APPEAL_OUTCOMES)[number], string>> = {
  upheld: 'Appeal upheld',
  lifted: 'Appeal granted: lifted',
};

/** Where the member's appeal stands: none, waiting, or decided. */
export function appealState(action: EnforcementAction): string {
  if (action.appeal_decision) return APPEAL_WORDS[action.appeal_decision];
  if (action.appealed_at) return `Appealed ${whenText(action.appealed_at)}, waiting for a decision`;
  return 'Not appealed';
}

/** The facts of an action, label beside value. */
export function ActionFacts({ action }: { action: EnforcementAction }) {
  const items: [string, string][] = [
    ['Reason', ENFORCEMENT_REASON_LABELS[action.reason_code]],
    ['Note', action.note],
    ['By', `${action.created_by ?? 'A former admin'}, ${whenText(action.created_at)}`],
    ['Appeal', appealState(action)],
  ];
  if (action.lifted_at)
    items.push(['Lifted', `${whenText(action.lifted_at)}${action.lift_note ? `: ${action.lift_note}` : ''}`]);
  return <Facts items={items} />;
}
