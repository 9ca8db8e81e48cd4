import type { DatePlanStatus } from '@royal/shared';
import type { Work } from '../../db/transaction';
import type { MemberActor } from '../../ports/auth';
import { notify } from '../notifications';
import type { PlanRow } from './plan-row';

/** What the other member is told, by the verb that changed the plan. */
const NOTICES = {
  proposed: { title: 'Date proposal', message: (name: string) => `${name} proposed a date` },
  countered: { title: 'Date proposal', message: (name: string) => `${name} suggested another time or place` },
  accepted: { title: 'Date confirmed', message: (name: string) => `${name} accepted your date` },
  declined: { title: 'Date declined', message: (name: string) => `${name} declined your date` },
  cancelled: { title: 'Date cancelled', message: (name: string) => `${name} cancelled your date` },
  checkedIn: { title: 'Date', message: (name: string) => `${name} has arrived` },
  completed: { title: 'Date', message: () => 'You both checked in. Deposits released.' },
  claimed: {
    title: 'No-show claim',
    message: (name: string) => `${name} says you did not come to your date`,
  },
  disputed: {
    title: 'No-show claim disputed',
    message: (name: string) => `${name} disputes your no-show claim`,
  },
} as const;

export type PlanChange = keyof typeof NOTICES;

/** Both members' open tabs read the plan again after commit (each sees their own side). */
function publishChange(work: Work, plan: PlanRow) {
  work.publish({
    kind: 'deliver',
    userIds: [plan.member1Id, plan.member2Id],
    event: {
      type: 'date_plan.changed',
      payload: { id: plan.id, match_id: plan.matchId, status: plan.status },
    },
  });
}

/**
 * After commit, both members' open tabs read the plan again (`date_plan.changed`: each sees their
 * own side), and the other member gets a notice that opens the chat.
 */
export async function announcePlanChange(
  work: Work,
  plan: PlanRow & { status: DatePlanStatus },
  change: PlanChange,
  { actor, otherId }: { actor: MemberActor; otherId: string },
): Promise<void> {
  publishChange(work, plan);
  const notice = NOTICES[change];
  await notify(work, [
    {
      userId: otherId,
      type: 'message',
      title: notice.title,
      message: notice.message(actor.name),
      actorId: actor.id,
      link: `/messages/${plan.matchId}`,
    },
  ]);
}

/** What the settlement job did, as both members are told it. */
export const SETTLED_NOTICES = {
  lapsed: 'Neither of you checked in to your date. Both deposits were returned.',
  claimed:
    'Only one of you checked in to your date: it counts as a no-show claim, open to dispute for 24 hours.',
  settled: 'The no-show claim on your date was not disputed and has been settled.',
  blocked: 'Your date plan was cancelled. Any deposits were returned.',
  decided: 'Royal Circle reviewed the no-show claim on your date and settled the deposits.',
} as const;

/** A change the settlement job made: both members are told, and their tabs read the plan again. */
export async function announceSettlement(
  work: Work,
  plan: PlanRow,
  what: keyof typeof SETTLED_NOTICES,
): Promise<void> {
  publishChange(work, plan);
  await notify(
    work,
    [plan.member1Id, plan.member2Id].map((userId) => ({
      userId,
      type: 'system' as const,
      title: 'Date',
      message: SETTLED_NOTICES[what],
      link: `/messages/${plan.matchId}`,
    })),
  );
}
