import { AppError, ErrorCode, MATCH_EXPIRED_TEXT } from '@royal/shared';
import type { MemberActor } from '../../ports/auth';
import { conflict } from './change-plan';
import type { LockedPlan } from './find-plan';

// The answers to a proposal (accept.ts, counter.ts, decline.ts): only the member the current terms
// were sent to answers them.

export const NOT_PROPOSED_TEXT = 'This date plan is no longer waiting for an answer';
export const OWN_TERMS_TEXT = 'Wait for their answer, or cancel your proposal';
export const TIME_PASSED_TEXT = 'This time has passed. Suggest another.';

export type AnswerArgs = { actor: MemberActor; planId: string; now?: Date };

/** The checks every answer makes: a plan still proposed, to the actor, in an open chat. */
export function mustAnswer({ plan, matchOpen }: LockedPlan, actor: MemberActor) {
  if (plan.status !== 'proposed') throw conflict(NOT_PROPOSED_TEXT);
  if (plan.termsBy === actor.id) throw conflict(OWN_TERMS_TEXT);
  if (!matchOpen) throw new AppError(ErrorCode.MATCH_EXPIRED, MATCH_EXPIRED_TEXT);
}
