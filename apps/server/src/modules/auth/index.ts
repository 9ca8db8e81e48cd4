// The auth module's public surface.
export {
  ACTOR_CACHE_TTL_MS,
  type ActorResolver,
  createActorResolver,
  type MemberActor,
} from './actor';
export { createAuth, SESSION_SETTINGS } from './auth';
export { deviceInWords } from './member-sessions';
export {
  completeSignUp,
  createMemberDirectly,
  type DirectMember,
  type MemberWriterDeps,
  type NewMemberRecords,
  writeMemberRecords,
} from './new-member';
export { planColumns, planRulesOf } from './plan-rules';
export {
  APPEAL_COOKIE,
  actionOfAppealCookie,
  clearAppealCookie,
  liveActionOf,
  restrictionOf,
} from './restriction';
export { expiredSessionCookie, sessionCookieName, signSessionToken } from './session-cookie';
export { enrolTotpDirectly, totpCode } from './totp';
