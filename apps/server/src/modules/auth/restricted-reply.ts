import { apiErrorBodySchema } from '@royal/shared';
import type { FastifyReply } from 'fastify';
import type { refuseRestricted } from './restriction';

/** A sign-in's refusal of a suspended or banned member (decision 060). */
export const restrictedReplySchema = apiErrorBodySchema.describe(
  'ACCOUNT_SUSPENDED / ACCOUNT_BANNED, only after the right password (and code): details say why, until when, and whether an appeal is possible (with an appeal cookie)',
);

/** Answers a sign-in with the refusal and its cookies (the session withdrawn, the appeal cookie). */
export function sendRestricted(
  reply: FastifyReply,
  refused: NonNullable<Awaited<ReturnType<typeof refuseRestricted>>>,
) {
  reply.header('set-cookie', refused.setCookies);
  return reply.status(refused.error.status).send(refused.error.toBody());
}
