import { checkInOpen, DATE_PLAN_TEXT } from '@royal/shared';
import type { AppContext } from '../../context';
import { qrSvg } from '../../lib/qr-svg';
import type { MemberActor } from '../../ports/auth';
import { conflict } from './change-plan';
import { NOT_ACCEPTED_TEXT } from './check-in';
import { checkInCode } from './check-in-code';
import { findPlan } from './find-plan';

/** The actor's check-in code for the other member to scan: only while check-in is open. */
export async function datePlanCheckInCode(
  ctx: AppContext,
  { actor, planId, now = new Date() }: { actor: MemberActor; planId: string; now?: Date },
): Promise<{ code: string; qr_svg: string }> {
  const { plan } = await findPlan(ctx.db, actor, planId);
  if (plan.status !== 'accepted') throw conflict(NOT_ACCEPTED_TEXT);
  if (!checkInOpen(plan.startsAt, now)) throw conflict(DATE_PLAN_TEXT.checkInClosed);
  const code = checkInCode(ctx.secrets.datePlanCheckIns, { planId, userId: actor.id }, now);
  const svg = await qrSvg(code);
  return { code, qr_svg: svg };
}
