// The matches module's public surface: the rule of an open match, which other features' queries
// read. Its expiry job is not on it: the job notifies, and notifications reach back to members, whose
// queries read this rule (a cycle); jobs/index.ts, which composes every job, imports it itself.
export { isMatchOpen, matchIsOpen, wantsMatchNotices } from './policy';
